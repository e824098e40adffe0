// The same models as Canada.swift, decoded natively: a static `decode` per type, as a Genome user writes them by hand.
// Each reads the keys the Codable model's CodingKeys name, and uses `decodeIfPresent` where Codable's synthesised
// decoding would (optional members), so the two decoders build equal models from canada.json.

import Genome

extension Canada: NodeDecodable {
    public static func decode(_ json: Node) throws -> Canada {
        try Canada(
            type: json.decode("type"),
            features: json.decode("features"))
    }
}

extension Canada.Feature: NodeDecodable {
    public static func decode(_ json: Node) throws -> Canada.Feature {
        try Canada.Feature(
            type: json.decode("type"),
            properties: json.decode("properties"),
            geometry: json.decode("geometry"))
    }
}

extension Canada.Properties: NodeDecodable {
    public static func decode(_ json: Node) throws -> Canada.Properties {
        try Canada.Properties(
            name: json.decode("name"))
    }
}

extension Canada.Geometry: NodeDecodable {
    public static func decode(_ json: Node) throws -> Canada.Geometry {
        try Canada.Geometry(
            type: json.decode("type"),
            coordinates: json.decode("coordinates"))
    }
}

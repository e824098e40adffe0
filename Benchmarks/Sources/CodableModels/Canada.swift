// A full Codable model of canada.json: a GeoJSON feature collection holding Canada's outline, about 111,000
// floating-point coordinates in arrays nested three deep.

public struct Canada: Codable, Equatable, Sendable {
    public var type: String
    public var features: [Feature]

    public struct Feature: Codable, Equatable, Sendable {
        public var type: String
        public var properties: Properties
        public var geometry: Geometry
    }

    public struct Properties: Codable, Equatable, Sendable {
        public var name: String
    }

    public struct Geometry: Codable, Equatable, Sendable {
        public var type: String
        /// Polygons, each a list of rings, each a list of `[longitude, latitude]` points.
        public var coordinates: [[[Double]]]
    }
}

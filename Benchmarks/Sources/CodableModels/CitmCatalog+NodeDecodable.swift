// The same models as CitmCatalog.swift, decoded natively: a static `decode` per type, as a Genome user writes them by hand.
// Each reads the keys the Codable model's CodingKeys name, and uses `decodeIfPresent` where Codable's synthesised
// decoding would (optional members), so the two decoders build equal models from citm_catalog.json.

import Genome

extension CitmCatalog: NodeDecodable {
    public static func decode(_ json: Node) throws -> CitmCatalog {
        try CitmCatalog(
            areaNames: json.decode("areaNames"),
            audienceSubCategoryNames: json.decode("audienceSubCategoryNames"),
            blockNames: json.decode("blockNames"),
            events: json.decode("events"),
            performances: json.decode("performances"),
            seatCategoryNames: json.decode("seatCategoryNames"),
            subTopicNames: json.decode("subTopicNames"),
            subjectNames: json.decode("subjectNames"),
            topicNames: json.decode("topicNames"),
            topicSubTopics: json.decode("topicSubTopics"),
            venueNames: json.decode("venueNames"))
    }
}

extension CitmCatalog.Event: NodeDecodable {
    public static func decode(_ json: Node) throws -> CitmCatalog.Event {
        try CitmCatalog.Event(
            description: json.decodeIfPresent("description"),
            id: json.decode("id"),
            logo: json.decodeIfPresent("logo"),
            name: json.decode("name"),
            subTopicIds: json.decode("subTopicIds"),
            subjectCode: json.decodeIfPresent("subjectCode"),
            subtitle: json.decodeIfPresent("subtitle"),
            topicIds: json.decode("topicIds"))
    }
}

extension CitmCatalog.Performance: NodeDecodable {
    public static func decode(_ json: Node) throws -> CitmCatalog.Performance {
        try CitmCatalog.Performance(
            eventId: json.decode("eventId"),
            id: json.decode("id"),
            logo: json.decodeIfPresent("logo"),
            name: json.decodeIfPresent("name"),
            prices: json.decode("prices"),
            seatCategories: json.decode("seatCategories"),
            seatMapImage: json.decodeIfPresent("seatMapImage"),
            start: json.decode("start"),
            venueCode: json.decode("venueCode"))
    }
}

extension CitmCatalog.Price: NodeDecodable {
    public static func decode(_ json: Node) throws -> CitmCatalog.Price {
        try CitmCatalog.Price(
            amount: json.decode("amount"),
            audienceSubCategoryId: json.decode("audienceSubCategoryId"),
            seatCategoryId: json.decode("seatCategoryId"))
    }
}

extension CitmCatalog.SeatCategory: NodeDecodable {
    public static func decode(_ json: Node) throws -> CitmCatalog.SeatCategory {
        try CitmCatalog.SeatCategory(
            areas: json.decode("areas"),
            seatCategoryId: json.decode("seatCategoryId"))
    }
}

extension CitmCatalog.Area: NodeDecodable {
    public static func decode(_ json: Node) throws -> CitmCatalog.Area {
        try CitmCatalog.Area(
            areaId: json.decode("areaId"),
            blockIds: json.decode("blockIds"))
    }
}

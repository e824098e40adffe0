// A full Codable model of citm_catalog.json: a concert hall's catalogue. Many small objects, integer ids, and
// dictionaries keyed by ids written as strings.

public struct CitmCatalog: Codable, Equatable, Sendable {
    public var areaNames: [String: String]
    public var audienceSubCategoryNames: [String: String]
    public var blockNames: [String: String]
    public var events: [String: Event]
    public var performances: [Performance]
    public var seatCategoryNames: [String: String]
    public var subTopicNames: [String: String]
    public var subjectNames: [String: String]
    public var topicNames: [String: String]
    public var topicSubTopics: [String: [Int]]
    public var venueNames: [String: String]

    public struct Event: Codable, Equatable, Sendable {
        public var description: String?
        public var id: Int
        public var logo: String?
        public var name: String
        public var subTopicIds: [Int]
        public var subjectCode: String?
        public var subtitle: String?
        public var topicIds: [Int]
    }

    public struct Performance: Codable, Equatable, Sendable {
        public var eventId: Int
        public var id: Int
        public var logo: String?
        public var name: String?
        public var prices: [Price]
        public var seatCategories: [SeatCategory]
        public var seatMapImage: String?
        public var start: Int64
        public var venueCode: String
    }

    public struct Price: Codable, Equatable, Sendable {
        public var amount: Int
        public var audienceSubCategoryId: Int
        public var seatCategoryId: Int
    }

    public struct SeatCategory: Codable, Equatable, Sendable {
        public var areas: [Area]
        public var seatCategoryId: Int
    }

    public struct Area: Codable, Equatable, Sendable {
        public var areaId: Int
        public var blockIds: [Int]
    }
}

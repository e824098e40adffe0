// citm_catalog.json once more, as Genome's Map-based models: the same shape as `CitmCatalog`, read with
// `extract` in `init(map:)`, so that the cost of a Map over a static `decode` function can be measured on the
// same document. `model` turns the result into a `CitmCatalog` to check that both read the same values.

import Genome

public struct MappedCitmCatalog: MappableObject {
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

    public init(map: Map) throws {
        areaNames = try map.extract("areaNames")
        audienceSubCategoryNames = try map.extract("audienceSubCategoryNames")
        blockNames = try map.extract("blockNames")
        events = try map.extract("events")
        performances = try map.extract("performances")
        seatCategoryNames = try map.extract("seatCategoryNames")
        subTopicNames = try map.extract("subTopicNames")
        subjectNames = try map.extract("subjectNames")
        topicNames = try map.extract("topicNames")
        topicSubTopics = try map.extract("topicSubTopics")
        venueNames = try map.extract("venueNames")
    }

    public struct Event: MappableObject {
        public var description: String?
        public var id: Int
        public var logo: String?
        public var name: String
        public var subTopicIds: [Int]
        public var subjectCode: String?
        public var subtitle: String?
        public var topicIds: [Int]

        public init(map: Map) throws {
            description = try map.extract("description")
            id = try map.extract("id")
            logo = try map.extract("logo")
            name = try map.extract("name")
            subTopicIds = try map.extract("subTopicIds")
            subjectCode = try map.extract("subjectCode")
            subtitle = try map.extract("subtitle")
            topicIds = try map.extract("topicIds")
        }
    }

    public struct Performance: MappableObject {
        public var eventId: Int
        public var id: Int
        public var logo: String?
        public var name: String?
        public var prices: [Price]
        public var seatCategories: [SeatCategory]
        public var seatMapImage: String?
        public var start: Int64
        public var venueCode: String

        public init(map: Map) throws {
            eventId = try map.extract("eventId")
            id = try map.extract("id")
            logo = try map.extract("logo")
            name = try map.extract("name")
            prices = try map.extract("prices")
            seatCategories = try map.extract("seatCategories")
            seatMapImage = try map.extract("seatMapImage")
            start = try map.extract("start")
            venueCode = try map.extract("venueCode")
        }
    }

    public struct Price: MappableObject {
        public var amount: Int
        public var audienceSubCategoryId: Int
        public var seatCategoryId: Int

        public init(map: Map) throws {
            amount = try map.extract("amount")
            audienceSubCategoryId = try map.extract("audienceSubCategoryId")
            seatCategoryId = try map.extract("seatCategoryId")
        }
    }

    public struct SeatCategory: MappableObject {
        public var areas: [Area]
        public var seatCategoryId: Int

        public init(map: Map) throws {
            areas = try map.extract("areas")
            seatCategoryId = try map.extract("seatCategoryId")
        }
    }

    public struct Area: MappableObject {
        public var areaId: Int
        public var blockIds: [Int]

        public init(map: Map) throws {
            areaId = try map.extract("areaId")
            blockIds = try map.extract("blockIds")
        }
    }

    /// The same values as a `CitmCatalog`.
    public var model: CitmCatalog {
        CitmCatalog(
            areaNames: areaNames, audienceSubCategoryNames: audienceSubCategoryNames, blockNames: blockNames,
            events: events.mapValues {
                CitmCatalog.Event(
                    description: $0.description, id: $0.id, logo: $0.logo, name: $0.name, subTopicIds: $0.subTopicIds,
                    subjectCode: $0.subjectCode, subtitle: $0.subtitle, topicIds: $0.topicIds)
            },
            performances: performances.map { performance in
                CitmCatalog.Performance(
                    eventId: performance.eventId, id: performance.id, logo: performance.logo, name: performance.name,
                    prices: performance.prices.map {
                        CitmCatalog.Price(
                            amount: $0.amount, audienceSubCategoryId: $0.audienceSubCategoryId,
                            seatCategoryId: $0.seatCategoryId)
                    },
                    seatCategories: performance.seatCategories.map { category in
                        CitmCatalog.SeatCategory(
                            areas: category.areas.map { CitmCatalog.Area(areaId: $0.areaId, blockIds: $0.blockIds) },
                            seatCategoryId: category.seatCategoryId)
                    },
                    seatMapImage: performance.seatMapImage, start: performance.start, venueCode: performance.venueCode)
            },
            seatCategoryNames: seatCategoryNames, subTopicNames: subTopicNames, subjectNames: subjectNames,
            topicNames: topicNames, topicSubTopics: topicSubTopics, venueNames: venueNames)
    }
}

import GenomeOperators
import Testing

@Suite struct MappingOperatorTests {
    struct Reading: BasicMappable {
        var value = 0
        var label: String?
        var scaled = 0.0
        var words: [String] = []
        init() {}
        mutating func sequence(_ map: Map) throws {
            try value <~> map["value"]
            try label <~ map["label"]
            try scaled <~> map["scaled"].transformFromNode { (raw: Double) in raw * 10 }.transformToNode { $0 / 10 }
            try words
                <~ map["sentence"].transformFromNode { (raw: String) in raw.split(separator: " ").map(String.init) }
            try words.count ~> map["word_count"]
        }
    }

    @Test func arrowsReadOnAFromNodeMap() throws {
        let reading = try Reading(node: [
            "value": 3, "label": "x", "scaled": 1.5, "sentence": "a b c", "word_count": 99,
        ])
        #expect(reading.value == 3)
        #expect(reading.label == "x")
        #expect(reading.scaled == 15)
        #expect(reading.words == ["a", "b", "c"])
    }

    @Test func arrowsWriteOnAToNodeMap() throws {
        var reading = Reading()
        reading.value = 7
        reading.label = "ignored: <~ only reads"
        reading.scaled = 20
        reading.words = ["one", "two"]
        #expect(try reading.makeNode() == ["value": 7, "scaled": 2.0, "word_count": 2])
    }

    @Test func optionalsThroughTransformsInBothDirections() throws {
        struct Link: BasicMappable {
            var host: String?
            init() {}
            mutating func sequence(_ map: Map) throws {
                try host
                    <~> map["url"].transformFromNode { (url: String) in String(url.split(separator: "/")[1]) }
                    .transformToNode { (host: String) in "https:/\(host)" }
            }
        }
        #expect(try Link(node: ["url": "https:/example.org"]).host == "example.org")
        #expect(try Link(node: [:]).host == nil)
        var link = Link()
        #expect(try link.makeNode() == [:])
        link.host = "swift.org"
        #expect(try link.makeNode() == ["url": "https:/swift.org"])
    }

    @Test func toNodeTransformsWriteOptionalsAndSkipNil() throws {
        enum Size: String { case small, large }
        struct Shirt: MappableObject {
            var size: Size?
            init(size: Size?) { self.size = size }
            init(map: Map) throws { size = try map.extract("size") { (raw: String) in Size(rawValue: raw) } }
            func sequence(_ map: Map) throws { try size ~> map["size"].transformToNode { $0.rawValue } }
        }
        #expect(try Shirt(size: .large).makeNode() == ["size": "large"])
        #expect(try Shirt(size: nil).makeNode() == [:])
        #expect(try Shirt(node: ["size": "small"]).size == .small)
    }

    @Test func mapErrorsCarryPathsThroughOperators() {
        struct Strict: BasicMappable {
            var count = 0
            init() {}
            mutating func sequence(_ map: Map) throws { try count <~> map["stats", "count"] }
        }
        let error = #expect(throws: TypeMismatchError.self) { _ = try [Strict](node: [["stats": ["count": "many"]]]) }
        #expect(error?.formattedPath == "[0].stats.count")
    }
}

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

    // Issue 12: a transform whose closure returns an optional, into an optional property. The closure's nil is
    // stored; a missing key or `null` gives nil without calling it; writing leaves nil out and hands the to-node
    // closure the unwrapped value.

    enum PetType: String { case dog, cat }

    struct ReadOnlyPet: BasicMappable {
        var type: PetType?
        init() {}
        mutating func sequence(_ map: Map) throws {
            try type <~ map["type"].transformFromNode { PetType(rawValue: $0) }
        }
    }

    @Test func anOptionalTransformReadsIntoAnOptional() throws {
        #expect(try ReadOnlyPet(node: ["type": "dog"]).type == .dog)
    }

    @Test func anOptionalTransformStoresTheClosuresNil() throws {
        #expect(try ReadOnlyPet(node: ["type": "fish"]).type == nil)
    }

    @Test func anOptionalTransformGivesNilForAMissingKeyOrNull() throws {
        #expect(try ReadOnlyPet(node: [:]).type == nil)
        #expect(try ReadOnlyPet(node: ["type": nil]).type == nil)
    }

    @Test func anOptionalTransformStillThrowsForTheWrongRawType() {
        let error = #expect(throws: TypeMismatchError.self) { _ = try ReadOnlyPet(node: ["type": 3]) }
        #expect(error?.formattedPath == "type")
    }

    struct Pet: BasicMappable {
        var type: PetType?
        init() {}
        mutating func sequence(_ map: Map) throws {
            try type <~> map["type"].transformFromNode { PetType(rawValue: $0) }.transformToNode { $0.rawValue }
        }
    }

    @Test func aTwoWayOptionalTransformReadsAndWrites() throws {
        let pet = try Pet(node: ["type": "cat"])
        #expect(pet.type == .cat)
        #expect(try pet.makeNode() == ["type": "cat"])
    }

    @Test func aTwoWayOptionalTransformStoresNilAndLeavesItOut() throws {
        let pet = try Pet(node: ["type": "fish"])
        #expect(pet.type == nil)
        #expect(try pet.makeNode() == [:])
        #expect(try Pet(node: [:]).type == nil)
    }

    @Test func aTwoWayOptionalTransformWorksInEitherOrder() throws {
        struct Pet: BasicMappable {
            var type: PetType?
            init() {}
            mutating func sequence(_ map: Map) throws {
                try type <~> map["type"].transformToNode { $0.rawValue }.transformFromNode { PetType(rawValue: $0) }
            }
        }
        let pet = try Pet(node: ["type": "dog"])
        #expect(pet.type == .dog)
        #expect(try pet.makeNode() == ["type": "dog"])
        #expect(try Pet(node: ["type": "fish"]).makeNode() == [:])
    }

    @Test func theToNodeClosureGetsTheUnwrappedValue() throws {
        struct Pet: BasicMappable {
            var type: PetType?
            var kind: PetType?
            init() {}
            mutating func sequence(_ map: Map) throws {
                // Closures that would also compile on an optional: they still get the unwrapped value.
                try type <~> map["type"].transformFromNode { PetType(rawValue: $0) }.transformToNode { "\($0)" }
                try kind <~> map["kind"].transformToNode { "\($0)" }.transformFromNode { PetType(rawValue: $0) }
            }
        }
        let pet = try Pet(node: ["type": "dog", "kind": "cat"])
        #expect(try pet.makeNode() == ["type": "dog", "kind": "cat"])
    }

    @Test func oneWayTransformsBindOptionals() throws {
        enum Size: String, NodeConvertible { case small, large }
        struct Shirt: BasicMappable {
            var size: Size?
            var label: Size?
            init() {}
            mutating func sequence(_ map: Map) throws {
                // Read as it is, written through the transform; and read through the transform, written as it is.
                try size <~> map["size"].transformToNode { $0.rawValue.uppercased() }
                try label <~> map["label"].transformFromNode { (raw: String) in Size(rawValue: raw.lowercased()) }
            }
        }
        let shirt = try Shirt(node: ["size": "small", "label": "LARGE"])
        #expect(shirt.size == .small && shirt.label == .large)
        #expect(try shirt.makeNode() == ["size": "SMALL", "label": "large"])
        let empty = try Shirt(node: [:])
        #expect(empty.size == nil && empty.label == nil)
        #expect(try empty.makeNode() == [:])
    }
}

import Foundation
import Genome
import Testing

// Models that exercise every shape Codable has: optionals, enums with raw and associated values, dictionaries,
// arrays of arrays, nested structs, and a class hierarchy coded through superDecoder and superEncoder.

private enum CodedSpecies: String, Codable, Equatable {
    case dog, cat
}

private enum CodedShape: Codable, Equatable {
    case circle(radius: Double)
    case rectangle(width: Double, height: Double)
    case point
}

private struct CodedOwner: Codable, Equatable {
    var login: String
    var id: Int64
}

private struct CodedPet: Codable, Equatable {
    var name: String
    var nickname: String?
    var species: CodedSpecies
    var age: UInt8
    var weight: Float
    var owner: CodedOwner?
    var tags: [String]
    var grid: [[Int]]
    var ratings: [String: Double]
    var nested: [String: [CodedOwner]]
    var shapes: [CodedShape]
    var optionals: [Int?]
    var big: UInt64
    var small: Int8
    var flag: Bool
    var any: Node
}

private let rover = CodedPet(
    name: "Rover", nickname: nil, species: .dog, age: 3, weight: 12.5, owner: CodedOwner(login: "anviking", id: 1),
    tags: ["good", "dog"], grid: [[1, 2], [], [3]], ratings: ["vet": 4.5, "walker": 5],
    nested: ["friends": [CodedOwner(login: "a", id: 2)], "none": []],
    shapes: [.circle(radius: 1), .rectangle(width: 2, height: 3), .point], optionals: [1, nil, 3],
    big: .max, small: -128, flag: true, any: ["free": [1, "form", nil, 2.5]])

private class CodedAnimal: Codable, Equatable {
    var name: String
    init(name: String) { self.name = name }

    enum CodingKeys: String, CodingKey { case name }

    static func == (lhs: CodedAnimal, rhs: CodedAnimal) -> Bool { lhs.isEqual(to: rhs) }
    func isEqual(to other: CodedAnimal) -> Bool { type(of: self) == type(of: other) && name == other.name }
}

/// Codes its superclass under the "super" key, as Apple's documentation suggests.
private final class CodedDog: CodedAnimal {
    var breed: String

    init(name: String, breed: String) {
        self.breed = breed
        super.init(name: name)
    }

    enum DogKeys: String, CodingKey { case breed }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DogKeys.self)
        breed = try container.decode(String.self, forKey: .breed)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DogKeys.self)
        try container.encode(breed, forKey: .breed)
        try super.encode(to: container.superEncoder())
    }

    override func isEqual(to other: CodedAnimal) -> Bool {
        super.isEqual(to: other) && breed == (other as? CodedDog)?.breed
    }
}

/// Codes its superclass in the same container, as synthesised code would if it could.
private final class CodedCat: CodedAnimal {
    var lives: Int

    init(name: String, lives: Int) {
        self.lives = lives
        super.init(name: name)
    }

    enum CatKeys: String, CodingKey { case lives }

    required init(from decoder: any Decoder) throws {
        lives = try decoder.container(keyedBy: CatKeys.self).decode(Int.self, forKey: .lives)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CatKeys.self)
        try container.encode(lives, forKey: .lives)
        try super.encode(to: encoder)
    }

    override func isEqual(to other: CodedAnimal) -> Bool {
        super.isEqual(to: other) && lives == (other as? CodedCat)?.lives
    }
}

private let unitKey = CodingUserInfoKey(rawValue: "unit")!

@Suite struct NodeCoderRoundTripTests {
    @Test func nestedModelRoundTripsThroughNode() throws {
        let node = try NodeEncoder().encode(rover)
        #expect(node["nickname"] == nil, "nil optionals are left out, as JSONEncoder leaves them out")
        #expect(node["big"] == .number(.uint(.max)))
        #expect(node["grid"] == [[1, 2], [], [3]])
        #expect(node["shapes", 0] == ["circle": ["radius": 1.0]])
        #expect(try NodeDecoder().decode(CodedPet.self, from: node) == rover)
    }

    @Test func nestedModelRoundTripsThroughJSONBytes() throws {
        let bytes = try NodeEncoder().encodeJSON(rover)
        #expect(try NodeDecoder().decode(CodedPet.self, fromJSON: bytes) == rover)
        #expect(try NodeDecoder().decode(CodedPet.self, fromJSON: String(decoding: bytes, as: UTF8.self)) == rover)
    }

    @Test func genomeAndFoundationReadEachOthersOutput() throws {
        let fromGenome = try JSONDecoder().decode(CodedPet.self, from: Data(NodeEncoder().encodeJSON(rover)))
        #expect(fromGenome == rover)
        let fromFoundation = try NodeDecoder().decode(CodedPet.self, fromJSON: JSONEncoder().encode(rover))
        #expect(fromFoundation == rover)
    }

    @Test func membersKeepDeclarationOrder() throws {
        let json = try encodedJSON(CodedOwner(login: "x", id: 7))
        #expect(json == #"{"login":"x","id":7}"#)
    }

    @Test func classHierarchyWithSuperEncoderAndSuperDecoder() throws {
        let dog = CodedDog(name: "Rex", breed: "collie")
        let node = try NodeEncoder().encode(dog)
        #expect(node == ["breed": "collie", "super": ["name": "Rex"]])
        let back = try NodeDecoder().decode(CodedDog.self, from: node)
        #expect(back.isEqual(to: dog))
        // Foundation agrees on the shape.
        #expect(try NodeDecoder().decode(CodedDog.self, fromJSON: JSONEncoder().encode(dog)).isEqual(to: dog))
    }

    @Test func classHierarchySharingOneContainer() throws {
        let cat = CodedCat(name: "Tom", lives: 9)
        let node = try NodeEncoder().encode(cat)
        #expect(node == ["lives": 9, "name": "Tom"])
        #expect(node.object?.keys == ["lives", "name"])
        #expect(try NodeDecoder().decode(CodedCat.self, from: node).isEqual(to: cat))
    }

    @Test func topLevelScalarsAndCollections() throws {
        #expect(try decoded(Int.self, "42") == 42)
        #expect(try decoded(String.self, #""é""#) == "é")
        #expect(try decoded([Int?].self, "[1,null]") == [1, nil])
        #expect(try decoded([String: [Int]].self, #"{"a":[1],"b":[]}"#) == ["a": [1], "b": []])
        #expect(try decoded(Int?.self, "null") == nil)
        #expect(try encodedJSON([1, 2]) == "[1,2]")
        #expect(try encodedJSON(Optional<Int>.none) == "null")
        #expect(try encodedJSON("text") == #""text""#)
    }

    @Test func decodingFromAStringReadsJSONTextAndAStringNodeIsANode() throws {
        // A String passed to a decode call is JSON text, never a string value (issue 45); a string node is a Node.
        #expect(try NodeDecoder().decode([String: Int].self, from: "{}") == [:])
        #expect(try NodeDecoder().decode([String: Int].self, fromJSON: "{}") == [:])
        #expect(try NodeDecoder().decode(String.self, from: Node.string("{}")) == "{}")
    }

    @Test func nodeIsCodableThroughFoundation() throws {
        let node: Node = [
            "id": 9_007_199_254_740_993, "max": 18_446_744_073_709_551_615, "x": 1.5, "n": nil,
            "list": [true, "s", [:]],
        ]
        struct Wrapper: Codable { var payload: Node }
        let data = try JSONEncoder().encode(Wrapper(payload: node))
        let back = try JSONDecoder().decode(Wrapper.self, from: data)
        #expect(back.payload == node)
        #expect(back.payload["id"] == .number(.int(9_007_199_254_740_993)), "integers stay exact")
        #expect(back.payload["max"] == .number(.uint(.max)))
    }

    @Test func nodeIsHandedOverAsItIsUnderNodeDecoder() throws {
        struct Wrapper: Codable { var payload: Node }
        let json = #"{"payload": {"b": 1, "a": [-0.0, 1e300]}}"#
        let wrapper = try NodeDecoder().decode(Wrapper.self, fromJSON: json)
        #expect(wrapper.payload.object?.keys == ["b", "a"], "document order is kept")
        // 1e300 is not exactly a double: an exact number, written back as it was read.
        #expect(try encodedJSON(wrapper) == #"{"payload":{"b":1,"a":[-0.0,1e300]}}"#)
    }

    @Test func genomeNodeReachesTheRawNode() throws {
        struct Event: Decodable {
            let name: String
            let raw: Node?
            init(from decoder: any Decoder) throws {
                raw = decoder.genomeNode
                name = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .name)
            }
            enum CodingKeys: CodingKey { case name }
        }
        let event = try decoded(Event.self, #"{"name": "push", "extra": [1]}"#)
        #expect(event.raw == ["name": "push", "extra": [1]])
        let foundation = try JSONDecoder().decode(Event.self, from: Data(#"{"name": "push"}"#.utf8))
        #expect(foundation.raw == nil, "other decoders have no node")
    }

    @Test func userInfoReachesEveryLevel() throws {
        let key = unitKey
        struct Reading: Decodable {
            let unit: String
            init(from decoder: any Decoder) throws { unit = decoder.userInfo[unitKey] as? String ?? "?" }
        }
        var decoder = NodeDecoder()
        decoder.userInfo[key] = "kPa"
        #expect(try decoder.decode([Reading].self, fromJSON: "[{}, {}]").map(\.unit) == ["kPa", "kPa"])

        struct Writer: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(encoder.userInfo[unitKey] as? String ?? "?")
            }
        }
        var encoder = NodeEncoder()
        encoder.userInfo[key] = "kPa"
        #expect(try encoder.encode(["a": Writer()]) == ["a": "kPa"])
    }

    @Test func decodingFromManyTasksAtOnce() async throws {
        let bytes = try NodeEncoder().encodeJSON(Array(repeating: rover, count: 20))
        let decoder = NodeDecoder()
        try await withThrowingTaskGroup(of: [CodedPet].self) { group in
            for _ in 0..<8 {
                group.addTask { try decoder.decode([CodedPet].self, fromJSON: bytes) }
            }
            for try await pets in group {
                #expect(pets.count == 20 && pets.allSatisfy { $0 == rover })
            }
        }
    }
}

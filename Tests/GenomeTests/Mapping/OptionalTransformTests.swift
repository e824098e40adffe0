import Genome
import Testing

/// Transforms into optional properties with the named methods (issue 12): the closure's nil is stored, a missing
/// key or `null` gives nil without calling it, and writing leaves nil out.
@Suite struct OptionalTransformTests {
    enum PetType: String { case dog, cat }

    struct Pet: BasicMappable {
        var type: PetType?
        var kind: PetType?
        init() {}
        mutating func sequence(_ map: Map) throws {
            try map["type"].transformFromNode { PetType(rawValue: $0) }.transformToNode { $0.rawValue }.bind(&type)
            try map["kind"].transformToNode { $0.rawValue }.transformFromNode { PetType(rawValue: $0) }.bind(&kind)
        }
    }

    @Test func bindReadsThroughAnOptionalTransform() throws {
        let pet = try Pet(node: ["type": "dog", "kind": "cat"])
        #expect(pet.type == .dog && pet.kind == .cat)
    }

    @Test func bindWritesTheUnwrappedValue() throws {
        let pet = try Pet(node: ["type": "dog", "kind": "cat"])
        #expect(try pet.makeNode() == ["type": "dog", "kind": "cat"])
    }

    @Test func bindStoresTheClosuresNilAndLeavesItOut() throws {
        let pet = try Pet(node: ["type": "fish", "kind": nil])
        #expect(pet.type == nil && pet.kind == nil)
        #expect(try pet.makeNode() == [:])
    }

    @Test func readIntoAnOptionalStoresTheClosuresResult() throws {
        let map = Map(node: ["type": "cat", "other": "fish"])
        var type: PetType? = .dog
        try map["type"].transformFromNode { PetType(rawValue: $0) }.read(into: &type)
        #expect(type == .cat)
        try map["other"].transformFromNode { PetType(rawValue: $0) }.read(into: &type)
        #expect(type == nil)
    }

    @Test func aMissingKeyDoesNotCallTheTransform() throws {
        var calls = 0
        var type: PetType? = .dog
        try Map(node: [:])["type"].transformFromNode { (raw: String) -> PetType? in
            calls += 1
            return PetType(rawValue: raw)
        }.read(into: &type)
        #expect(type == nil && calls == 0)
    }

    @Test func writingNilDoesNotCallTheTransform() throws {
        var calls = 0
        let map = Map(toNodeIn: EmptyContext())
        let type: PetType? = nil
        try map["type"].transformToNode { (type: PetType) -> String in
            calls += 1
            return type.rawValue
        }.write(type)
        #expect(map.node == [:] && calls == 0)
    }
}

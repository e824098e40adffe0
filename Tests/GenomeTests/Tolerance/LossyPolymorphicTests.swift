import Foundation
import Genome
import Testing

// @LossyPolymorphic: a lossy array of a tagged class family (and of a tagged enum), where an unknown tag drops one
// element and reports it, under NodeDecoder and JSONDecoder.

private class Pet: Codable, TaggedCodable, @unchecked Sendable {
    var name: String
    init(name: String) { self.name = name }
    static var tagging: Tagging<Pet> {
        Tagging([.variant("dog", Dog.self) { $0 }, .variant("cat", Cat.self) { $0 }])
    }
}

private final class Dog: Pet, @unchecked Sendable {
    var barks = true
    private enum CodingKeys: String, CodingKey { case barks }
    init(name: String, barks: Bool) {
        self.barks = barks
        super.init(name: name)
    }
    required init(from decoder: any Decoder) throws {
        barks = try decoder.container(keyedBy: CodingKeys.self).decode(Bool.self, forKey: .barks)
        try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(barks, forKey: .barks)
        try super.encode(to: encoder)
    }
}

private final class Cat: Pet, @unchecked Sendable {}

private struct Shelter: Codable {
    @LossyPolymorphic var pets: [Pet]
}

private struct Item: Codable, Equatable { let label: String }

private enum Block: TaggedCodable, Equatable {
    case text(Item)
    case divider
    static let tagging = Tagging<Block>([.variant("text", Item.self, Block.text), .variant("divider", Block.divider)])
}

private struct Page: Codable, Equatable {
    @LossyPolymorphic var blocks: [Block]
}

private let shelterJSON = #"""
    {"pets": [
        {"type": "dog", "name": "Rex", "barks": false},
        {"type": "parrot", "name": "Polly"},
        {"type": "cat", "name": "Tom"},
        {"type": "dog", "name": "Fido"},
        {"name": "Nobody"},
        "Garfield"
    ]}
    """#

@Suite struct LossyPolymorphicTests {
    @Test func anUnknownTagDropsOneElementAndIsReported() throws {
        let (shelter, report) = try RecoveryReport.collect {
            try NodeDecoder().decode(Shelter.self, fromJSON: shelterJSON)
        }
        #expect(shelter.pets.map(\.name) == ["Rex", "Tom"])
        #expect(shelter.pets[0] is Dog && shelter.pets[1] is Cat)
        #expect((shelter.pets[0] as? Dog)?.barks == false)
        #expect(shelter.$pets.failures.map(\.index) == [1, 3, 4, 5])
        #expect(report.map(\.formattedPath) == ["pets[1]", "pets[3]", "pets[4]", "pets[5]"])
        #expect(report.allSatisfy { $0.kind == .elementDropped })
        #expect(
            report.first?.description
                == #"element dropped at pets[1]: dataCorrupted: Unknown tag "parrot" for Pet; known tags: dog, cat."#)
        #expect(report[1].description.hasPrefix("element dropped at pets[3]: keyNotFound: "))
        #expect(report[2].description.hasPrefix("element dropped at pets[4]: keyNotFound: "))
    }

    @Test func encodingWritesTheElementsThatDecodedWithTheirTags() throws {
        let shelter = try NodeDecoder().decode(Shelter.self, fromJSON: shelterJSON)
        let node = try NodeEncoder().encode(shelter)
        #expect(node["pets", 0] == ["type": "dog", "barks": false, "name": "Rex"])
        #expect(node["pets", 1] == ["type": "cat", "name": "Tom"])
        let again = try NodeDecoder().decode(Shelter.self, from: node)
        #expect(again.pets.map(\.name) == ["Rex", "Tom"] && again.$pets.failures.isEmpty)
    }

    @Test func underJSONDecoderAndJSONEncoderToo() throws {
        let (shelter, report) = try RecoveryReport.collect {
            try JSONDecoder().decode(Shelter.self, from: Data(shelterJSON.utf8))
        }
        #expect(shelter.pets.map(\.name) == ["Rex", "Tom"] && shelter.pets[0] is Dog)
        #expect(report.map(\.formattedPath) == ["pets[1]", "pets[3]", "pets[4]", "pets[5]"])
        let again = try JSONDecoder().decode(Shelter.self, from: JSONEncoder().encode(shelter))
        #expect(again.pets.map(\.name) == ["Rex", "Tom"] && again.pets[1] is Cat)
    }

    @Test func theValueMustBeAnArrayAndBeThere() {
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(Shelter.self, fromJSON: "{}") }
        #expect(throws: DecodingError.self) {
            try NodeDecoder().decode(Shelter.self, fromJSON: #"{"pets": {"type": "dog", "name": "Rex"}}"#)
        }
    }

    @Test func aTaggedEnumWorksTheSameWayInsideAnArrayOfModels() throws {
        let json = #"""
            [{"blocks": [{"type": "text", "label": "a"}, {"type": "video"}, {"type": "divider"}]}, {"blocks": []}]
            """#
        let (pages, report) = try RecoveryReport.collect { try NodeDecoder().decode([Page].self, fromJSON: json) }
        #expect(pages == [Page(blocks: [.text(Item(label: "a")), .divider]), Page(blocks: [])])
        #expect(report.map(\.formattedPath) == ["[0].blocks[1]"])
        #expect(
            try NodeEncoder().encode(pages[0]) == ["blocks": [["type": "text", "label": "a"], ["type": "divider"]]])
    }
}

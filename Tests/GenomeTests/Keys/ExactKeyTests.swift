import Genome
import Testing

// Object keys are distinct exactly when their Unicode scalars differ (RFC 8259), everywhere: the reader, Node.Object's
// lookups, index, equality and hashing, the writer, and NodeDecoder's key matching. "é" precomposed (U+00E9) and
// decomposed ("e" + U+0301) are canonically equivalent, so Swift's `==` calls them equal; Genome does not.

private let composed = "\u{E9}"
private let decomposed = "e\u{301}"

@Suite struct ExactKeyTests {
    @Test func theReaderKeepsBothMembersInOrder() throws {
        let node = try Node(json: #"{"\u00e9":1,"e\u0301":2}"#)
        let object = try #require(node.object)
        #expect(object.count == 2)
        #expect(object.keys.map { Array($0.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"]])
        #expect(object[composed] == 1)
        #expect(object[decomposed] == 2)
        #expect(try node.serialized() == "{\"\(composed)\":1,\"\(decomposed)\":2}")
        var options = Node.ReadingOptions()
        options.rejectsDuplicateKeys = true
        #expect(throws: Never.self) { try Node(json: #"{"\u00e9":1,"e\u0301":2}"#, options: options) }
        #expect(throws: JSONSyntaxError.self) { try Node(json: #"{"\u00e9":1,"\u00e9":2}"#, options: options) }
    }

    /// Objects above the index threshold look keys up through the index: the same rule there.
    @Test func largeObjectsIndexKeysByScalars() throws {
        var members = (0..<70).map { "\"k\($0)\":\($0)" }
        members.append("\"\(composed)\":\"c\"")
        members.append("\"\(decomposed)\":\"d\"")
        let object = try #require(Node(json: "{" + members.joined(separator: ",") + "}").object)
        #expect(object.count == 72)
        #expect(object[composed] == "c")
        #expect(object[decomposed] == "d")
        var built = object
        built[decomposed] = "changed"
        #expect(built[composed] == "c")
        #expect(built[decomposed] == "changed")
        built[composed] = nil
        #expect(built.count == 71 && built[decomposed] == "changed")
    }

    @Test func objectsWithDifferentSpellingsAreNotEqual() {
        let a: Node = [composed: 1]
        let b: Node = [decomposed: 1]
        #expect(a != b)
        #expect(a == [composed: 1])
        let both: Node.Object = [composed: 1, decomposed: 2]
        #expect(both.count == 2, "a literal with both spellings has two members")
        #expect(Set([a, b]).count == 2)
    }

    @Test func stringValuesCompareByScalarsToo() {
        #expect(Node.string(composed) != Node.string(decomposed))
        #expect(Node.string(composed) == Node.string("\u{E9}"))
        #expect(Set([Node.string(composed), .string(decomposed)]).count == 2)
    }

    @Test func sortedKeysOrderByBytes() throws {
        let node: Node = [decomposed: 2, composed: 1, "z": 0]
        // "e" (0x65) < "z" (0x7A) < "é" (0xC3 0xA9)
        #expect(try node.serialized(.sortedKeys) == "{\"\(decomposed)\":2,\"z\":0,\"\(composed)\":1}")
    }

    @Test func theDecodableStyleAPIFindsEachSpelling() throws {
        let node = try Node(json: #"{"\u00e9":1,"e\u0301":2}"#)
        #expect(try node.decode(composed) as Int == 1)
        #expect(try node.decode(decomposed) as Int == 2)
        #expect(throws: MissingKeyError.self) { try Node(json: #"{"\u00e9":1}"#).decode(decomposed) as Int }
    }

    @Test func nodeDecoderMatchesKeysByScalars() throws {
        struct Both: Codable, Equatable {
            var composed: Int
            var decomposed: Int
            enum CodingKeys: String, CodingKey {
                case composed = "\u{E9}"
                case decomposed = "e\u{301}"
            }
        }
        let json = #"{"e\u0301":2,"\u00e9":1}"#
        let both = try NodeDecoder().decode(Both.self, fromJSON: json)
        #expect(both == Both(composed: 1, decomposed: 2))
        struct OnlyComposed: Decodable { var value: Int; enum CodingKeys: String, CodingKey { case value = "\u{E9}" } }
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(OnlyComposed.self, fromJSON: #"{"e\u0301":2}"#) }
        // Encoding keeps both members, each with its own scalars.
        #expect(try NodeEncoder().encode(both) == .object([composed: 1, decomposed: 2]))
        #expect(try NodeEncoder().encode(both).object?.count == 2)
    }

    @Test func allKeysListsBothSpellings() throws {
        struct Keys: Decodable {
            var keys: [String]
            init(from decoder: any Decoder) throws {
                keys = try decoder.container(keyedBy: AnyCodingKey.self).allKeys.map(\.stringValue)
            }
        }
        let keys = try NodeDecoder().decode(Keys.self, fromJSON: #"{"\u00e9":1,"e\u0301":2}"#).keys
        #expect(keys.map { Array($0.unicodeScalars) } == [["\u{E9}"], ["e", "\u{301}"]])
    }
}

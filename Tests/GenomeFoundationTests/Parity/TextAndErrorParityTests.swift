import Foundation
import Genome
import GenomeFoundation
import Testing

// Strings, escapes and syntax errors, and the DecodingError every kind of model mistake produces.

@Suite struct StringParityTests {
    @Test func escapesAndUnicode() {
        for json in [
            #""\/test\/path""#, #""\\/test\\/path""#, #""閆崬밺뀫颒""#, #""\u00e9\u2265""#, #""42\u00e942\u226542""#,
            #""\u00E9""#, #""\uD834\uDD1E""#, #""tab\tnew\nline\r""#, #""\b\f""#, "\"\u{7F}\"",
        ] {
            expectSameDecoding(String.self, from: json)
        }
    }

    @Test func everyControlCharacterEscaped() {
        for scalar in 0...0x1F {
            let escaped = "\"\\u" + String(format: "%04x", scalar) + "\""
            expectSameDecoding(String.self, from: escaped)
            expectSameRoundTrip(String(UnicodeScalar(UInt8(scalar))))
        }
    }

    @Test func rawControlCharactersAreRejected() {
        for scalar in [0, 0x09, 0x0A, 0x1F] {
            expectSameDecoding(String.self, from: "\"a" + String(UnicodeScalar(UInt8(scalar))) + "b\"")
        }
    }

    @Test func badEscapesAreRejected() {
        for json in [
            #""\uD834""#, #""\uD834hello""#, #""hello\uD834""#, #""\uD834\u1221""#, #""\uD8""#, #""\uD834x\uDD1E""#,
            #""\h\e\l\l\o""#, #""\x41""#, #""\'""#, #""\u12G4""#,
        ] {
            expectSameDecoding(String.self, from: json)
        }
    }

    @Test func nulBytesRoundTrip() {
        let text = "abc\u{0}def"
        expectSameRoundTrip([text])
        expectSameRoundTrip([text: text])
    }

    /// Found by the fuzz target's Codable comparison: JSONDecoder checks a string's UTF-8 only when a model reads
    /// it, so ill-formed UTF-8 in a member nobody reads (here hidden by a duplicate key, Foundation keeping the
    /// first) goes unnoticed. Genome checks the whole document first: a documented difference.
    @Test func illFormedUTF8InAMemberNoModelReads() throws {
        let bytes: [UInt8] = Array(#"{"a":"kept","a":""#.utf8) + [0xFF] + Array(#""}"#.utf8)
        #expect(try JSONDecoder().decode([String: String].self, from: Data(bytes)) == ["a": "kept"])
        let error = ParityError(
            try #require(throws: DecodingError.self) {
                try NodeDecoder().decode([String: String].self, fromJSON: bytes)
            })
        #expect(error.kind == "dataCorrupted" && error.debugDescription.contains("UTF-8"))
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(bytes)) }
    }

    /// The same for a number: JSONDecoder checks a number's grammar only when a model reads it (fuzzing found
    /// `5.` in a member a duplicate key hid).
    /// `2-6` too: JSONDecoder's scanner takes it as one number token, Genome stops at `-` and reports the
    /// character where a `,` or `}` should be.
    @Test(arguments: [#"{"a":1,"a":5.}"#, #"{"a":1,"a":2-6}"#, #"{"a":1,"a":16+}"#])
    func anIllFormedNumberInAMemberNoModelReads(json: String) throws {
        #expect(try JSONDecoder().decode([String: Int].self, from: Data(json.utf8)) == ["a": 1])
        #expect(throws: DecodingError.self) { try NodeDecoder().decode([String: Int].self, fromJSON: json) }
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(json.utf8)) }
    }

    /// Both leniencies at once (a fuzz finding): a trailing comma, and an ill-formed number no model reads.
    @Test func aTrailingCommaAndAnIllFormedNumberInAMemberNoModelReads() throws {
        struct List: Decodable, Equatable { var list: [Int] }
        let json = #"{"list":[1,2,],"x":5.}"#
        #expect(try JSONDecoder().decode(List.self, from: Data(json.utf8)) == List(list: [1, 2]))
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(List.self, fromJSON: json) }
        #expect(throws: (any Error).self) { try JSONSerialization.jsonObject(with: Data(json.utf8)) }
    }

    /// The other way round, found by fuzzing: a repeated key whose first value is a number beyond `Double`'s
    /// range. JSONDecoder keeps the first value and cannot read it as any number; Genome keeps the last.
    @Test func aRepeatedKeyWhoseFirstValueIsBeyondDoublesRange() throws {
        let json = #"{"a":2e309,"a":4}"#
        #expect(throws: DecodingError.self) { try JSONDecoder().decode([String: Double].self, from: Data(json.utf8)) }
        #expect(try NodeDecoder().decode([String: Double].self, fromJSON: json) == ["a": 4])
    }

    @Test func invalidUTF8IsRejected() throws {
        for bytes: [UInt8] in [
            [0x22, 0xFF, 0x22], [0x22, 0xC0, 0x80, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22], [0x7B, 0x80],
        ] {
            expectSameDecoding(String.self, from: Data(bytes))
            // A documented difference: Genome checks the whole document before decoding, so ill-formed UTF-8 is
            // always a syntax error; JSONDecoder checks a string only when a model reads it, and so reports a
            // string where an object was expected as a type mismatch first.
            let error = ParityError(
                try #require(throws: DecodingError.self) {
                    try NodeDecoder().decode([String: Bool].self, fromJSON: bytes)
                })
            #expect(error.kind == "dataCorrupted")
            // `{` then a continuation byte is first of all not a key.
            #expect(error.debugDescription.contains("UTF-8") || bytes[0] == 0x7B)
        }
        struct OnlyB: Decodable { var b: Int }
        let unread: [UInt8] = Array(#"{"a":""#.utf8) + [0xFF] + Array(#"","b":1}"#.utf8)
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(OnlyB.self, fromJSON: unread) }
    }

    @Test func aByteOrderMarkIsSkipped() {
        expectSameDecoding(String.self, from: Data([0xEF, 0xBB, 0xBF]) + Data(#""👍🏻""#.utf8))
    }

    @Test func whitespaceOfEveryKind() {
        for json in ["{\"v\"\n : true}", "{\"v\"\r\n : true}", "{\"v\"\r : true}", "\t{ \"v\" :\ttrue }\n"] {
            expectSameDecoding([String: Bool].self, from: json)
        }
    }
}

@Suite struct ErrorParityTests {
    private struct Profile: Codable, Equatable {
        var name: String
        var age: Int
        var tags: [String]
        var partner: Partner?
    }

    private struct Partner: Codable, Equatable {
        var name: String
        var since: Int
    }

    static let documents = [
        #"{"name":"Ann","age":30,"tags":[]}"#,
        #"{"age":30,"tags":[]}"#,
        #"{"name":null,"age":30,"tags":[]}"#,
        #"{"name":1,"age":30,"tags":[]}"#,
        #"{"name":"Ann","age":"30","tags":[]}"#,
        #"{"name":"Ann","age":30.5,"tags":[]}"#,
        #"{"name":"Ann","age":30,"tags":["a",2]}"#,
        #"{"name":"Ann","age":30,"tags":["a",null]}"#,
        #"{"name":"Ann","age":30,"tags":{}}"#,
        #"{"name":"Ann","age":30,"tags":[],"partner":{"name":"Bo"}}"#,
        #"{"name":"Ann","age":30,"tags":[],"partner":{"name":"Bo","since":"x"}}"#,
        #"{"name":"Ann","age":30,"tags":[],"partner":[]}"#,
        #"{"name":"Ann","age":30,"tags":[],"partner":null}"#,
        #"[]"#, #"null"#, #""text""#, #"{"name":"Ann","age":30,"tags":[]"#, #"{"name" "Ann"}"#, #"{"invalid": json}"#,
        "", " ", #"{"name":"Ann","age":30,"tags":[]} x"#,
    ]

    @Test(arguments: documents)
    func modelErrorsCarryTheSameCaseAndPath(json: String) {
        expectSameDecoding(Profile.self, from: json)
        expectSameDecoding([Profile].self, from: "[\(json.isEmpty ? "0" : json)]")
        expectSameDecoding([String: Profile].self, from: #"{"p":\#(json.isEmpty ? "0" : json)}"#)
    }

    @Test func nullWhereAValueIsRequiredNamesTheType() {
        struct Camel: Codable, Equatable { var thisIsCamelCase: String }
        expectSameDecoding(Camel.self, from: #"{"thisIsCamelCase":null}"#)
    }

    @Test func errorsThrownByAModelPassThrough() throws {
        struct Picky: Decodable, Equatable {
            struct Refused: Error, Equatable {}
            init(from decoder: any Decoder) throws {
                let value = try decoder.singleValueContainer().decode(String.self)
                if value != "ok" { throw Refused() }
            }
        }
        #expect(throws: Picky.Refused()) { try NodeDecoder().decode(Picky.self, fromJSON: #""no""#) }
        #expect(throws: Picky.Refused()) { try JSONDecoder().decode(Picky.self, from: Data(#""no""#.utf8)) }
    }

    @Test func nestingUpToTheLimit() {
        struct Nest: Decodable, Equatable {
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                while let count = container.count, count > 0 {
                    container = try container.nestedUnkeyedContainer()
                }
            }
        }
        expectSameDecoding(Nest.self, from: String(repeating: "[", count: 256) + String(repeating: "]", count: 256))
        // (Not 513: Foundation traps there.)
        expectSameDecoding(Nest.self, from: String(repeating: "[", count: 400) + String(repeating: "]", count: 400))
    }
}

import Genome
import Testing

// Code moving from JSONDecoder and JSONEncoder brings its habits; each either works or is a compile error that
// names the Genome spelling (those are in CompileFailures/).

@Suite struct JSONDecoderHabitsTests {
    struct User: Codable, Equatable {
        let id: Int
        let login: String
    }

    @Test func aStringLiteralPassedToDecodeFromIsReadAsJSON() throws {
        let user = try NodeDecoder().decode(User.self, from: #"{"id": 1, "login": "anviking"}"#)
        #expect(user == User(id: 1, login: "anviking"))
        let users: [User] = try NodeDecoder().decode(from: #"[{"id": 2, "login": "a"}]"#)
        #expect(users == [User(id: 2, login: "a")])
    }

    @Test func aStringVariablePassedToDecodeFromIsReadAsJSON() throws {
        let text = #"{"id": 1, "login": "anviking"}"#
        #expect(try NodeDecoder().decode(User.self, from: text) == User(id: 1, login: "anviking"))
        // Never a string value: text that is not JSON is a syntax error, not a string.
        let error = #expect(throws: DecodingError.self) { try NodeDecoder().decode(String.self, from: "plain") }
        guard case .dataCorrupted(let context)? = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.underlyingError is JSONSyntaxError)
        #expect(try NodeDecoder().decode(String.self, from: #""quoted""#) == "quoted")
    }

    @Test func aStringNodeStillDecodesAsAString() throws {
        #expect(try NodeDecoder().decode(String.self, from: Node.string("plain")) == "plain")
        #expect(try NodeDecoder().decode(String.self, from: "plain" as Node) == "plain")
    }

    @Test func literalsOtherThanStringsStillBuildNodes() throws {
        #expect(try NodeDecoder().decode([Int].self, from: [1, 2]) == [1, 2])
        #expect(try NodeDecoder().decode(User.self, from: ["id": 3, "login": "c"]) == User(id: 3, login: "c"))
        #expect(try NodeDecoder().decode(Int.self, from: 7) == 7)
    }

    @Test func outputFormattingTakesJSONEncodersNames() throws {
        struct Page: Encodable {
            let url = "https://example.com/a"
            let b = 1
            let a = [1]
        }
        var encoder = NodeEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let text = String(decoding: try encoder.encodeJSON(Page()), as: UTF8.self)
        #expect(
            text == """
                {
                  "a": [
                    1
                  ],
                  "b": 1,
                  "url": "https://example.com/a"
                }
                """)
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encodeJSON(Page()), as: UTF8.self)
                == #"{"a":[1],"b":1,"url":"https://example.com/a"}"#)
        // Options passed to a call add to the encoder's.
        #expect(
            String(decoding: try encoder.encodeJSON(Page(), options: .escapesSlashes), as: UTF8.self)
                == #"{"a":[1],"b":1,"url":"https:\/\/example.com\/a"}"#)
        encoder.outputFormatting = []
        #expect(
            String(decoding: try encoder.encodeJSON(Page()), as: UTF8.self)
                == #"{"url":"https://example.com/a","b":1,"a":[1]}"#)
        // A node is not JSON yet: its members keep encoding order.
        encoder.outputFormatting = .sortedKeys
        #expect(try encoder.encode(Page()).object?.keys == ["url", "b", "a"])
    }

    @Test func outputFormattingNamesGenomesWritingOptions() {
        typealias Formatting = NodeEncoder.OutputFormatting
        #expect(Formatting.prettyPrinted.writingOptions == .prettyPrinted)
        #expect(Formatting.sortedKeys.writingOptions == .sortedKeys)
        #expect(Formatting.withoutEscapingSlashes.writingOptions == [])
        #expect(Formatting([.prettyPrinted, .sortedKeys]).writingOptions == [.prettyPrinted, .sortedKeys])
    }
}

// The JSON5 examples in the doc comments and articles, with the values they quote: ReadingOptions.json5,
// NodeDecoder.allowsJSON5, ReadingAndWritingJSON.md ("JSON5") and CodableWithGenome.md ("JSON5").

import Genome
import Testing

@Suite struct JSON5DocumentationExampleTests {
    private struct User: Codable, Equatable {
        let id: Int
        let login: String
    }

    @Test func readingOptionsJSON5Example() throws {
        let config = try Node(json: "{name: 'Rover', age: 0x10, tags: ['a', 'b',], /* soon */}", options: .json5)
        #expect(config["age"] == 16)
        #expect(config == ["name": "Rover", "age": 16, "tags": ["a", "b"]])
    }

    /// The same sample in NodeDecoder's doc comment and in the Codable article.
    @Test func nodeDecoderAllowsJSON5Example() throws {
        var decoder = NodeDecoder()
        decoder.allowsJSON5 = true
        let user = try decoder.decode(User.self, fromJSON: "{id: 0x10, login: 'anviking', /* admin */}")
        #expect(user == User(id: 16, login: "anviking"))
    }

    @Test func readingAndWritingJSONArticleExample() throws {
        let config = try Node(
            json: #"""
                // The staging server.
                {
                  name: 'staging',        // unquoted keys, single-quoted strings
                  port: +8080,
                  mask: 0xFFFF0000,
                  ratio: .25,
                  motto: 'it\'s \x41 \u263A',
                  tags: ['eu', 'west',],  // trailing commas
                }
                """#,
            options: .json5)
        #expect(config["mask"] == .number(.int(4_294_901_760)))
        #expect(config["motto"] == "it's A ☺")
        #expect(
            config == [
                "name": "staging", "port": 8080, "mask": 4_294_901_760, "ratio": 0.25, "motto": "it's A ☺",
                "tags": ["eu", "west"],
            ])
    }

    /// `-0x8000000000000001` is below `Int64.min`: an error with its location, where Foundation's JSONDecoder
    /// crashes (so this test does not run Foundation on it).
    @Test func hexadecimalBelowInt64MinIsAnErrorInADecoder() throws {
        var decoder = NodeDecoder()
        decoder.allowsJSON5 = true
        do {
            _ = try decoder.decode(Int64.self, fromJSON: "-0x8000000000000001")
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            let syntax = try #require(context.underlyingError as? JSONSyntaxError)
            #expect(syntax.kind == .numberOutOfRange && syntax.offset == 0)
        }
    }
}

import Genome
import Testing

@Suite struct WriterTests {
    @Test func compactOutputKeepsInsertionOrder() throws {
        let node: Node = ["z": 1, "a": [true, false, nil], "m": ["y": "x"]]
        #expect(try node.serialized() == #"{"z":1,"a":[true,false,null],"m":{"y":"x"}}"#)
    }

    @Test func sortedKeysOrdersEveryLevelByBytes() throws {
        let node: Node = ["b": ["d": 1, "c": 2], "a": 0, "B": 3, "é": 4]
        #expect(try node.serialized(.sortedKeys) == #"{"B":3,"a":0,"b":{"c":2,"d":1},"é":4}"#)
    }

    @Test func prettyPrintingIndentsTwoSpaces() throws {
        let node: Node = ["a": [1, 2], "b": [:], "c": []]
        let expected = """
            {
              "a": [
                1,
                2
              ],
              "b": {},
              "c": []
            }
            """
        #expect(try node.serialized(.prettyPrinted) == expected)
    }

    @Test func escapesFollowTheRFC() throws {
        let node: Node = .string("quote\" backslash\\ slash/ \u{08}\u{0C}\n\r\t \u{01}\u{1F} é 😀")
        #expect(try node.serialized() == #""quote\" backslash\\ slash/ \b\f\n\r\t \u0001\u001f é 😀""#)
        #expect(try Node.string("a/b").serialized(.escapesSlashes) == #""a\/b""#)
    }

    @Test func longStringsWithEscapesAtEveryPositionRoundTrip() throws {
        for position in 0..<40 {
            var characters = Array(repeating: "a", count: 40)
            characters[position] = "\""
            let node = Node.string(characters.joined())
            #expect(try Node(json: node.serializedBytes()) == node)
        }
    }

    /// The writer tests strings a word at a time, tails and short strings included; this compares it with a byte
    /// at a time escaper on every length to 19, with one or two bytes to escape at every position. `#` and `]` sit
    /// one above `"` and `\\`: after an escaped byte they are where a word test's borrow can flag a byte wrongly.
    @Test(arguments: [Node.WritingOptions(), .escapesSlashes])
    func shortStringsAndTailsEscapeExactlyTheBytesTheyShould(options: Node.WritingOptions) throws {
        func reference(_ string: String) -> String {
            var out = "\""
            for scalar in string.unicodeScalars {
                switch scalar {
                case "\"": out += #"\""#
                case "\\": out += #"\\"#
                case "/" where options.contains(.escapesSlashes): out += #"\/"#
                case "\n": out += #"\n"#
                case "\u{01}": out += #"\u0001"#
                default: out.unicodeScalars.append(scalar)
                }
            }
            return out + "\""
        }
        let specials: [Character] = ["\"", "\\", "/", "\n", "\u{01}"]
        for length in 0..<20 {
            for position in 0..<max(length, 1) {
                for special in specials {
                    for neighbour: Character in ["#", "]", "a", "\""] {
                        var characters = Array(repeating: Character("x"), count: length)
                        if position < length { characters[position] = special }
                        if position + 1 < length { characters[position + 1] = neighbour }
                        let string = String(characters)
                        #expect(
                            try Node.string(string).serialized(options) == reference(string),
                            "\(string.debugDescription)")
                        let asKey: Node = [string: 1]
                        #expect(try asKey.serialized(options) == "{" + reference(string) + ":1}")
                    }
                }
            }
        }
    }

    @Test func integersAreWrittenExactly() throws {
        let node: Node = [0, -1, 9_007_199_254_740_993, -9_223_372_036_854_775_808, 18_446_744_073_709_551_615]
        #expect(try node.serialized() == "[0,-1,9007199254740993,-9223372036854775808,18446744073709551615]")
    }

    @Test func doublesAreWrittenInShortestRoundTripForm() throws {
        let node: Node = [
            0.1, -0.0, 1.0, 1e-7, 1.7976931348623157e308, .number(.double(.leastNonzeroMagnitude)), 123456.789,
        ]
        #expect(try node.serialized() == "[0.1,-0.0,1.0,1e-07,1.7976931348623157e+308,5e-324,123456.789]")
    }

    @Test func nonFiniteNumbersAreAnErrorWithTheirPath() {
        let node: Node = ["values": [1, .number(.double(.nan))]]
        #expect(throws: JSONWritingError.self) { try node.serialized() }
        do {
            _ = try node.serializedBytes()
        } catch {
            #expect(error.kind == .nonFiniteNumber)
            #expect(error.path == ["values", 1])
            #expect(
                error.description == "JSONWritingError at values[1]: JSON has no spelling for the non-finite number nan"
            )
        }
    }

    @Test func parseWriteParseGivesTheSameNodeAndKeepsKeyOrder() throws {
        let text = #"{"b":1,"a":{"d":[1,2.5,-0.0,"\u00e9\ud83d\ude00"],"c":null},"e":18446744073709551615}"#
        let node = try Node(json: text)
        let written = try node.serialized()
        #expect(try Node(json: written) == node)
        #expect(written == #"{"b":1,"a":{"d":[1,2.5,-0.0,"é😀"],"c":null},"e":18446744073709551615}"#)
    }

    @Test func negativeZeroSurvivesARoundTrip() throws {
        let node = try Node(json: try Node(json: "[-0, -0.0]").serialized())
        #expect(node[0]?.double?.sign == .minus)
        #expect(node[1]?.double?.sign == .minus)
    }

    @Test func deeplyNestedHandBuiltNodesAreAnErrorNotACrash() {
        var node: Node = 1
        for _ in 0..<(JSONWritingError.maximumDepth + 1) { node = [node] }
        #expect(throws: JSONWritingError.self) { try node.serializedBytes() }
    }
}

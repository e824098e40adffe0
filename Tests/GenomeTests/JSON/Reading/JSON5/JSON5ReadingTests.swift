// JSON5 reading, feature by feature (https://spec.json5.org), with the errors and their locations, and the
// strict default's refusal of every feature.

import Genome
import Testing

@Suite struct JSON5ReadingTests {
    // MARK: - Options

    @Test func json5PresetSetsEverySwitchItImplies() {
        let options = Node.ReadingOptions.json5
        #expect(options.allowsJSON5 && options.allowsComments && options.allowsTrailingCommas)
        #expect(options.allowsNonFiniteNumbers && !options.rejectsDuplicateKeys && options.maximumDepth == 512)
        #expect(!Node.ReadingOptions.strict.allowsJSON5 && !Node.ReadingOptions.lenient.allowsJSON5)
    }

    /// `allowsJSON5` alone turns on the leniencies JSON5 includes, whatever their own switches say.
    @Test func allowsJSON5AloneImpliesCommentsTrailingCommasAndNonFiniteNumbers() {
        var options = Node.ReadingOptions()
        options.allowsJSON5 = true
        expectParses(
            "[1, /* two */ Infinity, -Infinity, ] // end", options: options,
            to: [
                1, .number(.double(.infinity)), .number(.double(-.infinity)),
            ])
        #expect((try? Node(json: "NaN", options: options))?.double?.isNaN == true)
    }

    /// Every JSON5 feature, one document each, is an error in the strict default and with `.lenient`, which
    /// covers only comments, trailing commas and unsigned non-finite numbers.
    @Test(arguments: [
        "'single'", "{key: 1}", "{'key': 1}", "0x1F", ".5", "5.", "+1", "+Infinity", "-NaN", "\"a\\\nb\"",
        "\"\\v\"", "\"\\x41\"", "\"\\'\"", "\"\\0\"", "\"a\tb\"", "\u{A0}1", "\u{2028}1", "\u{0B}1", "\u{0C}1",
        "1\u{FEFF}",
    ])
    func json5FeatureIsRejectedWithoutTheOption(_ json: String) {
        #expect(throws: JSONSyntaxError.self) { try Node(json: json) }
        #expect(throws: JSONSyntaxError.self) { try Node(json: json, options: .lenient) }
        #expect(throws: Never.self) { try Node(json: json, options: .json5) }
    }

    // MARK: - Comments and commas

    @Test func commentsAndTrailingCommas() {
        expectParses("/* a */ [1, // one\n 2, /* two */ ] // after", options: .json5, to: [1, 2])
        expectParses("{a: 1, /** b **/ 'b': 2,}", options: .json5, to: ["a": 1, "b": 2])
        // A line comment ends at any JSON5 line terminator, U+2028 and U+2029 included.
        expectParses("// comment\u{2028}1", options: .json5, to: 1)
        expectParses("// comment\u{2029}[2]", options: .json5, to: [2])
        expectParses("// comment\r3", options: .json5, to: 3)
    }

    @Test func commaErrors() {
        expectSyntaxError("[1,,]", options: .json5, kind: .unexpectedCharacter, offset: 3)
        expectSyntaxError("[,]", options: .json5, kind: .unexpectedCharacter, offset: 1)
        expectSyntaxError("{a: 1,,}", options: .json5, kind: .unexpectedCharacter, offset: 6)
        expectSyntaxError("{,}", options: .json5, kind: .unexpectedCharacter, offset: 1)
        expectSyntaxError("[1 2]", options: .json5, kind: .unexpectedCharacter, offset: 3)
    }

    @Test func commentErrors() {
        let error = expectSyntaxError("[1, /* open\n\n", options: .json5, kind: .unexpectedEndOfInput, offset: 4)
        #expect(error?.reason == "expected '*/' to close the comment that starts here")
        expectSyntaxError("// only a comment", options: .json5, kind: .unexpectedEndOfInput, offset: 17)
        expectSyntaxError("[1 / 2]", options: .json5, kind: .unexpectedCharacter, offset: 4)
    }

    // MARK: - Whitespace

    @Test func json5WhitespaceBetweenTokens() {
        let spaces = [
            "\u{0B}", "\u{0C}", "\u{A0}", "\u{FEFF}", "\u{2028}", "\u{2029}", "\u{1680}", "\u{2000}", "\u{2005}",
            "\u{200A}", "\u{202F}", "\u{205F}", "\u{3000}",
        ]
        for space in spaces {
            expectParses(
                "\(space)[\(space)1\(space),\(space){\(space)a\(space):\(space)2\(space)}\(space)]\(space)",
                options: .json5, to: [1, ["a": 2]])
        }
    }

    /// Characters that look like space but are not JSON5 whitespace: format characters and C1 controls.
    @Test func otherInvisibleCharactersAreNotWhitespace() {
        expectSyntaxError("[1,\u{200B}2]", options: .json5, kind: .unexpectedCharacter, offset: 3, column: 4)
        expectSyntaxError("[1,\u{85}2]", options: .json5, kind: .unexpectedCharacter, offset: 3)
        expectSyntaxError("[1,\u{180E}2]", options: .json5, kind: .unexpectedCharacter, offset: 3)
        expectSyntaxError(
            [UInt8(ascii: "["), 0xC2, UInt8(ascii: "]")], options: .json5, kind: .unexpectedCharacter, offset: 1)
    }

    // MARK: - Strings

    @Test func singleAndDoubleQuotedStrings() {
        expectParses(
            #"['It\'s', "say \"hi\"", 'say "hi"', "It's", '']"#, options: .json5,
            to: [
                "It's", "say \"hi\"", "say \"hi\"", "It's", "",
            ])
        expectParses("'é and 😀'", options: .json5, to: "é and 😀")
    }

    @Test func json5Escapes() {
        expectParses(#"'\b\f\n\r\t\v\0\/\\'"#, options: .json5, to: "\u{8}\u{C}\n\r\t\u{B}\u{0}/\\")
        expectParses(#"'\x41\x7a\xE9\x00'"#, options: .json5, to: "Az\u{E9}\u{0}")
        expectParses(#"'\u00e9\uD83D\uDE00'"#, options: .json5, to: "é😀")
        // Any other character escaped is itself, non-ASCII ones included.
        expectParses(#"'\a\q\ \é\😀\"'"#, options: .json5, to: "aq é😀\"")
        expectParses(#""\'\a""#, options: .json5, to: "'a")
        // \0 then a non-digit is NUL.
        expectParses(#"'\0a'"#, options: .json5, to: "\u{0}a")
    }

    @Test func lineContinuations() {
        for terminator in ["\n", "\r", "\r\n", "\u{2028}", "\u{2029}"] {
            expectParses("'one \\\(terminator)two'", options: .json5, to: "one two")
            expectParses("\"one \\\(terminator)two\"", options: .json5, to: "one two")
        }
    }

    /// U+2028 and U+2029 may appear raw in JSON5 strings, and so may any other character but the quote, a
    /// backslash and a line break: raw control characters too.
    @Test func rawCharactersInStrings() {
        expectParses("'a\u{2028}b\u{2029}c'", options: .json5, to: "a\u{2028}b\u{2029}c")
        expectParses("'tab\there'", options: .json5, to: "tab\there")
        expectParses("\"nul\u{0}bell\u{7}\"", options: .json5, to: "nul\u{0}bell\u{7}")
    }

    @Test func stringErrors() {
        var error = expectSyntaxError(
            "{a: 'one\ntwo'}", options: .json5, kind: .controlCharacterInString, offset: 8, line: 1, column: 9)
        #expect(error?.reason.hasPrefix("expected \"'\" before the end of the line") == true)
        expectSyntaxError("[\"one\rtwo\"]", options: .json5, kind: .controlCharacterInString, offset: 5)
        error = expectSyntaxError("['abc", options: .json5, kind: .unexpectedEndOfInput, offset: 5)
        #expect(error?.reason == "expected \"'\" to close the string that starts at byte 1")
        expectSyntaxError("['a\\'", options: .json5, kind: .unexpectedEndOfInput, offset: 5)
        expectSyntaxError("'a\\", options: .json5, kind: .unexpectedEndOfInput, offset: 3)
        // No octal escapes: \1 to \9, and \0 before a digit.
        expectSyntaxError(#"'\1'"#, options: .json5, kind: .invalidEscape, offset: 2)
        expectSyntaxError(#"'ab\01'"#, options: .json5, kind: .invalidEscape, offset: 5)
        expectSyntaxError(#"'\08'"#, options: .json5, kind: .invalidEscape, offset: 3)
        // \x takes exactly two hex digits; \u four.
        expectSyntaxError(#"'\x4'"#, options: .json5, kind: .invalidEscape, offset: 4)
        expectSyntaxError(#"'\xZZ'"#, options: .json5, kind: .invalidEscape, offset: 3)
        expectSyntaxError(#"'\x4"#, options: .json5, kind: .unexpectedEndOfInput, offset: 4)
        expectSyntaxError(#"'\u12'"#, options: .json5, kind: .invalidEscape, offset: 5)
        expectSyntaxError(#"'\uD800'"#, options: .json5, kind: .loneSurrogate, offset: 1)
        expectSyntaxError([UInt8(ascii: "'"), 0xFF, UInt8(ascii: "'")], options: .json5, kind: .invalidUTF8, offset: 1)
        expectSyntaxError(
            [UInt8(ascii: "'"), UInt8(ascii: "\\"), UInt8(ascii: "n"), 0xC3, UInt8(ascii: "'")], options: .json5,
            kind: .invalidUTF8, offset: 3)
    }

    // MARK: - Keys

    @Test func unquotedKeys() {
        expectParses(
            "{a: 1, $b: 2, _c3: 3, null: 4, true: 5, while: 6, 'q': 7, \"d\": 8}", options: .json5,
            to: ["a": 1, "$b": 2, "_c3": 3, "null": 4, "true": 5, "while": 6, "q": 7, "d": 8])
        // Unicode letters (Lu, Ll, Lt, Lm, Lo, Nl) start an identifier; combining marks, digits of any script,
        // connector punctuation, ZWNJ and ZWJ may follow.
        expectParses(
            "{ümlåût: 1, Σσ: 2, 名前: 3, ǅx: 4, ʰ: 5, Ⅻ: 6, e\u{301}: 7, x٣: 8, a‿b: 9, a\u{200C}b: 10, 𝑥: 11}",
            options: .json5,
            to: [
                "ümlåût": 1, "Σσ": 2, "名前": 3, "ǅx": 4, "ʰ": 5, "Ⅻ": 6, "e\u{301}": 7, "x٣": 8, "a‿b": 9,
                "a\u{200C}b": 10, "𝑥": 11,
            ])
    }

    @Test func unicodeEscapesInKeys() {
        // `ab` twice: the first position, the last value.
        expectParses(
            #"{sig\u03A3ma: 1, \u0061b: 2, a\u0062: 3, \u00FCber: 4}"#, options: .json5,
            to: [
                "sigΣma": 1, "ab": 3, "über": 4,
            ])
        // An escaped key is the same key as the unescaped one.
        var options = Node.ReadingOptions.json5
        options.rejectsDuplicateKeys = true
        expectSyntaxError(#"{ab: 1, \u0061b: 2}"#, options: options, kind: .duplicateKey, offset: 8)
        expectSyntaxError(#"{ab: 1, "ab": 2}"#, options: options, kind: .duplicateKey, offset: 8)
        expectSyntaxError(#"{ab: 1, 'ab': 2}"#, options: options, kind: .duplicateKey, offset: 8)
    }

    @Test func keyErrors() {
        // The reference parser's locations for these are pinned by JSON5TestSuiteTests.
        var error = expectSyntaxError("{1a: 1}", options: .json5, kind: .unexpectedCharacter, offset: 1)
        #expect(error?.reason == "expected a key: a string or an identifier")
        expectSyntaxError("{a-b: 1}", options: .json5, kind: .unexpectedCharacter, offset: 2)
        expectSyntaxError("{a b: 1}", options: .json5, kind: .unexpectedCharacter, offset: 3)
        expectSyntaxError("{\u{301}a: 1}", options: .json5, kind: .unexpectedCharacter, offset: 1)
        expectSyntaxError("{٣a: 1}", options: .json5, kind: .unexpectedCharacter, offset: 1)
        expectSyntaxError("{a", options: .json5, kind: .unexpectedEndOfInput, offset: 2)
        expectSyntaxError("{", options: .json5, kind: .unexpectedEndOfInput, offset: 1)
        // An escape must name an identifier character, and only \u escapes exist in identifiers.
        error = expectSyntaxError(#"{a\u002Db: 1}"#, options: .json5, kind: .invalidEscape, offset: 2)
        #expect(error?.found == "\\u002D")
        expectSyntaxError(#"{\u0031: 1}"#, options: .json5, kind: .invalidEscape, offset: 1)
        expectSyntaxError(#"{\uD835\uDC65: 1}"#, options: .json5, kind: .invalidEscape, offset: 1)
        expectSyntaxError(#"{a\x41: 1}"#, options: .json5, kind: .invalidEscape, offset: 3)
        expectSyntaxError(#"{a\u00G1: 1}"#, options: .json5, kind: .invalidEscape, offset: 6)
        expectSyntaxError([UInt8(ascii: "{"), UInt8(ascii: "a"), 0xFF], options: .json5, kind: .invalidUTF8, offset: 2)
        expectSyntaxError("{ü\u{A0}x: 1}", options: .json5, kind: .unexpectedCharacter, offset: 5, column: 4)
    }

    // MARK: - Numbers

    @Test func hexadecimalIntegersAreExact() throws {
        expectParses(
            "[0x0, 0x1f, 0X1F, 0xDeadBeef, +0x10, -0x10]", options: .json5,
            to: [
                0, 31, 31, 0xDEAD_BEEF, 16, -16,
            ])
        #expect(try Node(json: "0x7FFFFFFFFFFFFFFF", options: .json5) == .number(.int(.max)))
        #expect(try Node(json: "0x8000000000000000", options: .json5) == .number(.uint(1 << 63)))
        #expect(try Node(json: "0xFFFFFFFFFFFFFFFF", options: .json5) == .number(.uint(.max)))
        #expect(try Node(json: "0x00000000000000000000001", options: .json5) == .number(.int(1)))
        #expect(try Node(json: "-0x8000000000000000", options: .json5) == .number(.int(.min)))
        expectDouble(try? Node(json: "-0x0", options: .json5), -0.0)
    }

    @Test func hexadecimalErrors() {
        var error = expectSyntaxError("[0x10000000000000000]", options: .json5, kind: .numberOutOfRange, offset: 1)
        #expect(error?.reason == "expected a hexadecimal number within 64 bits (up to 0xFFFFFFFFFFFFFFFF)")
        error = expectSyntaxError("[1, -0x8000000000000001]", options: .json5, kind: .numberOutOfRange, offset: 4)
        #expect(error?.reason == "expected a negative hexadecimal number within Int64 (down to -0x8000000000000000)")
        expectSyntaxError("0x", options: .json5, kind: .unexpectedEndOfInput, offset: 2)
        expectSyntaxError("[0xG]", options: .json5, kind: .invalidNumber, offset: 3)
        expectSyntaxError("0x1.5", options: .json5, kind: .unexpectedContent, offset: 3)
        expectSyntaxError("1e0x4", options: .json5, kind: .unexpectedContent, offset: 3)
    }

    @Test func decimalPointsSignsAndExponents() throws {
        expectParses(
            "[.5, 5., +.5, -.5, +5., -5., 1.e2, .5e1, +1, +1.5, +1e2, -0., +0]", options: .json5,
            to: [
                0.5, 5.0, 0.5, -0.5, 5.0, -5.0, 100.0, 5.0, 1, 1.5, 100.0, -0.0, 0,
            ])
        #expect(try Node(json: "+15", options: .json5) == .number(.int(15)))
        #expect(try Node(json: "5.", options: .json5) == .number(.double(5)))
        #expect(try Node(json: "+18446744073709551615", options: .json5) == .number(.uint(.max)))
        expectDouble(try? Node(json: "-.0", options: .json5), -0.0)
        expectDouble(try? Node(json: "-0.", options: .json5), -0.0)
        // A leading or trailing point changes nothing about rounding: the same double as the JSON spelling.
        let long = "1234567890123456789012345678901234567890"
        #expect(try Node(json: ".\(long)", options: .json5) == Node(json: "0.\(long)"))
        #expect(try Node(json: "\(long).", options: .json5) == Node(json: "\(long).0"))
        #expect(try Node(json: "+.\(long)e-300", options: .json5) == Node(json: "0.\(long)e-300"))
    }

    @Test func nonFiniteNumbersWithEitherSign() throws {
        expectParses(
            "[Infinity, +Infinity, -Infinity]", options: .json5,
            to: [
                .number(.double(.infinity)), .number(.double(.infinity)), .number(.double(-.infinity)),
            ])
        for json in ["NaN", "+NaN", "-NaN"] {
            #expect(try Node(json: json, options: .json5).double?.isNaN == true, "\(json)")
        }
        expectSyntaxError("+Inf", options: .json5, kind: .unexpectedEndOfInput, offset: 4)
        expectSyntaxError("[-Nan]", options: .json5, kind: .unexpectedCharacter, offset: 4)
    }

    @Test func numberErrors() {
        // No octal: a leading zero is an error at the digit after it, with or without a sign.
        for json in ["00", "010", "-01", "+01", "00.5", "+00"] {
            let offset = json.first == "0" ? 1 : 2
            expectSyntaxError(json, options: .json5, kind: .invalidNumber, offset: offset)
        }
        var error = expectSyntaxError("[.]", options: .json5, kind: .invalidNumber, offset: 2)
        #expect(error?.reason == "expected a digit after '.'")
        error = expectSyntaxError("[+x]", options: .json5, kind: .invalidNumber, offset: 2)
        #expect(error?.reason == "expected a digit, '.', 'Infinity' or 'NaN' after the sign")
        expectSyntaxError("-.", options: .json5, kind: .unexpectedEndOfInput, offset: 2)
        expectSyntaxError("+", options: .json5, kind: .unexpectedEndOfInput, offset: 1)
        expectSyntaxError("+-1", options: .json5, kind: .invalidNumber, offset: 1)
        expectSyntaxError("-+1", options: .json5, kind: .invalidNumber, offset: 1)
        expectSyntaxError("1.e", options: .json5, kind: .unexpectedEndOfInput, offset: 3)
        expectSyntaxError("[.e1]", options: .json5, kind: .invalidNumber, offset: 2)
        expectSyntaxError("1e2.3", options: .json5, kind: .unexpectedContent, offset: 3)
        // Beyond Double's range is an exact number, as in JSON; its text is the JSON spelling of the value.
        expectExact(parsed("[+1e400]", options: .json5)?[0], "1e400", double: .infinity)
        expectExact(parsed("[-.1e400]", options: .json5)?[0], "-0.1e400", double: -.infinity)
        expectExact(parsed("[5.e-400]", options: .json5)?[0], "5.0e-400", double: 0)
    }

    // MARK: - Whole documents and locations

    @Test func errorLocationsCountLinesAndScalars() {
        let document = """
            // settings
            {
              name: 'Rover',\u{3000}
              size: 0x1G,
            }
            """
        let error = expectSyntaxError(document, options: .json5, kind: .unexpectedCharacter, line: 4, column: 12)
        #expect(error?.reason == "expected ',' or '}' after an object member")
        #expect(error?.found == "'G'")
    }

    @Test func depthLimitStillApplies() {
        var options = Node.ReadingOptions.json5
        options.maximumDepth = 2
        expectParses("[{a: 1,},]", options: options, to: [["a": 1]])
        expectSyntaxError("[{a: [],},]", options: options, kind: .tooDeeplyNested, offset: 5)
    }

    /// What JSON5 reads is a plain node: it writes as JSON that the strict reader reads back.
    @Test func json5NodesWriteAsJSON() throws {
        let node = try Node(json: "{a: 'x\\ty', 'b': [0x10, .5, +1,], c: null, // done\n}", options: .json5)
        let text = try node.serialized()
        #expect(text == #"{"a":"x\ty","b":[16,0.5,1],"c":null}"#)
        #expect(try Node(json: text) == node)
    }
}

/// Randomly mutated JSON5 documents: the reader never traps, every error points inside the input, and whatever
/// the strict reader accepts the JSON5 reader reads to the same node (JSON5 is a superset of JSON).
@Suite struct JSON5MutationTests {
    static let seeds = [
        "{a: 'x\\'y', \"b\": [0x1F, -.5, +5., 1e3, Infinity, -NaN,], /* c */ c: null, // d\n}",
        "{k: ['one \\\ntwo', \"\\x41\\u00e9\\0\"], sig\\u03A3ma: {ümlåût: 1}}",
        "{\"a\": [1, 2.5, -0, \"s\\n\", true, false, null], \"b\": {\"c\": 1e-7}}",
        "\u{FEFF}\u{A0}{\u{2028}k\u{3000}:\u{B}'v'\u{C}}\u{2029}",
    ]

    /// Bytes a mutation writes: JSON5's punctuation and the first bytes of its multi-byte whitespace.
    static let alphabet: [UInt8] =
        Array("{}[]:,'\"\\/*.+-0xXeE19aINu \n\r\t".utf8) + [0xE2, 0x80, 0xA8, 0xC2, 0xA0, 0xFF]

    @Test func seedsAreValidJSON5() {
        for seed in Self.seeds {
            #expect(throws: Never.self) { try Node(json: seed, options: .json5) }
        }
    }

    @Test(arguments: seeds.indices)
    func mutationsNeverTrapAndJSONStaysJSON(_ seedIndex: Int) {
        var random = SeededGenerator(seed: UInt64(seedIndex) &+ 0x5EED)
        let seed = Array(Self.seeds[seedIndex].utf8)
        var accepted = 0
        for _ in 0..<3_000 {
            var bytes = seed
            for _ in 0..<Int.random(in: 1...3, using: &random) {
                let index = Int.random(in: 0..<max(bytes.count, 1), using: &random)
                let byte = Self.alphabet.randomElement(using: &random)!
                switch Int.random(in: 0..<4, using: &random) {
                case 0 where !bytes.isEmpty: bytes[index] = byte
                case 1: bytes.insert(byte, at: min(index, bytes.count))
                case 2 where !bytes.isEmpty: bytes.remove(at: index)
                default: bytes.removeLast(Int.random(in: 0...min(3, bytes.count), using: &random))
                }
            }
            switch readResult(bytes, options: .json5) {
            case .success(let node):
                accepted += 1
                if case .success(let strict) = readResult(bytes) {
                    #expect(node == strict, "\(bytes)")
                }
            case .failure(let error):
                #expect(error.offset >= 0 && error.offset <= bytes.count && error.line >= 1 && error.column >= 1)
                if case .success(let strict) = readResult(bytes) {
                    Issue.record("JSON the JSON5 reader rejects: \(summary(strict)): \(error)")
                }
            }
        }
        #expect(accepted > 0, "some mutations stay valid")
    }
}

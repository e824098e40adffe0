// What a user sees when the reader rejects a document: the kind, the exact location (byte offset, line and
// column) and the description's text; and how each reading option changes what is accepted.

import Genome
import Testing

@Suite struct ReaderErrorTests {
    // MARK: - Descriptions

    @Test func anArrayClosedByABraceIsDescribedWithASnippetAndCaret() {
        let error = expectSyntaxError("[1, 2}", kind: .unexpectedCharacter, offset: 5, line: 1, column: 6)
        #expect(
            error?.description == """
                JSONSyntaxError at line 1, column 6 (byte 5): expected ',' or ']' after an array element but found '}'
                  near: [1, 2}
                             ^
                """)
        #expect(error?.reason == "expected ',' or ']' after an array element")
        #expect(error?.found == "'}'")
        #expect(error?.snippet == "[1, 2}")
    }

    /// The example in `JSONSyntaxError`'s documentation prints exactly as documented.
    @Test func theDocumentedExampleDescribesItselfAsDocumented() {
        let error = expectSyntaxError(#"{"a": [1, 2}"#, kind: .unexpectedCharacter, offset: 11, line: 1, column: 12)
        #expect(
            error?.description == """
                JSONSyntaxError at line 1, column 12 (byte 11): expected ',' or ']' after an array element but found '}'
                  near: {"a": [1, 2}
                                   ^
                """)
    }

    @Test func anEmptyDocumentIsDescribedWithoutASnippet() {
        let error = expectSyntaxError("", kind: .unexpectedEndOfInput, offset: 0, line: 1, column: 1)
        #expect(
            error?.description
                == "JSONSyntaxError at line 1, column 1 (byte 0): expected a JSON value but found the end of the input")
    }

    @Test func contentAfterTheTopLevelValueIsDescribed() {
        let error = expectSyntaxError("[1] x", kind: .unexpectedContent, offset: 4, line: 1, column: 5)
        #expect(
            error?.description == """
                JSONSyntaxError at line 1, column 5 (byte 4): expected the end of the document after the top-level \
                value but found 'x'
                  near: [1] x
                            ^
                """)
    }

    @Test func aMissingColonIsDescribed() {
        let error = expectSyntaxError(#"{"a" 1}"#, kind: .unexpectedCharacter, offset: 5)
        #expect(
            error?.description == """
                JSONSyntaxError at line 1, column 6 (byte 5): expected ':' after an object key but found '1'
                  near: {"a" 1}
                             ^
                """)
    }

    @Test func anUnterminatedStringIsDescribedWithWhereItStarts() {
        let error = expectSyntaxError(#"["ab", "cd"#, kind: .unexpectedEndOfInput, offset: 10)
        #expect(
            error?.description == """
                JSONSyntaxError at line 1, column 11 (byte 10): expected '"' to close the string that starts at byte 7 \
                but found the end of the input
                  near: ["ab", "cd
                                  ^
                """)
    }

    @Test func aDuplicateKeyIsDescribedByName() {
        var options = Node.ReadingOptions()
        options.rejectsDuplicateKeys = true
        let error = expectSyntaxError(
            #"{"a":1,"b":2,"a":3}"#, options: options, kind: .duplicateKey, offset: 13, line: 1, column: 14)
        #expect(
            error?.description == """
                JSONSyntaxError at line 1, column 14 (byte 13): expected unique keys in an object \
                (ReadingOptions.rejectsDuplicateKeys) but found a second "a"
                  near: {"a":1,"b":2,"a":3}
                                     ^
                """)
    }

    @Test func unprintableBytesAreNamedInWhatWasFound() {
        #expect(expectSyntaxError([UInt8(ascii: "["), 0xFF], kind: .unexpectedCharacter)?.found == "the byte 0xFF")
        #expect(
            expectSyntaxError(#"["a\#u{01}"]"#, kind: .controlCharacterInString)?.found
                == "the control character U+0001")
        #expect(expectSyntaxError("[\"a\tb\"]", kind: .controlCharacterInString)?.found == "a tab")
        #expect(expectSyntaxError("[\"a\nb\"]", kind: .controlCharacterInString)?.found == "a line break")
    }

    // MARK: - Lines and columns

    @Test func linesEndAtLineFeeds() {
        let error = expectSyntaxError("[\n  1,\n  x]", kind: .unexpectedCharacter, offset: 9, line: 3, column: 3)
        #expect(error?.snippet == "  x]", "the snippet stays on the error's line")
    }

    @Test func linesEndAtCarriageReturnLineFeedsCountedOnce() {
        let error = expectSyntaxError("[\r\n  1,\r\n  x]", kind: .unexpectedCharacter, offset: 11, line: 3, column: 3)
        #expect(error?.snippet == "  x]")
    }

    @Test func linesEndAtLoneCarriageReturns() {
        let error = expectSyntaxError("[\r  1,\r  x]", kind: .unexpectedCharacter, offset: 9, line: 3, column: 3)
        #expect(error?.snippet == "  x]")
    }

    /// `\r\n`, `\n`, `\r` (alone), `\n`, `\r\n`: five line ends, so the error is on line 6.
    @Test func mixedLineEndingsAreEachCountedOnce() {
        expectSyntaxError("[\r\n\n\r1,\n\r\n x]", kind: .unexpectedCharacter, offset: 11, line: 6, column: 2)
    }

    @Test func anErrorAtTheStartOfALineIsInColumnOne() {
        expectSyntaxError("[1,\n]", kind: .unexpectedCharacter, offset: 4, line: 2, column: 1)
    }

    /// A raw line break inside a string is itself the error, on the line it ends.
    @Test func anErrorAtALineBreakIsOnTheLineItEnds() {
        expectSyntaxError("[\"ab\ncd\"]", kind: .controlCharacterInString, offset: 4, line: 1, column: 5)
    }

    /// 日本語 is nine bytes but three columns.
    @Test func columnsCountScalarsNotBytes() {
        expectSyntaxError(#"["日本語", x]"#, kind: .unexpectedCharacter, offset: 14, line: 1, column: 9)
    }

    /// A combining accent is a scalar of its own; an emoji is one scalar of four bytes.
    @Test func columnsCountCombiningMarksAndEmojiAsScalars() {
        expectSyntaxError("[\"e\u{301}😀\", x]", kind: .unexpectedCharacter, offset: 12, line: 1, column: 9)
    }

    @Test func columnsCountScalarsOnLaterLines() {
        let error = expectSyntaxError(
            "[\n\"日本\",\r\n  \"語\", x]", kind: .unexpectedCharacter, offset: 22, line: 3, column: 8)
        #expect(error?.snippet == #"  "語", x]"#)
    }

    @Test func lineNumbersStayExactInALongDocument() {
        let json = "[\n" + String(repeating: "1,\n", count: 200_000) + "x]"
        expectSyntaxError(json, kind: .unexpectedCharacter, offset: json.utf8.count - 2, line: 200_002, column: 1)
    }

    // MARK: - Snippets stay short

    /// A 5 MB document on one line: the description quotes only the end of it.
    @Test func aFiveMegabyteSingleLineDocumentHasAShortDescription() throws {
        let json = "[" + String(repeating: "1,", count: 2_500_000) + "1}"
        let count = json.utf8.count
        let error = try #require(
            expectSyntaxError(json, kind: .unexpectedCharacter, offset: count - 1, line: 1, column: count))
        #expect(error.description.count < 300, "\(error.description.count) characters")
        #expect(error.snippet == "…" + String(repeating: ",1", count: 12) + "}")
        #expect(error.description.hasSuffix("^"))
    }

    @Test func anErrorInTheMiddleOfAHugeLineIsQuotedWithEllipsesOnBothSides() throws {
        let half = String(repeating: "1,", count: 1_250_000)
        let json = "[" + half + "x," + half + "1]"
        let error = try #require(
            expectSyntaxError(json, kind: .unexpectedCharacter, offset: 1 + half.utf8.count))
        #expect(error.description.count < 300, "\(error.description.count) characters")
        #expect(
            error.snippet == "…" + String(repeating: "1,", count: 12) + "x," + String(repeating: "1,", count: 7) + "…")
    }

    @Test func aHugeDuplicateKeyIsQuotedShort() throws {
        var options = Node.ReadingOptions()
        options.rejectsDuplicateKeys = true
        let key = String(repeating: "k", count: 1_000_000)
        let json = #"{"\#(key)":1,"\#(key)":2}"#
        let error = try #require(
            expectSyntaxError(json, options: options, kind: .duplicateKey, offset: key.utf8.count + 6))
        #expect(error.description.count < 300, "\(error.description.count) characters")
        #expect(error.found.hasPrefix("a second \"" + String(repeating: "k", count: 40) + "…"))
    }

    // MARK: - Numbers

    @Test func leadingZerosAreInvalidNumbers() {
        expectSyntaxError("01", kind: .invalidNumber, offset: 1)
        expectSyntaxError("-01", kind: .invalidNumber, offset: 2)
        expectSyntaxError("[00]", kind: .invalidNumber, offset: 2)
        expectSyntaxError("[-012]", kind: .invalidNumber, offset: 3)
    }

    /// `true`, `false` and `null` are matched as whole words; a cut-short or misspelt one is reported at the first
    /// byte that differs, by the tree reader and by the tape that `NodeDecoder` reads alike.
    @Test(arguments: [
        ("fals", JSONSyntaxError.Kind.unexpectedEndOfInput, 4), ("falsy", .unexpectedCharacter, 4),
        ("[fAlse]", .unexpectedCharacter, 2), ("tru", .unexpectedEndOfInput, 3), ("trUe", .unexpectedCharacter, 2),
        ("[nul]", .unexpectedCharacter, 4), ("{\"a\":nulL}", .unexpectedCharacter, 8), ("n", .unexpectedEndOfInput, 1),
        ("[true,fals", .unexpectedEndOfInput, 10), ("nulll", .unexpectedContent, 4),
        ("falsefalse", .unexpectedContent, 5),
    ])
    func aBrokenLiteralIsReportedWhereItGoesWrong(_ text: String, _ kind: JSONSyntaxError.Kind, _ offset: Int) {
        expectSyntaxError(text, kind: kind, offset: offset)
        do {
            _ = try NodeDecoder().decode(Node.self, fromJSON: text)
            Issue.record("NodeDecoder accepted \(text)")
        } catch {
            guard case .dataCorrupted(let context) = error as? DecodingError,
                let syntax = context.underlyingError as? JSONSyntaxError
            else {
                Issue.record("NodeDecoder threw \(error)")
                return
            }
            #expect(syntax.kind == kind && syntax.offset == offset, "\(syntax)")
        }
    }

    @Test func literalsAreReadWhereverTheyStand() {
        expectParses("[true,false,null]", to: [true, false, nil])
        expectParses(#"{"t":true,"f":false,"n":null}"#, to: ["t": true, "f": false, "n": nil])
        expectParses("false", to: false)
        expectParses(" null ", to: nil)
    }

    @Test func aMinusSignAloneIsRejected() {
        expectSyntaxError("-", kind: .unexpectedEndOfInput, offset: 1)
        expectSyntaxError("[-]", kind: .invalidNumber, offset: 2)
        expectSyntaxError("[- 1]", kind: .invalidNumber, offset: 2)
    }

    @Test func aFractionNeedsDigitsOnBothSides() {
        expectSyntaxError("1.", kind: .unexpectedEndOfInput, offset: 2)
        expectSyntaxError("[1.]", kind: .invalidNumber, offset: 3)
        expectSyntaxError("[1.e5]", kind: .invalidNumber, offset: 3)
        expectSyntaxError(".5", kind: .unexpectedCharacter, offset: 0)
        expectSyntaxError("[-.5]", kind: .invalidNumber, offset: 2)
    }

    @Test func anExponentNeedsDigits() {
        expectSyntaxError("1e", kind: .unexpectedEndOfInput, offset: 2)
        expectSyntaxError("[1e]", kind: .invalidNumber, offset: 3)
        expectSyntaxError("[1E+]", kind: .invalidNumber, offset: 4)
        expectSyntaxError("[1e-x]", kind: .invalidNumber, offset: 4)
    }

    @Test func aLeadingPlusIsRejected() {
        expectSyntaxError("+1", kind: .unexpectedCharacter, offset: 0)
        expectSyntaxError("[+1]", kind: .unexpectedCharacter, offset: 1)
    }

    /// A number beyond Double's range is not an error: the node keeps its text (DESIGN.md, "Numbers"), and
    /// decoding it into a Double is the error, with its path.
    @Test func numbersBeyondDoublesRangeKeepTheirText() throws {
        expectExact(parsed("1e400"), "1e400", double: .infinity)
        expectExact(parsed("[-1e400]")?[0], "-1e400", double: -.infinity)
        expectExact(parsed("[1.7976931348623159e308]")?[0], "1.7976931348623159e308", double: .infinity)
        #expect(try Node(json: "[1e400,-1E+400]").serialized() == "[1e400,-1E+400]")
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(Double.self, fromJSON: "1e400") }
        #expect(throws: TypeMismatchError.self) { try Double.decode(Node(json: "1e400")) }
    }

    @Test func numbersBelowDoublesRangeKeepTheirText() throws {
        expectExact(parsed("1e-400"), "1e-400", double: 0.0)
        expectExact(parsed("-1e-400"), "-1e-400", double: -0.0)
        expectExact(parsed("[-123e-10000000]")?[0], "-123e-10000000", double: -0.0)
        expectDouble(parsed("4.9406564584124654e-324"), .leastNonzeroMagnitude)
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(Double.self, fromJSON: "1e-400") }
        #expect(try Node(json: "1e-400") != 0, "a value too small for a Double is still not zero")
    }

    /// The exponent alone says nothing: zero stays zero, and digits and exponent balance out.
    @Test func hugeExponentsAreWeighedAgainstTheDigits() {
        expectDouble(parsed("0e99999999999999999999"), 0.0)
        expectDouble(parsed("-0.0e400"), -0.0)
        expectExact(parsed("1e-99999999999999999999"), "1e-99999999999999999999", double: 0.0)
        expectDouble(parsed("0." + String(repeating: "0", count: 399) + "1e400"), 1.0)
        expectDouble(parsed("1" + String(repeating: "0", count: 400) + "e-400"), 1.0)
        let huge = "0." + String(repeating: "0", count: 300) + "1e700"
        expectExact(parsed(huge), huge, double: .infinity)
        #expect(parsed(huge) == parsed("1e399"), "equal values, whatever their spelling")
    }

    @Test func integersAtTheEdgesOf64BitsStayExact() {
        #expect(parsed("9223372036854775807") == .number(.int(.max)))
        #expect(parsed("-9223372036854775808") == .number(.int(.min)))
        guard case .number(.uint(let unsigned))? = parsed("18446744073709551615") else {
            Issue.record("UInt64.max should read as .uint")
            return
        }
        #expect(unsigned == .max)
    }

    @Test func integersBeyond64BitsKeepTheirDigits() throws {
        expectExact(parsed("18446744073709551616"), "18446744073709551616", double: 18446744073709551616.0)
        expectExact(parsed("-9223372036854775809"), "-9223372036854775809", double: -9223372036854775809.0)
        expectExact(parsed("100000000000000000000"), "100000000000000000000", double: 1e20)
        #expect(try Node(json: "[18446744073709551617]").serialized() == "[18446744073709551617]")
        // Equal by value: the exact 2^64 is the double 2^64.
        #expect(parsed("18446744073709551616") == .number(.double(18446744073709551616.0)))
        #expect(parsed("18446744073709551617") != .number(.double(18446744073709551616.0)))
    }

    // MARK: - Other grammar errors

    @Test func invalidEscapesAreRejectedAtTheBadCharacter() {
        expectSyntaxError(#"["\x"]"#, kind: .invalidEscape, offset: 3)
        expectSyntaxError(#"["\u12G4"]"#, kind: .invalidEscape, offset: 6)
        expectSyntaxError(#"["\U0041"]"#, kind: .invalidEscape, offset: 3)
        expectSyntaxError(#"["\u004"]"#, kind: .invalidEscape, offset: 7)
    }

    @Test func misspelledLiteralsAreRejectedAtTheFirstWrongLetter() {
        expectSyntaxError("tru", kind: .unexpectedEndOfInput, offset: 3)
        expectSyntaxError("[trux]", kind: .unexpectedCharacter, offset: 4)
        expectSyntaxError("[nul]", kind: .unexpectedCharacter, offset: 4)
        expectSyntaxError("[True]", kind: .unexpectedCharacter, offset: 1)
        expectSyntaxError("[falsey]", kind: .unexpectedCharacter, offset: 6)
    }

    @Test func objectKeysMustBeStrings() {
        let error = expectSyntaxError("{1:2}", kind: .unexpectedCharacter, offset: 1)
        #expect(error?.reason == "expected a string key")
    }

    // MARK: - The input collection

    /// Offsets count from the start of the collection handed in, whatever its indices or storage.
    @Test func everyKindOfInputCollectionReportsTheSameError() throws {
        let text = #"{"a": [1, 2}"#
        let bytes = Array(text.utf8)
        let slice = (Array("xyz".utf8) + bytes)[3...]
        let errors: [JSONSyntaxError?] = [
            expectSyntaxError(bytes, kind: .unexpectedCharacter, offset: 11),
            expectSyntaxError(text, kind: .unexpectedCharacter, offset: 11),
            catchError { () throws(JSONSyntaxError) in try Node(json: slice) },
            catchError { () throws(JSONSyntaxError) in try Node(json: bytes.lazy.map { $0 }) },
            catchError { () throws(JSONSyntaxError) in try Node(json: text.utf8) },
        ]
        let first = try #require(errors[0])
        for error in errors {
            #expect(error == first)
        }
    }

    // MARK: - Byte order mark

    @Test func aLeadingByteOrderMarkIsSkipped() {
        #expect(parsed([0xEF, 0xBB, 0xBF] + Array("[1]".utf8)) == [1])
        expectSyntaxError([0xEF, 0xBB, 0xBF], kind: .unexpectedEndOfInput, offset: 3)
    }

    @Test func aByteOrderMarkAnywhereElseIsRejected() {
        expectSyntaxError(Array("[1]".utf8) + [0xEF, 0xBB, 0xBF], kind: .unexpectedContent, offset: 3)
        expectSyntaxError([0xEF, 0xBB, 0xBF, 0xEF, 0xBB, 0xBF, 0x31], kind: .unexpectedCharacter, offset: 3)
        expectSyntaxError(Array(" ".utf8) + [0xEF, 0xBB, 0xBF, 0x31], kind: .unexpectedCharacter, offset: 1)
        #expect(parsed("[\"\u{FEFF}\"]")?[0]?.string == "\u{FEFF}", "inside a string it is a character")
    }

    // MARK: - Option: trailing commas

    @Test func trailingCommasAreRejectedByDefault() {
        expectSyntaxError("[1,2,]", kind: .unexpectedCharacter, offset: 5)
        let error = expectSyntaxError(#"{"a":1,}"#, kind: .unexpectedCharacter, offset: 7)
        #expect(error?.reason == "expected a string key")
    }

    @Test func trailingCommasAreAcceptedWhenAllowed() {
        var options = Node.ReadingOptions()
        options.allowsTrailingCommas = true
        expectParses("[1,2,]", options: options, to: [1, 2])
        expectParses(#"{"a":1,}"#, options: options, to: ["a": 1])
        expectParses(#"[ [1 , ] , {"b" : [ ] , } , ]"#, options: options, to: [[1], ["b": []]])
    }

    @Test func onlyOneTrailingCommaAfterAnElementIsAllowed() {
        var options = Node.ReadingOptions()
        options.allowsTrailingCommas = true
        expectSyntaxError("[,]", options: options, kind: .unexpectedCharacter, offset: 1)
        expectSyntaxError("[1,,]", options: options, kind: .unexpectedCharacter, offset: 3)
        expectSyntaxError("{,}", options: options, kind: .unexpectedCharacter, offset: 1)
        expectSyntaxError(#"{"a":1,,}"#, options: options, kind: .unexpectedCharacter, offset: 7)
        expectSyntaxError("[1,", options: options, kind: .unexpectedEndOfInput, offset: 3)
        expectSyntaxError("1,", options: options, kind: .unexpectedContent, offset: 1)
    }

    // MARK: - Option: comments

    @Test func commentsAreRejectedByDefault() {
        expectSyntaxError("// note\n[1]", kind: .unexpectedCharacter, offset: 0)
        expectSyntaxError("[1 /* note */]", kind: .unexpectedCharacter, offset: 3)
    }

    @Test func lineAndBlockCommentsAreSkippedWhenAllowed() {
        var options = Node.ReadingOptions()
        options.allowsComments = true
        let json = """
            // leading line comment
            /* leading
               block comment */ {
              "a" /* before the colon */ : /* after it */ 1, // after a member\r\
              "b": [/**/2 /* *** */, 3 // before a line feed
              ], "c": "// not a comment /* either */"
            } // trailing comment without a line end
            """
        expectParses(json, options: options, to: ["a": 1, "b": [2, 3], "c": "// not a comment /* either */"])
    }

    @Test func anUnterminatedBlockCommentIsAnErrorAtItsStart() {
        var options = Node.ReadingOptions()
        options.allowsComments = true
        let error = expectSyntaxError(
            "[1,\n /* never closed *", options: options, kind: .unexpectedEndOfInput, offset: 5, line: 2, column: 2)
        #expect(error?.reason == "expected '*/' to close the comment that starts here")
        #expect(error?.found == "the end of the input")
    }

    @Test func blockCommentsDoNotNest() {
        var options = Node.ReadingOptions()
        options.allowsComments = true
        expectSyntaxError("/* a /* b */ c */ 1", options: options, kind: .unexpectedCharacter, offset: 13)
    }

    @Test func aSlashThatStartsNoCommentIsRejected() {
        var options = Node.ReadingOptions()
        options.allowsComments = true
        expectSyntaxError("[1 /x]", options: options, kind: .unexpectedCharacter, offset: 4)
        let error = expectSyntaxError("[1 /", options: options, kind: .unexpectedEndOfInput, offset: 4)
        #expect(error?.found == "the end of the input")
    }

    // MARK: - Option: non-finite numbers

    @Test func nonFiniteNumbersAreRejectedByDefault() {
        expectSyntaxError("NaN", kind: .unexpectedCharacter, offset: 0)
        expectSyntaxError("[Infinity]", kind: .unexpectedCharacter, offset: 1)
        expectSyntaxError("[-Infinity]", kind: .invalidNumber, offset: 2)
    }

    @Test func nonFiniteNumbersAreReadWhenAllowed() throws {
        var options = Node.ReadingOptions()
        options.allowsNonFiniteNumbers = true
        let values = try #require(parsed("[NaN, Infinity, -Infinity]", options: options)?.array)
        try #require(values.count == 3)
        #expect(values[0].double?.isNaN == true)
        #expect(values[1].double == .infinity)
        #expect(values[2].double == -.infinity)
        #expect(parsed("-Infinity", options: options)?.double == -.infinity)
    }

    @Test func onlyTheExactNonFiniteSpellingsAreRead() {
        var options = Node.ReadingOptions()
        options.allowsNonFiniteNumbers = true
        expectSyntaxError("[nan]", options: options, kind: .unexpectedCharacter, offset: 2)
        expectSyntaxError("[inf]", options: options, kind: .unexpectedCharacter, offset: 1)
        expectSyntaxError("[-Inf]", options: options, kind: .unexpectedCharacter, offset: 5)
        expectSyntaxError("[+Infinity]", options: options, kind: .unexpectedCharacter, offset: 1)
        expectSyntaxError("[-NaN]", options: options, kind: .invalidNumber, offset: 2)
        expectSyntaxError("[Infinity1]", options: options, kind: .unexpectedCharacter, offset: 9)
    }

    @Test func nonFiniteNumbersReadLenientlyAreNotWritten() {
        guard let node = parsed("[1, NaN]", options: .lenient) else { return }
        #expect(throws: JSONWritingError.self) { try node.serializedBytes() }
    }

    // MARK: - Duplicate keys

    @Test func aRepeatedKeyKeepsItsFirstPositionAndTheLastValueByDefault() throws {
        let object = try #require(parsed(#"{"a":1,"b":2,"a":3}"#)?.object)
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == 3)
        #expect(try Node.object(object).serialized() == #"{"a":3,"b":2}"#)
    }

    /// Objects above 64 members resolve duplicates through their key index; the rule is the same.
    @Test func aRepeatedKeyInALargeObjectKeepsItsFirstPositionAndTheLastValue() throws {
        let members = (0..<100).map { #""k\#($0)":\#($0)"# } + [#""k5":"last""#]
        let object = try #require(parsed("{" + members.joined(separator: ",") + "}")?.object)
        #expect(object.count == 100)
        #expect(object.keys[5] == "k5")
        #expect(object["k5"] == "last")
        #expect(object["k99"] == 99)
    }

    @Test func rejectsDuplicateKeysPointsAtTheSecondKey() {
        var options = Node.ReadingOptions()
        options.rejectsDuplicateKeys = true
        expectSyntaxError(
            "{\n  \"id\": 1,\n  \"id\": 2\n}", options: options, kind: .duplicateKey, offset: 15, line: 3, column: 3)
        // Inside a nested object, with the outer object still open.
        expectSyntaxError(#"[{"x":{"a":1,"a":2}}]"#, options: options, kind: .duplicateKey, offset: 13)
    }

    @Test func rejectsDuplicateKeysInALargeObjectPointsAtTheSecondKey() {
        var options = Node.ReadingOptions()
        options.rejectsDuplicateKeys = true
        let members = (0..<100).map { #""k\#($0)":0"# }
        let json = "{" + members.joined(separator: ",") + #","k42":1}"#
        expectSyntaxError(json, options: options, kind: .duplicateKey, offset: json.utf8.count - 8)
    }

    /// Objects of 9 to 64 members find a repeat through a filter of fingerprints (`firstRepeatedKey`): a repeat of
    /// any earlier key, at any place, is still found, rejected at its offset or replacing the earlier value.
    @Test(arguments: [9, 30, 64]) func aDuplicateKeyInAMidSizedObjectIsFound(memberCount: Int) throws {
        var options = Node.ReadingOptions()
        options.rejectsDuplicateKeys = true
        for repeated in [0, memberCount / 2, memberCount - 2] {
            for place in [repeated + 1, memberCount - 1] {
                var keys = (0..<memberCount).map { "k\($0)" }
                keys[place] = keys[repeated]
                let members = keys.enumerated().map { "\"\($1)\":\($0)" }
                let json = "{" + members.joined(separator: ",") + "}"
                let offset = 1 + members[..<place].map { $0.utf8.count + 1 }.reduce(0, +)
                expectSyntaxError(json, options: options, kind: .duplicateKey, offset: offset)
                let object = try #require(parsed(json)?.object)
                #expect(object.count == memberCount - 1)
                #expect(object[keys[repeated]] == .number(.int(Int64(place))))
            }
        }
    }

    @Test func rejectsDuplicateKeysAcceptsTheSameKeyInDifferentObjects() {
        var options = Node.ReadingOptions()
        options.rejectsDuplicateKeys = true
        expectParses(
            #"{"a":{"a":1},"b":[{"a":2},{"a":3}]}"#, options: options,
            to: ["a": ["a": 1], "b": [["a": 2], ["a": 3]]])
    }

    /// Keys compare by Unicode scalars, as RFC 8259 compares names: "é" precomposed and decomposed are two keys,
    /// and so are "K" and the Kelvin sign (U+212A), escaped or not, though Swift's `==` calls them equal.
    @Test func canonicallyEquivalentKeysAreDistinct() throws {
        var options = Node.ReadingOptions()
        options.rejectsDuplicateKeys = true
        for json in ["{\"\u{E9}\":1,\"e\u{301}\":2}", #"{"K":1,"\u212A":2}"#, #"{"\u212A":1,"K":2}"#] {
            let object = try #require(parsed(json, options: options)?.object)
            #expect(object.count == 2)
        }
        let object = try #require(parsed(#"{"K":1,"\u212A":2}"#)?.object)
        #expect(object.keys.map { Array($0.unicodeScalars) } == [["K"], ["\u{212A}"]])
        #expect(object["K"] == 1)
        #expect(object["\u{212A}"] == 2)
        // A real duplicate is still one.
        expectSyntaxError(#"{"\u212A":1,"\u212A":2}"#, options: options, kind: .duplicateKey, offset: 12)
    }

    /// A key's escaped and literal spellings are the same key.
    @Test func escapedAndLiteralSpellingsOfAKeyAreDuplicates() throws {
        var options = Node.ReadingOptions()
        options.rejectsDuplicateKeys = true
        expectSyntaxError(#"{"ab":1,"\u0061b":2}"#, options: options, kind: .duplicateKey, offset: 8)
        expectSyntaxError(#"{"a\/b":1,"a/b":2}"#, options: options, kind: .duplicateKey, offset: 10)
        let object = try #require(parsed(#"{"ab":1,"\u0061b":2}"#)?.object)
        #expect(object.keys == ["ab"])
        #expect(object["ab"] == 2)
        let members = (0..<100).map { #""k\#($0)":\#($0)"# } + [#""\u006B7":"escaped""#]
        let large = try #require(parsed("{" + members.joined(separator: ",") + "}")?.object)
        #expect(large.count == 100)
        #expect(large["k7"] == "escaped")
    }

    // MARK: - Option: maximum depth

    @Test func maximumDepthCountsArraysAndObjectsTogether() {
        var options = Node.ReadingOptions()
        options.maximumDepth = 2
        expectParses(#"[{"a":1}]"#, options: options, to: [["a": 1]])
        expectSyntaxError(#"[{"a":[]}]"#, options: options, kind: .tooDeeplyNested, offset: 6)
        expectSyntaxError(#"{"a":[{}]}"#, options: options, kind: .tooDeeplyNested, offset: 6)
    }

    @Test func aMaximumDepthOfZeroAcceptsOnlyScalars() {
        var options = Node.ReadingOptions()
        options.maximumDepth = 0
        expectParses("1", options: options, to: 1)
        expectSyntaxError("[]", options: options, kind: .tooDeeplyNested, offset: 0)
        expectSyntaxError("{}", options: options, kind: .tooDeeplyNested, offset: 0)
    }
}

/// The error thrown by `body`, or nil (with an issue recorded) when it returned.
private func catchError(
    sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws(JSONSyntaxError) -> Node
) -> JSONSyntaxError? {
    do {
        let node = try body()
        Issue.record("expected an error, but read \(summary(node))", sourceLocation: sourceLocation)
        return nil
    } catch {
        return error
    }
}

// Inputs that broke a check of the fuzz target (Fuzz/, see Fuzz/README.md) or a property (PropertyTests/),
// minimised, each pinned by a test. A library bug not fixed yet would be a test wrapped in `withKnownIssue`: it
// keeps CI green while the bug is open, and fails as soon as the bug is fixed, so that the wrapper (and any step
// around the bug in Fuzz/Sources/FuzzChecks) gets removed. There are none.

import Genome
import Testing

@Suite struct FuzzRegressionTests {
    // MARK: - Differences from Foundation

    /// Fuzzing, first run (crash-e127304c…): Foundation's `JSONSerialization` accepted an object holding
    /// `1.7976931348623157e3085`, because a later duplicate key replaced that member and Foundation converts a
    /// number only when its value is used. Since exact numbers, Genome accepts a number beyond Double's range
    /// anywhere (it keeps its text), so both accept this document and keep the last value.
    @Test func anOutOfRangeNumberInAMemberReplacedByALaterDuplicateIsAccepted() {
        expectParses(#"{"b":1e999,"b":2}"#, to: ["b": 2])
        expectParses(#"{"a":{"b":[-1e999]},"a":1}"#, to: ["a": 1])
    }

    /// The same document with the number in range keeps the last value.
    @Test func aMemberReplacedByALaterDuplicateTakesTheLastValue() {
        expectParses(#"{"b":1e300,"b":2}"#, to: ["b": 2])
    }

    /// Fuzzing, once the differential check compared values (crash-24d299c8…, crash-ca95efe5…): Foundation drops
    /// a raw U+FEFF (the bytes EF BB BF) at the start of a string or key and right after an escape sequence, as
    /// if it were a byte order mark. Genome keeps every character of a string; only a byte order mark before the
    /// top-level value is skipped.
    @Test func aByteOrderMarkInsideAStringIsKept() {
        expectParses("[\"\u{FEFF}x\"]", to: ["\u{FEFF}x"])
        expectParses("[\"a\\n\u{FEFF}b\"]", to: ["a\n\u{FEFF}b"])
        expectParses("{\"\u{FEFF}\":1}", to: ["\u{FEFF}": 1])
        expectParses("\u{FEFF}\"\u{FEFF}\"", to: "\u{FEFF}")
    }

    // MARK: - Bounded error descriptions

    /// Found by the fuzz checks on a hand-made input: a `.duplicateKey` error quotes the repeated key cut to 40
    /// `Character`s, and one `Character` can hold any number of combining scalars, so one letter with 600
    /// combining accents made a 1.4 KB description (and a megabyte key a megabyte description). Fixed: keys are
    /// now cut by Unicode scalars.
    @Test func duplicateKeyErrorDescriptionIsBoundedForAnyKey() {
        let key = "a" + String(repeating: "\u{301}", count: 600)
        var options = Node.ReadingOptions()
        options.rejectsDuplicateKeys = true
        guard
            let error = expectSyntaxError(
                "{\"\(key)\":1,\"\(key)\":2}", options: options, kind: .duplicateKey, offset: 1207)
        else { return }
        #expect(error.description.utf8.count <= 1024, "\(error.description.utf8.count) bytes")
    }

    /// Found by the fuzz checks' decoding step: a decoding error's description spelled out its whole path, and a
    /// dictionary puts the document's own keys in the path, so a 5,000-byte key made a 5 KB description. Fixed
    /// in 1b2f4f6 (keys past 32 characters are cut in descriptions); `path` itself stays exact.
    @Test func decodingErrorDescriptionIsBoundedForALongKeyInItsPath() throws {
        let key = String(repeating: "k", count: 5_000)
        let error = try #require(throws: TypeMismatchError.self) {
            try [String: Int].decode(Node(json: "{\"\(key)\": \"x\"}"))
        }
        #expect(error.path == [.key(key)])
        #expect(error.description.utf8.count <= 2048, "\(error.description.utf8.count) bytes")
    }

    /// The same, with a key that is one `Character` long: one letter and 3,000 combining accents. The description
    /// cut keys to 32 `Character`s, and this key is one, so the description was 6 KB. Fixed: keys are now cut by
    /// Unicode scalars.
    @Test func decodingErrorDescriptionIsBoundedForAKeyOfCombiningMarks() throws {
        let key = "a" + String(repeating: "\u{301}", count: 3_000)
        let error = try #require(throws: TypeMismatchError.self) {
            try [String: Int].decode(Node(json: "{\"\(key)\": \"x\"}"))
        }
        #expect(error.path == [.key(key)])
        #expect(error.description.utf8.count <= 2048, "\(error.description.utf8.count) bytes")
    }

    // MARK: - Numbers

    /// Found by the property tests (PropertyTests, `edgeIntegersReadAsTheDocumentedCaseAndConvertExactly`): the
    /// integers from -2^63 - 1024 to -2^63 - 1 are beyond 64 bits, so converting them to an integer type is
    /// documented to fail. But they round to the double -2^63, which is exactly `Int64.min`, and both
    /// `exactly(Int64.self)` and `Int64.decode` gave `Int64.min`: a silent change of value. Fixed: the double
    /// -2^63 never converts to an integer type.
    @Test(arguments: ["-9223372036854775809", "-9223372036854775810", "-9223372036854776832"])
    func integersJustBelowInt64MinDoNotBecomeInt64Min(literal: String) throws {
        let node = try Node(json: literal)
        expectExact(node, literal, double: -0x1p63)
        #expect(node != .number(.double(-0x1p63)), "not equal to the double they round to")
        #expect(node.number?.exactly(Int64.self) == nil)
        #expect(node.number?.int64Value == nil)
        #expect(throws: TypeMismatchError.self) { try Int64.decode(node) }
    }

    /// The first integer below the window rounds to -2^63 - 2048, outside `Int64`, and fails as documented.
    @Test func theFirstIntegerBelowTheWindowFailsToConvert() throws {
        let node = try Node(json: "-9223372036854776833")
        #expect(node.number?.exactly(Int64.self) == nil)
        #expect(throws: TypeMismatchError.self) { try Int64.decode(node) }
    }
}

// Conformance against nst/JSONTestSuite (https://github.com/nst/JSONTestSuite), read from
// `../shared/JSONTestSuite` beside the package. `y_` files must be accepted, `n_` files rejected, and every
// `i_` file (where RFC 8259 leaves the choice to the parser) must match Genome's decision written below.

import Genome
import Testing

@Suite(
    .enabled(
        if: TestSupport.isDirectory(TestSupport.jsonTestSuiteParsing),
        "JSONTestSuite not found: expected ../shared/JSONTestSuite/test_parsing beside the package root"))
struct JSONTestSuiteTests {
    /// The number of files of each kind in the JSONTestSuite checkout these tests were written against.
    static let expectedYesCount = 95
    static let expectedNoCount = 188

    @Test func everyYFileIsAccepted() throws {
        let files = TestSupport.jsonFiles(in: TestSupport.jsonTestSuiteParsing, prefix: "y_")
        var rejected: [String] = []
        for file in files {
            let bytes = try TestSupport.bytes(of: file, in: TestSupport.jsonTestSuiteParsing)
            if case .failure(let error) = readResult(bytes) {
                rejected.append("\(file): \(error.kind) at byte \(error.offset) (\(error.reason))")
            }
        }
        #expect(
            rejected.isEmpty && files.count == Self.expectedYesCount,
            """
            \(files.count - rejected.count)/\(files.count) y_ files accepted \
            (expected \(Self.expectedYesCount)/\(Self.expectedYesCount)); rejected:
            \(rejected.joined(separator: "\n"))
            """)
    }

    @Test func everyNFileIsRejected() throws {
        let files = TestSupport.jsonFiles(in: TestSupport.jsonTestSuiteParsing, prefix: "n_")
        var accepted: [String] = []
        for file in files {
            let bytes = try TestSupport.bytes(of: file, in: TestSupport.jsonTestSuiteParsing)
            if case .success(let node) = readResult(bytes) {
                accepted.append("\(file): accepted as \(summary(node))")
            }
        }
        #expect(
            accepted.isEmpty && files.count == Self.expectedNoCount,
            """
            \(files.count - accepted.count)/\(files.count) n_ files rejected \
            (expected \(Self.expectedNoCount)/\(Self.expectedNoCount)); accepted:
            \(accepted.joined(separator: "\n"))
            """)
    }

    @Test func everyIFileHasAWrittenDecision() {
        let files = Set(TestSupport.jsonFiles(in: TestSupport.jsonTestSuiteParsing, prefix: "i_"))
        let decided = Set(Self.implementationDefined.map(\.file))
        #expect(!files.isEmpty)
        #expect(files.subtracting(decided).sorted() == [], "i_ files without a decision in the table")
        #expect(decided.subtracting(files).sorted() == [], "decisions for files missing from the folder")
    }

    @Test(arguments: implementationDefined)
    func iFileMatchesGenomesDecision(_ decision: ImplementationDefinedDecision) throws {
        let bytes = try TestSupport.bytes(of: decision.file, in: TestSupport.jsonTestSuiteParsing)
        switch decision.outcome {
        case .accept(let expected):
            guard let node = parsed(bytes) else { return }
            #expect(node == expected)
        case .acceptNumberInArray(let expected):
            let node = parsed(bytes)
            #expect(node?.array?.count == 1)
            expectDouble(node?.array?.first, expected)
        case .acceptExactNumberInArray(let expected):
            let node = parsed(bytes)
            #expect(node?.array?.count == 1)
            let text = String(String(decoding: bytes, as: UTF8.self).filter { !"[] \n".contains($0) })
            expectExact(node?.array?.first, text, double: expected)
        case .reject(let kind, let offset):
            expectSyntaxError(bytes, kind: kind, offset: offset)
        }
    }

    // MARK: - Genome's decisions for the i_ files

    static let implementationDefined: [ImplementationDefinedDecision] = [
        // Numbers: a number no Int64, UInt64 or Double holds exactly, beyond Double's range included, keeps its
        // text (Node.ExactNumber); its double is the correctly rounded one.
        .init("i_number_double_huge_neg_exp.json", .acceptExactNumberInArray(0.0)),
        .init("i_number_huge_exp.json", .acceptExactNumberInArray(.infinity)),
        .init("i_number_neg_int_huge_exp.json", .acceptExactNumberInArray(-.infinity)),
        .init("i_number_pos_double_huge_exp.json", .acceptExactNumberInArray(.infinity)),
        .init("i_number_real_neg_overflow.json", .acceptExactNumberInArray(-.infinity)),
        .init("i_number_real_pos_overflow.json", .acceptExactNumberInArray(.infinity)),
        .init("i_number_real_underflow.json", .acceptExactNumberInArray(0.0)),
        .init("i_number_too_big_neg_int.json", .acceptExactNumberInArray(-123123123123123123123123123123.0)),
        .init("i_number_too_big_pos_int.json", .acceptExactNumberInArray(100000000000000000000.0)),
        .init(
            "i_number_very_big_negative_int.json",
            .acceptExactNumberInArray(-237462374673276894279832749832423479823246327846.0)),

        // Surrogate escapes must pair up: a lone, reversed or incomplete one is an error at its backslash.
        .init("i_object_key_lone_2nd_surrogate.json", .reject(.loneSurrogate, offset: 2)),  // {"\uDFAA":0}
        .init("i_string_1st_surrogate_but_2nd_missing.json", .reject(.loneSurrogate, offset: 2)),  // ["\uDADA"]
        .init("i_string_1st_valid_surrogate_2nd_invalid.json", .reject(.loneSurrogate, offset: 8)),  // \uD888\u1234
        .init("i_string_incomplete_surrogate_and_escape_valid.json", .reject(.loneSurrogate, offset: 2)),  // \uD800\n
        .init("i_string_incomplete_surrogate_pair.json", .reject(.loneSurrogate, offset: 2)),  // \uDd1ea
        // \uD800\uD800\n
        .init("i_string_incomplete_surrogates_escape_valid.json", .reject(.loneSurrogate, offset: 8)),
        .init("i_string_invalid_lonely_surrogate.json", .reject(.loneSurrogate, offset: 2)),  // \ud800
        .init("i_string_invalid_surrogate.json", .reject(.loneSurrogate, offset: 2)),  // \ud800abc
        .init("i_string_inverted_surrogates_U+1D11E.json", .reject(.loneSurrogate, offset: 2)),  // \uDd1e\uD834
        .init("i_string_lone_second_surrogate.json", .reject(.loneSurrogate, offset: 2)),  // \uDFAA

        // Ill-formed UTF-8 is an error at the first bad byte.
        .init("i_string_UTF-8_invalid_sequence.json", .reject(.invalidUTF8, offset: 7)),  // E6 97 A5 D1 88 FA
        .init("i_string_UTF8_surrogate_U+D800.json", .reject(.invalidUTF8, offset: 2)),  // ED A0 80
        .init("i_string_invalid_utf-8.json", .reject(.invalidUTF8, offset: 2)),  // FF
        .init("i_string_iso_latin_1.json", .reject(.invalidUTF8, offset: 2)),  // E9
        .init("i_string_lone_utf8_continuation_byte.json", .reject(.invalidUTF8, offset: 2)),  // 81
        .init("i_string_not_in_unicode_range.json", .reject(.invalidUTF8, offset: 2)),  // F4 BF BF BF
        .init("i_string_overlong_sequence_2_bytes.json", .reject(.invalidUTF8, offset: 2)),  // C0 AF
        .init("i_string_overlong_sequence_6_bytes.json", .reject(.invalidUTF8, offset: 2)),  // FC 83 BF BF BF BF
        .init("i_string_overlong_sequence_6_bytes_null.json", .reject(.invalidUTF8, offset: 2)),  // FC 80 80 80 80 80
        .init("i_string_truncated-utf-8.json", .reject(.invalidUTF8, offset: 2)),  // E0 FF

        // Only UTF-8 is read: UTF-16, with or without a byte order mark, fails at its first stray byte.
        .init("i_string_UTF-16LE_with_BOM.json", .reject(.unexpectedCharacter, offset: 0)),  // FF FE
        .init("i_string_utf16BE_no_BOM.json", .reject(.unexpectedCharacter, offset: 0)),  // 00 5B
        .init("i_string_utf16LE_no_BOM.json", .reject(.unexpectedCharacter, offset: 1)),  // 5B 00

        // Structure: 500 levels is within the default limit of 512; a UTF-8 byte order mark is skipped.
        .init("i_structure_500_nested_arrays.json", .accept(nestedArrayNode(depth: 500))),
        .init("i_structure_UTF-8_BOM_empty_object.json", .accept([:])),
    ]

    // MARK: - test_transform

    /// Whether each test_transform file is accepted. The rejected ones hold ill-formed UTF-8 or lone
    /// surrogate escapes, which Genome rejects everywhere.
    static let transformDecisions: [String: Bool] = [
        "number_-9223372036854775808.json": true,
        "number_-9223372036854775809.json": true,
        "number_1.0.json": true,
        "number_1.000000000000000005.json": true,
        "number_1000000000000000.json": true,
        "number_10000000000000000999.json": true,
        "number_1e-999.json": true,
        "number_1e6.json": true,
        "number_9223372036854775807.json": true,
        "number_9223372036854775808.json": true,
        "object_key_nfc_nfd.json": true,
        "object_key_nfd_nfc.json": true,
        "object_same_key_different_values.json": true,
        "object_same_key_same_value.json": true,
        "object_same_key_unclear_values.json": true,
        "string_1_escaped_invalid_codepoint.json": false,
        "string_1_invalid_codepoint.json": false,
        "string_2_escaped_invalid_codepoints.json": false,
        "string_2_invalid_codepoints.json": false,
        "string_3_escaped_invalid_codepoints.json": false,
        "string_3_invalid_codepoints.json": false,
        "string_with_escaped_NULL.json": true,
    ]

    @Test(
        .enabled(
            if: TestSupport.isDirectory(TestSupport.jsonTestSuiteTransform),
            "JSONTestSuite's test_transform folder not found beside test_parsing"))
    func everyTransformFileIsDecidedAndAcceptedOnesRoundTrip() throws {
        let files = TestSupport.jsonFiles(in: TestSupport.jsonTestSuiteTransform)
        #expect(Set(files) == Set(Self.transformDecisions.keys), "test_transform files and decisions differ")
        var mismatches: [String] = []
        for file in files {
            let bytes = try TestSupport.bytes(of: file, in: TestSupport.jsonTestSuiteTransform)
            let result = readResult(bytes)
            let accepted: Bool
            switch result {
            case .success(let node):
                accepted = true
                expectRoundTrip(node)
            case .failure:
                accepted = false
            }
            if let expected = Self.transformDecisions[file], expected != accepted {
                mismatches.append("\(file): expected \(expected ? "accepted" : "rejected"), got \(result)")
            }
        }
        #expect(mismatches.isEmpty, "\(mismatches.joined(separator: "\n"))")
    }

    /// Two spellings of "é" (NFC and NFD) are two keys: RFC 8259 compares names by code points, and so does
    /// Genome, though Swift's `==` calls the two strings equal.
    @Test(
        .enabled(
            if: TestSupport.isDirectory(TestSupport.jsonTestSuiteTransform),
            "JSONTestSuite's test_transform folder not found beside test_parsing"))
    func canonicallyEquivalentKeysInTransformFilesAreTwoKeys() throws {
        let bytes = try TestSupport.bytes(of: "object_key_nfc_nfd.json", in: TestSupport.jsonTestSuiteTransform)
        let object = try #require(parsed(bytes)?.object)
        #expect(object.count == 2)
        #expect(object.keys.map(\.unicodeScalars.count) == [1, 2], "NFC first, then NFD, in document order")
        #expect(object["\u{E9}"] == "NFC")
        #expect(object["e\u{301}"] == "NFD")
        // Written back, both keys stay, each with its own scalars.
        #expect(try Node(json: bytes).serialized() == "{\"\u{E9}\":\"NFC\",\"e\u{301}\":\"NFD\"}")
    }
}

/// What Genome does with one `i_` file.
struct ImplementationDefinedDecision: Sendable, CustomTestStringConvertible {
    enum Outcome: Sendable {
        /// Accepted, reading to this node.
        case accept(Node)
        /// Accepted as an array holding exactly this double (compared by bit pattern, so the sign of zero counts).
        case acceptNumberInArray(Double)
        /// Accepted as an array holding one exact number that keeps the file's text, whose correctly rounded
        /// double is this one.
        case acceptExactNumberInArray(Double)
        /// Rejected with this kind of error at this byte offset.
        case reject(JSONSyntaxError.Kind, offset: Int)
    }

    let file: String
    let outcome: Outcome

    init(_ file: String, _ outcome: Outcome) {
        self.file = file
        self.outcome = outcome
    }

    var testDescription: String { file }
}

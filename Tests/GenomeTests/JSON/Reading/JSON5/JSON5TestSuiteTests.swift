// The JSON5 project's own parser tests (https://github.com/json5/json5-tests), read in place from
// `../shared/json5-tests` beside the package. Its README: `.json` and `.json5` files must be accepted, `.js` and
// `.txt` files rejected. A `.errorSpec` beside a rejected file gives where the reference parser reports the error.

import Foundation
import Genome
import Testing

extension TestSupport {
    /// `../shared/json5-tests` relative to the package root: a checkout of json5/json5-tests.
    static let json5Tests = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared").appendingPathComponent("json5-tests")

    /// The test cases in `json5Tests`, as paths relative to it, sorted; empty when the folder is missing.
    static let json5TestFiles: [String] = {
        let root = json5Tests.standardizedFileURL.path
        guard let walker = FileManager.default.enumerator(atPath: root) else { return [] }
        return walker.compactMap { $0 as? String }
            .filter { ["json", "json5", "js", "txt"].contains(($0 as NSString).pathExtension) }
            .sorted()
    }()
}

/// One file of the JSON5 test suite.
struct JSON5TestCase: Sendable, CustomTestStringConvertible {
    let path: String
    var testDescription: String { path }
    var fileExtension: String { (path as NSString).pathExtension }
    /// `.json` and `.json5` files must be accepted; `.js` (valid JavaScript that JSON5 forbids) and `.txt` (not
    /// JavaScript at all) rejected.
    var mustBeAccepted: Bool { fileExtension == "json" || fileExtension == "json5" }

    func bytes() throws -> [UInt8] {
        try TestSupport.bytes(of: path, in: TestSupport.json5Tests)
    }
}

@Suite(
    .enabled(
        if: TestSupport.isDirectory(TestSupport.json5Tests),
        "json5-tests not found: expected ../shared/json5-tests beside the package root"))
struct JSON5TestSuiteTests {
    /// The number of files of each extension in the json5-tests checkout these tests were written against, so a
    /// folder that silently loses files fails.
    static let expectedCounts = ["json": 25, "json5": 57, "js": 6, "txt": 25]

    static let cases = TestSupport.json5TestFiles.map(JSON5TestCase.init)

    @Test func theSuiteIsComplete() {
        let counts = Dictionary(grouping: Self.cases, by: \.fileExtension).mapValues(\.count)
        #expect(counts == Self.expectedCounts)
    }

    @Test(arguments: cases)
    func fileIsAcceptedOrRejectedAsItsExtensionSays(_ testCase: JSON5TestCase) throws {
        let bytes = try testCase.bytes()
        switch (testCase.mustBeAccepted, readResult(bytes, options: .json5)) {
        case (true, .success), (false, .failure):
            break
        case (true, .failure(let error)):
            Issue.record("rejected: \(error)")
        case (false, .success(let node)):
            Issue.record("accepted as \(summary(node))")
        }
    }

    /// A `.json` file is plain JSON: the JSON5 reader must read exactly what the strict reader reads.
    @Test(arguments: cases.filter { $0.fileExtension == "json" })
    func jsonFileReadsAsTheStrictReaderReadsIt(_ testCase: JSON5TestCase) throws {
        let bytes = try testCase.bytes()
        let strict = try #require(parsed(bytes))
        let json5 = try #require(parsed(bytes, options: .json5))
        #expect(json5 == strict)
        #expect(json5.description == strict.description, "same cases of number, same key order")
    }

    /// The strict default stays strict: every file that needs a JSON5 feature is rejected without the option.
    @Test(arguments: cases.filter { $0.fileExtension == "json5" })
    func json5FileIsRejectedByTheStrictReader(_ testCase: JSON5TestCase) throws {
        if case .success(let node) = readResult(try testCase.bytes()) {
            Issue.record("the strict reader accepted \(summary(node))")
        }
    }

    /// Where an `.errorSpec` gives the reference parser's error location, Genome reports the same byte, line and
    /// column. The spec's `at` counts from 1; its column counts from 1, except that the reference parser puts
    /// an error at a line break on the next line, at column 0, where Genome reports the end of the line.
    /// Columns where the reference parser's spec is off by one, with Genome's column. This file is one line of
    /// 65 characters with no line break, so its end is column 66; the reference lexer counts the end of the
    /// input as one more character after a line comment, and says 67.
    static let referenceColumnErrors = ["comments/top-level-inline-comment.txt": 66]

    @Test func errorsAreReportedWhereTheReferenceParserReportsThem() throws {
        var checked = 0
        for testCase in Self.cases where !testCase.mustBeAccepted {
            let specPath = (testCase.path as NSString).deletingPathExtension + ".errorSpec"
            guard let spec = try? TestSupport.bytes(of: specPath, in: TestSupport.json5Tests) else { continue }
            let expected = try Node(json: spec, options: .json5)
            let at = try #require(expected["at"]?.int)
            let line = try #require(expected["lineNumber"]?.int)
            let column = try #require((expected["columnNumber"] ?? expected["columNumber"])?.int)
            let bytes = try testCase.bytes()
            guard case .failure(let error) = readResult(bytes, options: .json5) else {
                Issue.record("\(testCase.path) was accepted")
                continue
            }
            #expect(error.offset == at - 1, "\(testCase.path): \(error)")
            if let column = Self.referenceColumnErrors[testCase.path] {
                #expect(error.line == line && error.column == column, "\(testCase.path): \(error)")
            } else if column == 0 {
                #expect(bytes[error.offset] == UInt8(ascii: "\n"), "\(testCase.path): \(error)")
                #expect(error.line == line - 1, "\(testCase.path): \(error)")
            } else {
                #expect(error.line == line && error.column == column, "\(testCase.path): \(error)")
            }
            checked += 1
        }
        #expect(checked == 7, "seven rejected files have an .errorSpec")
    }

    // MARK: - Values

    @Test func numbersReadToTheirValues() throws {
        let expected: [(String, Node)] = [
            ("numbers/hexadecimal.json5", 200), ("numbers/hexadecimal-lowercase-letter.json5", 200),
            ("numbers/hexadecimal-uppercase-x.json5", 200), ("numbers/hexadecimal-with-integer-exponent.json5", 0xC8E4),
            ("numbers/negative-hexadecimal.json5", -200), ("numbers/positive-hexadecimal.json5", 200),
            ("numbers/zero-hexadecimal.json5", 0), ("numbers/positive-zero-hexadecimal.json5", 0),
            ("numbers/positive-integer.json5", 15), ("numbers/positive-zero-integer.json5", 0),
            ("numbers/float-leading-decimal-point.json5", 0.5), ("numbers/float-trailing-decimal-point.json5", 5.0),
            ("numbers/float-trailing-decimal-point-with-integer-exponent.json5", 50_000.0),
            ("numbers/negative-float-leading-decimal-point.json5", -0.5),
            ("numbers/negative-float-trailing-decimal-point.json5", -5.0),
            ("numbers/positive-float-leading-decimal-point.json5", 0.5),
            ("numbers/positive-float-leading-zero.json5", 0.5), ("numbers/positive-float.json5", 1.2),
            ("numbers/positive-float-trailing-decimal-point.json5", 5.0),
            ("numbers/infinity.json5", .number(.double(.infinity))),
            ("numbers/positive-infinity.json5", .number(.double(.infinity))),
            ("numbers/negative-infinity.json5", .number(.double(-.infinity))),
        ]
        for (path, value) in expected {
            let node = parsed(try JSON5TestCase(path: path).bytes(), options: .json5)
            #expect(node == value, "\(path)")
            #expect(node?.description == value.description, "\(path): the same case of Node.Number")
        }
        // Integers stay exact integers; hexadecimal ones too.
        #expect(
            parsed(try JSON5TestCase(path: "numbers/hexadecimal.json5").bytes(), options: .json5) == .number(.int(200)))
        let nan = parsed(try JSON5TestCase(path: "numbers/nan.json5").bytes(), options: .json5)
        #expect(nan?.double?.isNaN == true)
        // Zeros keep their sign, as JavaScript's do.
        for (path, sign) in [
            ("numbers/negative-zero-float-leading-decimal-point.json5", FloatingPointSign.minus),
            ("numbers/negative-zero-float-trailing-decimal-point.json5", .minus),
            ("numbers/negative-zero-hexadecimal.json5", .minus), ("numbers/positive-zero-float.json5", .plus),
            ("numbers/positive-zero-float-leading-decimal-point.json5", .plus),
            ("numbers/zero-float-leading-decimal-point.json5", .plus),
            ("numbers/zero-float-trailing-decimal-point.json5", .plus),
        ] {
            let node = parsed(try JSON5TestCase(path: path).bytes(), options: .json5)
            #expect(node?.double == 0 && node?.double?.sign == sign, "\(path)")
        }
    }

    @Test func stringsAndKeysReadToTheirValues() throws {
        let expected: [(String, Node)] = [
            ("strings/single-quoted-string.json5", "hello world"),
            ("strings/escaped-single-quoted-string.json5", "I can't wait"),
            ("strings/multi-line-string.json5", "hello world"),
            ("new-lines/escaped-lf.json5", ["a": "line 1 line 2"]),
            ("new-lines/escaped-cr.json5", ["a": "line 1 line 2"]),
            ("new-lines/escaped-crlf.json5", ["a": "line 1 line 2"]),
            ("new-lines/comment-cr.json5", [:]),
            ("objects/single-quoted-key.json5", ["hello": "world"]),
            ("objects/reserved-unquoted-key.json5", ["while": true]),
            (
                "objects/unquoted-keys.json5",
                [
                    "hello": "world", "_": "underscore", "$": "dollar sign", "one1": "numerals",
                    "_$_": "multiple symbols", "$_$hello123world_$_": "mixed",
                ]
            ),
            ("todo/unicode-escaped-unquoted-key.json5", ["sig\u{3A3}ma": "the sum of all things"]),
            ("todo/unicode-unquoted-key.json5", ["ümlåût": "that's not really an ümlaüt, but this is"]),
            ("misc/valid-whitespace.json5", ["a": true]),
            ("comments/block-comment-following-array-element.json5", [false]),
            ("comments/inline-comment-following-top-level-value.json5", nil),
        ]
        for (path, value) in expected {
            #expect(parsed(try JSON5TestCase(path: path).bytes(), options: .json5) == value, "\(path)")
        }
    }

    @Test func readmeExampleReadsToItsValue() throws {
        let node = parsed(try JSON5TestCase(path: "misc/readme-example.json5").bytes(), options: .json5)
        let expected: Node = [
            "foo": "bar", "while": true, "this": "is a multi-line string", "here": "is another",
            "hex": 0xDEAD_BEEF, "half": 0.5, "delta": 10, "to": .number(.double(.infinity)),
            "finally": "a trailing comma", "oh": ["we shouldn't forget", "arrays can have", "trailing commas too"],
        ]
        #expect(node == expected)
        #expect(node?.object?.keys.first == "foo" && node?.object?.keys.last == "oh", "keys keep document order")
    }

    /// The suite's npm-package file in both spellings: the JSON5 one (unquoted keys, single quotes, trailing
    /// commas) reads to the same node as the JSON one.
    @Test func npmPackageReadsTheSameInBothSpellings() throws {
        let json = parsed(try JSON5TestCase(path: "misc/npm-package.json").bytes())
        let json5 = parsed(try JSON5TestCase(path: "misc/npm-package.json5").bytes(), options: .json5)
        #expect(json != nil && json5 == json)
    }
}

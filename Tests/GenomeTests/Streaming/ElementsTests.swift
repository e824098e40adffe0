// Node.elements(at:): the elements of one array at a pointer, with the rest of the document still checked; chunks
// split anywhere, nested pointers, errors before, inside and after the array, and the limits.

import Foundation
import Testing

@testable import Genome

@Suite struct ElementsTests {
    static let document = Array(
        """
        \u{FEFF}{
          "meta": {"name": "Zoë 🦊", "escaped": "a\\"b\\\\c\\u00e9", "list": [1, [2, {"x": "]"}]]},
          "data": {
            "items": [
              {"id": 1, "tags": ["a", "b"]},
              -12.5e3, "str\\"ing", true, null, [[]], {},
              18446744073709551615
            ],
            "other": [1, 2]
          },
          "after": "é"
        }
        """.utf8)

    static let pointer = JSONPointer(tokens: ["data", "items"])

    static func expected(_ bytes: [UInt8], _ pointer: JSONPointer) throws -> [Node] {
        guard case .array(let elements) = try Node(json: bytes)[pointer] else { return [] }
        return elements
    }

    @Test func elementsMatchTheReader() throws {
        let values = try collect(Node.elements(at: Self.pointer, in: Self.document))
        #expect(values == (try Self.expected(Self.document, Self.pointer)))
        #expect(values.count == 8)
    }

    @Test func everySplitOffsetGivesTheSameElements() async throws {
        let expected = try Self.expected(Self.document, Self.pointer)
        for cut in 0...Self.document.count {
            let values = try await collect(Node.elements(at: Self.pointer, from: chunked(Self.document, at: [cut])))
            #expect(values == expected, "cut at \(cut)")
        }
        #expect(try await collect(Node.elements(at: Self.pointer, from: bytewise(Self.document))) == expected)
    }

    @Test(arguments: [
        ("[1, [2], {\"a\": 3}]", ""),
        ("  [ ]  ", ""),
        ("{\"a\": {\"b\": {\"c\": [true]}}}", "/a/b/c"),
        ("[[0], {\"items\": [\"x\", \"y\"]}]", "/1/items"),
        ("{\"a/b\": {\"m~n\": [1]}}", "/a~1b/m~0n"),
        ("{\"0\": [5]}", "/0"),
        ("{\"k\\u0065y\": [6]}", "/key"),
    ])
    func pointersReachNestedArrays(json: String, pointer: String) throws {
        let bytes = Array(json.utf8)
        let pointer = try JSONPointer(pointer)
        #expect(try collect(Node.elements(at: pointer, in: bytes)) == (try Self.expected(bytes, pointer)))
    }

    @Test func indexIsCounted() async throws {
        let report = JSONStreamReport()
        let values = try await collect(
            Node.elements(at: JSONPointer(), from: chunked(Array("[1, {\"a\":}, 3, [}, 5]".utf8), at: [4]))
                .skippingInvalidValues(reportingTo: report))
        #expect(values == [1, 3, 5])
        #expect(report.skipped.map(\.index) == [1, 3])
        #expect(report.skipped.map(\.kind) == [.syntax, .syntax])
    }

    @Test func syntaxErrorAfterTheArrayIsStillReported() async throws {
        let input = Array("{\"items\": [1, 2],\n  \"rest\": [1, 2,]\n}".utf8)
        let (values, error) = await collectUntilError(
            Node.elements(at: JSONPointer(tokens: ["items"]), from: chunked(input, at: [5, 20])))
        #expect(values == [1, 2])
        let syntax = try #require(error?.syntaxError)
        #expect(error?.kind == .syntax)
        #expect(syntax.offset == 34)
        #expect(syntax.line == 2)
        #expect(syntax.column == 17)
    }

    @Test func structuralErrorAfterTheArrayHasLineAndColumn() async throws {
        let input = Array("{\"items\": [1],\n\"é\": 2 3}".utf8)
        let (values, error) = await collectUntilError(
            Node.elements(at: JSONPointer(tokens: ["items"]), from: bytewise(input)))
        #expect(values == [1])
        let syntax = try #require(error?.syntaxError)
        #expect(syntax.offset == 23)
        #expect(syntax.line == 2)
        #expect(syntax.column == 8)
        #expect(syntax.reason == "expected ',' or '}' after an object member")
    }

    /// The framer skips the plain bytes of strings a word at a time and counts their UTF-8 continuation bytes for
    /// the column; an error after long strings of multi-byte characters, escapes and quotes, on the same line, must
    /// still have the reader's own line, column and offset, wherever the words fall (the padding moves them) and
    /// wherever the chunks are cut.
    @Test(arguments: 0..<8)
    func errorsAfterLongStringsHaveTheReadersPlace(padding: Int) async throws {
        let pad = String(repeating: "p", count: padding)
        let documents = [
            // In an element, after a string of two-, three- and four-byte characters and escapes.
            "{\"items\": [{\"s\": \"\(pad)ünïcødé wïth \\\" and \\\\ 🦊🦊 énd\"}, {\"s\": \"ééééééééééé€€€\", \"t\": tru}]}",
            // In a member after the array, which is checked and dropped.
            "{\"before\": \"\(pad)ŝŝŝŝŝŝŝŝŝŝŝ 🦊 \\\"q\\\" ŝŝŝ\", \"items\": [1, 2], \"after\": \"éééééééééé\", \"z\": [1,}",
            // After the array, in the structure the framer reads itself, past a long multi-byte key.
            "{\"\(pad)ключ-длинный-ключ\": \"значение значение\", \"items\": [\"ааааааааааа\"] \"y\": 2}",
            // On a second line, after a long string on the first.
            "{\"items\": [\"\(pad)ωωωωωωωωωωωωωωω\",\n \"ωωωωωωωωωω\" 3]}",
        ]
        for json in documents {
            let bytes = Array(json.utf8)
            var readerError: JSONSyntaxError?
            do { _ = try Node(json: bytes) } catch { readerError = error }
            let expected = try #require(readerError, "\(json) is valid")
            for cut in stride(from: 0, through: bytes.count, by: 3) {
                let (_, error) = await collectUntilError(
                    Node.elements(at: JSONPointer(tokens: ["items"]), from: chunked(bytes, at: [cut, cut + 11])))
                let found = try #require(error?.syntaxError, "\(json), cut at \(cut)")
                let place = [found.line, found.column, found.offset]
                #expect(place == [expected.line, expected.column, expected.offset], "\(json), cut at \(cut)")
            }
        }
    }

    @Test(arguments: [
        "{\"items\": [1], \"x\": tru}",
        "{\"items\": [1]} x",
        "{\"items\": [1]",
        "{\"items\": [1],}",
        "{\"x\": \"\u{01}\", \"items\": [1]}",
        "{\"x\": [1}, \"items\": [1]}",
        "{\"items\" [1]}",
        "{\"items\": [1] \"y\": 2}",
        "{\"items\": [1 2]}",
        "{\"items\": [1,]}",
        "{\"items\": [01]}",
        "[1] [2]",
        "",
        "{\"a\": 1, \"items\": [1], \"b\": \"\\x\"}",
    ])
    func invalidDocumentsAreErrors(json: String) async throws {
        let bytes = Array(json.utf8)
        #expect(throws: (any Error).self) { try Node(json: bytes) }
        let pointer = json.hasPrefix("[") ? JSONPointer() : JSONPointer(tokens: ["items"])
        let (_, error) = await collectUntilError(Node.elements(at: pointer, from: chunked(bytes, at: [3])))
        #expect(error?.kind == .syntax, "\(json)")
    }

    @Test func pointerNotFound() async throws {
        for (json, pointer) in [
            ("{\"items\": [1]}", "/other"), ("[1, 2]", "/5"), ("{\"a\": 1}", "/a/b"), ("5", "/a"), ("[1]", "/-"),
        ] {
            let (values, error) = await collectUntilError(
                Node.elements(at: try JSONPointer(pointer), from: chunked(Array(json.utf8), at: [])))
            #expect(values.isEmpty, "\(json) at \(pointer)")
            #expect(error?.kind == .pointerNotFound, "\(json) at \(pointer)")
            #expect(error?.description.contains("no value at \"\(pointer)\"") == true)
        }
    }

    @Test func valueThatIsNotAnArray() async throws {
        let (_, error) = await collectUntilError(
            Node.elements(at: JSONPointer(tokens: ["items"]), from: chunked(Array("{\"items\": {}}".utf8), at: [])))
        #expect(error?.kind == .notAnArray)
        #expect(error?.offset == 10)
        #expect(error?.description == "JSONStreamError at byte 10: the value at \"/items\" is an object, not an array")
    }

    @Test func repeatedKeyOnThePathIsAnError() throws {
        let bytes = Array("{\"items\": [1], \"items\": [2]}".utf8)
        #expect(throws: JSONStreamError.self) {
            try collect(Node.elements(at: JSONPointer(tokens: ["items"]), in: bytes))
        }
        // Elsewhere a repeated key follows the reading options.
        let elsewhere = Array("{\"x\": 1, \"x\": 2, \"items\": [{\"a\": 1, \"a\": 2}]}".utf8)
        #expect(try collect(Node.elements(at: JSONPointer(tokens: ["items"]), in: elsewhere)) == [["a": 2]])
        let strict = Node.StreamingOptions(reading: .init(rejectsDuplicateKeys: true))
        #expect(throws: JSONStreamError.self) {
            try collect(Node.elements(at: JSONPointer(tokens: ["items"]), in: elsewhere, options: strict))
        }
    }

    @Test func nestingLimitCountsTheEnclosingContainers() throws {
        let options = Node.StreamingOptions(reading: .init(maximumDepth: 3))
        let pointer = JSONPointer(tokens: ["a"])
        #expect(try collect(Node.elements(at: pointer, in: Array("{\"a\": [[1]]}".utf8), options: options)) == [[1]])
        for json in ["{\"a\": [[[1]]]}", "{\"b\": [[[1]]], \"a\": []}"] {
            let bytes = Array(json.utf8)
            #expect(throws: JSONSyntaxError.self) { try Node(json: bytes, options: options.reading) }
            do {
                _ = try collect(Node.elements(at: pointer, in: bytes, options: options))
                Issue.record("no error for \(json)")
            } catch {
                #expect(error.syntaxError?.kind == .tooDeeplyNested)
            }
        }
        let deep = Array((String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)).utf8)
        #expect(throws: JSONStreamError.self) {
            try collect(Node.elements(at: JSONPointer(tokens: Array(repeating: "0", count: 99_999)), in: deep))
        }
    }

    @Test func elementOverTheSizeLimit() async throws {
        let options = Node.StreamingOptions(maximumValueSize: 8)
        let input = Array("[1, \"0123456789\", [2], 3]".utf8)
        let (values, error) = await collectUntilError(
            Node.elements(at: JSONPointer(), from: chunked(input, at: [6]), options: options))
        #expect(values == [1])
        #expect(error?.kind == .valueTooLarge)
        #expect(error?.index == 1)
        #expect(error?.offset == 4)
        let report = JSONStreamReport()
        let skipping = try await collect(
            Node.elements(at: JSONPointer(), from: chunked(input, at: [6]), options: options)
                .skippingInvalidValues(reportingTo: report))
        #expect(skipping == [1, [2], 3])
        #expect(report.skipped.map(\.index) == [1])
        // A value beside the array over the limit cannot be skipped: the document could not be checked.
        let sibling = Array("{\"x\": \"0123456789\", \"items\": [1]}".utf8)
        #expect(throws: JSONStreamError.self) {
            try collect(
                Node.elements(at: JSONPointer(tokens: ["items"]), in: sibling, options: options)
                    .skippingInvalidValues(reportingTo: report))
        }
    }

    @Test func trailingCommasWhenTheOptionsAllowThem() throws {
        let options = Node.StreamingOptions(reading: .lenient.withoutComments)
        #expect(try collect(Node.elements(at: JSONPointer(), in: Array("[1, 2, ]".utf8), options: options)) == [1, 2])
        #expect(
            try collect(
                Node.elements(at: JSONPointer(tokens: ["a"]), in: Array("{\"a\": [NaN], }".utf8), options: options)
            )
            .count == 1)
    }

    @Test func commentsAndJSON5AreNotSupported() async throws {
        let (_, error) = await collectUntilError(
            Node.elements(at: JSONPointer(), from: chunked(Array("[1]".utf8), at: []), options: .init(reading: .json5)))
        #expect(error?.kind == .unsupportedOptions)
    }

    @Test func elementsFromAFile() async throws {
        try await withTemporaryFile(Self.document) { path in
            let values = try await collect(
                Node.elements(at: Self.pointer, fromFileAtPath: path, options: .init(fileChunkSize: 3)))
            #expect(values == (try Self.expected(Self.document, Self.pointer)))
        }
    }
}

extension Node.ReadingOptions {
    fileprivate var withoutComments: Node.ReadingOptions {
        var options = self
        options.allowsComments = false
        return options
    }
}

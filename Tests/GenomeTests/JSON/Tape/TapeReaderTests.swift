// The tape reader against the tree reader: for every input, both accept with the same value (the tape's `Node`,
// written back to JSON byte for byte) or both reject with the same error. The tree reader is the reference while
// both exist; the fuzzer runs the same comparison on random inputs.

import Foundation
import Testing

@testable import Genome

/// What a test looks at in the tape of `bytes` (a `JSONTape` is noncopyable, and lives only inside this call).
func readTape(_ bytes: [UInt8], options: Node.ReadingOptions = .strict) throws(JSONSyntaxError) -> (
    node: Node, rootEnd: Int, count: Int
) {
    try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
        let tape = try JSONReader.readTape(buffer, options: options)
        return (tape.node(at: 0), tape.end(of: 0), tape.count)
    }
}

/// Reads `bytes` both ways and records a difference, if any, under `name`.
func compareReaders(
    _ bytes: [UInt8], options: Node.ReadingOptions = .strict, name: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let tree = Result { () throws(JSONSyntaxError) in
        try bytes.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) in
            try JSONReader.read(buffer, options: options)
        }
    }
    let tape = Result { () throws(JSONSyntaxError) in try readTape(bytes, options: options) }
    switch (tree, tape) {
    case (.success(let node), .success(let tape)):
        let fromTape = tape.node
        #expect(fromTape == node, "\(name): the tape's node differs", sourceLocation: sourceLocation)
        #expect(
            (try? fromTape.serializedBytes()) == (try? node.serializedBytes()),
            "\(name): the tape's node writes different JSON", sourceLocation: sourceLocation)
        #expect(
            tape.rootEnd == tape.count, "\(name): the root does not span the tape", sourceLocation: sourceLocation)
    case (.failure(let treeError), .failure(let tapeError)):
        #expect(tapeError == treeError, "\(name): different errors", sourceLocation: sourceLocation)
    case (.success, .failure(let error)):
        Issue.record("\(name): only the tape reader rejects it: \(error)", sourceLocation: sourceLocation)
    case (.failure(let error), .success):
        Issue.record(
            "\(name): only the tape reader accepts it (the tree reader says \(error))", sourceLocation: sourceLocation)
    }
}

@Suite struct TapeReaderTests {
    @Test(
        .enabled(
            if: TestSupport.isDirectory(TestSupport.jsonTestSuiteParsing),
            "JSONTestSuite not found: expected ../shared/JSONTestSuite/test_parsing beside the package root"))
    func everyJSONTestSuiteFileReadsAsTheTreeReaderReadsIt() throws {
        let files = TestSupport.jsonFiles(in: TestSupport.jsonTestSuiteParsing)
        #expect(files.count > 300)
        for file in files {
            let bytes = try TestSupport.bytes(of: file, in: TestSupport.jsonTestSuiteParsing)
            compareReaders(bytes, name: file)
            compareReaders(bytes, options: .lenient, name: "\(file) (lenient)")
        }
    }

    @Test(
        .enabled(
            if: TestSupport.isDirectory(TestSupport.benchData),
            "bench-data not found: expected ../shared/bench-data beside the package root"))
    func everyBenchmarkDocumentReadsAsTheTreeReaderReadsIt() throws {
        let files = TestSupport.jsonFiles(in: TestSupport.benchData)
        #expect(files.count >= 10)
        for file in files {
            compareReaders(try TestSupport.bytes(of: file, in: TestSupport.benchData), name: file)
        }
    }

    @Test(arguments: [
        "", " ", "[", "]", "{", "}", "[1,]", "{\"a\":1,}", "[1 2]", "{\"a\" 1}", "{\"a\":}", "{1:2}", "[1,,2]",
        "\"abc", "\"a\\qb\"", "\"\\u12\"", "\"\\uD800\"", "\"\\uDC00x\"", "\"a\u{01}b\"", "tru", "nul", "-",
        "01", "1.", "1e", "[1]x", "{}}", "[[]]]", "\u{FEFF}[1]", "NaN", "Infinity", "-Infinity", "[1,/*c*/2]//x",
        "{\"a\":1,\"a\":2}", "{\"a\":1,\"b\":{\"a\":2,\"a\":3}}", "{\"\\u0061\":1,\"a\":2}",
        "{\"k\\n\\\"\":\"v\\t\\u00e9\\ud83d\\ude00 end\"}", "[\"caf\u{E9}\", \"\u{1F600}\", \"\\u20AC\"]",
        "[18446744073709551615, 18446744073709551616, -9223372036854775808, -9223372036854775809]",
        "[0.1, 1e400, -0.0, 9007199254740993, 9.9999999999999999, 1.5e-400, 123456789012345678901234567890]",
        "[[],{},[[]],{\"a\":[]},{\"a\":{}}]", "[1, 2, ]", "{\"a\": 1, }", "[,]", "{,}",
    ])
    func smallInputsReadAsTheTreeReaderReadsThem(_ text: String) {
        compareReaders(Array(text.utf8), name: text)
        compareReaders(Array(text.utf8), options: .lenient, name: "\(text) (lenient)")
        compareReaders(Array(text.utf8), options: .json5, name: "\(text) (JSON5)")
        var unique = Node.ReadingOptions.strict
        unique.rejectsDuplicateKeys = true
        compareReaders(Array(text.utf8), options: unique, name: "\(text) (unique keys)")
    }

    @Test func stringEntriesKnowWhetherTheyAreASCII() throws {
        // Keys and values, plain and with escapes, short ASCII keys (read on the fast path) and others. A wrong
        // flag makes a `String` that miscounts its characters (and trips an assertion in debug builds).
        let text = #"""
            {"plain":"abc","caf\u00e9":"é","esc\n":"a\tb","\u00e9":"\u00e9","né":"x\u0041",
            "long key past eight bytes":"ünïcode text longer than a word"}
            """#
        let expected: [(String, Bool)] = [
            ("plain", true), ("abc", true), ("café", false), ("é", false), ("esc\n", true), ("a\tb", true),
            ("é", false), ("é", false), ("né", false), ("xA", true), ("long key past eight bytes", true),
            ("ünïcode text longer than a word", false),
        ]
        let found = try Array(text.utf8).withUnsafeBufferPointer { buffer in
            let tape = try JSONReader.readTape(buffer, options: .strict)
            return (1..<tape.count).map { (tape.string(at: $0), tape[$0].isASCII) }
        }
        #expect(found.map(\.0) == expected.map(\.0))
        #expect(found.map(\.1) == expected.map(\.1))
        let decoded = try NodeDecoder().decode([String: String].self, fromJSON: text)
        #expect(decoded["café"] == "é" && decoded["café"]?.count == 1)
        #expect(decoded["long key past eight bytes"]?.count == 31 && decoded["né"]?.count == 2)
    }

    @Test func invalidUTF8IsRejectedWhereTheTreeReaderRejectsIt() {
        for bytes: [UInt8] in [
            [0x22, 0xFF, 0x22], [0x22, 0x61, 0xC3, 0x22], [0x22, 0xED, 0xA0, 0x80, 0x22],
            [0x22, 0x5C, 0x6E, 0xC0, 0xAF, 0x22], [0x7B, 0x22, 0xF5, 0x22, 0x3A, 0x31, 0x7D],
        ] {
            compareReaders(bytes, name: "\(bytes)")
        }
    }

    @Test func depthLimitAppliesAsInTheTreeReader() {
        var options = Node.ReadingOptions.strict
        options.maximumDepth = 10
        compareReaders(nestedArrays(depth: 10), options: options, name: "10 levels")
        compareReaders(nestedArrays(depth: 11), options: options, name: "11 levels")
        compareReaders(
            Array(String(repeating: "{\"a\":", count: 11).utf8) + [0x31] + Array(repeating: 0x7D, count: 11),
            options: options, name: "11 objects")
        compareReaders(nestedArrays(depth: 2_000), name: "2,000 levels")
    }

    @Test func stacksMoveOffTheirStartingRoomAtEveryBoundary() {
        // The open containers start in room for 16 and the keys in room for 32, on the call stack; entries get
        // room for the worst case below 2 KiB. Each side of each boundary, and a stack that moves while a
        // container under it is still open.
        for depth in 14...18 {
            compareReaders(nestedArrays(depth: depth), name: "\(depth) arrays")
            let objects = String(repeating: #"{"k":"#, count: depth) + "1" + String(repeating: "}", count: depth)
            compareReaders(Array(objects.utf8), name: "\(depth) objects")
        }
        for members in 30...34 {
            let object = "{" + (0..<members).map { #""k\#($0)":\#($0)"# }.joined(separator: ",") + "}"
            compareReaders(Array(object.utf8), name: "\(members) members")
            compareReaders(Array(#"{"outer":\#(object),"after":[\#(object)]}"#.utf8), name: "\(members) nested")
        }
        for zeros in [1_020, 1_023, 1_024, 1_025, 1_030] {
            let text = "[" + Array(repeating: "0", count: zeros).joined(separator: ",") + "]"
            compareReaders(Array(text.utf8), name: "\(zeros) zeros, \(text.utf8.count) bytes")
        }
    }

    @Test func randomDocumentsReadAsTheTreeReaderReadsThem() throws {
        var rejectingDuplicateKeys = Node.ReadingOptions.strict
        rejectingDuplicateKeys.rejectsDuplicateKeys = true
        var generator = SeededGenerator(seed: 0x7A9E)
        for round in 0..<300 {
            let node = randomDocument(depth: 4, using: &generator)
            let text = try node.serializedBytes(round.isMultiple(of: 2) ? [.prettyPrinted] : [])
            compareReaders(text, name: "random document \(round)")
            compareReaders(text, options: .json5, name: "random document \(round) (JSON5)")
            compareReaders(text, options: rejectingDuplicateKeys, name: "random document \(round) (unique keys)")
            // Cut short at a random point: both must fail the same way.
            if text.count > 1 {
                compareReaders(
                    Array(text[0..<Int.random(in: 1..<text.count, using: &generator)]), name: "truncated \(round)")
            }
        }
    }
}

/// A random document with the values a reader finds hard: escapes, non-ASCII text, integers at the edges of
/// `Int64` and `UInt64`, doubles, long keys and repeated keys.
private func randomDocument(depth: Int, using rng: inout SeededGenerator) -> Node {
    let roll = Int.random(in: 0..<10, using: &rng)
    if depth > 0 && roll < 4 {
        let count = Int.random(in: 0...9, using: &rng)
        if roll % 2 == 0 {
            return .array((0..<count).map { _ in randomDocument(depth: depth - 1, using: &rng) })
        }
        var object = Node.Object()
        for _ in 0..<count {
            object[randomText(using: &rng)] = randomDocument(depth: depth - 1, using: &rng)
        }
        return .object(object)
    }
    switch Int.random(in: 0..<8, using: &rng) {
    case 0: return [nil, true, false].randomElement(using: &rng)!
    case 1: return .number(.int(Int64.random(in: .min ... .max, using: &rng)))
    case 2: return .number(.uint(UInt64.random(in: UInt64(Int64.max) + 1 ... .max, using: &rng)))
    case 3: return .number(.double(Double(bitPattern: UInt64.random(in: 0..<0x7FF0_0000_0000_0000, using: &rng))))
    case 4: return .number(.int(Int64.random(in: -100...100, using: &rng)))
    default: return .string(randomText(using: &rng))
    }
}

private func randomText(using rng: inout SeededGenerator) -> String {
    let pieces = ["a", "id", "name", "\"", "\\", "\n", "\u{1}", "\u{7F}", "é", "€", "😀", "/", " ", "longer key text"]
    return (0..<Int.random(in: 0...6, using: &rng)).map { _ in pieces.randomElement(using: &rng)! }.joined()
}

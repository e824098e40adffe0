// Helpers shared by the reader's test suites: locating files beside the package, asserting on parse results
// and syntax errors, building hostile inputs, and a seeded random number generator.

import Foundation
import Testing

@testable import Genome

// MARK: - Locations

enum TestSupport {
    /// The package root (the directory holding `Package.swift`), found by walking up from this file.
    static let packageRoot: URL = {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            if FileManager.default.fileExists(atPath: directory.appendingPathComponent("Package.swift").path) {
                return directory
            }
            directory.deleteLastPathComponent()
        }
        preconditionFailure("No Package.swift above \(#filePath)")
    }()

    /// `../shared/JSONTestSuite` relative to the package root: a checkout of nst/JSONTestSuite.
    static let jsonTestSuite = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared").appendingPathComponent("JSONTestSuite")

    static let jsonTestSuiteParsing = jsonTestSuite.appendingPathComponent("test_parsing")
    static let jsonTestSuiteTransform = jsonTestSuite.appendingPathComponent("test_transform")

    /// `../shared/json-patch-tests` relative to the package root: a checkout of json-patch/json-patch-tests.
    static let jsonPatchTests = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared").appendingPathComponent("json-patch-tests")

    /// `../shared/bench-data` relative to the package root: the nativejson-benchmark corpus.
    static let benchData = packageRoot.deletingLastPathComponent()
        .appendingPathComponent("shared").appendingPathComponent("bench-data")

    static func isDirectory(_ url: URL) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The names of the `.json` files in `directory` starting with `prefix`, sorted; empty when unreadable.
    static func jsonFiles(in directory: URL, prefix: String = "") -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasPrefix(prefix) && $0.hasSuffix(".json") }.sorted()
    }

    static func bytes(of file: String, in directory: URL) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: directory.appendingPathComponent(file)))
    }
}

// MARK: - Building inputs

/// `depth` nested arrays: `[[[…]]]`.
func nestedArrays(depth: Int) -> [UInt8] {
    [UInt8](repeating: UInt8(ascii: "["), count: depth) + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
}

/// The node `nestedArrays(depth:)` reads to, built without recursion.
func nestedArrayNode(depth: Int) -> Node {
    precondition(depth >= 1)
    var node: Node = .array([])
    for _ in 1..<depth {
        node = .array([node])
    }
    return node
}

/// How many arrays are nested at the start of `node`, following first elements; counted without recursion.
func leadingArrayDepth(_ node: Node) -> Int {
    var depth = 0
    var current = node
    while case .array(let elements) = current {
        depth += 1
        guard let first = elements.first else { break }
        current = first
    }
    return depth
}

extension String {
    var bytes: [UInt8] { Array(utf8) }
}

/// A short, bounded rendering of a node for failure messages (parsed hostile inputs can be megabytes long).
func summary(_ node: Node, limit: Int = 120) -> String {
    let text = node.description
    return text.count <= limit ? text : String(text.prefix(limit)) + "… (\(text.utf8.count) bytes)"
}

// MARK: - Reading

/// Reads `json`, recording an issue (with the error's description) at the caller when it is rejected.
func parsed(
    _ json: [UInt8], options: Node.ReadingOptions = .strict, sourceLocation: SourceLocation = #_sourceLocation
) -> Node? {
    do {
        return try Node(json: json, options: options)
    } catch {
        Issue.record("expected the document to parse, but: \(error)", sourceLocation: sourceLocation)
        return nil
    }
}

func parsed(
    _ json: String, options: Node.ReadingOptions = .strict, sourceLocation: SourceLocation = #_sourceLocation
) -> Node? {
    parsed(json.bytes, options: options, sourceLocation: sourceLocation)
}

/// Reads `json` and expects exactly `expected`, compared with `Node`'s `==`.
func expectParses(
    _ json: String, options: Node.ReadingOptions = .strict, to expected: Node,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    guard let node = parsed(json.bytes, options: options, sourceLocation: sourceLocation) else { return }
    #expect(node == expected, "read \(json.debugDescription)", sourceLocation: sourceLocation)
}

/// Expects `json` to be rejected with an error of `kind`; checks `offset`, `line` and `column` when given.
/// Returns the error for further checks, or nil (with an issue recorded) when the document was accepted.
@discardableResult
func expectSyntaxError(
    _ json: [UInt8], options: Node.ReadingOptions = .strict, kind: JSONSyntaxError.Kind, offset: Int? = nil,
    line: Int? = nil, column: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> JSONSyntaxError? {
    let error: JSONSyntaxError
    do {
        let node = try Node(json: json, options: options)
        Issue.record(
            "expected a \(kind) error, but the document was accepted as \(summary(node))",
            sourceLocation: sourceLocation)
        return nil
    } catch let caught {
        error = caught
    }
    #expect(error.kind == kind, "\(error)", sourceLocation: sourceLocation)
    if let offset {
        #expect(error.offset == offset, "\(error)", sourceLocation: sourceLocation)
    }
    if let line {
        #expect(error.line == line, "\(error)", sourceLocation: sourceLocation)
    }
    if let column {
        #expect(error.column == column, "\(error)", sourceLocation: sourceLocation)
    }
    return error
}

@discardableResult
func expectSyntaxError(
    _ json: String, options: Node.ReadingOptions = .strict, kind: JSONSyntaxError.Kind, offset: Int? = nil,
    line: Int? = nil, column: Int? = nil, sourceLocation: SourceLocation = #_sourceLocation
) -> JSONSyntaxError? {
    expectSyntaxError(
        json.bytes, options: options, kind: kind, offset: offset, line: line, column: column,
        sourceLocation: sourceLocation)
}

/// The outcome of reading some bytes, without asserting anything.
func readResult(_ json: [UInt8], options: Node.ReadingOptions = .strict) -> Result<Node, JSONSyntaxError> {
    Result { () throws(JSONSyntaxError) in try Node(json: json, options: options) }
}

/// Expects `node` to serialize, and the serialized bytes to read back to an equal node. Returns the bytes.
@discardableResult
func expectRoundTrip(_ node: Node, sourceLocation: SourceLocation = #_sourceLocation) -> [UInt8]? {
    let bytes: [UInt8]
    do {
        bytes = try node.serializedBytes()
    } catch {
        Issue.record("\(summary(node)) did not serialize: \(error)", sourceLocation: sourceLocation)
        return nil
    }
    switch readResult(bytes) {
    case .success(let reread):
        #expect(reread == node, "\(summary(node)) changed in a round trip", sourceLocation: sourceLocation)
    case .failure(let error):
        Issue.record(
            "the serialization of \(summary(node)) did not read back: \(error)", sourceLocation: sourceLocation)
    }
    return bytes
}

/// Expects `node` to be the double `expected` exactly, by bit pattern: the case, the value and the sign of a zero.
func expectDouble(_ node: Node?, _ expected: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    guard case .number(.double(let value))? = node else {
        Issue.record(
            "expected the double \(expected), got \(node.map { summary($0) } ?? "nothing")",
            sourceLocation: sourceLocation)
        return
    }
    #expect(
        value.bitPattern == expected.bitPattern, "expected \(expected), got \(value)", sourceLocation: sourceLocation)
}

// MARK: - Timing

/// Runs `body` and returns what it returned with the wall-clock time it took.
func timed<Value>(_ body: () throws -> Value) rethrows -> (result: Value, duration: Duration) {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try body()
    return (result, clock.now - start)
}

/// Runs `body` and returns its result with the CPU time the calling thread spent in it: what the tests that guard
/// against quadratic time compare, since waiting for a core does not count (with tests running in parallel on two
/// cores under ThreadSanitizer, a thread waits seconds for one). `body` must do its work on this thread.
func threadCPUTimed<Value>(_ body: () throws -> Value) rethrows -> (result: Value, duration: Duration) {
    func now() -> Duration {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
    }
    let start = now()
    let result = try body()
    return (result, now() - start)
}

// MARK: - Keys

/// A coding key made at run time.
struct AnyCodingKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

// MARK: - Randomness

/// SplitMix64: a tiny, seedable generator, so that randomised tests are reproducible.
struct SeededGenerator: RandomNumberGenerator {
    private var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

// MARK: - Threads

/// Runs `body` on a new thread with `stackSize` bytes of stack (as Foundation's `Thread` sets it), waits for it,
/// and returns its result. `body` may use anything the caller can: the caller waits, so nothing is used by two
/// threads at once.
func runOnThread<Value>(stackSize: Int, _ body: () -> Value) -> Value {
    withoutActuallyEscaping(body) { body in
        let work = ThreadWork(body)
        let thread = Thread { work.run() }
        thread.stackSize = stackSize
        thread.start()
        work.finished.wait()
        return work.result!
    }
}

/// The work handed to the thread, and its result.
private final class ThreadWork<Value>: @unchecked Sendable {
    /// Let go of once run: `withoutActuallyEscaping` checks that nothing holds it when the caller goes on.
    private var body: (() -> Value)?
    var result: Value?
    let finished = DispatchSemaphore(value: 0)

    init(_ body: @escaping () -> Value) {
        self.body = body
    }

    func run() {
        result = body!()
        body = nil
        finished.signal()
    }
}

/// Expects an exact number that keeps `text` and whose correctly rounded double is `double` (bit for bit).
func expectExact(
    _ node: Node?, _ text: String, double: Double, sourceLocation: SourceLocation = #_sourceLocation
) {
    guard case .number(.exact(let exact))? = node else {
        Issue.record(
            "expected the exact number \(text), got \(node.map { summary($0) } ?? "nothing")",
            sourceLocation: sourceLocation)
        return
    }
    #expect(exact.text == text, sourceLocation: sourceLocation)
    #expect(
        exact.doubleValue.bitPattern == double.bitPattern, "got \(exact.doubleValue)", sourceLocation: sourceLocation)
}

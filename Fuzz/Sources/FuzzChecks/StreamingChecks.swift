// Streaming (issue 16): the same input fed to `Node.elements(at:)` and `Node.lines` in random chunkings must give
// what `Node(json:)` gives.
//
// - Elements at `""`: the elements of a top-level array, exactly; a document that is not an array is
//   `.notAnArray`; an input the reader rejects is an error (possibly after some elements).
// - Elements at `/key`, for the first key of a top-level object that holds an array and appears once.
// - JSON Lines: the input split at line feeds, a trailing `\r` dropped and blank lines skipped, each line read
//   by `Node(json:)`; the stream must give those values up to the first bad line and fail there (with its line
//   number), and with skipping, give every good line's value and report every bad line. Decoded with
//   `concurrently: true`, whose workers frame blocks of lines and number them from 1, the lines must give the
//   plain stream's values and errors, in the same places.
//
// The chunkings come from a generator seeded by the input, so a crash replays exactly.

import Dispatch
import Genome

/// Runs `body` to completion from synchronous code: the fuzzer's thread is not one of the concurrency pool's, so
/// waiting for it here cannot starve the task.
private func runBlocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
    let box = ResultBox<T>()
    let done = DispatchSemaphore(value: 0)
    Task {
        box.value = await body()
        done.signal()
    }
    done.wait()
    return box.value!
}

/// Hands a task's result to the thread that waits for it.
private final class ResultBox<T>: @unchecked Sendable {
    // @unchecked: written once by the task before the semaphore is signalled, read once after.
    var value: T?
}

private struct SeededGenerator: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A few ways to cut `count` bytes: random cut points, and for short inputs every byte on its own.
private func chunkings(of input: [UInt8]) -> [[Int]] {
    var seed: UInt64 = 0xCBF2_9CE4_8422_2325
    for byte in input { seed = (seed ^ UInt64(byte)) &* 0x100_0000_01B3 }
    var generator = SeededGenerator(state: seed)
    var result: [[Int]] = []
    for _ in 0..<3 {
        let cuts = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            Int.random(in: 0...input.count, using: &generator)
        }
        result.append(cuts.sorted())
    }
    if input.count <= 128 { result.append(Array(0..<input.count)) }
    return result
}

private func chunks(_ input: [UInt8], cutAt cuts: [Int]) -> AsyncStream<[UInt8]> {
    var parts: [[UInt8]] = []
    var start = 0
    for cut in cuts + [input.count] where cut >= start {
        parts.append(Array(input[start..<cut]))
        start = cut
    }
    return AsyncStream { continuation in
        for part in parts { continuation.yield(part) }
        continuation.finish()
    }
}

/// What a stream gave: its values, and the error that ended it.
private struct StreamOutcome: Sendable {
    var values: [Node] = []
    var error: JSONStreamError?
    var otherError: String?
}

private func drain(_ stream: NodeStream) async -> StreamOutcome {
    var outcome = StreamOutcome()
    do {
        for try await value in stream { outcome.values.append(value) }
    } catch let error as JSONStreamError {
        outcome.error = error
    } catch {
        outcome.otherError = "\(error)"
    }
    return outcome
}

func checkStreaming(
    _ input: UnsafeBufferPointer<UInt8>, strict: Result<Node, JSONSyntaxError>,
    unique: Result<Node, JSONSyntaxError>
) throws(Failure) {
    let bytes = Array(input)
    let cuttings = chunkings(of: bytes)
    for cuts in cuttings {
        try checkElements(
            bytes, pointer: JSONPointer(), cuts: cuts, strict: strict,
            expectedArray: {
                if case .array(let elements) = $0 { return elements }
                return nil
            }(try? strict.get()))
        if case .success(.object(let object)) = strict, case .success = unique, let first = object.first,
            case .array(let elements) = first.value
        {
            try checkElements(
                bytes, pointer: JSONPointer(tokens: [first.key]), cuts: cuts, strict: strict, expectedArray: elements)
        }
        try checkLines(bytes, cuts: cuts)
    }
}

private func checkElements(
    _ bytes: [UInt8], pointer: JSONPointer, cuts: [Int], strict: Result<Node, JSONSyntaxError>,
    expectedArray: [Node]?
) throws(Failure) {
    let outcome = runBlocking { await drain(Node.elements(at: pointer, from: chunks(bytes, cutAt: cuts))) }
    let name = "elements(at: \"\(pointer)\") cut at \(cuts)"
    if let other = outcome.otherError { throw Failure(check: name, details: "threw a foreign error: \(other)") }
    switch strict {
    case .failure(let error):
        guard outcome.error != nil else {
            throw Failure(check: name, details: "accepted a document the reader rejects (\(error))")
        }
    case .success(let node):
        if let expectedArray {
            guard outcome.error == nil, outcome.values == expectedArray else {
                throw Failure(
                    check: name,
                    details: "gave \(outcome.values.count) elements and \(String(describing: outcome.error)); "
                        + "the reader has \(expectedArray.count)")
            }
        } else if pointer.tokens.isEmpty {
            guard outcome.error?.kind == .notAnArray, outcome.values.isEmpty else {
                throw Failure(check: name, details: "\(node.kind) at the top is not .notAnArray: \(outcome)")
            }
        }
    }
    if let error = outcome.error, let syntax = error.syntaxError {
        guard syntax.offset >= 0, syntax.offset <= bytes.count, syntax.line >= 1, syntax.column >= 1 else {
            throw Failure(check: name, details: "error outside the input: \(error)")
        }
    }
}

/// The values `Node(json:)` gives the lines of `bytes`, each with its line number, or the line's error.
private func expectedLines(_ bytes: [UInt8]) -> [(line: Int, value: Node?)] {
    var result: [(Int, Node?)] = []
    var number = 0
    for var line in bytes.split(separator: 0x0A, omittingEmptySubsequences: false) {
        number += 1
        if line.last == 0x0D { line = line.dropLast() }
        if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) { continue }
        result.append((number, try? Node(json: line)))
    }
    return result
}

private func checkLines(_ bytes: [UInt8], cuts: [Int]) throws(Failure) {
    let expected = expectedLines(bytes)
    let name = "lines cut at \(cuts)"
    let stopping = runBlocking { await drain(Node.lines(from: chunks(bytes, cutAt: cuts))) }
    if let other = stopping.otherError { throw Failure(check: name, details: "threw a foreign error: \(other)") }
    let good = expected.prefix { $0.value != nil }.map { $0.value! }
    guard stopping.values == good else {
        throw Failure(check: name, details: "gave \(stopping.values.count) values, the reader \(good.count)")
    }
    let firstBad = expected.first { $0.value == nil }
    guard stopping.error?.line == firstBad?.line else {
        throw Failure(
            check: name, details: "ended with \(String(describing: stopping.error)), not at line \(firstBad?.line ?? 0)"
        )
    }

    let report = JSONStreamReport()
    let skipping = runBlocking {
        await drain(Node.lines(from: chunks(bytes, cutAt: cuts)).skippingInvalidValues(reportingTo: report))
    }
    // The report counts every skipped line but keeps only the first `maximumKeptErrors` errors (1,000).
    let badLines = expected.filter({ $0.value == nil }).map(\.line)
    guard skipping.error == nil, skipping.otherError == nil, skipping.values == expected.compactMap(\.value),
        report.skippedCount == badLines.count,
        report.skipped.map(\.line) == Array(badLines.prefix(report.maximumKeptErrors))
    else {
        throw Failure(
            check: name, details: "skipping gave \(skipping.values.count) values and \(report.skippedCount) skips")
    }
    try checkConcurrentLines(
        bytes, cuts: cuts, good: good, stoppedBy: stopping.error, kept: skipping.values, plainReport: report)
}

/// A line's value as it is, to decode lines on other threads with `decode(_:concurrently: true)`.
private struct WholeValue: NodeDecodable, Sendable {
    let node: Node
    static func decode(_ json: Node) throws -> WholeValue { WholeValue(node: json) }
}

/// A decoded stream's values, the error that ended it, and a foreign error's description.
private func drain(_ stream: DecodedNodeStream<WholeValue>) async -> ([Node], JSONStreamError?, String?) {
    var values: [Node] = []
    do {
        for try await value in stream { values.append(value.node) }
        return (values, nil, nil)
    } catch let error as JSONStreamError {
        return (values, error, nil)
    } catch {
        return (values, nil, "\(error)")
    }
}

/// Where a stream error is, and what it is, to compare two streams' errors.
private func place(_ error: JSONStreamError?) -> String {
    guard let error else { return "none" }
    let syntax = error.syntaxError.map { "\($0.kind) \($0.line):\($0.column)@\($0.offset)" } ?? "-"
    return "\(error.kind) line \(error.line ?? 0) offset \(error.offset) syntax \(syntax)"
}

/// `decode(_:concurrently: true)` cuts the lines into blocks that other threads frame and number from 1: it must
/// give the plain stream's values, stop at the same error, and report the same skipped lines, in the same places.
private func checkConcurrentLines(
    _ bytes: [UInt8], cuts: [Int], good: [Node], stoppedBy: JSONStreamError?, kept: [Node],
    plainReport: JSONStreamReport
) throws(Failure) {
    let name = "lines decoded concurrently, cut at \(cuts)"
    let stopping = runBlocking {
        await drain(Node.lines(from: chunks(bytes, cutAt: cuts)).decode(WholeValue.self, concurrently: true))
    }
    guard stopping.2 == nil, stopping.0 == good, place(stopping.1) == place(stoppedBy) else {
        throw Failure(
            check: name,
            details: "gave \(stopping.0.count) values and \(place(stopping.1)) \(stopping.2 ?? ""); "
                + "the plain stream \(good.count) and \(place(stoppedBy))")
    }
    let report = JSONStreamReport()
    let skipping = runBlocking {
        await drain(
            Node.lines(from: chunks(bytes, cutAt: cuts)).skippingInvalidValues(reportingTo: report)
                .decode(WholeValue.self, concurrently: true))
    }
    let expected = plainReport.skipped.map(place)
    guard skipping.1 == nil, skipping.2 == nil, skipping.0 == kept, report.skipped.map(place) == expected,
        report.skippedCount == plainReport.skippedCount
    else {
        throw Failure(
            check: name,
            details: "skipping gave \(skipping.0.count) values and reported \(report.skipped.map(place)); "
                + "the plain stream \(kept.count) and \(expected)")
    }
}

// Helpers for the streaming suites: chunked input as an AsyncSequence, collecting a stream, and temporary files.

import Foundation
import Testing

@testable import Genome

/// `bytes` cut at `cuts` (offsets, ascending), as an async sequence of chunks.
func chunked(_ bytes: [UInt8], at cuts: [Int]) -> AsyncStream<[UInt8]> {
    var parts: [[UInt8]] = []
    var start = 0
    for cut in cuts.map({ min($0, bytes.count) }) + [bytes.count] where cut >= start {
        parts.append(Array(bytes[start..<cut]))
        start = cut
    }
    return AsyncStream { continuation in
        for part in parts { continuation.yield(part) }
        continuation.finish()
    }
}

/// `bytes` as one-byte chunks.
func bytewise(_ bytes: [UInt8]) -> AsyncStream<[UInt8]> {
    chunked(bytes, at: Array(0..<bytes.count))
}

/// Every value of `stream`.
func collect<S: AsyncSequence>(_ stream: S) async throws -> [S.Element] {
    var values: [S.Element] = []
    for try await value in stream { values.append(value) }
    return values
}

/// The values before the stream failed, and its error (nil when it ended normally).
func collectUntilError(_ stream: NodeStream) async -> (values: [Node], error: JSONStreamError?) {
    var values: [Node] = []
    do {
        for try await value in stream { values.append(value) }
        return (values, nil)
    } catch let error as JSONStreamError {
        return (values, error)
    } catch {
        Issue.record("unexpected error \(error)")
        return (values, nil)
    }
}

/// Every value of an in-memory stream, or its first error.
func collect<Bytes>(_ stream: LazyNodeStream<Bytes>) throws(JSONStreamError) -> [Node] {
    var stream = stream
    var values: [Node] = []
    while let value = try stream.next() { values.append(value) }
    return values
}

/// A file in the temporary directory holding `bytes`, removed when `body` returns.
func withTemporaryFile<R>(
    _ bytes: [UInt8], isolation: isolated (any Actor)? = #isolation, _ body: (String) async throws -> R
) async throws -> R {
    let path = NSTemporaryDirectory() + "genome-stream-\(UInt64.random(in: 0...UInt64.max)).json"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    defer { try? FileManager.default.removeItem(atPath: path) }
    return try await body(path)
}

/// Whether this process has `path` open (Linux: some entry of /proc/self/fd links to it).
func isOpen(_ path: String) -> Bool {
    let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return descriptors.contains { descriptor in
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\(descriptor)")) == path
    }
}

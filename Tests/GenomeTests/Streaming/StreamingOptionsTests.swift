// Sizes in StreamingOptions may come from a configuration file: set after creation, they are limited as the
// initialiser limits them, so that no value makes a stream trap or ask for all of memory.

import Foundation
import Genome
import Testing

@Suite struct StreamingOptionsTests {
    typealias Event = StreamDecodingTests.Event

    @Test func sizesSetAfterCreationAreLimitedAsTheInitialiserLimitsThem() {
        var options = Node.StreamingOptions()
        options.maximumValueSize = -1
        #expect(options.maximumValueSize == 1)
        options.maximumValueSize = Int.max
        #expect(options.maximumValueSize == Int.max)
        options.fileChunkSize = 0
        #expect(options.fileChunkSize == 1)
        options.fileChunkSize = Int.max
        #expect(options.fileChunkSize == Node.StreamingOptions.maximumFileChunkSize)
        #expect(Node.StreamingOptions(fileChunkSize: Int.min).fileChunkSize == 1)
        #expect(
            Node.StreamingOptions(fileChunkSize: Int.max).fileChunkSize == Node.StreamingOptions.maximumFileChunkSize)
    }

    @Test func aNegativeValueSizeMakesEveryLineTooLargeInAConcurrentDecode() async throws {
        var options = Node.StreamingOptions()
        options.maximumValueSize = -5
        // A chunk that ends inside a line leaves the line's start waiting for the rest, already too large.
        let input = Array(#"{"id": 1, "name": "a"}"#.utf8) + [0x0A]
        let stream = Node.lines(from: chunked(input, at: [5]), options: options).decode(Event.self, concurrently: true)
        let error = await #expect(throws: JSONStreamError.self) { _ = try await collect(stream) }
        #expect(error?.kind == .valueTooLarge)
    }

    @Test func fileChunkSizesOutOfRangeStillReadTheWholeFile() async throws {
        let input = Array("1\n[2]\n{\"three\": 3}\n".utf8)
        try await withTemporaryFile(input) { path in
            for size in [0, -1, Int.min, Int.max] {
                var options = Node.StreamingOptions()
                options.fileChunkSize = size
                let values = try await collect(Node.lines(fromFileAtPath: path, options: options))
                #expect(values == [1, [2], ["three": 3]], "fileChunkSize \(size)")
            }
        }
    }

    @Test func byteChunkSizesOutOfRangeStillReadEveryByte() async throws {
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in Array("1\n[2]\n".utf8) { continuation.yield(byte) }
            continuation.finish()
        }
        var options = Node.StreamingOptions()
        options.fileChunkSize = -1
        #expect(try await collect(Node.lines(from: bytes, options: options)) == [1, [2]])
    }
}

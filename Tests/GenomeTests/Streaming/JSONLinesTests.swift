// Node.lines: JSON Lines from memory, from chunks split anywhere, and from files; blank lines, `\r\n`, the last
// line, bad lines (stopping and skipping), the size limit and cancellation.

import Foundation
import Testing

@testable import Genome

@Suite struct JSONLinesTests {
    static let sample = Array(
        """
        {"name": "Zoë 🦊", "escaped": "a\\"b\\\\c\\u00e9\\ud83d\\ude00", "n": -12.5e3}
        [1, 2.25, 18446744073709551615, true, false, null]

        "just a string"
        \t
        12345678901234567890123
        {"nested": {"deep": [[], {}]}}
        """.utf8)

    static var sampleValues: [Node] {
        String(decoding: sample, as: UTF8.self).split(separator: "\n").compactMap { line in
            line.allSatisfy { $0 == " " || $0 == "\t" } ? nil : try? Node(json: String(line))
        }
    }

    @Test func inMemoryLinesMatchTheReader() throws {
        let values = try collect(Node.lines(in: Self.sample))
        #expect(values == Self.sampleValues)
        #expect(values.count == 5)
    }

    @Test func everySplitOffsetGivesTheSameValues() async throws {
        let expected = Self.sampleValues
        for cut in 0...Self.sample.count {
            let values = try await collect(Node.lines(from: chunked(Self.sample, at: [cut])))
            #expect(values == expected, "cut at \(cut)")
        }
        #expect(try await collect(Node.lines(from: bytewise(Self.sample))) == expected)
    }

    @Test func everyPairOfSplitOffsetsGivesTheSameValues() async throws {
        let input = Array("{\"é\": \"\\u00e9🦊\"}\r\n-1.5e-3\n".utf8)
        let expected: [Node] = [["é": "é🦊"], -1.5e-3]
        for first in 0...input.count {
            for second in first...input.count {
                let values = try await collect(Node.lines(from: chunked(input, at: [first, second])))
                #expect(values == expected, "cuts at \(first), \(second)")
            }
        }
    }

    @Test func emptyInputHasNoValues() async throws {
        #expect(try collect(Node.lines(in: [UInt8]())) == [])
        #expect(try await collect(Node.lines(from: chunked([], at: []))) == [])
        #expect(try collect(Node.lines(in: Array("\n\n  \r\n".utf8))) == [])
    }

    @Test func lastLineWithoutLineBreak() throws {
        #expect(try collect(Node.lines(in: Array("1\n2".utf8))) == [1, 2])
        #expect(try collect(Node.lines(in: Array("1\n2\n".utf8))) == [1, 2])
    }

    @Test func carriageReturnLineFeedAndBlankLines() throws {
        #expect(try collect(Node.lines(in: Array("1\r\n\r\n2\r\n \t\r\n3".utf8))) == [1, 2, 3])
    }

    @Test func aNonContiguousCollectionReadsTheSame() throws {
        let values = try collect(Node.lines(in: Self.sample.lazy.map { $0 }))
        #expect(values == Self.sampleValues)
    }

    @Test func badLineStopsTheStreamWithItsLineAndOffset() async throws {
        let input = Array("{\"a\": 1}\n\n{\"a\": 2,}\n{\"a\": 3}\n".utf8)
        let (values, error) = await collectUntilError(Node.lines(from: chunked(input, at: [12])))
        #expect(values == [["a": 1]])
        let failure = try #require(error)
        #expect(failure.kind == .syntax)
        #expect(failure.line == 3)
        #expect(failure.offset == 18)
        let syntax = try #require(failure.syntaxError)
        #expect(syntax.line == 3)
        #expect(syntax.column == 9)
        #expect(syntax.offset == 18)
        #expect(
            failure.description.hasPrefix(
                "JSONStreamError at line 3 (byte 18): the value is not valid JSON: JSONSyntaxError at line 3, column 9")
        )
        // In memory the same.
        #expect(throws: JSONStreamError.self) { try collect(Node.lines(in: input)) }
    }

    @Test func badLinesAreSkippedAndReported() async throws {
        let input = Array("1\n{oops\n3\n[\n5".utf8)
        let report = JSONStreamReport()
        let values = try await collect(
            Node.lines(from: chunked(input, at: [3])).skippingInvalidValues(reportingTo: report))
        #expect(values == [1, 3, 5])
        #expect(report.skippedCount == 2)
        #expect(report.skipped.map(\.line) == [2, 4])
        #expect(report.skipped.map(\.offset) == [3, 11])  // where each problem is

        let memoryReport = JSONStreamReport()
        #expect(try collect(Node.lines(in: input).skippingInvalidValues(reportingTo: memoryReport)) == [1, 3, 5])
        #expect(memoryReport.skipped.map(\.line) == [2, 4])
    }

    @Test func reportKeepsAFewErrorsAndCountsTheRest() throws {
        let input = Array(String(repeating: "x\n", count: 50).utf8)
        let report = JSONStreamReport(maximumKeptErrors: 3)
        #expect(try collect(Node.lines(in: input).skippingInvalidValues(reportingTo: report)) == [])
        #expect(report.skippedCount == 50)
        #expect(report.skipped.map(\.line) == [1, 2, 3])
    }

    @Test func lineOverTheSizeLimitIsAnError() async throws {
        let options = Node.StreamingOptions(maximumValueSize: 16)
        let input = Array("[1]\n\"\(String(repeating: "a", count: 40))\"\n[3]\n".utf8)
        let (values, error) = await collectUntilError(
            Node.lines(from: chunked(input, at: [6, 20]), options: options))
        #expect(values == [[1]])
        #expect(error?.kind == .valueTooLarge)
        #expect(error?.line == 2)
        #expect(error?.offset == 4)

        let report = JSONStreamReport()
        let skipped = try await collect(
            Node.lines(from: chunked(input, at: [6, 20]), options: options).skippingInvalidValues(reportingTo: report))
        #expect(skipped == [[1], [3]])
        #expect(report.skipped.map(\.kind) == [.valueTooLarge])
    }

    @Test func json5ValueAcrossLinesIsAClearError() {
        let options = Node.StreamingOptions(reading: .json5)
        #expect(throws: JSONStreamError.self) {
            try collect(Node.lines(in: Array("'a\\\nb'\n".utf8), options: options))
        }
        #expect(
            (try? collect(Node.lines(in: Array("{a: 1,} // one\n[0x10,]\n".utf8), options: options))) == [
                ["a": 1], [16],
            ])
    }

    @Test func linesFromAFile() async throws {
        try await withTemporaryFile(Self.sample) { path in
            let values = try await collect(Node.lines(fromFileAtPath: path, options: .init(fileChunkSize: 7)))
            #expect(values == Self.sampleValues)
        }
    }

    @Test func breakingOutOfTheLoopClosesTheFile() async throws {
        try await withTemporaryFile(Self.sample) { path in
            for try await _ in Node.lines(fromFileAtPath: path, options: .init(fileChunkSize: 7)) {
                #expect(isOpen(path))
                break
            }
            #expect(!isOpen(path))
            // A stream is a description: iterating again reads the file again.
            let stream = Node.lines(fromFileAtPath: path)
            #expect(try await collect(stream) == Self.sampleValues)
            #expect(try await collect(stream) == Self.sampleValues)
            #expect(!isOpen(path))
        }
    }

    @Test func byteSequencesAreGatheredIntoChunks() async throws {
        let bytes = AsyncStream<UInt8> { continuation in
            for byte in Self.sample { continuation.yield(byte) }
            continuation.finish()
        }
        #expect(try await collect(Node.lines(from: bytes, options: .init(fileChunkSize: 5))) == Self.sampleValues)
    }

    @Test func missingFileIsAnUnreadableFileError() async throws {
        let (values, error) = await collectUntilError(Node.lines(fromFileAtPath: "/nonexistent/genome/file.jsonl"))
        #expect(values.isEmpty)
        #expect(error?.kind == .unreadableFile)
        let underlying = try #require(error?.underlyingError as? FileReadError)
        #expect(underlying.code == ENOENT)
        #expect(underlying.operation == "open")
        #expect(underlying.description.contains("No such file"))
    }

    @Test func cancellationStopsReadingAndClosesTheFile() async throws {
        let input = Array(String(repeating: "{\"a\": [1, 2, 3]}\n", count: 20_000).utf8)
        try await withTemporaryFile(input) { path in
            let task = Task { () -> (Int, (any Error)?) in
                var count = 0
                do {
                    for try await _ in Node.lines(fromFileAtPath: path, options: .init(fileChunkSize: 1024)) {
                        count += 1
                        if count == 1 { #expect(isOpen(path)) }
                        if count == 10 { withUnsafeCurrentTask { $0?.cancel() } }
                    }
                    return (count, nil)
                } catch {
                    #expect(!isOpen(path))
                    return (count, error)
                }
            }
            let (count, error) = await task.value
            #expect(error is CancellationError)
            // Stopped within one chunk of 1 KiB: a few dozen lines at most, of 20,000.
            #expect(count < 200)
        }
    }

    @Test func cancellationStopsANeverEndingSequence() async throws {
        let endless = AsyncStream<[UInt8]> { continuation in
            let task = Task {
                while !Task.isCancelled {
                    continuation.yield(Array("1\n".utf8))
                    await Task.yield()
                }
            }
            continuation.onTermination = { _ in task.cancel() }
        }
        let consumer = Task {
            var count = 0
            for try await _ in Node.lines(from: endless) {
                count += 1
                if count == 100 { withUnsafeCurrentTask { $0?.cancel() } }
            }
            return count
        }
        await #expect(throws: CancellationError.self) { _ = try await consumer.value }
    }
}

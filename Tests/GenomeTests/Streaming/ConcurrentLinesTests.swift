// `decode(_:concurrently: true)` on JSON Lines cuts the input into blocks of whole lines that the workers frame
// themselves, numbering their lines from 1; the delivering task then places every error in the whole stream. These
// tests hold it to the plain, one-at-a-time decode of the same input: the same models, and errors with the same
// kind, line, offset and syntax error, whether the stream stops at the first bad value or skips and reports them,
// however the input is cut into chunks.

import Foundation
import Testing

@testable import Genome

@Suite struct ConcurrentLinesTests {
    typealias Event = StreamDecodingTests.Event

    /// `count` lines of every kind a stream meets: good values (some with multi-byte characters), values that do not
    /// decode, values that are not JSON, blank and whitespace-only lines, `\r\n` endings, and (when `longEvery` is
    /// set) lines longer than `long` bytes. Deterministic for a given `seed`.
    static func mixedLines(
        _ count: Int, seed: UInt64, long: Int = 0, longEvery: Int = 0, lastLineFeed: Bool = true
    ) -> [UInt8] {
        var state = seed
        func next(_ bound: UInt64) -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return (state >> 33) % bound
        }
        var text = ""
        for id in 0..<count {
            let ending = next(5) == 0 ? "\r\n" : "\n"
            if longEvery > 0 && id % longEvery == longEvery - 1 {
                text += "{\"id\": \(id), \"name\": \"\(String(repeating: "ü", count: long))\"}" + ending
                continue
            }
            switch next(20) {
            case 0: text += "{\"id\": \(id)}" + ending  // does not decode: no name
            case 1: text += "{\"id\": \(id), \"name\": \"a\\u00\"}" + ending  // not JSON: a cut escape
            case 2: text += "{\"id\": \(id), \"name\": [1, 2" + ending  // not JSON: cut short
            case 3: text += ending  // blank
            case 4: text += " \t " + ending  // whitespace only
            case 5: text += "{\"id\": \(id), \"name\": \"ünïcødé \(id) 🦊\"}" + ending
            default: text += "{\"id\": \(id), \"name\": \"event \(id)\"}" + ending
            }
        }
        if !lastLineFeed {
            text += "{\"id\": \(count), \"name\": \"last\"}"
        }
        return Array(text.utf8)
    }

    /// What a test compares of an error: everything that says where it is and what it is.
    static func signature(_ error: JSONStreamError) -> String {
        "\(error.kind) line \(error.line ?? -1) index \(error.index ?? -1) offset \(error.offset) "
            + "syntax \(error.syntaxError.map { "\($0.line):\($0.column)@\($0.offset) \($0.kind)" } ?? "-") "
            + "underlying \(error.underlyingError.map { "\($0)" } ?? "-")"
    }

    /// The first place where two lists of error signatures differ, said briefly; nil when they are equal.
    static func firstDifference(_ found: [String], _ expected: [String]) -> String? {
        for (index, (left, right)) in zip(found, expected).enumerated() where left != right {
            return "at \(index): \(left) instead of \(right)"
        }
        return found.count == expected.count ? nil : "\(found.count) errors instead of \(expected.count)"
    }

    /// Every model of the stream, and its first error's signature (nil when it ended normally).
    static func decodeUntilError(_ stream: DecodedNodeStream<Event>) async -> ([Event], String?) {
        var events: [Event] = []
        do {
            for try await event in stream { events.append(event) }
            return (events, nil)
        } catch let error as JSONStreamError {
            return (events, signature(error))
        } catch {
            return (events, "unexpected \(error)")
        }
    }

    /// Decodes `input`, cut at `cuts`, plainly and concurrently, stopping at the first error and skipping, and
    /// expects the same from both.
    static func expectSameAsPlain(
        _ input: [UInt8], cuts: [Int], options: Node.StreamingOptions = Node.StreamingOptions(),
        sourceLocation: SourceLocation = #_sourceLocation
    ) async throws {
        let plain = await decodeUntilError(
            Node.lines(from: chunked(input, at: cuts), options: options).decode(Event.self))
        let concurrent = await decodeUntilError(
            Node.lines(from: chunked(input, at: cuts), options: options).decode(Event.self, concurrently: true))
        #expect(concurrent.0 == plain.0, "models before the first error", sourceLocation: sourceLocation)
        #expect(concurrent.1 == plain.1, "the first error", sourceLocation: sourceLocation)

        let plainReport = JSONStreamReport()
        let plainEvents = try await collect(
            Node.lines(from: chunked(input, at: cuts), options: options).skippingInvalidValues(reportingTo: plainReport)
                .decode(Event.self))
        let report = JSONStreamReport()
        let events = try await collect(
            Node.lines(from: chunked(input, at: cuts), options: options).skippingInvalidValues(reportingTo: report)
                .decode(Event.self, concurrently: true))
        #expect(events == plainEvents, "models when skipping", sourceLocation: sourceLocation)
        #expect(
            firstDifference(report.skipped.map(signature), plainReport.skipped.map(signature)) == nil,
            "the skipped values", sourceLocation: sourceLocation)
        #expect(report.skippedCount == plainReport.skippedCount, sourceLocation: sourceLocation)
    }

    @Test(arguments: [1, 2, 3])
    func manyBlocksGiveWhatThePlainDecodeGives(seed: UInt64) async throws {
        // 5,000 lines make several blocks of at most 1,024 lines; the bad values fall in every block.
        let input = Self.mixedLines(5_000, seed: seed, lastLineFeed: seed != 2)
        try await Self.expectSameAsPlain(input, cuts: [])
        try await Self.expectSameAsPlain(input, cuts: Array(stride(from: 977, to: input.count, by: 4_099)))
        try await Self.expectSameAsPlain(input, cuts: [1, 2, 3, input.count / 2, input.count - 1])
    }

    @Test func chunksCutAnywhereInASmallInput() async throws {
        let input = Self.mixedLines(16, seed: 9)
        for cut in 0...input.count {
            try await Self.expectSameAsPlain(input, cuts: [cut])
        }
    }

    @Test func oneByteChunks() async throws {
        try await Self.expectSameAsPlain(Self.mixedLines(300, seed: 4), cuts: Array(0..<20_000))
    }

    @Test func linesOverTheSizeLimitAcrossChunks() async throws {
        // Every 97th line holds 400 two-byte characters, over the limit of 512 bytes; chunks of 300 bytes cut
        // through them, so the cutter drops their rest across several chunks.
        let options = Node.StreamingOptions(maximumValueSize: 512)
        let input = Self.mixedLines(3_000, seed: 5, long: 400, longEvery: 97)
        try await Self.expectSameAsPlain(
            input, cuts: Array(stride(from: 300, to: input.count, by: 300)), options: options)
        try await Self.expectSameAsPlain(input, cuts: [], options: options)
        // Every line is too long, so a block's first line fails before any value is framed.
        let allLong = Self.mixedLines(50, seed: 3, long: 400, longEvery: 1)
        try await Self.expectSameAsPlain(allLong, cuts: [], options: options)
        try await Self.expectSameAsPlain(allLong, cuts: [1_000, 1_900], options: options)
        // The last line is the long one, with no line feed after it.
        let last = Self.mixedLines(97, seed: 6, long: 400, longEvery: 97)
        try await Self.expectSameAsPlain(Array(last.dropLast()), cuts: [100, 700], options: options)
    }

    @Test func linesLongerThanABlock() async throws {
        // Lines of about 150 KiB, over the 64 KiB a block aims for but under the limit: a block holds a line whole.
        let input = Self.mixedLines(40, seed: 7, long: 75_000, longEvery: 3)
        try await Self.expectSameAsPlain(input, cuts: Array(stride(from: 65_536, to: input.count, by: 65_536)))
    }

    @Test func aFileGivesWhatThePlainDecodeGives() async throws {
        let input = Self.mixedLines(4_000, seed: 8)
        try await withTemporaryFile(input) { path in
            let options = Node.StreamingOptions(fileChunkSize: 4_096)
            let plainReport = JSONStreamReport()
            let plain = try await collect(
                Node.lines(fromFileAtPath: path, options: options).skippingInvalidValues(reportingTo: plainReport)
                    .decode(Event.self))
            let report = JSONStreamReport()
            let concurrent = try await collect(
                Node.lines(fromFileAtPath: path, options: options).skippingInvalidValues(reportingTo: report)
                    .decode(Event.self, concurrently: true))
            #expect(concurrent == plain)
            #expect(plain.count > 2_500)
            #expect(
                Self.firstDifference(report.skipped.map(Self.signature), plainReport.skipped.map(Self.signature)) == nil
            )
            #expect(!report.skipped.isEmpty)
            #expect(!isOpen(path))
        }
    }

    @Test func aSyntaxErrorFarDownIsPlacedInTheWholeStream() async throws {
        // 3,000 good lines, then a bad one: the error's line, offset and syntax error count from the stream's start.
        let bad = "{\"id\": 3000, \"name\": tru}"
        var single: JSONSyntaxError?
        do { _ = try Node(json: bad) } catch { single = error }
        let alone = try #require(single)
        var text = (0..<3_000).map { "{\"id\": \($0), \"name\": \"é\"}\n" }.joined()
        let badOffset = text.utf8.count
        text += bad + "\n{\"id\": 3001, \"name\": \"x\"}\n"
        let report = JSONStreamReport()
        let events = try await collect(
            Node.lines(from: chunked(Array(text.utf8), at: [50_000])).skippingInvalidValues(reportingTo: report)
                .decode(Event.self, concurrently: true))
        #expect(events.map(\.id) == Array(0..<3_000) + [3_001])
        let error = try #require(report.skipped.first)
        #expect(error.kind == .syntax)
        #expect(error.line == 3_001)
        #expect(error.offset == badOffset + alone.offset)
        #expect(error.syntaxError?.line == 3_001)
        #expect(error.syntaxError?.column == alone.column)
        #expect(error.syntaxError?.offset == badOffset + alone.offset)
        #expect(error.syntaxError?.kind == alone.kind)
        #expect((error.underlyingError as? JSONSyntaxError) == error.syntaxError)
    }

    /// A model that counts its live instances.
    final class Tracked: NodeDecodable, Sendable {
        static let live = LockedState(0)
        init() { Self.live.withLock { $0 += 1 } }
        deinit { Self.live.withLock { $0 -= 1 } }
        static func decode(_ json: Node) throws -> Tracked { Tracked() }
    }

    @Test func modelsThatAreNeverDeliveredAreReleased() async throws {
        // Models wait in raw storage until delivered; those of the batch being delivered and of the batches in
        // flight when the loop ends early, or a bad value ends it, must still be released.
        let input = Array(String(repeating: "{}\n", count: 20_000).utf8)
        var count = 0
        for try await _ in Node.lines(from: chunked(input, at: [])).decode(Tracked.self, concurrently: true) {
            count += 1
            if count == 1_500 { break }
        }
        var bad = input
        bad.replaceSubrange(9_000..<9_003, with: Array("{x\n".utf8))
        await #expect(throws: JSONStreamError.self) {
            for try await _ in Node.lines(from: chunked(bad, at: [])).decode(Tracked.self, concurrently: true) {}
        }
        // Batches still in flight finish, or see their cancellation, on other threads; wait for them (20 s at most).
        let deadline = ContinuousClock.now + .seconds(20)
        while Tracked.live.withLock({ $0 }) > 0 && ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(count == 1_500)
        #expect(Tracked.live.withLock { $0 } == 0)
    }
}

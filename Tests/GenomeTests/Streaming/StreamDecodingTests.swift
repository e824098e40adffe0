// decode(T.self) on streams: NodeDecodable and Decodable models, errors with their line and the decoder's path,
// skipping, and `concurrently: true` delivering in input order.

import Foundation
import Testing

@testable import Genome

@Suite struct StreamDecodingTests {
    struct Event: NodeDecodable, Decodable, Sendable, Equatable {
        let id: Int
        let name: String
        static func decode(_ json: Node) throws -> Event { try Event(id: json.decode("id"), name: json.decode("name")) }
    }

    struct CodableEvent: Decodable, Sendable, Equatable {
        let id: Int
        let name: String
    }

    struct NodeEvent: NodeDecodable, Equatable {
        let id: Int
        static func decode(_ json: Node) throws -> NodeEvent { try NodeEvent(id: json.decode("id")) }
    }

    static func lines(_ count: Int, badAt bad: Set<Int> = []) -> [UInt8] {
        var text = ""
        for id in 0..<count {
            if bad.contains(id) {
                text += id % 2 == 0 ? "{\"id\": \(id)}\n" : "{\"id\": \(id), \n"
            } else {
                text += "{\"id\": \(id), \"name\": \"event \(id) é\"}\n"
            }
        }
        return Array(text.utf8)
    }

    @Test func nodeDecodableAndDecodableModels() async throws {
        let input = Self.lines(20)
        let events = try await collect(Node.lines(from: chunked(input, at: [7, 100])).decode(NodeEvent.self))
        #expect(events.map(\.id) == Array(0..<20))
        let codable = try await collect(Node.lines(from: chunked(input, at: [7, 100])).decode(CodableEvent.self))
        #expect(codable.map(\.name) == (0..<20).map { "event \($0) é" })
        let both = try await collect(Node.lines(from: chunked(input, at: [3])).decode(Event.self))
        #expect(both.map(\.id) == Array(0..<20))
        let items = try await collect(
            Node.elements(at: JSONPointer(), from: chunked(Array("[{\"id\": 4}]".utf8), at: [2])).decode(NodeEvent.self)
        )
        #expect(items == [NodeEvent(id: 4)])
    }

    @Test func decodingErrorNamesTheLineAndKeepsTheDecodersError() async throws {
        let input = Self.lines(5, badAt: [2])
        var seen: [Int] = []
        do {
            for try await event in Node.lines(from: chunked(input, at: [50])).decode(Event.self) {
                seen.append(event.id)
            }
            Issue.record("no error")
        } catch let error as JSONStreamError {
            #expect(seen == [0, 1])
            #expect(error.kind == .decoding)
            #expect(error.line == 3)
            let missing = try #require(error.underlyingError as? MissingKeyError)
            #expect(missing.key == "name")
        }
        do {
            for try await _ in Node.lines(from: chunked(input, at: [50])).decode(CodableEvent.self) {}
            Issue.record("no error")
        } catch let error as JSONStreamError {
            #expect(error.kind == .decoding)
            #expect(error.line == 3)
            guard case .keyNotFound(let key, _)? = error.underlyingError as? DecodingError else {
                Issue.record("not keyNotFound: \(error)")
                return
            }
            #expect(key.stringValue == "name")
        }
    }

    @Test func syntaxErrorsInDecodedStreamsAreSyntaxErrors() async throws {
        let input = Self.lines(5, badAt: [3])
        for concurrently in [false, true] {
            do {
                for try await _ in Node.lines(from: chunked(input, at: [50])).decode(
                    CodableEvent.self, concurrently: concurrently)
                {}
                Issue.record("no error")
            } catch let error as JSONStreamError {
                #expect(error.kind == .syntax)
                #expect(error.line == 4)
                #expect(error.syntaxError?.line == 4)  // the line ends where the value is cut short
            }
        }
    }

    @Test(arguments: [false, true])
    func badValuesAreSkippedInInputOrder(concurrently: Bool) async throws {
        let bad: Set<Int> = [3, 500, 501, 1_999]
        let input = Self.lines(2_000, badAt: bad)
        let report = JSONStreamReport()
        let events = try await collect(
            Node.lines(from: chunked(input, at: [1_000, 40_000])).skippingInvalidValues(reportingTo: report)
                .decode(Event.self, concurrently: concurrently))
        #expect(events.map(\.id) == (0..<2_000).filter { !bad.contains($0) })
        #expect(report.skipped.map(\.line) == [4, 501, 502, 2_000])
        #expect(report.skipped.map(\.kind) == [.syntax, .decoding, .syntax, .syntax])
    }

    @Test func concurrentDecodingDeliversInInputOrder() async throws {
        let input = Self.lines(20_000)
        let events = try await collect(
            Node.lines(from: chunked(input, at: [12_345])).decode(Event.self, concurrently: true))
        #expect(events.map(\.id) == Array(0..<20_000))
        let codable = try await collect(
            Node.lines(from: chunked(input, at: [])).decode(CodableEvent.self, concurrently: true))
        #expect(codable.map(\.id) == Array(0..<20_000))
    }

    /// Counts the decoders running at once (started and not yet finished, whether or not a core runs them).
    static let decoders = LockedState((active: 0, most: 0))

    /// A model whose first decoder waits (up to 20 seconds) until a second one has started: with batches decoded
    /// at once that happens as soon as the pool has a free thread; decoded one at a time, it never does. Nothing
    /// is timed: the wait ends on the event, and the test only fails after the cap, which a stream that decodes
    /// batches at once does not reach unless the whole pool is blocked that long.
    struct WaitingModel: NodeDecodable, Sendable {
        static func decode(_ json: Node) throws -> WaitingModel {
            let active = StreamDecodingTests.decoders.withLock { decoders in
                decoders.active += 1
                decoders.most = max(decoders.most, decoders.active)
                return decoders.active
            }
            if active == 1 && StreamDecodingTests.decoders.withLock({ $0.most }) < 2 {
                let deadline = ContinuousClock.now + .seconds(20)
                while StreamDecodingTests.decoders.withLock({ $0.most }) < 2 && ContinuousClock.now < deadline {
                    usleep(1_000)
                }
            }
            StreamDecodingTests.decoders.withLock { $0.active -= 1 }
            return WaitingModel()
        }
    }

    @Test(.enabled(if: ProcessInfo.processInfo.activeProcessorCount >= 2))
    func concurrentDecodingRunsBatchesAtOnce() async throws {
        // 4,000 values make four batches of 1,024, all in flight at once.
        let input = Array(String(repeating: "{}\n", count: 4_000).utf8)
        var count = 0
        for try await _ in Node.lines(from: chunked(input, at: [])).decode(WaitingModel.self, concurrently: true) {
            count += 1
        }
        #expect(count == 4_000)
        #expect(Self.decoders.withLock { $0.most } >= 2)
    }

    @Test func concurrentDecodingStopsAtTheFirstBadValueAfterTheGoodOnes() async throws {
        let input = Self.lines(5_000, badAt: [4_000])
        var seen = 0
        do {
            for try await event in Node.lines(from: chunked(input, at: [])).decode(Event.self, concurrently: true) {
                #expect(event.id == seen)
                seen += 1
            }
            Issue.record("no error")
        } catch let error as JSONStreamError {
            #expect(seen == 4_000)
            #expect(error.line == 4_001)
            #expect(error.kind == .decoding)
        }
    }

    @Test func inputErrorEndsAConcurrentStreamAfterTheElementsBeforeIt() async throws {
        var text = "{\"items\": ["
        text += (0..<3_000).map { "{\"id\": \($0), \"name\": \"n\"}" }.joined(separator: ",")
        text += "], \"after\": tru}"
        var count = 0
        do {
            for try await event in Node.elements(
                at: JSONPointer(tokens: ["items"]), from: chunked(Array(text.utf8), at: [])
            )
            .decode(Event.self, concurrently: true) {
                #expect(event.id == count)
                count += 1
            }
            Issue.record("no error")
        } catch let error as JSONStreamError {
            #expect(count == 3_000)
            #expect(error.kind == .syntax)
        }
    }

    @Test func cancellingAConcurrentStream() async throws {
        let input = Self.lines(50_000)
        try await withTemporaryFile(input) { path in
            let task = Task {
                var count = 0
                for try await _ in Node.lines(fromFileAtPath: path).decode(Event.self, concurrently: true) {
                    count += 1
                    if count == 10 { withUnsafeCurrentTask { $0?.cancel() } }
                }
                return count
            }
            await #expect(throws: CancellationError.self) { _ = try await task.value }
        }
    }

    /// A model that checks, as it decodes, that it runs on the main actor.
    struct MainActorProbe: NodeDecodable {
        static func decode(_ json: Node) throws -> MainActorProbe {
            MainActor.assertIsolated("decode(_:) left the caller's actor")
            return MainActorProbe()
        }
    }

    @MainActor @Test func plainDecodingStaysOnTheCallersActor() async throws {
        let input = Self.lines(300)
        var count = 0
        for try await _ in Node.lines(from: chunked(input, at: [10, 5_000])).decode(MainActorProbe.self) {
            MainActor.assertIsolated()
            count += 1
        }
        #expect(count == 300)
        try await withTemporaryFile(input) { path in
            for try await _ in Node.lines(fromFileAtPath: path).decode(MainActorProbe.self) {}
        }
    }
}

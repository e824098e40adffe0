import Foundation
import GenomeFoundation
import Testing

@testable import Genome

// One encoder core, one pass: whatever a model's containers do, its `encode(to:)` runs once per value, and sees the
// coding paths and counts `JSONEncoder` shows it, with a custom key strategy called for the same paths. Each
// pattern below runs under `JSONEncoder`, `NodeEncoder.encodeJSON` (bytes as it encodes) and `NodeEncoder.encode`
// (a `Node`), each recording what the model saw; the records must be equal, and so must the JSON.

/// What a run's models saw, in order, and the paths a custom key strategy was called with.
final class EncodingRecord: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    private var keyPaths: [String] = []
    private var lastKeys: [String] = []

    func note(_ line: String) {
        lock.lock()
        lines.append(line)
        lock.unlock()
    }

    func noteKeyStrategyCall(_ path: [any CodingKey]) {
        lock.lock()
        keyPaths.append(describe(path))
        lastKeys.append(path.last?.stringValue ?? "")
        lock.unlock()
    }

    var all: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lines
    }

    var keyStrategyCalls: [String] {
        lock.lock()
        defer { lock.unlock() }
        return keyPaths
    }

    /// The last key of each path a key strategy was called with, sorted.
    var keysConverted: [String] {
        lock.lock()
        defer { lock.unlock() }
        return lastKeys.sorted()
    }
}

/// A coding path as text that tells keys and indices apart.
func describe(_ path: [any CodingKey]) -> String {
    "[" + path.map { key in key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue }.joined(separator: ", ")
        + "]"
}

enum ProbeKey: String, CodingKey { case a, b, c, d }

/// A value that records each call of its `encode(to:)`, with the encoder's path, then encodes itself as `body`
/// says, recording what its containers show.
///
/// A probe encoded inside a nested container is marked `nested`: swift-foundation's `JSONEncoder` leaves the nested
/// container's key out of the coding path of a value encoded there (`NodeEncoder` gives the whole path), so only
/// the calls of such a probe, not their paths, are compared with `JSONEncoder`'s.
struct Probe: Encodable {
    let name: String
    let record: EncodingRecord
    var nested = false
    let body: @Sendable (_ encoder: any Encoder, _ probe: Probe) throws -> Void

    init(
        name: String, record: EncodingRecord, nested: Bool = false,
        body: @escaping @Sendable (_ encoder: any Encoder, _ probe: Probe) throws -> Void
    ) {
        self.name = name
        self.record = record
        self.nested = nested
        self.body = body
    }

    func encode(to encoder: any Encoder) throws {
        note("encode(to:)", encoder.codingPath)
        try body(encoder, self)
    }

    func note(_ what: String, _ path: [any CodingKey]) {
        record.note("\(name)\(nested ? " (nested)" : ""): \(what) at \(describe(path))")
    }

    func note(_ what: String, count: Int) {
        record.note("\(name): \(what) count \(count)")
    }

    /// A small model inside this one: a keyed container with one member.
    func leaf(_ name: String, nested: Bool = false) -> Probe {
        Probe(name: "\(self.name).\(name)", record: record, nested: nested || self.nested) { encoder, probe in
            var container = encoder.container(keyedBy: ProbeKey.self)
            probe.note("keyed container", container.codingPath)
            try container.encode(name, forKey: .a)
        }
    }

    /// A model that encodes nothing at all.
    func silent(_ name: String, nested: Bool = false) -> Probe {
        Probe(name: "\(self.name).\(name)", record: record, nested: nested) { _, _ in }
    }
}

/// A probe under a member, inside an array, so that paths have a few steps above it.
struct ProbeHolder: Encodable {
    let probe: Probe
    enum CodingKeys: String, CodingKey { case holder }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode([Wrapped(probe: nil), Wrapped(probe: probe)], forKey: .holder)
    }
}

/// A probe, or nothing, under the key `probe`.
struct Wrapped: Encodable {
    let probe: Probe?
}

struct ProbeFailure: Error {}

/// The container patterns, each a model's `encode(to:)`.
enum Pattern: String, CaseIterable, CustomTestStringConvertible {
    case straight, nestedKeyedInUnkeyed, unkeyedInKeyed, filledAfterLaterMembers, interleaved, twoNestedAtOnce
    case superEncoderOfKeyed, superEncoderForKey, superEncoderOfUnkeyed, keyTwice, nestedReopened, emptyContainers
    case encodesNothing, singleValueThenNested, containerReopenedAfterFinishing, throwsMidway, throwsInNested
    case preconditionOnCount

    var testDescription: String { rawValue }

    /// Where `JSONEncoder` shows a model something else, deliberately (CodableWithGenome.md, "Differences from
    /// JSONDecoder and JSONEncoder"): an unkeyed container counts a super encoder's element from the start, and its
    /// next element's index after it; a key strategy is called for a member's key before its value is encoded, even
    /// when encoding the value then throws.
    func differsFromJSONEncoder(_ strategy: OnePassEncodingParityTests.Strategy) -> Bool {
        switch self {
        case .superEncoderOfUnkeyed: true
        case .throwsMidway, .throwsInNested: strategy == .custom
        default: false
        }
    }

    func probe(_ record: EncodingRecord) -> Probe {
        Probe(name: rawValue, record: record) { encoder, probe in try body(encoder, probe) }
    }

    // swift-format-ignore: FunctionBodyLength
    private func body(_ encoder: any Encoder, _ probe: Probe) throws {
        switch self {
        case .straight:
            var container = encoder.container(keyedBy: ProbeKey.self)
            try container.encode(1, forKey: .a)
            try container.encode(probe.leaf("b"), forKey: .b)
            try container.encode([probe.leaf("c0"), probe.leaf("c1")], forKey: .c)
            probe.note("keyed container", container.codingPath)
        case .nestedKeyedInUnkeyed:
            var list = encoder.unkeyedContainer()
            try list.encode(probe.leaf("0"))
            var nested = list.nestedContainer(keyedBy: ProbeKey.self)
            probe.note("after nested container", count: list.count)
            probe.note("nested container", nested.codingPath)
            try nested.encode(probe.leaf("nested", nested: true), forKey: .a)
            try list.encode(probe.leaf("2"))
            probe.note("at the end", count: list.count)
        case .unkeyedInKeyed:
            var container = encoder.container(keyedBy: ProbeKey.self)
            try container.encode(1, forKey: .a)
            var list = container.nestedUnkeyedContainer(forKey: .b)
            probe.note("nested unkeyed", list.codingPath)
            probe.note("nested unkeyed", count: list.count)
            try list.encode(probe.leaf("b0", nested: true))
            var inner = list.nestedUnkeyedContainer()
            probe.note("inner unkeyed", inner.codingPath)
            try inner.encode(probe.leaf("b1.0", nested: true))
            probe.note("nested unkeyed at the end", count: list.count)
            try container.encode(probe.leaf("c"), forKey: .c)
        case .filledAfterLaterMembers:
            var container = encoder.container(keyedBy: ProbeKey.self)
            var nested = container.nestedContainer(keyedBy: ProbeKey.self, forKey: .a)
            try container.encode(probe.leaf("b"), forKey: .b)
            try container.encode(2, forKey: .c)
            try nested.encode(probe.leaf("a.a", nested: true), forKey: .a)
            try nested.encode(3, forKey: .b)
            probe.note("nested filled late", nested.codingPath)
        case .interleaved:
            var container = encoder.container(keyedBy: ProbeKey.self)
            var nested = container.nestedUnkeyedContainer(forKey: .a)
            try nested.encode(probe.leaf("a0", nested: true))
            try container.encode(probe.leaf("b"), forKey: .b)
            try nested.encode(probe.leaf("a1", nested: true))
            try container.encode(probe.leaf("c"), forKey: .c)
            try nested.encode(2)
            probe.note("interleaved", count: nested.count)
        case .twoNestedAtOnce:
            var container = encoder.container(keyedBy: ProbeKey.self)
            var first = container.nestedContainer(keyedBy: ProbeKey.self, forKey: .a)
            var second = container.nestedUnkeyedContainer(forKey: .b)
            try second.encode(probe.leaf("b0", nested: true))
            try first.encode(probe.leaf("a.a", nested: true), forKey: .a)
            var third = second.nestedContainer(keyedBy: ProbeKey.self)
            try first.encode(1, forKey: .b)
            try third.encode(probe.leaf("b1.c", nested: true), forKey: .c)
            try second.encode(2)
            probe.note("second", count: second.count)
        case .superEncoderOfKeyed:
            var container = encoder.container(keyedBy: ProbeKey.self)
            try container.encode(1, forKey: .a)
            let superEncoder = container.superEncoder()
            probe.note("super encoder", superEncoder.codingPath)
            try probe.leaf("super").encode(to: superEncoder)
            try container.encode(probe.leaf("b"), forKey: .b)
        case .superEncoderForKey:
            var container = encoder.container(keyedBy: ProbeKey.self)
            let superEncoder = container.superEncoder(forKey: .c)
            try container.encode(probe.leaf("a"), forKey: .a)
            var single = superEncoder.singleValueContainer()
            try single.encode(probe.leaf("c"))
            var list = container.superEncoder(forKey: .d).unkeyedContainer()
            probe.note("super encoder's array", list.codingPath)
            try list.encode(probe.leaf("d0", nested: true))
        case .superEncoderOfUnkeyed:
            var list = encoder.unkeyedContainer()
            try list.encode(probe.leaf("0"))
            let superEncoder = list.superEncoder()
            probe.note("after super encoder", count: list.count)
            probe.note("super encoder", superEncoder.codingPath)
            try list.encode(probe.leaf("2"))
            var inner = superEncoder.container(keyedBy: ProbeKey.self)
            try inner.encode(probe.leaf("1.d"), forKey: .d)
        case .keyTwice:
            var container = encoder.container(keyedBy: ProbeKey.self)
            try container.encode(probe.leaf("a"), forKey: .a)
            try container.encode(2, forKey: .b)
            try container.encode(probe.leaf("a again"), forKey: .a)
        case .nestedReopened:
            var container = encoder.container(keyedBy: ProbeKey.self)
            var first = container.nestedContainer(keyedBy: ProbeKey.self, forKey: .a)
            try first.encode(1, forKey: .a)
            try container.encode(probe.leaf("b"), forKey: .b)
            var again = container.nestedContainer(keyedBy: ProbeKey.self, forKey: .a)
            try again.encode(probe.leaf("a.b", nested: true), forKey: .b)
        case .emptyContainers:
            var container = encoder.container(keyedBy: ProbeKey.self)
            _ = container.nestedContainer(keyedBy: ProbeKey.self, forKey: .a)
            let list = container.nestedUnkeyedContainer(forKey: .b)
            probe.note("empty", count: list.count)
            try container.encode([Int](), forKey: .c)
            try container.encode([String: Int](), forKey: .d)
        case .encodesNothing:
            var container = encoder.container(keyedBy: ProbeKey.self)
            try container.encode(probe.silent("a"), forKey: .a)
            var list = container.nestedUnkeyedContainer(forKey: .b)
            try list.encode(probe.silent("b0", nested: true))
            probe.note("after silent", count: list.count)
        case .singleValueThenNested:
            var single = encoder.singleValueContainer()
            try single.encode(probe.leaf("single"))
        case .containerReopenedAfterFinishing:
            var container = encoder.container(keyedBy: ProbeKey.self)
            try container.encode(probe.leaf("a"), forKey: .a)
            var again = encoder.container(keyedBy: ProbeKey.self)
            try again.encode(probe.leaf("b"), forKey: .b)
            probe.note("second container", again.codingPath)
        case .throwsMidway:
            var container = encoder.container(keyedBy: ProbeKey.self)
            try container.encode(probe.leaf("a"), forKey: .a)
            var nested = container.nestedUnkeyedContainer(forKey: .b)
            try nested.encode(1)
            try container.encode(
                Probe(name: "thrower", record: probe.record) { _, _ in throw ProbeFailure() }, forKey: .c)
            try container.encode(probe.leaf("never"), forKey: .d)
        case .throwsInNested:
            var container = encoder.container(keyedBy: ProbeKey.self)
            var nested = container.nestedContainer(keyedBy: ProbeKey.self, forKey: .a)
            try container.encode(probe.leaf("b"), forKey: .b)
            try nested.encode(
                Probe(name: "thrower", record: probe.record, nested: true) { _, _ in throw ProbeFailure() },
                forKey: .c)
        case .preconditionOnCount:
            // Would trap if this ran again, or saw another count than JSONEncoder shows.
            var list = encoder.unkeyedContainer()
            try list.encode(1)
            var nested = list.nestedContainer(keyedBy: ProbeKey.self)
            precondition(list.count == 2, "count \(list.count)")
            try nested.encode(probe.leaf("1.a", nested: true), forKey: .a)
            try list.encode(probe.leaf("2"))
            precondition(list.count == 3, "count \(list.count)")
            precondition(describe(nested.codingPath).hasSuffix("Index 1#1]"), describe(nested.codingPath))
        }
    }
}

/// What each way of encoding gave, and what its models saw.
struct OnePassRun: Equatable {
    var output: String
    var record: [String]
    var keyStrategyCalls: [String]
    var keysConverted: [String]

    /// What `JSONEncoder` can be compared on: the paths of probes in nested containers left out, and the key
    /// strategy's calls as the keys it converted (it converts a member's key after encoding its value, where
    /// `NodeEncoder` converts it before, to write it first; and in nested containers its paths lack their key).
    var comparableWithFoundation: OnePassRun {
        let record = record.map { line in
            guard line.contains(" (nested): "), let at = line.range(of: " at [") else { return line }
            return String(line[..<at.lowerBound])
        }
        return OnePassRun(output: output, record: record, keyStrategyCalls: [], keysConverted: keysConverted)
    }
}

@Suite struct OnePassEncodingParityTests {
    enum Strategy: String, CaseIterable { case useDefaultKeys, snakeCase, custom }

    /// The runs of `JSONEncoder`, `encodeJSON` and `encode(_:)` on the pattern's probe, wrapped by `wrap`.
    func runs(_ pattern: Pattern, strategy: Strategy, wrap: (Probe) -> any Encodable) -> [OnePassRun] {
        func run(_ encode: (any Encodable, EncodingRecord) throws -> Data) -> OnePassRun {
            let record = EncodingRecord()
            let value = wrap(pattern.probe(record))
            do {
                let data = try encode(value, record)
                // Compared as JSON values with sorted keys: JSONEncoder on Linux writes keys in hash order.
                let node = try Node(json: [UInt8](data))
                return OnePassRun(
                    output: try node.serialized(.sortedKeys), record: record.all,
                    keyStrategyCalls: record.keyStrategyCalls, keysConverted: record.keysConverted)
            } catch {
                return OnePassRun(
                    output: "error \(ParityError(error))", record: record.all,
                    keyStrategyCalls: record.keyStrategyCalls, keysConverted: record.keysConverted)
            }
        }
        @Sendable func customKey(_ record: EncodingRecord) -> @Sendable ([any CodingKey]) -> any CodingKey {
            { path in
                record.noteKeyStrategyCall(path)
                return AnyKey(path.last!.stringValue.uppercased())
            }
        }
        let foundation = run { value, record in
            let encoder = JSONEncoder()
            switch strategy {
            case .useDefaultKeys: break
            case .snakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
            case .custom: encoder.keyEncodingStrategy = .custom(customKey(record))
            }
            return try encoder.encode(value)
        }
        func genome(_ record: EncodingRecord) -> NodeEncoder {
            var encoder = NodeEncoder()
            switch strategy {
            case .useDefaultKeys: break
            case .snakeCase: encoder.keyEncodingStrategy = .convertToSnakeCase
            case .custom: encoder.keyEncodingStrategy = .custom(customKey(record))
            }
            return encoder
        }
        let bytes = run { value, record in Data(try genome(record).encodeJSON(value)) }
        let node = run { value, record in Data(try genome(record).encode(value).serializedBytes()) }
        return [foundation, bytes, node]
    }

    @Test(arguments: Pattern.allCases, Strategy.allCases)
    func modelsSeeWhatJSONEncoderShowsThemOnce(_ pattern: Pattern, strategy: Strategy) {
        for (place, wrap) in [
            ("top", { (probe: Probe) in probe as any Encodable }), ("nested", { ProbeHolder(probe: $0) }),
        ] {
            let runs = runs(pattern, strategy: strategy, wrap: wrap)
            let calls = runs.map { $0.record.filter { $0.contains("encode(to:)") }.count }
            #expect(calls[0] > 0 && calls.allSatisfy { $0 == calls[0] }, "\(calls)")
            if !pattern.differsFromJSONEncoder(strategy) {
                #expect(
                    runs[1].comparableWithFoundation == runs[0].comparableWithFoundation,
                    "encodeJSON differs from JSONEncoder (\(place))")
            }
            #expect(runs[2] == runs[1], "encode(_:) differs from encodeJSON (\(place))")
        }
    }

    @Test(arguments: Pattern.allCases)
    func encodeJSONWritesTheBytesOfEncodeThenSerialize(_ pattern: Pattern) {
        let record = EncodingRecord()
        expectBothPathsAgreeInBytes(ProbeHolder(probe: pattern.probe(record)))
        expectBothPathsAgreeInBytes([pattern.probe(record), pattern.probe(record)])
    }

    /// Every `encode(to:)` runs once per value, however many containers it opens.
    @Test func eachValueIsEncodedOnce() throws {
        let record = EncodingRecord()
        let values = Pattern.allCases.filter { ![.throwsMidway, .throwsInNested].contains($0) }.map {
            ProbeHolder(probe: $0.probe(record))
        }
        _ = try NodeEncoder().encodeJSON(values)
        let calls = record.all.filter { $0.contains("encode(to:)") }
        #expect(Set(calls).count == calls.count, "\(calls)")
        #expect(calls.count > values.count)
    }
}

/// Expects `encodeJSON` and `encode(_:)` followed by `serializedBytes()` to give the same bytes, or the same error.
func expectBothPathsAgreeInBytes<T: Encodable>(_ value: T, sourceLocation: SourceLocation = #_sourceLocation) {
    func result(_ body: () throws -> [UInt8]) -> String {
        do { return "bytes " + String(decoding: try body(), as: UTF8.self) } catch { return "error \(error)" }
    }
    let direct = result { try NodeEncoder().encodeJSON(value) }
    let throughNode = result { try NodeEncoder().encode(value).serializedBytes() }
    #expect(direct == throughNode, sourceLocation: sourceLocation)
}

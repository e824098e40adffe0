import Foundation
import GenomeFoundation
import Testing

@testable import Genome

// The Foundation-parity harness: every parity test runs the same Codable type and the same input through Genome
// (NodeDecoder, NodeEncoder) and through Foundation (JSONDecoder, JSONEncoder) in the same process, and expects
// the same outcome:
// - both succeed with equal values, or equal JSON (compared as JSON values, because JSONEncoder on Linux writes
//   keys in hash order, so its bytes are not comparable; tests that are about bytes say so and compare bytes);
// - or both fail, with the same `DecodingError` / `EncodingError` case and the same coding path.
// The documented differences (CodableWithGenome.md, "Differences from JSONDecoder and JSONEncoder") are pinned by
// their own tests, which check Genome's documented behaviour explicitly rather than skipping the comparison.

/// One outcome of a decode or an encode, in a form both libraries' results can be compared in.
enum ParityOutcome<Value>: CustomStringConvertible {
    case value(Value)
    case failure(ParityError)

    var description: String {
        switch self {
        case .value(let value): "value \(value)"
        case .failure(let error): "error \(error)"
        }
    }

    var failure: ParityError? {
        if case .failure(let error) = self { return error }
        return nil
    }
}

/// A `DecodingError` or `EncodingError` reduced to what a caller's `catch` can tell apart: the case, and the
/// coding path as the keys' integer values where they have one and string values otherwise.
struct ParityError: Equatable, CustomStringConvertible {
    var kind: String
    var path: [String]
    var debugDescription: String

    init(_ error: any Error) {
        switch error {
        case DecodingError.typeMismatch(_, let context): self.init("typeMismatch", context)
        case DecodingError.valueNotFound(_, let context): self.init("valueNotFound", context)
        case DecodingError.keyNotFound(let key, let context):
            self.init("keyNotFound(\(key.stringValue))", context)
        case DecodingError.dataCorrupted(let context): self.init("dataCorrupted", context)
        case EncodingError.invalidValue(_, let context):
            self.init(kind: "invalidValue", path: Self.path(context.codingPath), context.debugDescription)
        default:
            self.init(kind: "other: \(type(of: error))", path: [], String(describing: error))
        }
    }

    private init(_ kind: String, _ context: DecodingError.Context) {
        self.init(kind: kind, path: Self.path(context.codingPath), context.debugDescription)
    }

    private init(kind: String, path: [String], _ debugDescription: String) {
        self.kind = kind
        self.path = path
        self.debugDescription = debugDescription
    }

    private static func path(_ keys: [any CodingKey]) -> [String] {
        keys.map { key in key.intValue.map { "[\($0)]" } ?? key.stringValue }
    }

    /// Equal when the case and the path agree; the wording of the description may differ.
    static func == (lhs: ParityError, rhs: ParityError) -> Bool {
        lhs.kind == rhs.kind && lhs.path == rhs.path
    }

    var description: String { "\(kind) at \(path) (\(debugDescription))" }

    /// The documented difference for numbers that do not fit their type: JSONDecoder on Linux reports them as
    /// "The given data was not valid JSON." at the root, and Genome as `dataCorrupted` at the number's path
    /// (CodableWithGenome.md, "Differences from JSONDecoder and JSONEncoder").
    func isDocumentedPathDifference(from foundation: ParityError) -> Bool {
        kind == "dataCorrupted" && foundation.kind == "dataCorrupted" && foundation.path.isEmpty && !path.isEmpty
            && foundation.debugDescription == "The given data was not valid JSON."
            && (debugDescription.contains("does not fit") || debugDescription.contains("not representable"))
    }
}

/// The decoders of one comparison, configured alike.
struct DecoderPair {
    var genome = NodeDecoder()
    let foundation = JSONDecoder()
}

/// The encoders of one comparison, configured alike.
struct EncoderPair {
    var genome = NodeEncoder()
    let foundation = JSONEncoder()
}

func outcome<Value>(_ body: () throws -> Value) -> ParityOutcome<Value> {
    do { return .value(try body()) } catch { return .failure(ParityError(error)) }
}

/// Decodes `json` as `type` with both decoders and expects the same value or the same error.
@discardableResult
func expectSameDecoding<T: Decodable & Equatable>(
    _ type: T.Type, from json: String, configure: (inout DecoderPair) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) -> ParityOutcome<T> {
    expectSameDecoding(type, from: Data(json.utf8), configure: configure, sourceLocation: sourceLocation)
}

@discardableResult
func expectSameDecoding<T: Decodable & Equatable>(
    _ type: T.Type, from data: Data, configure: (inout DecoderPair) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) -> ParityOutcome<T> {
    var pair = DecoderPair()
    configure(&pair)
    let genome = outcome { try pair.genome.decode(type, fromJSON: [UInt8](data)) }
    let foundation = outcome { try pair.foundation.decode(type, from: data) }
    expectSame(genome, foundation, equal: ==, input: String(decoding: data, as: UTF8.self), sourceLocation)
    return genome
}

/// Encodes `value` with both encoders and expects the same JSON value (or the same error). Returns Genome's JSON.
@discardableResult
func expectSameEncoding<T: Encodable>(
    _ value: T, configure: (inout EncoderPair) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) -> String? {
    var pair = EncoderPair()
    configure(&pair)
    let genome = outcome { try Node(json: pair.genome.encodeJSON(value)) }
    let foundation = outcome { try Node(json: pair.foundation.encode(value)) }
    expectSame(genome, foundation, equal: ==, input: "\(value)", sourceLocation)
    expectBothEncodingPathsAgree(value, pair.genome, sourceLocation: sourceLocation)
    if case .value(let node) = genome { return try? node.serialized() }
    return nil
}

/// Encodes with both, decodes each result back with both decoders, and expects everything to agree.
func expectSameRoundTrip<T: Codable & Equatable>(
    _ value: T, encoders: (inout EncoderPair) -> Void = { _ in }, decoders: (inout DecoderPair) -> Void = { _ in },
    sourceLocation: SourceLocation = #_sourceLocation
) {
    expectSameEncoding(value, configure: encoders, sourceLocation: sourceLocation)
    var pair = EncoderPair()
    encoders(&pair)
    guard let data = try? pair.foundation.encode(value) else { return }
    let decoded = expectSameDecoding(T.self, from: data, configure: decoders, sourceLocation: sourceLocation)
    if case .value(let back) = decoded {
        #expect(back == value, "Genome's round trip changed the value", sourceLocation: sourceLocation)
    }
}

private func expectSame<Value>(
    _ genome: ParityOutcome<Value>, _ foundation: ParityOutcome<Value>, equal: (Value, Value) -> Bool,
    input: String, _ sourceLocation: SourceLocation
) {
    switch (genome, foundation) {
    case (.value(let a), .value(let b)):
        #expect(equal(a, b), "values differ for \(input): Genome \(a), Foundation \(b)", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)) where a.isDocumentedPathDifference(from: b):
        break
    case (.failure(let a), .failure(let b)):
        #expect(a == b, "errors differ for \(input): Genome \(a); Foundation \(b)", sourceLocation: sourceLocation)
    default:
        Issue.record(
            "outcomes differ for \(input): Genome \(genome); Foundation \(foundation)", sourceLocation: sourceLocation)
    }
}

/// A coding key for any string or index, for tests that build their keys at run time.
struct AnyKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) {
        stringValue = "\(intValue)"
        self.intValue = intValue
    }
}

/// Expects `encodeJSON` (the byte path, detours included) and the way through a `Node` to agree: the same JSON
/// value, or the same error. Values, not bytes: a model that builds a dictionary in `encode(to:)` makes a new one,
/// with its own hash order, for each encoding. (`ByteEncodingTests` compares bytes, on models without that.)
func expectBothEncodingPathsAgree<T: Encodable>(
    _ value: T, _ encoder: NodeEncoder, sourceLocation: SourceLocation = #_sourceLocation
) {
    let direct = outcome { try Node(json: encoder.encodeJSON(value)) }
    let throughNode = outcome { try Node(json: encoder.encodeJSONThroughNode(value, options: [])) }
    switch (direct, throughNode) {
    case (.value(let a), .value(let b)):
        #expect(a == b, "the byte path wrote \(a), the Node path \(b)", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
        #expect(a == b, "the byte path failed with \(a), the Node path \(b)", sourceLocation: sourceLocation)
    default: Issue.record("the byte path gave \(direct), the Node path \(throughNode)", sourceLocation: sourceLocation)
    }
}

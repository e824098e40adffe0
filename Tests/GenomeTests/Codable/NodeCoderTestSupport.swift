// Helpers for the Codable suites: a summary of a `DecodingError` that tests compare exactly, and small models.

import Genome
import Testing

/// The parts of a `DecodingError` tests compare: its case, the coding path (each key as its `stringValue`, with
/// `#intValue` appended when it has one) and the debug description.
struct DecodingErrorSummary: Equatable, CustomStringConvertible {
    var kind: String
    var path: [String]
    var debugDescription: String

    init(kind: String, path: [String], _ debugDescription: String) {
        self.kind = kind
        self.path = path
        self.debugDescription = debugDescription
    }

    init?(_ error: any Error) {
        guard let error = error as? DecodingError else { return nil }
        let context: DecodingError.Context
        switch error {
        case .typeMismatch(let type, let c): kind = "typeMismatch(\(type))"; context = c
        case .valueNotFound(let type, let c): kind = "valueNotFound(\(type))"; context = c
        case .keyNotFound(let key, let c): kind = "keyNotFound(\(key.stringValue))"; context = c
        case .dataCorrupted(let c): kind = "dataCorrupted"; context = c
        @unknown default: return nil
        }
        path = context.codingPath.map(Self.render)
        debugDescription = context.debugDescription
    }

    static func render(_ key: any CodingKey) -> String {
        key.intValue.map { "\(key.stringValue)#\($0)" } ?? key.stringValue
    }

    var description: String { "\(kind) at \(path): \(debugDescription)" }
}

/// Runs `body`, expecting a `DecodingError` that matches `expected` exactly.
func expectDecodingError(
    _ expected: DecodingErrorSummary, sourceLocation: SourceLocation = #_sourceLocation, _ body: () throws -> Void
) {
    do {
        try body()
        Issue.record("expected \(expected), but nothing was thrown", sourceLocation: sourceLocation)
    } catch {
        guard let summary = DecodingErrorSummary(error) else {
            Issue.record("expected a DecodingError, got \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(summary == expected, sourceLocation: sourceLocation)
    }
}

/// Decodes `json` with a default `NodeDecoder`.
func decoded<T: Decodable>(_ type: T.Type, _ json: String) throws -> T {
    try NodeDecoder().decode(T.self, fromJSON: json)
}

/// Encodes `value` with a default `NodeEncoder` and returns the compact JSON.
func encodedJSON<T: Encodable>(_ value: T, _ encoder: NodeEncoder = NodeEncoder()) throws -> String {
    String(decoding: try encoder.encodeJSON(value), as: UTF8.self)
}

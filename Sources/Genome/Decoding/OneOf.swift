/// One way to decode a value, for ``Node/decode(asOneOf:_:)``: usually a `NodeDecodable` type and how to wrap it.
///
/// ```swift
/// enum Identifier { case number(Int), text(String) }
/// let id: Identifier = try json.decode("id", asOneOf: .type(Int.self, Identifier.number),
///                                                      .type(String.self, Identifier.text))
/// ```
public struct DecodingCandidate<Value> {
    /// How errors name this candidate.
    public let name: String
    internal let decode: (Node, any Context) throws -> Value

    /// Decodes a `Candidate` and turns it into the common result type.
    public static func type<Candidate: NodeDecodable>(
        _ type: Candidate.Type, _ transform: @escaping (Candidate) throws -> Value
    ) -> DecodingCandidate {
        DecodingCandidate(name: typeName(Candidate.self)) { node, context in
            try transform(Candidate.make(from: node, in: context))
        }
    }

    /// Any decoding function, named for error messages.
    public static func custom(_ name: String, _ decode: @escaping (Node) throws -> Value) -> DecodingCandidate {
        DecodingCandidate(name: name) { node, _ in try decode(node) }
    }
}

extension DecodingCandidate where Value: NodeDecodable {
    /// Decodes `Value` itself.
    public static var itself: DecodingCandidate { .type(Value.self) { $0 } }
}

extension Node {
    /// Tries each candidate in order and returns the first that decodes this node (Decodable's `decodeAsOneOf`).
    ///
    /// When none fits, throws a ``TypeMismatchError`` whose `attempts` hold every candidate's error:
    ///
    /// ```
    /// TypeMismatchError at id: expected one of Int, String but found a bool: true
    ///   attempt 1: expected Int
    ///   attempt 2: expected String
    /// ```
    ///
    /// At least one candidate is required: with none, `json.decode("id")` for a type that is not `NodeDecodable`
    /// would quietly pick this function and fail at run time; instead it does not compile.
    public func decode<Value>(
        asOneOf first: DecodingCandidate<Value>, _ others: DecodingCandidate<Value>...
    ) throws -> Value {
        try decode(asOneOf: [first] + others, in: EmptyContext())
    }

    /// Decodes the value at `key` as the first candidate that fits; a missing key throws. At least one candidate
    /// is required (see ``decode(asOneOf:_:)``).
    public func decode<Value>(
        _ key: String, asOneOf first: DecodingCandidate<Value>, _ others: DecodingCandidate<Value>...
    ) throws -> Value {
        // Logged here, with the key in its path, rather than by the `decode(asOneOf:in:)` inside.
        try loggingErrors {
            let value = try self.value(at: [.key(key)], ifPresent: false)!
            return try withPath([.key(key)], root: self) {
                try value.firstDecoding(of: [first] + others, in: EmptyContext())
            }
        }
    }

    /// Tries each candidate in order with `context`.
    public func decode<Value>(asOneOf candidates: [DecodingCandidate<Value>], in context: any Context) throws -> Value {
        try loggingErrors { try firstDecoding(of: candidates, in: context) }
    }

    /// `decode(asOneOf:in:)` without logging. The candidates' own errors are caught here and never logged: they end
    /// up in the combined error's `attempts`, or are dropped when a later candidate fits.
    private func firstDecoding<Value>(of candidates: [DecodingCandidate<Value>], in context: any Context) throws
        -> Value
    {
        var attempts: [any Error] = []
        for candidate in candidates {
            do {
                return try candidate.decode(self, context)
            } catch {
                attempts.append(error)
            }
        }
        throw TypeMismatchError(
            expectedTypeName: "one of " + candidates.map(\.name).joined(separator: ", "), found: self, reason: nil,
            attempts: attempts)
    }
}

/// An optional that is `nil` when its value does not decode, instead of failing the model; in both APIs.
///
/// ```swift
/// struct Profile: Codable {
///     @LossyOptional var website: Int?     // nil when missing, null, or not an Int
/// }
///
/// let website: Int? = try json.decodeLossy("website")   // the static-decode API's one call
/// ```
///
/// A missing key and `null` give `nil` quietly, as for any optional. A value that does not decode gives `nil` and
/// is a ``Recovery`` of kind ``Recovery/Kind/elementDropped`` in the ``RecoveryReport`` being collected (and goes
/// to the ``ErrorLoggers``, if any). Encoding writes the value, and leaves the key out when it is `nil`, as
/// `Codable` does for optionals.
@propertyWrapper
public struct LossyOptional<Wrapped> {
    /// The value, or `nil`.
    public var wrappedValue: Wrapped?

    /// An optional of `wrappedValue`.
    public init(wrappedValue: Wrapped?) {
        self.wrappedValue = wrappedValue
    }
}

extension LossyOptional: NodeDecodable where Wrapped: NodeDecodable {
    public static func decode(_ json: Node) throws -> LossyOptional {
        try make(from: json, in: EmptyContext())
    }

    public static func make(from node: Node, in context: any Context) throws -> LossyOptional {
        if node.isNull { return LossyOptional(wrappedValue: nil) }
        do {
            return LossyOptional(wrappedValue: try Wrapped.make(from: node, in: context))
        } catch {
            Recoveries.record(.elementDropped, in: node, at: [], replacing: error)
            return LossyOptional(wrappedValue: nil)
        }
    }
}

extension LossyOptional: Decodable where Wrapped: Decodable {
    /// Decodes the value, or `nil` when it is null or does not decode.
    public init(from decoder: any Decoder) throws {
        do {
            let container = try decoder.singleValueContainer()
            wrappedValue = container.decodeNil() ? nil : try container.decode(Wrapped.self)
        } catch {
            Recoveries.record(.elementDropped, codingPath: decoder.codingPath, replacing: error)
            wrappedValue = nil
        }
    }
}

extension LossyOptional: Encodable where Wrapped: Encodable {
    /// Encodes the value, or null.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

extension LossyOptional: MissingKeyDecodable where Wrapped: Decodable {
    /// `nil`, for a missing key, as for an `Optional` property.
    public init(missingKey key: any CodingKey, codingPath: [any CodingKey]) {
        self.init(wrappedValue: nil)
    }
}

extension KeyedEncodingContainer {
    /// A `nil` ``LossyOptional`` leaves its key out, as an `Optional` property does.
    public mutating func encode<Wrapped: Encodable>(_ value: LossyOptional<Wrapped>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}

extension KeyedEncodingContainer where Key: NestedCodingKey {
    /// A `nil` ``LossyOptional`` leaves its key path out, as an `Optional` property does.
    public mutating func encode<Wrapped: Encodable>(_ value: LossyOptional<Wrapped>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}

extension Node {
    /// The value at `key`, or `nil` when the key is missing, the value is null, or it does not decode as `T`: the
    /// static-decode API's ``LossyOptional``. A value that does not decode is recorded as a ``Recovery``.
    public func decodeLossy<T: NodeDecodable>(_ key: String) throws -> T? {
        try loggingErrors {
            guard let value = try value(at: [.key(key)], ifPresent: true), !value.isNull else { return nil }
            do {
                return try withPath([.key(key)], root: self) { try T.make(from: value, in: EmptyContext()) }
            } catch {
                Recoveries.record(.elementDropped, in: self, at: [.key(key)], replacing: error)
                return nil
            }
        }
    }
}

extension LossyOptional: Equatable where Wrapped: Equatable {}
extension LossyOptional: Hashable where Wrapped: Hashable {}
extension LossyOptional: Sendable where Wrapped: Sendable {}

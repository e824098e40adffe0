/// A `Codable` property that accepts every one of ``Coercions``: a number from a numeric string, a `Bool` from
/// `0`/`1` or `"true"`/`"false"`, an array from a single value.
///
/// ```swift
/// struct Stats: Codable {
///     @Coerced var count: Int          // 42 or "42"
///     @Coerced var isPublic: Bool      // true, 1 or "true"
///     @Coerced var tags: [String]      // ["a"] or "a"
///     @Coerced var score: Double?      // nil when missing or null, as an optional
/// }
/// ```
///
/// The value is decoded as it is first; a coercion is only tried for a type mismatch, and the coerced value is
/// decoded by a `NodeDecoder` with its default settings. It works under any `Decoder`, `JSONDecoder` included. Each
/// value coerced is a ``Recovery`` of kind ``Recovery/Kind/valueCoerced``. Encoding writes the value as its type
/// encodes it: `"42"` goes back as `42`.
@propertyWrapper
public struct Coerced<Value> {
    /// The value.
    public var wrappedValue: Value

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension Coerced: Decodable where Value: Decodable {
    /// Decodes the value as it is or, when its JSON type does not fit, after a coercion.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            wrappedValue = try container.decode(Value.self)
        } catch let error as DecodingError {
            guard case .typeMismatch = error, let node = try? container.decode(Node.self) else { throw error }
            for candidate in node.coercions(.all) {
                if let value = try? NodeDecoder().decode(Value.self, from: candidate) {
                    Recoveries.record(.valueCoerced, codingPath: decoder.codingPath, replacing: error)
                    wrappedValue = value
                    return
                }
            }
            throw error
        }
    }
}

extension Coerced: Encodable where Value: Encodable {
    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Coerced: MissingKeyDecodable where Value: Decodable & ExpressibleByNilLiteral {
    /// `nil`, for a missing key, as for an `Optional` property.
    public init(missingKey key: any CodingKey, codingPath: [any CodingKey]) {
        self.init(wrappedValue: nil)
    }
}

extension KeyedEncodingContainer {
    /// A `nil` optional ``Coerced`` property leaves its key out, as an `Optional` property does.
    public mutating func encode<Wrapped: Encodable>(_ value: Coerced<Wrapped?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}

extension KeyedEncodingContainer where Key: NestedCodingKey {
    /// A `nil` optional ``Coerced`` property leaves its key path out, as an `Optional` property does.
    public mutating func encode<Wrapped: Encodable>(_ value: Coerced<Wrapped?>, forKey key: Key) throws {
        try encodeIfPresent(value.wrappedValue, forKey: key)
    }
}

extension Coerced: Equatable where Value: Equatable {}
extension Coerced: Hashable where Value: Hashable {}
extension Coerced: Sendable where Value: Sendable {}

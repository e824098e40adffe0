// One-direction omission, as MetaCodable's `@IgnoreDecoding` and `@IgnoreEncoding` give: leaving a property out of
// `CodingKeys` leaves it out both ways, and a member the server computes (read, never sent back) or a value the
// client keeps for itself (sent, never trusted from the document) needs one direction only.

/// A property of a `Codable` model that is written but never read: decoding gives the provider's default,
/// whatever the document holds under its key.
///
/// ```swift
/// enum Fresh: DefaultValueProvider {
///     static let defaultValue = 0
/// }
///
/// struct Draft: Codable {
///     var text: String
///     @IgnoreDecoding<Fresh> var localEdits: Int      // written; a stale value in the document is ignored
/// }
/// ```
///
/// Nothing is recovered, so nothing is reported: the model says the document's value does not count. The key may
/// be missing, null or hold anything. Encoding writes the value, under any encoder.
@propertyWrapper
public struct IgnoreDecoding<Provider: DefaultValueProvider> {
    /// The value: the provider's default after decoding, or what you set.
    public var wrappedValue: Provider.Value

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Provider.Value) {
        self.wrappedValue = wrappedValue
    }
}

extension IgnoreDecoding: Decodable {
    /// The provider's default; the value there is not read.
    public init(from decoder: any Decoder) throws {
        wrappedValue = Provider.defaultValue
    }
}

extension IgnoreDecoding: MissingKeyDecodable {
    /// The provider's default, for a missing key.
    public init(missingKey key: any CodingKey, codingPath: [any CodingKey]) {
        wrappedValue = Provider.defaultValue
    }
}

extension IgnoreDecoding: Encodable where Provider.Value: Encodable {
    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension IgnoreDecoding: Equatable where Provider.Value: Equatable {}
extension IgnoreDecoding: Hashable where Provider.Value: Hashable {}
extension IgnoreDecoding: Sendable where Provider.Value: Sendable {}

/// A property of a `Codable` model that is read but never written: encoding leaves its key out.
///
/// ```swift
/// struct Account: Codable {
///     var email: String
///     @IgnoreEncoding var createdAt: String      // the server's; never sent back
/// }
/// ```
///
/// Decoding reads the value as `Value` decodes it (an optional is nil for a missing key or null). Encoding leaves
/// the key out under any encoder, with ``NestedCodingKey`` paths too: the wrapper's `encode(to:)` is never called
/// by a synthesized `encode(to:)`; one that is called directly writes nothing, which a keyed container writes as
/// `{}`.
@propertyWrapper
public struct IgnoreEncoding<Value> {
    /// The value.
    public var wrappedValue: Value

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension IgnoreEncoding: Decodable where Value: Decodable {
    /// Decodes the value.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(Value.self)
    }
}

extension IgnoreEncoding: MissingKeyDecodable where Value: Decodable & ExpressibleByNilLiteral {
    /// nil, for a missing key, as for an optional property.
    public init(missingKey key: any CodingKey, codingPath: [any CodingKey]) {
        self.init(wrappedValue: nil)
    }
}

extension IgnoreEncoding: Encodable {
    /// Writes nothing.
    public func encode(to encoder: any Encoder) throws {}
}

extension KeyedEncodingContainer {
    /// An ``IgnoreEncoding`` property leaves its key out.
    public mutating func encode<Value>(_ value: IgnoreEncoding<Value>, forKey key: Key) throws {}
}

extension KeyedEncodingContainer where Key: NestedCodingKey {
    /// An ``IgnoreEncoding`` property leaves its key path out.
    public mutating func encode<Value>(_ value: IgnoreEncoding<Value>, forKey key: Key) throws {}
}

extension IgnoreEncoding: Equatable where Value: Equatable {}
extension IgnoreEncoding: Hashable where Value: Hashable {}
extension IgnoreEncoding: Sendable where Value: Sendable {}

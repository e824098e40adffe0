// Conditional omission when writing, as MetaCodable's `@IgnoreEncoding(if:)` gives: an empty list, a zero or a
// default that the receiver does not want to see is left out, and any other value is written. Without macros a
// closure cannot be an attribute's argument, so the condition is a type, as a default is a `DefaultValueProvider`.

/// When an ``IgnoreEncodingWhen`` property is left out of what is written.
///
/// ```swift
/// enum IsEmpty: EncodingOmissionCondition {
///     static func omits(_ value: [String]) -> Bool { value.isEmpty }
/// }
/// ```
public protocol EncodingOmissionCondition {
    /// The type of the property.
    associatedtype Value

    /// Whether `value` is left out: its key is not written at all.
    static func omits(_ value: Value) -> Bool
}

/// A property of a `Codable` model that is read as usual and written unless its ``EncodingOmissionCondition`` says
/// to leave it out.
///
/// ```swift
/// enum IsEmpty: EncodingOmissionCondition {
///     static func omits(_ value: [String]) -> Bool { value.isEmpty }
/// }
///
/// struct Post: Codable {
///     var title: String
///     @IgnoreEncodingWhen<IsEmpty> var tags: [String]     // written unless empty
/// }
/// ```
///
/// Decoding reads the value as `Value` decodes it (an optional is nil for a missing key or null). Encoding leaves the
/// key out when `Condition.omits(_:)` is true, under any encoder and with ``NestedCodingKey`` paths too; otherwise it
/// writes the value as the property would be written without the wrapper. Leaving a value out is the model's choice,
/// not a recovery, so nothing is reported.
@propertyWrapper
public struct IgnoreEncodingWhen<Condition: EncodingOmissionCondition> {
    /// The value.
    public var wrappedValue: Condition.Value

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Condition.Value) {
        self.wrappedValue = wrappedValue
    }
}

extension IgnoreEncodingWhen: Decodable where Condition.Value: Decodable {
    /// Decodes the value.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(Condition.Value.self)
    }
}

extension IgnoreEncodingWhen: MissingKeyDecodable where Condition.Value: Decodable & ExpressibleByNilLiteral {
    /// nil, for a missing key, as for an optional property.
    public init(missingKey key: any CodingKey, codingPath: [any CodingKey]) {
        self.init(wrappedValue: nil)
    }
}

extension IgnoreEncodingWhen: Encodable where Condition.Value: Encodable {
    /// Encodes the value. (A synthesized `encode(to:)` goes through the keyed container's overload instead, which
    /// leaves the key out when the condition holds.)
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension KeyedEncodingContainer {
    /// An ``IgnoreEncodingWhen`` property leaves its key out when its condition holds.
    public mutating func encode<Condition>(_ value: IgnoreEncodingWhen<Condition>, forKey key: Key) throws
    where Condition.Value: Encodable {
        guard !Condition.omits(value.wrappedValue) else { return }
        try encode(value.wrappedValue, forKey: key)
    }
}

extension KeyedEncodingContainer where Key: NestedCodingKey {
    /// An ``IgnoreEncodingWhen`` property leaves its key path out when its condition holds.
    public mutating func encode<Condition>(_ value: IgnoreEncodingWhen<Condition>, forKey key: Key) throws
    where Condition.Value: Encodable {
        guard !Condition.omits(value.wrappedValue) else { return }
        try encode(value.wrappedValue, forKey: key)
    }
}

extension IgnoreEncodingWhen: Equatable where Condition.Value: Equatable {}
extension IgnoreEncodingWhen: Hashable where Condition.Value: Hashable {}
extension IgnoreEncodingWhen: Sendable where Condition.Value: Sendable {}

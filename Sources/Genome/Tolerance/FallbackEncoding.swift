// A value written in place of nil, as CodableWrappers' `@FallbackEncoding` does: for an API that requires a key
// this model may not have a value for.

/// An optional property of a `Codable` model that writes its provider's default in place of nil.
///
/// ```swift
/// enum Unrated: DefaultValueProvider {
///     static let defaultValue = 0
/// }
///
/// struct Review: Codable {
///     @FallbackEncoding<Unrated> var stars: Int?     // nil is written as "stars": 0
/// }
/// ```
///
/// Only encoding uses the default. Decoding is an optional's: nil for a missing key or `null` (not the default:
/// the model keeps what the document said), under any decoder and with ``NestedCodingKey`` paths; any other value
/// must decode. For a default when decoding, see ``Default``; the same provider serves both. It works under any
/// encoder, `JSONEncoder` included.
@propertyWrapper
public struct FallbackEncoding<Provider: DefaultValueProvider> {
    /// The value, or nil.
    public var wrappedValue: Provider.Value?

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Provider.Value?) {
        self.wrappedValue = wrappedValue
    }
}

extension FallbackEncoding: Decodable where Provider.Value: Decodable {
    /// Decodes the value, or nil for `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Provider.Value.self)
    }
}

extension FallbackEncoding: MissingKeyDecodable where Provider.Value: Decodable {
    /// nil, for a missing key, as for an optional property.
    public init(missingKey key: any CodingKey, codingPath: [any CodingKey]) {
        self.init(wrappedValue: nil)
    }
}

extension FallbackEncoding: Encodable where Provider.Value: Encodable {
    /// Encodes the value, or the provider's default for nil.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue ?? Provider.defaultValue)
    }
}

extension FallbackEncoding: Equatable where Provider.Value: Equatable {}
extension FallbackEncoding: Hashable where Provider.Value: Hashable {}
extension FallbackEncoding: Sendable where Provider.Value: Sendable {}

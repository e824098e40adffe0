// nil written as `null`, as CodableWrappers' `@EncodeNulls` does. A synthesized `encode(to:)` leaves the key of a
// nil optional out, and some APIs tell "clear this field" (`null`) from "leave it alone" (no key) by that.

/// An optional property of a `Codable` model that writes `null` for nil instead of leaving its key out.
///
/// ```swift
/// struct ProfileUpdate: Codable {
///     @EncodeNulls var nickname: String?     // {"nickname": null} clears the nickname on the server
///     var bio: String?                       // nil leaves "bio" out: the server keeps it
/// }
/// ```
///
/// Decoding is an optional's: nil for a missing key or `null`, under any decoder and with ``NestedCodingKey``
/// paths; any other value must decode as `Wrapped`. It works under any encoder, `JSONEncoder` included, and writes
/// the value as `Wrapped` encodes it when there is one.
@propertyWrapper
public struct EncodeNulls<Wrapped> {
    /// The value, or nil.
    public var wrappedValue: Wrapped?

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Wrapped?) {
        self.wrappedValue = wrappedValue
    }
}

extension EncodeNulls: Decodable where Wrapped: Decodable {
    /// Decodes the value, or nil for `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try container.decode(Wrapped.self)
    }
}

extension EncodeNulls: MissingKeyDecodable where Wrapped: Decodable {
    /// nil, for a missing key, as for an optional property.
    public init(missingKey key: any CodingKey, codingPath: [any CodingKey]) {
        self.init(wrappedValue: nil)
    }
}

extension EncodeNulls: Encodable where Wrapped: Encodable {
    /// Encodes the value, or `null` for nil.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(wrappedValue)
        } else {
            try container.encodeNil()
        }
    }
}

extension EncodeNulls: Equatable where Wrapped: Equatable {}
extension EncodeNulls: Hashable where Wrapped: Hashable {}
extension EncodeNulls: Sendable where Wrapped: Sendable {}

// What a property decodes as when its key is missing.
//
// A synthesised `init(from:)` calls `decode(_:forKey:)` for every non-optional property, and a missing key throws
// `keyNotFound` there before the property's type runs any code. The only way in is an overload of
// `KeyedDecodingContainer.decode(_:forKey:)` that the compiler prefers. Each wrapper used to bring its own, and
// needed a second one for `NestedCodingKey` models, where the nested-key overloads compete; a wrapper without both
// either did not compile in such a model or threw `keyNotFound`. Now there is one pair of overloads, for every
// type that conforms to `MissingKeyDecodable`.

/// A `Decodable` type that has a value of its own for a missing key: a property of this type decodes like an
/// optional property when its key is not there, instead of throwing `keyNotFound`.
///
/// ``Default`` takes its default; ``LossyOptional``, an optional ``Coerced`` and an optional ``Polymorphic`` are
/// nil, and so is GenomeFoundation's `OptionalDateValue`. A property wrapper of your own conforms the same way:
///
/// ```swift
/// @propertyWrapper
/// struct Unlimited: MissingKeyDecodable {
///     var wrappedValue: Int
///     init(wrappedValue: Int) { self.wrappedValue = wrappedValue }
///     init(from decoder: any Decoder) throws { wrappedValue = try decoder.singleValueContainer().decode(Int.self) }
///     init(missingKey key: any CodingKey, codingPath: [any CodingKey]) { wrappedValue = .max }
/// }
/// ```
///
/// Only a missing key reaches ``init(missingKey:codingPath:)``: a key that is there, `null` included, decodes
/// through `init(from:)`. It works under every decoder, `JSONDecoder` included, and with ``NestedCodingKey``
/// paths, where a key is missing when any step of its path is.
public protocol MissingKeyDecodable: Decodable {
    /// The value for `key`, missing from the keyed container at `codingPath`. Throw to refuse the missing key.
    init(missingKey key: any CodingKey, codingPath: [any CodingKey]) throws
}

extension KeyedDecodingContainer {
    /// A ``MissingKeyDecodable`` value whose key is missing is the type's own value for it; a key that is there
    /// decodes as usual.
    public func decode<T: MissingKeyDecodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard contains(key) else { return try T(missingKey: key, codingPath: codingPath) }
        return try keyedContainerDecode(self, type, forKey: key)
    }
}

extension KeyedDecodingContainer where Key: NestedCodingKey {
    /// A ``MissingKeyDecodable`` value whose key path is missing is the type's own value for it; a path that is
    /// there decodes as usual.
    public func decode<T: MissingKeyDecodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard contains(key) else { return try T(missingKey: key, codingPath: codingPath) }
        return try nestedDecode(type, key)
    }
}

// `KeyedDecodingContainer`'s and `KeyedEncodingContainer`'s own methods, for the overloads above and those of
// NestedCodingKey.swift. Calling `decode(_:forKey:)` inside an overload would choose that overload again; here,
// where `Key` is any coding key and `T` any `Decodable`, the compiler can only choose the container's own method,
// which hands the call to the decoder's container.

/// `container.decode(type, forKey: key)`, as the decoder's container does it.
internal func keyedContainerDecode<Key: CodingKey, T: Decodable>(
    _ container: KeyedDecodingContainer<Key>, _ type: T.Type, forKey key: Key
) throws -> T {
    try container.decode(type, forKey: key)
}

/// `container.decodeIfPresent(type, forKey: key)`, as the decoder's container does it.
internal func keyedContainerDecodeIfPresent<Key: CodingKey, T: Decodable>(
    _ container: KeyedDecodingContainer<Key>, _ type: T.Type, forKey key: Key
) throws -> T? {
    try container.decodeIfPresent(type, forKey: key)
}

/// `container.decodeNil(forKey: key)`, as the decoder's container does it.
internal func keyedContainerDecodeNil<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, forKey key: Key)
    throws -> Bool
{
    try container.decodeNil(forKey: key)
}

/// `container.contains(key)`, as the decoder's container does it.
internal func keyedContainerContains<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) -> Bool {
    container.contains(key)
}

/// `container.encode(value, forKey: key)`, as the encoder's container does it.
internal func keyedContainerEncode<Key: CodingKey, T: Encodable>(
    _ container: inout KeyedEncodingContainer<Key>, _ value: T, forKey key: Key
) throws {
    try container.encode(value, forKey: key)
}

/// `container.encodeNil(forKey: key)`, as the encoder's container does it.
internal func keyedContainerEncodeNil<Key: CodingKey>(_ container: inout KeyedEncodingContainer<Key>, forKey key: Key)
    throws
{
    try container.encodeNil(forKey: key)
}

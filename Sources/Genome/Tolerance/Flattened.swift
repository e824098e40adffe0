// A nested type's members in its parent's own object, as MetaCodable's `@CodedAt()` with no path gives: the parent
// is decoded twice over the same object, once as itself and once as the flattened type, and the flattened type's
// members are written beside the parent's. A synthesised `init(from:)` hands a property only its key, so the
// overloads below find the parent's object as NestedCodingKey.swift does (ParentObject.swift); only NodeDecoder and
// NodeEncoder have one to find.

/// A property of a `Codable` model whose members are the parent's own: read from the parent's object and written
/// into it, under no key of its own.
///
/// ```swift
/// struct Address: Codable {
///     var street: String
///     var city: String
/// }
///
/// struct User: Codable {
///     var name: String
///     @Flattened var address: Address      // {"name": "Ada", "street": "1 Loop", "city": "Cupertino"}
/// }
/// ```
///
/// The property's own key (`address`) is never read or written: it may be missing, or hold anything. The value's
/// errors carry the parent's path (`users[1].street`). An optional value (`@Flattened var address: Address?`) is
/// nil when one of its own members is missing or null; a member of the wrong type still throws. Encoding writes
/// the members where the parent's are; a key the parent writes too keeps its first place and its last value, so
/// the property declared later wins. The value must encode as an object (or nil). Flattened values nest, and each
/// type's keys go through the coder's key strategy.
///
/// `NodeDecoder` and `NodeEncoder` only: other coders, `JSONDecoder` and `JSONEncoder` among them, cannot hand a
/// property its parent's object, so there it throws `DecodingError.dataCorrupted` or `EncodingError.invalidValue`,
/// which say so. With them, write `init(from:)` and `encode(to:)` by hand, passing the parent's decoder and encoder
/// to the nested type. On its own (an element, the root value) a `Flattened` is just its value.
@propertyWrapper
public struct Flattened<Value> {
    /// The value.
    public var wrappedValue: Value

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension Flattened: Decodable where Value: Decodable {
    /// Decodes the value itself: a flattened value outside a keyed container has no parent to be read from.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try decoder.singleValueContainer().decode(Value.self)
    }
}

extension Flattened: Encodable where Value: Encodable {
    /// Encodes the value itself: a flattened value outside a keyed container has no parent to be written into.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Flattened: Equatable where Value: Equatable {}
extension Flattened: Hashable where Value: Hashable {}
extension Flattened: Sendable where Value: Sendable {}

// MARK: - Decoding

extension KeyedDecodingContainer {
    /// Decodes a ``Flattened`` value from this container's own object; its key is not read.
    public func decode<Value: Decodable>(_ type: Flattened<Value>.Type, forKey key: Key) throws -> Flattened<Value> {
        Flattened(wrappedValue: try decodeFlattened(Value.self, key))
    }

    /// Decodes an optional ``Flattened`` value from this container's own object: nil when one of its own members
    /// is missing or null.
    public func decode<Wrapped: Decodable>(_ type: Flattened<Wrapped?>.Type, forKey key: Key) throws
        -> Flattened<Wrapped?>
    {
        Flattened(wrappedValue: try decodeFlattenedIfPresent(Wrapped.self, key))
    }

    /// The object this container reads (ParentObject.swift). Throws under decoders other than `NodeDecoder`.
    private func ownObject(_ key: Key) throws -> DecodingFrame {
        guard let frame = try ownFrame(probing: key) else {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath + [key],
                    debugDescription: "@Flattened needs NodeDecoder: this decoder cannot read a property from its "
                        + "parent's object. Decode it in init(from:) from the parent's decoder instead."))
        }
        return frame
    }

    internal func decodeFlattened<Value: Decodable>(_ type: Value.Type, _ key: Key) throws -> Value {
        let frame = try ownObject(key)
        // At the object's own position, so that errors inside carry the parent's path.
        return try frame.decoder.decodeValue(Value.self, at: frame.entry, frame: frame.parent, step: frame.step)
    }

    internal func decodeFlattenedIfPresent<Wrapped: Decodable>(_ type: Wrapped.Type, _ key: Key) throws -> Wrapped? {
        do {
            return try decodeFlattened(Wrapped.self, key)
        } catch DecodingError.keyNotFound(_, let context) where context.codingPath.count == codingPath.count {
            // One of the value's own members is missing (a deeper one is an error of the member's).
            return nil
        } catch DecodingError.valueNotFound(_, let context) where context.codingPath.count == codingPath.count + 1 {
            return nil
        }
    }
}

extension KeyedDecodingContainer where Key: NestedCodingKey {
    /// Decodes a ``Flattened`` value from this container's own object; its key is not read.
    public func decode<Value: Decodable>(_ type: Flattened<Value>.Type, forKey key: Key) throws -> Flattened<Value> {
        Flattened(wrappedValue: try decodeFlattened(Value.self, key))
    }

    /// Decodes an optional ``Flattened`` value from this container's own object: nil when one of its own members
    /// is missing or null.
    public func decode<Wrapped: Decodable>(_ type: Flattened<Wrapped?>.Type, forKey key: Key) throws
        -> Flattened<Wrapped?>
    {
        Flattened(wrappedValue: try decodeFlattenedIfPresent(Wrapped.self, key))
    }
}

// MARK: - Encoding

extension KeyedEncodingContainer {
    /// Writes a ``Flattened`` value's members into this container's own object; its key is not written.
    public mutating func encode<Value: Encodable>(_ value: Flattened<Value>, forKey key: Key) throws {
        try encodeFlattened(value.wrappedValue, key)
    }

    internal mutating func encodeFlattened<Value: Encodable>(_ value: Value, _ key: Key) throws {
        guard let (implementation, frame) = ownFrame(ofSuperEncoder: superEncoder(forKey: key)) else {
            throw invalid(
                value, key,
                "@Flattened needs NodeEncoder: this encoder cannot write a property into its parent's object. "
                    + "Encode it in encode(to:) with the parent's encoder instead.")
        }
        switch try implementation.encodeValue(value, frame: frame.parent, step: frame.step) {
        case .object(let members):
            for (name, member) in members { frame.append(name, member) }
        case .null:
            break
        case let other:
            throw invalid(
                value, key,
                "A @Flattened value writes its members into its parent's object, but \(Value.self) encoded "
                    + "\(other.kind).")
        }
    }

    private func invalid(_ value: some Encodable, _ key: Key, _ description: String) -> EncodingError {
        EncodingError.invalidValue(
            value, EncodingError.Context(codingPath: codingPath + [key], debugDescription: description))
    }
}

extension KeyedEncodingContainer where Key: NestedCodingKey {
    /// Writes a ``Flattened`` value's members into this container's own object; its key is not written.
    public mutating func encode<Value: Encodable>(_ value: Flattened<Value>, forKey key: Key) throws {
        try encodeFlattened(value.wrappedValue, key)
    }
}

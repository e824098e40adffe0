// A keyed container over a `Node.Object`.
//
// Lookups start where the previous one ended: synthesised `init(from:)`s ask for keys in declaration order, and
// declarations usually follow the document, so most lookups compare one key. Otherwise the object is searched by
// key fingerprint (or its index, for large objects). With a key strategy the object's keys are converted once,
// when the container is made, and matched in their converted form.

internal struct NodeKeyedDecodingContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The container's state and place on the coding path; `frame.position` is where the next lookup starts.
    let frame: DecodingFrame

    var codingPath: [any CodingKey] { frame.codingPath() }

    var allKeys: [Key] {
        if let convertedKeys = frame.convertedKeys {
            // A key strategy can map two members to one key; the key is listed once, as in Foundation.
            var seen = Set<ExactKey>(minimumCapacity: convertedKeys.count)
            return convertedKeys.compactMap { seen.insert(ExactKey($0)).inserted ? Key(stringValue: $0) : nil }
        }
        return frame.object.compactMap { Key(stringValue: $0.key) }
    }

    // MARK: Finding members

    /// The member for `key`, or nil.
    @inline(__always)
    private func member(_ key: Key) -> Node? {
        member(named: key.stringValue)
    }

    private func member(named name: String) -> Node? {
        if let convertedKeys = frame.convertedKeys {
            return convertedMember(name, keys: convertedKeys)
        }
        let object = frame.object
        let hint = frame.position
        if let value = object.value(at: hint, ifKeyIs: name) {
            frame.position = hint + 1
            return value
        }
        // The frame keeps its own hint: the thread's (`position(of:)`) would only be one more test.
        guard let found = object.unhintedPosition(of: name) else { return nil }
        frame.position = found + 1
        return object.entry(at: found).value
    }

    /// Finds a converted key. Two JSON keys may convert to the same name; the first in the document wins.
    private func convertedMember(_ name: String, keys: ContiguousArray<String>) -> Node? {
        let hint = frame.position
        if hint < keys.count && keysEqual(keys[hint], name) {
            frame.position = hint + 1
            return frame.object.entry(at: hint).value
        }
        guard let found = keys.firstIndex(where: { keysEqual($0, name) }) else { return nil }
        frame.position = found + 1
        return frame.object.entry(at: found).value
    }

    @inline(__always)
    private func required(_ key: Key) throws -> Node {
        guard let node = member(key) else {
            throw CodingErrors.keyNotFound(key, path: frame.codingPath())
        }
        return node
    }

    private func path(_ key: Key) -> [any CodingKey] {
        frame.codingPath(appending: .key(key))
    }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { try required(key).isNull }

    // MARK: decode

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try primitive(key) { try $0.unboxBool($1, path: $2) }
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try primitive(key) { try $0.unboxString($1, path: $2) }
    }
    func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
        try primitive(key) { try $0.unboxDouble($1, path: $2) }
    }
    func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
        try primitive(key) { try $0.unboxFloat($1, path: $2) }
    }
    func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try integer(key) }
    func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try integer(key) }
    func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try integer(key) }
    func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try integer(key) }
    func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try integer(key) }
    func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try integer(key) }
    func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try integer(key) }
    func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try integer(key) }
    func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try integer(key) }
    func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try integer(key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try integer(key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try integer(key) }

    @inline(__always)
    private func integer<Integer: FixedWidthInteger & Decodable>(_ key: Key) throws -> Integer {
        try primitive(key) { try $0.unboxInteger($1, Integer.self, path: $2) }
    }

    /// Reads a primitive member with `read`, or through the decoder's strategy for its type when there is one.
    @inline(__always)
    private func primitive<Value: Decodable>(
        _ key: Key, _ read: (DecoderImplementation, Node, () -> [any CodingKey]) throws -> Value
    ) throws -> Value {
        let node = try required(key)
        let decoder: DecoderImplementation = frame.decoder
        if decoder.run.strategizesPrimitives {
            return try decoder.decodeValue(Value.self, from: node, frame: frame, step: .key(key))
        }
        return try read(decoder, node) { path(key) }
    }

    /// `primitive(_:_:)` for `decodeIfPresent`: nil for a missing member or null.
    @inline(__always)
    private func primitiveIfPresent<Value: Decodable>(
        _ key: Key, _ read: (DecoderImplementation, Node, () -> [any CodingKey]) throws -> Value
    ) throws -> Value? {
        guard let node = member(key), !node.isNull else { return nil }
        let decoder: DecoderImplementation = frame.decoder
        if decoder.run.strategizesPrimitives {
            return try decoder.decodeValue(Value.self, from: node, frame: frame, step: .key(key))
        }
        return try read(decoder, node) { path(key) }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try frame.decoder.decodeValue(type, from: try required(key), frame: frame, step: .key(key))
    }

    // MARK: decodeIfPresent: one lookup, where the standard library's defaults make three

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try primitiveIfPresent(key) { try $0.unboxBool($1, path: $2) }
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try primitiveIfPresent(key) { try $0.unboxString($1, path: $2) }
    }
    func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try primitiveIfPresent(key) { try $0.unboxDouble($1, path: $2) }
    }
    func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try primitiveIfPresent(key) { try $0.unboxFloat($1, path: $2) }
    }
    func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? { try integerIfPresent(key) }
    func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? { try integerIfPresent(key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? { try integerIfPresent(key) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? { try integerIfPresent(key) }

    @inline(__always)
    private func integerIfPresent<Integer: FixedWidthInteger & Decodable>(_ key: Key) throws -> Integer? {
        try primitiveIfPresent(key) { try $0.unboxInteger($1, Integer.self, path: $2) }
    }

    func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        guard let node = member(key), !node.isNull else { return nil }
        return try frame.decoder.decodeValue(type, from: node, frame: frame, step: .key(key))
    }

    // MARK: Nested containers

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let node = try required(key)
        guard case .object(let nested) = node else {
            throw frame.decoder.containerError(node, [String: Any].self, what: "keyed", path: path(key))
        }
        return frame.decoder.keyedContainer(
            NestedKey.self, over: nested, at: CodingPosition(frame: frame, step: .key(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let node = try required(key)
        guard case .array(let elements) = node else {
            throw frame.decoder.containerError(node, [Any].self, what: "unkeyed", path: path(key))
        }
        return NodeUnkeyedDecodingContainer(
            frame: frame.decoder.unkeyedFrame(elements, at: CodingPosition(frame: frame, step: .key(key))))
    }

    /// A decoder for the member `"super"`, or for null when there is none (Foundation's behaviour).
    func superDecoder() throws -> any Decoder {
        frame.decoder.superDecoder(for: member(named: "super") ?? .null, frame: frame, step: .superKey)
    }

    /// A decoder for the member `key`, or for null when there is none (Foundation's behaviour).
    func superDecoder(forKey key: Key) throws -> any Decoder {
        frame.decoder.superDecoder(for: member(key) ?? .null, frame: frame, step: .key(key))
    }
}

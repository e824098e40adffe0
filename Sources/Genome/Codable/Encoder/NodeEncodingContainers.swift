// The keyed and unkeyed encoding containers: thin structs over their frame, whose members they append to.

internal struct NodeKeyedEncodingContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    /// The container's members and place on the coding path. The one reference the standard library's box
    /// copies on every call.
    let frame: EncodingFrame
    private var encoder: EncoderImplementation { frame.encoder }

    var codingPath: [any CodingKey] { frame.codingPath() }

    @inline(__always)
    private func append(_ node: Node, _ key: Key) {
        if frame.writesBytes {
            encoder.writeMember(node, named: encoder.name(for: key, in: frame), in: frame)
        } else {
            frame.append(encoder.name(for: key, in: frame), node)
        }
    }

    /// Appends a primitive's node, or encodes it through the encoder's strategy for its type when there is one.
    @inline(__always)
    private func primitive<T: Encodable>(_ value: T, _ key: Key, _ node: () throws -> Node) throws {
        if encoder.run.strategizesPrimitives {
            try appendValue(value, key)
        } else {
            append(try node(), key)
        }
    }

    /// Encodes a value and appends it, or writes it on the byte path.
    @inline(__always)
    private func appendValue<T: Encodable>(_ value: T, _ key: Key) throws {
        let encoder = self.encoder
        // The key is converted before the value is encoded on both paths: the byte path writes it first.
        let name = encoder.name(for: key, in: frame)
        guard frame.writesBytes else {
            return frame.append(name, try encoder.encodeValue(value, frame: frame, step: .key(key)))
        }
        try encoder.writeMember(value, named: name, in: frame, step: .key(key))
    }

    private func path(_ key: Key) -> [any CodingKey] {
        frame.codingPath(appending: .key(key))
    }

    mutating func encodeNil(forKey key: Key) { append(.null, key) }
    mutating func encode(_ value: Bool, forKey key: Key) throws { try primitive(value, key) { .bool(value) } }
    mutating func encode(_ value: String, forKey key: Key) throws { try primitive(value, key) { .string(value) } }
    mutating func encode(_ value: Double, forKey key: Key) throws {
        try primitive(value, key) { try encoder.node(value) { path(key) } }
    }
    mutating func encode(_ value: Float, forKey key: Key) throws {
        try primitive(value, key) { try encoder.node(value) { path(key) } }
    }
    mutating func encode(_ value: Int, forKey key: Key) throws {
        try primitive(value, key) { .number(.int(Int64(value))) }
    }
    mutating func encode(_ value: Int8, forKey key: Key) throws {
        try primitive(value, key) { .number(.int(Int64(value))) }
    }
    mutating func encode(_ value: Int16, forKey key: Key) throws {
        try primitive(value, key) { .number(.int(Int64(value))) }
    }
    mutating func encode(_ value: Int32, forKey key: Key) throws {
        try primitive(value, key) { .number(.int(Int64(value))) }
    }
    mutating func encode(_ value: Int64, forKey key: Key) throws { try primitive(value, key) { .number(.int(value)) } }
    mutating func encode(_ value: UInt, forKey key: Key) throws {
        try primitive(value, key) { EncoderImplementation.node(UInt64(value)) }
    }
    mutating func encode(_ value: UInt8, forKey key: Key) throws {
        try primitive(value, key) { .number(.int(Int64(value))) }
    }
    mutating func encode(_ value: UInt16, forKey key: Key) throws {
        try primitive(value, key) { .number(.int(Int64(value))) }
    }
    mutating func encode(_ value: UInt32, forKey key: Key) throws {
        try primitive(value, key) { .number(.int(Int64(value))) }
    }
    mutating func encode(_ value: UInt64, forKey key: Key) throws {
        try primitive(value, key) { EncoderImplementation.node(value) }
    }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128, forKey key: Key) throws { try primitive(value, key) { Node(value) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128, forKey key: Key) throws { try primitive(value, key) { Node(value) } }

    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try appendValue(value, key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type, forKey key: Key
    ) -> KeyedEncodingContainer<NestedKey> {
        let nested = encoder.nestedFrame(
            .object, forKey: encoder.name(for: key, in: frame), in: frame,
            at: CodingPosition(frame: frame, step: .key(key)))
        return KeyedEncodingContainer(NodeKeyedEncodingContainer<NestedKey>(frame: nested))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let nested = encoder.nestedFrame(
            .array, forKey: encoder.name(for: key, in: frame), in: frame,
            at: CodingPosition(frame: frame, step: .key(key)))
        return NodeUnkeyedEncodingContainer(frame: nested)
    }

    /// An encoder for the member `"super"`, whose name goes through the key strategy as any key's does (as
    /// `JSONEncoder` does too).
    mutating func superEncoder() -> any Encoder {
        let superEncoder = encoder.superEncoder(frame: frame, step: .superKey)
        frame.appendPending(encoder.name(for: NodeCodingKey.super, in: frame), .encoder(superEncoder))
        return superEncoder
    }

    mutating func superEncoder(forKey key: Key) -> any Encoder {
        let superEncoder = encoder.superEncoder(frame: frame, step: .key(key))
        frame.appendPending(encoder.name(for: key, in: frame), .encoder(superEncoder))
        return superEncoder
    }
}

/// One reference, so it fits an existential's inline buffer: opening an array allocates nothing.
internal struct NodeUnkeyedEncodingContainer: UnkeyedEncodingContainer {
    /// The container's elements and place on the coding path.
    let frame: EncodingFrame
    private var encoder: EncoderImplementation { frame.encoder }

    var codingPath: [any CodingKey] { frame.codingPath() }
    var count: Int { frame.writesBytes ? frame.written : frame.elements.count }

    @inline(__always)
    private func append(_ node: Node) {
        if frame.writesBytes {
            encoder.writeMember(node, named: nil, in: frame)
        } else {
            frame.elements.push(node)
        }
    }

    /// Appends a primitive's node, or encodes it through the encoder's strategy for its type when there is one.
    @inline(__always)
    private func primitive<T: Encodable>(_ value: T, _ node: () throws -> Node) throws {
        if encoder.run.strategizesPrimitives {
            try appendValue(value)
        } else {
            append(try node())
        }
    }

    /// Encodes a value and appends it, or writes it on the byte path.
    @inline(__always)
    private func appendValue<T: Encodable>(_ value: T) throws {
        let index = count
        guard frame.writesBytes else {
            return append(try encoder.encodeValue(value, frame: frame, step: .index(index)))
        }
        try encoder.writeMember(value, named: nil, in: frame, step: .index(index))
    }

    /// The path of the next element.
    private var indexPath: [any CodingKey] { frame.codingPath(appending: .index(count)) }

    mutating func encodeNil() { append(.null) }
    mutating func encode(_ value: Bool) throws { try primitive(value) { .bool(value) } }
    mutating func encode(_ value: String) throws { try primitive(value) { .string(value) } }
    mutating func encode(_ value: Double) throws {
        try primitive(value) { try encoder.node(value) { indexPath } }
    }
    mutating func encode(_ value: Float) throws {
        try primitive(value) { try encoder.node(value) { indexPath } }
    }
    mutating func encode(_ value: Int) throws { try primitive(value) { .number(.int(Int64(value))) } }
    mutating func encode(_ value: Int8) throws { try primitive(value) { .number(.int(Int64(value))) } }
    mutating func encode(_ value: Int16) throws { try primitive(value) { .number(.int(Int64(value))) } }
    mutating func encode(_ value: Int32) throws { try primitive(value) { .number(.int(Int64(value))) } }
    mutating func encode(_ value: Int64) throws { try primitive(value) { .number(.int(value)) } }
    mutating func encode(_ value: UInt) throws { try primitive(value) { EncoderImplementation.node(UInt64(value)) } }
    mutating func encode(_ value: UInt8) throws { try primitive(value) { .number(.int(Int64(value))) } }
    mutating func encode(_ value: UInt16) throws { try primitive(value) { .number(.int(Int64(value))) } }
    mutating func encode(_ value: UInt32) throws { try primitive(value) { .number(.int(Int64(value))) } }
    mutating func encode(_ value: UInt64) throws { try primitive(value) { EncoderImplementation.node(value) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: Int128) throws { try primitive(value) { Node(value) } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func encode(_ value: UInt128) throws { try primitive(value) { Node(value) } }

    mutating func encode<T: Encodable>(_ value: T) throws {
        try appendValue(value)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy keyType: NestedKey.Type
    ) -> KeyedEncodingContainer<NestedKey> {
        // The byte path has no place for a container filled after later elements.
        if encoder.run.writesBytes { encoder.leaveBytes() }
        let position = CodingPosition(frame: frame, step: .index(count))
        let nested = encoder.newFrame(at: position)
        frame.appendPending(.object(nested))
        return KeyedEncodingContainer(NodeKeyedEncodingContainer<NestedKey>(frame: nested))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        if encoder.run.writesBytes { encoder.leaveBytes() }
        let position = CodingPosition(frame: frame, step: .index(count))
        let nested = encoder.newFrame(at: position)
        frame.appendPending(.array(nested))
        return NodeUnkeyedEncodingContainer(frame: nested)
    }

    mutating func superEncoder() -> any Encoder {
        let superEncoder = encoder.superEncoder(frame: frame, step: .index(count))
        frame.appendPending(.encoder(superEncoder))
        return superEncoder
    }
}

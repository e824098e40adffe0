// A keyed container over an object on the tape, with keys compared as bytes against the tape's text, so that no key
// becomes a `String`.
//
// Lookups start where the previous one ended: synthesised `init(from:)`s ask for keys in declaration order, which
// usually follows the document, so most lookups compare one key. Otherwise the object's keys are scanned onwards
// from there and then from the object's start, stepping over each value by the end its entry records: a model that
// skips members finds its next key a few members on. (The tape never holds a repeated key: the reader resolves
// them.) With a key strategy the object's keys are converted once, when the container opens
// (`DecodingFrame.convertedKeys`), and matched in their converted form.

internal struct DecodingKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    /// The container's state and place on the coding path; `frame.cursor` is where the next lookup starts.
    let frame: DecodingFrame

    var codingPath: [any CodingKey] { frame.codingPath() }

    var allKeys: [Key] {
        if let convertedKeys = frame.convertedKeys {
            // A key strategy can map two members to one key; the key is listed once, as in Foundation.
            var seen = Set<ExactKey>(minimumCapacity: convertedKeys.count)
            return convertedKeys.compactMap { seen.insert(ExactKey($0.key)).inserted ? Key(stringValue: $0.key) : nil }
        }
        let decoder = frame.decoder
        var keys: [Key] = []
        var key = frame.entry + 1
        while key < frame.end {
            if let found = Key(stringValue: decoder.tape.string(at: key)) { keys.append(found) }
            key = decoder.tape.end(of: key + 1)
        }
        return keys
    }

    // MARK: Finding members

    /// The entry of the member for `key`'s value, or nil.
    @inline(__always)
    private func member(_ key: Key) -> Int? {
        member(named: key.stringValue)
    }

    /// With a key strategy the cursor stays at the object's end (see `convertedMember(_:keys:)`), so that the
    /// default keys pay for strategies only when a lookup starts past the last member.
    private func member(named name: String) -> Int? {
        if frame.cursor >= frame.end, let convertedKeys = frame.convertedKeys {
            return convertedMember(name, keys: convertedKeys)
        }
        // `withUTF8Bytes(of:_:)` spelled out: a debug build calls that generic function unspecialised, and makes
        // the type of its optional result at run time on every lookup (Compare's decode rows in debug).
        if let found = name.utf8.withContiguousStorageIfAvailable({ member(withKey: $0) }) { return found }
        var native = name
        return native.withUTF8 { member(withKey: $0) }
    }

    private func member(withKey bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let hint = frame.cursor
        let found: Int?
        if hint < frame.end {
            if frame.decoder.tape.string(at: hint, equals: bytes) {
                frame.cursor = frame.decoder.tape.end(of: hint + 1)
                return hint + 1
            }
            found = frame.decoder.tape.memberValue(in: frame.entry, key: bytes, after: hint)
        } else {
            found = frame.decoder.tape.memberValue(in: frame.entry, key: bytes)
        }
        guard let value = found else { return nil }
        frame.cursor = frame.decoder.tape.end(of: value)
        return value
    }

    /// Finds a converted key; `frame.position` is the ordinal of the member after the last one found. Two JSON keys
    /// may convert to the same name; the first in the document wins.
    private func convertedMember(_ name: String, keys: ContiguousArray<(key: String, value: Int)>) -> Int? {
        let hint = frame.position
        if hint < keys.count && keysEqual(keys[hint].key, name) {
            frame.position = hint + 1
            return keys[hint].value
        }
        guard let found = keys.firstIndex(where: { keysEqual($0.key, name) }) else { return nil }
        frame.position = found + 1
        return keys[found].value
    }

    @inline(__always)
    private func required(_ key: Key) throws -> Int {
        guard let index = member(key) else {
            throw CodingErrors.keyNotFound(key, path: frame.codingPath())
        }
        return index
    }

    private func path(_ key: Key) -> [any CodingKey] {
        frame.codingPath(appending: .key(key))
    }

    func contains(_ key: Key) -> Bool { member(key) != nil }

    func decodeNil(forKey key: Key) throws -> Bool { frame.decoder.tape.kind(at: try required(key)) == .null }

    // MARK: decode

    func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
        try primitive(key, plain: { $0.plainBool(at: $1) }, { try $0.unboxBool($1, path: $2) })
    }
    func decode(_ type: String.Type, forKey key: Key) throws -> String {
        try primitive(key, plain: { $0.plainString(at: $1) }, { try $0.unboxString($1, path: $2) })
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
    /// `plain` may answer first, straight from the entry (`DecoderImplementation.plainString(at:)`); nil
    /// sends the member the general way.
    @inline(__always)
    private func primitive<Value: Decodable>(
        _ key: Key, plain: (DecoderImplementation, Int) -> Value? = { _, _ in nil },
        _ read: (DecoderImplementation, Node, () -> [any CodingKey]) throws -> Value
    ) throws -> Value {
        try primitive(at: try required(key), key, plain: plain, read)
    }

    /// `primitive(_:plain:_:)` for the member at `index`.
    @inline(__always)
    private func primitive<Value: Decodable>(
        at index: Int, _ key: Key, plain: (DecoderImplementation, Int) -> Value?,
        _ read: (DecoderImplementation, Node, () -> [any CodingKey]) throws -> Value
    ) throws -> Value {
        let decoder: DecoderImplementation = frame.decoder
        if let value = plain(decoder, index) { return value }
        if decoder.strategizesPrimitives {
            return try decoder.decodeValue(Value.self, at: index, frame: frame, step: .key(key))
        }
        return try read(decoder, frame.decoder.tape.node(at: index)) { path(key) }
    }

    /// `primitive(_:plain:_:)` for `decodeIfPresent`: nil for a missing member or null.
    @inline(__always)
    private func primitiveIfPresent<Value: Decodable>(
        _ key: Key, plain: (DecoderImplementation, Int) -> Value? = { _, _ in nil },
        _ read: (DecoderImplementation, Node, () -> [any CodingKey]) throws -> Value
    ) throws -> Value? {
        guard let index = member(key), frame.decoder.tape.kind(at: index) != .null else { return nil }
        return try primitive(at: index, key, plain: plain, read)
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try frame.decoder.decodeValue(type, at: try required(key), frame: frame, step: .key(key))
    }

    // MARK: decodeIfPresent: one lookup, where the standard library's defaults make three

    func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try primitiveIfPresent(key, plain: { $0.plainBool(at: $1) }, { try $0.unboxBool($1, path: $2) })
    }
    func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try primitiveIfPresent(key, plain: { $0.plainString(at: $1) }, { try $0.unboxString($1, path: $2) })
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
        let decoder: DecoderImplementation = frame.decoder
        guard let index = member(key), frame.decoder.tape.kind(at: index) != .null else { return nil }
        return try decoder.decodeValue(type, at: index, frame: frame, step: .key(key))
    }

    // MARK: Nested containers

    func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type, forKey key: Key
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let index = try required(key)
        let decoder: DecoderImplementation = frame.decoder
        guard frame.decoder.tape.kind(at: index) == .object else {
            throw decoder.containerError(at: index, [String: Any].self, what: "keyed", path: path(key))
        }
        return decoder.keyedContainer(NestedKey.self, at: index, CodingPosition(frame: frame, step: .key(key)))
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        let index = try required(key)
        let decoder: DecoderImplementation = frame.decoder
        guard frame.decoder.tape.kind(at: index) == .array else {
            throw decoder.containerError(at: index, [Any].self, what: "unkeyed", path: path(key))
        }
        return DecodingUnkeyedContainer(
            frame: decoder.frame(at: index, CodingPosition(frame: frame, step: .key(key))))
    }

    /// A decoder for the member `"super"`, or for null when there is none (Foundation's behaviour).
    func superDecoder() throws -> any Decoder {
        frame.decoder.superDecoder(at: member(named: "super"), frame: frame, step: .superKey)
    }

    /// A decoder for the member `key`, or for null when there is none (Foundation's behaviour).
    func superDecoder(forKey key: Key) throws -> any Decoder {
        frame.decoder.superDecoder(at: member(key), frame: frame, step: .key(key))
    }
}

/// A `CodingKey` whose raw values may be dotted paths into nested objects: a `Codable` property read from and
/// written to `owner.login`, without hand-written nested containers.
///
/// ```swift
/// struct Repository: Codable {
///     let name: String
///     let ownerLogin: String
///
///     enum CodingKeys: String, NestedCodingKey {
///         case name
///         case ownerLogin = "owner.login"     // {"name": "Genome", "owner": {"login": "anviking"}}
///     }
/// }
/// ```
///
/// Every `.` in a key's `stringValue` separates two steps; a key without one behaves as usual. A key whose name has
/// a dot of its own escapes it with a backslash, and a backslash with another:
///
/// ```swift
/// enum CodingKeys: String, NestedCodingKey {
///     case version = #"app\.version"#            // {"app.version": "2.1"}
///     case build = #"meta.build\.number"#        // {"meta": {"build.number": 7}}
/// }
/// ```
///
/// A `|` separates alternatives, tried in turn when reading: the first path that is all there (its value `null`
/// included) wins, and writing uses the first. An API that renamed a member reads under both names:
///
/// ```swift
/// enum CodingKeys: String, NestedCodingKey {
///     case name = "name|title|meta.label"         // "name", else "title", else "meta"."label"
/// }
/// ```
///
/// Reading an alternative is not a ``Recovery``: the model names every one. When none is there the key is missing
/// (`keyNotFound` for the whole key, or the property type's ``MissingKeyDecodable`` value). `\|` is a literal `|`,
/// and a backslash before any other character is itself. Several keys may share the start of their path: `owner.login` and `owner.id`
/// write one `owner` object. Each step is an object key as the JSON has it: key strategies do not apply to the
/// steps. An error's coding path ends with the whole dotted key.
///
/// `NodeDecoder` and `NodeEncoder` follow the path. Other coders, `JSONDecoder` and `JSONEncoder` among them, give
/// no way to reach a parent object from a container, so they read and write the dotted key as one key, spelled as
/// its `stringValue` is, backslashes included.
public protocol NestedCodingKey: CodingKey {}

extension NestedCodingKey {
    /// The steps of the path written first: the one encoding writes.
    fileprivate var steps: [String] { alternatives[0] }

    /// The paths to try in turn, each as its steps: the `stringValue` split at every `|`, then at every `.`, that no
    /// backslash escapes, with `\.`, `\|` and `\\` read as `.`, `|` and `\`.
    fileprivate var alternatives: [[String]] {
        let name = stringValue
        guard name.utf8.contains(where: { $0 == UInt8(ascii: "\\") || $0 == UInt8(ascii: "|") }) else {
            return [name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)]
        }
        var alternatives: [[String]] = []
        var steps: [String] = []
        var step = ""
        var escaping = false
        for character in name {
            if escaping {
                if character != "." && character != "|" && character != "\\" { step.append("\\") }
                step.append(character)
                escaping = false
            } else if character == "\\" {
                escaping = true
            } else if character == "." {
                steps.append(step)
                step = ""
            } else if character == "|" {
                alternatives.append(steps + [step])
                steps = []
                step = ""
            } else {
                step.append(character)
            }
        }
        if escaping { step.append("\\") }
        alternatives.append(steps + [step])
        return alternatives
    }

    /// Whether the key is read and written by its steps: it has a dot, a `|` between alternatives, or a backslash
    /// that may escape one.
    fileprivate var isPath: Bool {
        stringValue.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "|") || $0 == UInt8(ascii: "\\") }
    }
}

// MARK: - Decoding

extension KeyedDecodingContainer where Key: NestedCodingKey {
    /// Whether the whole path is there.
    public func contains(_ key: Key) -> Bool {
        guard key.isPath, let (_, _, leaf) = try? nestedLeaf(key) else {
            return keyedContainerContains(self, key)
        }
        return leaf != nil
    }

    /// Whether the value at the end of the path is null; throws when the path is not there.
    public func decodeNil(forKey key: Key) throws -> Bool {
        guard key.isPath, let (decoder, _, leaf) = try nestedLeaf(key) else {
            return try keyedContainerDecodeNil(self, forKey: key)
        }
        guard let leaf else { throw missing(key) }
        return decoder.tape.kind(at: leaf) == .null
    }

    /// Decodes the value at the end of the key's path.
    public func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    public func decode(_ type: String.Type, forKey key: Key) throws -> String { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    public func decode(_ type: Double.Type, forKey key: Key) throws -> Double { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    public func decode(_ type: Float.Type, forKey key: Key) throws -> Float { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    public func decode(_ type: Int.Type, forKey key: Key) throws -> Int { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    public func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    public func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    public func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    public func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    public func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    public func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    public func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    public func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    public func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public func decode(_ type: Int128.Type, forKey key: Key) throws -> Int128 { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public func decodeIfPresent(_ type: Int128.Type, forKey key: Key) throws -> Int128? {
        try nestedDecodeIfPresent(type, key)
    }
    /// Decodes the value at the end of the key's path.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public func decode(_ type: UInt128.Type, forKey key: Key) throws -> UInt128 { try nestedDecode(type, key) }
    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public func decodeIfPresent(_ type: UInt128.Type, forKey key: Key) throws -> UInt128? {
        try nestedDecodeIfPresent(type, key)
    }

    /// Decodes the value at the end of the key's path.
    public func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T { try nestedDecode(type, key) }

    /// Decodes the value at the end of the key's path, or nil when a step is missing or the value is null.
    public func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
        try nestedDecodeIfPresent(type, key)
    }

    /// The decoder the value is in, the container's frame, and the entry at the end of the path (nil when a step
    /// is missing), when this is a `NodeDecoder`'s container; nil under other decoders.
    private func nestedLeaf(_ key: Key) throws -> (decoder: DecoderImplementation, frame: DecodingFrame, entry: Int?)? {
        guard let frame = try ownFrame(probing: key) else { return nil }
        let decoder = frame.decoder
        // The first path that is all there wins.
        for steps in key.alternatives {
            var entry: Int? = frame.entry
            for step in steps {
                entry = entry.flatMap { object in
                    withUTF8Bytes(of: step) { decoder.tape.memberValue(in: object, key: $0) }
                }
            }
            if entry != nil { return (decoder, frame, entry) }
        }
        return (decoder, frame, nil)
    }

    private func missing(_ key: Key) -> DecodingError {
        CodingErrors.keyNotFound(key, path: codingPath)
    }

    /// Decodes the value at the end of the key's path; a key without one, or a decoder that cannot follow it,
    /// decodes as the container does, with the decoder's handling of `Date`, `URL` and the rest.
    internal func nestedDecode<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T {
        guard key.isPath, let (decoder, frame, leaf) = try nestedLeaf(key) else {
            return try keyedContainerDecode(self, type, forKey: key)
        }
        guard let leaf else { throw missing(key) }
        return try decoder.decodeValue(T.self, at: leaf, frame: frame, step: .key(key))
    }

    private func nestedDecodeIfPresent<T: Decodable>(_ type: T.Type, _ key: Key) throws -> T? {
        guard key.isPath, let (decoder, frame, leaf) = try nestedLeaf(key) else {
            return try keyedContainerDecodeIfPresent(self, type, forKey: key)
        }
        guard let leaf, decoder.tape.kind(at: leaf) != .null else { return nil }
        return try decoder.decodeValue(T.self, at: leaf, frame: frame, step: .key(key))
    }
}

// MARK: - Encoding

extension KeyedEncodingContainer where Key: NestedCodingKey {
    /// Writes null at the end of the path.
    public mutating func encodeNil(forKey key: Key) throws {
        guard key.isPath else { return try keyedContainerEncodeNil(&self, forKey: key) }
        try nestedEncode(Node.null, key)
    }

    /// Encodes the value at the end of the key's path.
    public mutating func encode(_ value: Bool, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    public mutating func encode(_ value: String, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    public mutating func encode(_ value: Double, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    public mutating func encode(_ value: Float, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    public mutating func encode(_ value: Int, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    public mutating func encode(_ value: Int8, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    public mutating func encode(_ value: Int16, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    public mutating func encode(_ value: Int32, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    public mutating func encode(_ value: Int64, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    public mutating func encode(_ value: UInt, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    public mutating func encode(_ value: UInt8, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    public mutating func encode(_ value: UInt16, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    public mutating func encode(_ value: UInt32, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    public mutating func encode(_ value: UInt64, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public mutating func encode(_ value: Int128, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public mutating func encodeIfPresent(_ value: Int128?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }
    /// Encodes the value at the end of the key's path.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public mutating func encode(_ value: UInt128, forKey key: Key) throws { try nestedEncode(value, key) }
    /// Encodes the value at the end of the key's path, unless it is nil.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    public mutating func encodeIfPresent(_ value: UInt128?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }

    /// Encodes the value at the end of the key's path.
    public mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws { try nestedEncode(value, key) }

    /// Encodes the value at the end of the key's path, unless it is nil.
    public mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        try nestedEncodeIfPresent(value, key)
    }

    private mutating func nestedEncodeIfPresent<T: Encodable>(_ value: T?, _ key: Key) throws {
        if let value { try nestedEncode(value, key) }
    }

    /// Encodes `value` at the end of the key's path: into nested objects, opened or reopened step by step, under a
    /// `NodeEncoder`; at the dotted key itself under other encoders. A key without a path encodes as the container
    /// does, with the encoder's handling of `Date`, `URL` and the rest.
    private mutating func nestedEncode<T: Encodable>(_ value: T, _ key: Key) throws {
        guard key.isPath else { return try keyedContainerEncode(&self, value, forKey: key) }
        let encoder = superEncoder(forKey: key)
        guard let (implementation, frame) = ownFrame(ofSuperEncoder: encoder) else {
            try value.encode(to: encoder)
            return
        }
        var steps = key.steps
        let last = steps.removeLast()
        var container = frame
        for step in steps {
            container = implementation.nestedFrame(
                .object, forKey: step, in: container, at: CodingPosition(frame: container, step: .string(step)))
        }
        container.append(last, try implementation.encodeValue(value, frame: frame, step: .key(key)))
    }
}

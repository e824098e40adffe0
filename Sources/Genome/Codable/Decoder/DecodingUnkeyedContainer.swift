// An unkeyed container over an array on the tape (or over one value, as an array of it: see
// `DecoderImplementation.wrappingFrame(at:_:)`). Its one reference, the frame, holds the current element's index
// and its entry, so it fits an existential's inline buffer: opening an array allocates nothing. The entry moves past
// the element (and everything nested in it) when the element is consumed. An element that fails to decode is not
// consumed, as in Foundation.

internal struct DecodingUnkeyedContainer: UnkeyedDecodingContainer {
    let frame: DecodingFrame

    var codingPath: [any CodingKey] { frame.codingPath() }
    var count: Int? { frame.count }
    var isAtEnd: Bool { frame.position >= frame.count }
    var currentIndex: Int { frame.position }

    private func indexPath(_ index: Int) -> [any CodingKey] {
        frame.codingPath(appending: .index(index))
    }

    /// The entry of the current element.
    @inline(__always)
    private func next(_ type: Any.Type) throws -> Int {
        guard frame.position < frame.count else {
            throw CodingErrors.atEnd(type, path: indexPath(frame.position))
        }
        return frame.cursor
    }

    /// Moves past the current element, at `entry`.
    @inline(__always)
    private func advance(past entry: Int) {
        frame.position += 1
        frame.cursor = frame.decoder.tape.end(of: entry)
    }

    mutating func decodeNil() throws -> Bool {
        let entry = try next(Optional<Any>.self)
        guard frame.decoder.tape.kind(at: entry) == .null else { return false }
        advance(past: entry)
        return true
    }

    /// Reads the next element with `read`, or through the decoder's strategy for its type when there is one.
    /// `plain` may answer first, straight from the entry (`DecoderImplementation.plainString(at:)`).
    @inline(__always)
    private func consume<Value: Decodable>(
        _ type: Value.Type, plain: (DecoderImplementation, Int) -> Value? = { _, _ in nil },
        _ read: (DecoderImplementation, Node, () -> [any CodingKey]) throws -> Value
    ) throws -> Value {
        let index = frame.position
        let entry = try next(type)
        let decoder: DecoderImplementation = frame.decoder
        if let value = plain(decoder, entry) {
            advance(past: entry)
            return value
        }
        let value =
            decoder.strategizesPrimitives
            ? try decoder.decodeValue(Value.self, at: entry, frame: frame, step: .index(index))
            : try read(decoder, frame.decoder.tape.node(at: entry)) { indexPath(index) }
        advance(past: entry)
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try consume(type) { try $0.unboxBool($1, path: $2) } }
    mutating func decode(_ type: String.Type) throws -> String {
        try consume(type, plain: { $0.plainString(at: $1) }, { try $0.unboxString($1, path: $2) })
    }
    mutating func decode(_ type: Double.Type) throws -> Double {
        try consume(type) { try $0.unboxDouble($1, path: $2) }
    }
    mutating func decode(_ type: Float.Type) throws -> Float { try consume(type) { try $0.unboxFloat($1, path: $2) } }
    mutating func decode(_ type: Int.Type) throws -> Int { try integer() }
    mutating func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    mutating func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    mutating func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    mutating func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    mutating func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    mutating func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    mutating func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    mutating func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    mutating func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: Int128.Type) throws -> Int128 { try integer() }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    mutating func decode(_ type: UInt128.Type) throws -> UInt128 { try integer() }

    @inline(__always)
    private mutating func integer<Integer: FixedWidthInteger & Decodable>() throws -> Integer {
        try consume(Integer.self) { try $0.unboxInteger($1, Integer.self, path: $2) }
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let index = frame.position
        let entry = try next(type)
        let value = try frame.decoder.decodeValue(type, at: entry, frame: frame, step: .index(index))
        advance(past: entry)
        return value
    }

    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        if isAtEnd { return nil }
        let entry = try next(type)
        if frame.decoder.tape.kind(at: entry) == .null {
            advance(past: entry)
            return nil
        }
        return try decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let index = frame.position
        let entry = try next(KeyedDecodingContainer<NestedKey>.self)
        let decoder: DecoderImplementation = frame.decoder
        guard frame.decoder.tape.kind(at: entry) == .object else {
            throw decoder.containerError(at: entry, [String: Any].self, what: "keyed", path: indexPath(index))
        }
        let nested = decoder.keyedContainer(
            NestedKey.self, at: entry, CodingPosition(frame: frame, step: .index(index)))
        advance(past: entry)
        return nested
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let index = frame.position
        let entry = try next((any UnkeyedDecodingContainer).self)
        let decoder: DecoderImplementation = frame.decoder
        guard frame.decoder.tape.kind(at: entry) == .array else {
            throw decoder.containerError(at: entry, [Any].self, what: "unkeyed", path: indexPath(index))
        }
        let nestedFrame = decoder.frame(at: entry, CodingPosition(frame: frame, step: .index(index)))
        advance(past: entry)
        return DecodingUnkeyedContainer(frame: nestedFrame)
    }

    /// A decoder for the current element.
    mutating func superDecoder() throws -> any Decoder {
        let index = frame.position
        let entry = try next((any Decoder).self)
        advance(past: entry)
        return frame.decoder.superDecoder(at: entry, frame: frame, step: .index(index))
    }
}

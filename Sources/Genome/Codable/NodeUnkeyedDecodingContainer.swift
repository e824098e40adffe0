// An unkeyed container over an array's elements. Its one reference, the frame, holds the elements and the
// current index, so it fits an existential's inline buffer: opening an array allocates nothing. An element that
// fails to decode is not consumed, as in Foundation.

internal struct NodeUnkeyedDecodingContainer: UnkeyedDecodingContainer {
    /// The container's state and place on the coding path; `frame.position` is `currentIndex`.
    let frame: DecodingFrame

    var codingPath: [any CodingKey] { frame.codingPath() }
    var count: Int? { frame.elements.count }
    var isAtEnd: Bool { frame.position >= frame.elements.count }
    var currentIndex: Int { frame.position }

    private func indexPath(_ index: Int) -> [any CodingKey] {
        frame.codingPath(appending: .index(index))
    }

    /// The next element, without consuming it; throws "Unkeyed container is at end." when there is none.
    @inline(__always)
    private func next(_ type: Any.Type) throws -> Node {
        let index = frame.position
        let elements = frame.elements
        guard index < elements.count else {
            throw CodingErrors.atEnd(type, path: indexPath(index))
        }
        return elements[index]
    }

    mutating func decodeNil() throws -> Bool {
        guard try next(Optional<Any>.self).isNull else { return false }
        frame.position += 1
        return true
    }

    /// Reads the next element with `read` and consumes it only when that succeeds.
    @inline(__always)
    private func consume<Value: Decodable>(
        _ type: Value.Type, _ read: (DecoderImplementation, Node, () -> [any CodingKey]) throws -> Value
    ) throws -> Value {
        let index = frame.position
        let decoder: DecoderImplementation = frame.decoder
        let value =
            decoder.run.strategizesPrimitives
            ? try decoder.decodeValue(Value.self, from: try next(type), frame: frame, step: .index(index))
            : try read(decoder, try next(type)) { indexPath(index) }
        frame.position = index + 1
        return value
    }

    mutating func decode(_ type: Bool.Type) throws -> Bool { try consume(type) { try $0.unboxBool($1, path: $2) } }
    mutating func decode(_ type: String.Type) throws -> String {
        try consume(type) { try $0.unboxString($1, path: $2) }
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
        let value = try frame.decoder.decodeValue(type, from: try next(type), frame: frame, step: .index(index))
        frame.position = index + 1
        return value
    }

    /// Nil at the end of the container, as the standard library's contract says (its own overloads for `Int`,
    /// `String` and the other primitives do the same).
    mutating func decodeIfPresent<T: Decodable>(_ type: T.Type) throws -> T? {
        if isAtEnd { return nil }
        if try next(type).isNull {
            frame.position += 1
            return nil
        }
        return try decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(
        keyedBy type: NestedKey.Type
    ) throws -> KeyedDecodingContainer<NestedKey> {
        let index = frame.position
        let node = try next(KeyedDecodingContainer<NestedKey>.self)
        guard case .object(let object) = node else {
            throw frame.decoder.containerError(node, [String: Any].self, what: "keyed", path: indexPath(index))
        }
        let nested = frame.decoder.keyedContainer(
            NestedKey.self, over: object, at: CodingPosition(frame: frame, step: .index(index)))
        frame.position = index + 1
        return nested
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let index = frame.position
        let node = try next((any UnkeyedDecodingContainer).self)
        guard case .array(let nested) = node else {
            throw frame.decoder.containerError(node, [Any].self, what: "unkeyed", path: indexPath(index))
        }
        let nestedFrame = frame.decoder.unkeyedFrame(nested, at: CodingPosition(frame: frame, step: .index(index)))
        frame.position = index + 1
        return NodeUnkeyedDecodingContainer(frame: nestedFrame)
    }

    /// A decoder for the next element, which it consumes.
    mutating func superDecoder() throws -> any Decoder {
        let index = frame.position
        let node = try next((any Decoder).self)
        frame.position = index + 1
        return frame.decoder.superDecoder(for: node, frame: frame, step: .index(index))
    }
}

// The `Swift.Decoder` behind NodeDecoder.
//
// One instance serves a whole decoding run: decoding a nested value moves it onto the nested node and back,
// instead of allocating a decoder per value (only `superDecoder()` makes a new one, because its caller may keep
// it). It is its own single-value container. Containers are structs holding one reference, their `DecodingFrame`,
// which carries their state and is recycled from container to container.
//
// `decodeValue` is where every value goes: primitives are read straight off the node (generic code that asks for
// `Int` lands here too), `Node` is handed over as it is, then per-type strategies and `CustomNodeDecodable` types
// (arrays and string-keyed dictionaries among them) get their turn, and everything else runs its own
// `init(from:)`.

/// The state of one open decoding container; see `CodingFrame`.
///
/// Its properties, and the decoder's `state`, keep Swift's exclusivity checks in every build: skipping them saves
/// the tree decoder less than where the code happens to land in the binary moves its cost.
internal final class DecodingFrame: CodingFrame {
    /// The decoder the container belongs to. Frames and decoders refer to each other through the run's frame
    /// pool; the run empties the pool when it ends.
    var decoder: DecoderImplementation!
    /// A keyed container's object. Checked for exclusive access: read once per member lookup, the check costs
    /// nothing measurable.
    var object = Node.Object()
    /// A keyed container's keys after the key strategy, in member order; nil with default keys.
    var convertedKeys: ContiguousArray<String>?
    /// An unkeyed container's elements.
    var elements: [Node] = []
}

internal final class DecoderImplementation: Decoder, SingleValueDecodingContainer, ScalarUnboxing {
    /// Where the decoder is: one stored property, so that moving to a nested value and back is one exclusive
    /// access each way.
    struct State {
        /// The node the decoder is positioned on.
        var value: Node
        /// Where `value` sits: the container around it and the step into it.
        var position: CodingPosition
    }

    var state: State
    let run: DecodingRun

    /// The node the decoder is positioned on.
    var value: Node { state.value }
    /// Where `value` sits.
    var position: CodingPosition { state.position }

    init(value: Node, position: CodingPosition, run: DecodingRun) {
        self.state = State(value: value, position: position)
        self.run = run
    }

    // MARK: Decoder

    var codingPath: [any CodingKey] { position.codingPath }

    lazy var userInfo: [CodingUserInfoKey: Any] = run.userInfo

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let object) = value else {
            throw containerError(value, [String: Any].self, what: "keyed", path: codingPath)
        }
        return keyedContainer(Key.self, over: object, at: position)
    }

    /// A keyed container over `object`, opened at `position`: one handed out before, when nobody holds it or its
    /// frame any more, else a new one (see KeyedContainerReuse.swift).
    func keyedContainer<Key: CodingKey>(_ type: Key.Type, over object: Node.Object, at position: CodingPosition)
        -> KeyedDecodingContainer<Key>
    {
        let keyType = ObjectIdentifier(Key.self)
        switch run.keyedContainers.decide(keyType, at: position.depth, pool: &run.frames) {
        case .handOut(let slot):
            let frame = slot.frame
            frame.reset(parent: position.frame, step: position.step)
            fill(frame, with: object)
            return reusedContainer(slot, as: KeyedDecodingContainer<Key>.self)
        case .makePlain:
            return KeyedDecodingContainer(NodeKeyedDecodingContainer<Key>(frame: keyedFrame(object, at: position)))
        case .keep(let place):
            // A frame of its own, outside the pool: the box's container is what holds it.
            let frame = DecodingFrame(parent: position.frame, step: position.step)
            fill(frame, with: object)
            let container = KeyedDecodingContainer(NodeKeyedDecodingContainer<Key>(frame: frame))
            run.keyedContainers.keep(
                containerBox(container), as: KeyedContainerType<KeyedDecodingContainer<Key>>(), of: frame,
                keyType: keyType, in: place)
            return container
        }
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            if let wrapped = coercedToArray(value) {
                return NodeUnkeyedDecodingContainer(frame: unkeyedFrame(wrapped, at: position))
            }
            throw containerError(value, [Any].self, what: "unkeyed", path: codingPath)
        }
        return NodeUnkeyedDecodingContainer(frame: unkeyedFrame(elements, at: position))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// A frame for a keyed container over `object` opened at `position`, its keys converted when the run has a
    /// key strategy.
    private func keyedFrame(_ object: Node.Object, at position: CodingPosition) -> DecodingFrame {
        let frame = pooledFrame(at: position)
        fill(frame, with: object)
        return frame
    }

    /// Readies `frame` for a keyed container of this decoder over `object`.
    @inline(__always)
    private func fill(_ frame: DecodingFrame, with object: Node.Object) {
        if frame.decoder !== self { frame.decoder = self }
        frame.object = object
        frame.convertedKeys = run.convertsKeys ? convertedKeys(of: object, frame: frame) : nil
    }

    func unkeyedFrame(_ elements: [Node], at position: CodingPosition) -> DecodingFrame {
        let frame = pooledFrame(at: position)
        if frame.decoder !== self { frame.decoder = self }
        frame.elements = elements
        return frame
    }

    /// A frame from the run's pool for a container opened at `position`.
    @inline(__always)
    private func pooledFrame(at position: CodingPosition) -> DecodingFrame {
        // Kept keyed containers one level deeper may name the pool's frame at this depth as their parent.
        run.keyedContainers.releaseParents(at: position.depth + 1)
        return run.frames.frame(at: position, make: DecodingFrame.init)
    }

    private func convertedKeys(of object: Node.Object, frame: CodingFrame) -> ContiguousArray<String> {
        switch run.keyStrategy {
        case .useDefaultKeys:
            return ContiguousArray(object.lazy.map(\.key))
        case .convertFromSnakeCase:
            return ContiguousArray(object.lazy.map { self.run.convertedFromSnakeCase($0.key) })
        case .custom(let convert):
            let path = frame.codingPath()
            return ContiguousArray(
                object.lazy.map { convert(path + [NodeCodingKey(stringValue: $0.key)]).stringValue })
        }
    }

    /// A container asked of the wrong kind of node: `valueNotFound` for null, `typeMismatch` otherwise.
    func containerError(_ node: Node, _ type: Any.Type, what: String, path: [any CodingKey]) -> DecodingError {
        if node.isNull {
            return CodingErrors.containerNotFound(type, what: what, path: path)
        }
        return CodingErrors.mismatch(type, found: node, path: path)
    }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool { value.isNull }
    func decode(_ type: Bool.Type) throws -> Bool { try unboxBool(value) { codingPath } }
    func decode(_ type: String.Type) throws -> String { try unboxString(value) { codingPath } }
    func decode(_ type: Double.Type) throws -> Double { try unboxDouble(value) { codingPath } }
    func decode(_ type: Float.Type) throws -> Float { try unboxFloat(value) { codingPath } }
    func decode(_ type: Int.Type) throws -> Int { try unboxInteger(value, Int.self) { codingPath } }
    func decode(_ type: Int8.Type) throws -> Int8 { try unboxInteger(value, Int8.self) { codingPath } }
    func decode(_ type: Int16.Type) throws -> Int16 { try unboxInteger(value, Int16.self) { codingPath } }
    func decode(_ type: Int32.Type) throws -> Int32 { try unboxInteger(value, Int32.self) { codingPath } }
    func decode(_ type: Int64.Type) throws -> Int64 { try unboxInteger(value, Int64.self) { codingPath } }
    func decode(_ type: UInt.Type) throws -> UInt { try unboxInteger(value, UInt.self) { codingPath } }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try unboxInteger(value, UInt8.self) { codingPath } }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try unboxInteger(value, UInt16.self) { codingPath } }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try unboxInteger(value, UInt32.self) { codingPath } }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try unboxInteger(value, UInt64.self) { codingPath } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try unboxInteger(value, Int128.self) { codingPath } }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try unboxInteger(value, UInt128.self) { codingPath } }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeValue(type)
    }

    // MARK: Decoding any value

    /// Decodes the value the decoder is positioned on.
    func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeValue(type, from: value, frame: position.frame, step: position.step)
    }

    /// Decodes `node`, found at `step` inside the container of `frame`.
    ///
    /// Primitives are read straight off the node. The checks cost a pointer comparison each in unspecialised code
    /// (the common case: `Array` and `Optional` call in through existentials), and fold away when specialised. They
    /// return `T` directly: going through a `T?` would look up `Optional<T>`'s metadata on every call.
    func decodeValue<T: Decodable>(
        _ type: T.Type, from node: Node, frame: CodingFrame?, step: CodingStep
    ) throws -> T {
        if run.strategizesPrimitives, run.valueStrategies[ObjectIdentifier(T.self)] != nil {
            return try decodeRunning(type, from: node, frame: frame, step: step)
        }
        // A local function, not a closure in a `let`, whose context would be allocated on every call (see the
        // tape decoder's `decodeValue`).
        func path() -> [any CodingKey] { CodingPosition(frame: frame, step: step).codingPath }
        if T.self == String.self { return sameType(try unboxString(node, path: path), as: T.self) }
        if T.self == Int.self { return sameType(try unboxInteger(node, Int.self, path: path), as: T.self) }
        if T.self == Double.self { return sameType(try unboxDouble(node, path: path), as: T.self) }
        if T.self == Bool.self { return sameType(try unboxBool(node, path: path), as: T.self) }
        if T.self == Int64.self { return sameType(try unboxInteger(node, Int64.self, path: path), as: T.self) }
        if T.self == Float.self { return sameType(try unboxFloat(node, path: path), as: T.self) }
        if T.self == Node.self { return sameType(node, as: T.self) }
        if T.self == UInt64.self { return sameType(try unboxInteger(node, UInt64.self, path: path), as: T.self) }
        if T.self == Int32.self { return sameType(try unboxInteger(node, Int32.self, path: path), as: T.self) }
        if T.self == UInt.self { return sameType(try unboxInteger(node, UInt.self, path: path), as: T.self) }
        if T.self == UInt8.self { return sameType(try unboxInteger(node, UInt8.self, path: path), as: T.self) }
        if T.self == Int16.self { return sameType(try unboxInteger(node, Int16.self, path: path), as: T.self) }
        if T.self == UInt32.self { return sameType(try unboxInteger(node, UInt32.self, path: path), as: T.self) }
        if T.self == Int8.self { return sameType(try unboxInteger(node, Int8.self, path: path), as: T.self) }
        if T.self == UInt16.self { return sameType(try unboxInteger(node, UInt16.self, path: path), as: T.self) }
        return try decodeRunning(type, from: node, frame: frame, step: step)
    }

    /// Runs the value's own code (a strategy, `init(nodeDecoder:)` or `init(from:)`), positioned on `node`.
    private func decodeRunning<T: Decodable>(
        _ type: T.Type, from node: Node, frame: CodingFrame?, step: CodingStep
    ) throws -> T {
        // Everything else runs code of its own, positioned on the node, and a recursive model comes back here once
        // per level: make sure the stack has room for it (see `StackRoom`).
        guard StackRoom.hasRoom(knowing: run.stack) else {
            throw CodingErrors.stackLimit(
                decoding: T.self, from: node, path: CodingPosition(frame: frame, step: step).codingPath)
        }
        // Swapping moves the old state out and back without retaining it.
        var outer = State(value: node, position: CodingPosition(frame: frame, step: step))
        swap(&state, &outer)
        defer { swap(&state, &outer) }
        if !run.valueStrategies.isEmpty, let strategy = run.valueStrategies[ObjectIdentifier(T.self)] {
            return try decode(with: strategy, as: T.self)
        }
        switch run.kind(of: T.self) {
        case .plain:
            // `type`, not `T`: a subclass's metatype passed as its superclass's decodes the subclass, as in
            // Foundation.
            return try type.init(from: self)
        case .array(let array):
            return try decodeElements(array, as: T.self)
        case .dictionary(let dictionary):
            return try dictionary.decodeMembers(with: self, as: T.self)
        case .custom(let custom):
            return try decodeCustom(custom, as: T.self)
        case .needsFoundationBridge:
            let name = FoundationBridgeCheck.typeNeedingBridge(T.self) ?? "\(T.self)"
            throw DecodingError.typeMismatch(
                T.self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: FoundationBridgeCheck.explanation(name, coder: "NodeDecoder")))
        }
    }

    /// Decodes an array, which is `T`, with `T`'s metadata at hand (see `decodeArray`).
    private func decodeElements<Array: ArrayNodeDecoding, T>(_ array: Array.Type, as type: T.Type) throws -> T {
        try Array.decodeElements(with: self, as: T.self)
    }

    /// Runs a strategy whose `Value` is `T` (strategies are stored under their value's type).
    private func decode<Strategy: NodeDecodingStrategy, T>(with strategy: Strategy, as type: T.Type) throws -> T {
        sameType(try strategy.decode(from: self), as: T.self)
    }

    /// Runs `init(nodeDecoder:)` of `Custom`, which is `T`.
    private func decodeCustom<Custom: CustomNodeDecodable, T>(_ custom: Custom.Type, as type: T.Type) throws -> T {
        sameType(try Custom(nodeDecoder: self), as: T.self)
    }

    /// A decoder of its own for `node`, for `superDecoder()`: its caller may keep it after the container is done.
    func superDecoder(for node: Node, frame: CodingFrame, step: CodingStep) -> DecoderImplementation {
        DecoderImplementation(value: node, position: CodingPosition(frame: frame, step: step), run: run)
    }

    // MARK: Arrays and dictionaries

    /// The elements of the current array as a `[Element]`, without the standard library's generic path: the
    /// common primitives are converted in one loop into an exactly sized array, built by code specialised for
    /// them (unspecialised code would look up `Array<Element>`'s metadata on every call).
    ///
    /// `arrayType` is `[Element]`, passed in by the caller, which has its metadata at hand: naming `[Element]` here
    /// would look it up in the runtime's cache on every call.
    func decodeArray<Element: Decodable, ArrayType>(
        _ arrayType: ArrayType.Type, of elementType: Element.Type
    ) throws -> ArrayType {
        guard case .array(let elements) = value else {
            return try decodeArrayCoerced(arrayType, of: elementType)
        }
        if run.strategizesPrimitives {
            return sameType(try decodeEachElement(elements, of: Element.self), as: ArrayType.self)
        }
        if Element.self == Double.self {
            return sameType(try primitives(elements) { try unboxDouble($0, path: $1) }, as: ArrayType.self)
        }
        if Element.self == Int.self {
            return sameType(
                try primitives(elements) { try unboxInteger($0, Int.self, path: $1) }, as: ArrayType.self)
        }
        if Element.self == String.self {
            return sameType(try primitives(elements) { try unboxString($0, path: $1) }, as: ArrayType.self)
        }
        if Element.self == Int64.self {
            return sameType(
                try primitives(elements) { try unboxInteger($0, Int64.self, path: $1) }, as: ArrayType.self)
        }
        if Element.self == Bool.self {
            return sameType(try primitives(elements) { try unboxBool($0, path: $1) }, as: ArrayType.self)
        }
        return sameType(try decodeEachElement(elements, of: Element.self), as: ArrayType.self)
    }

    /// Decodes the elements one by one, each at its index.
    private func decodeEachElement<Element: Decodable>(_ elements: [Node], of type: Element.Type) throws -> [Element] {
        let count = elements.count
        // Most arrays in API responses are empty; see TapeDecoderImplementation's `decodeEachElement`.
        if count == 0 { return [] }
        let frame = unkeyedFrame(elements, at: position)
        var result = [Element]()
        result.reserveCapacity(count)
        for index in 0..<count {
            result.append(try decodeValue(Element.self, from: elements[index], frame: frame, step: .index(index)))
        }
        return result
    }

    /// Converts every element with `read`, into an exactly sized array; an error's path ends with the index.
    @inline(__always)
    private func primitives<Element>(
        _ elements: [Node], _ read: (Node, () -> [any CodingKey]) throws -> Element
    ) throws -> [Element] {
        let count = elements.count
        if count == 0 { return [] }
        let position = self.position
        return try [Element](unsafeUninitializedCapacity: count) { buffer, initialized in
            try elements.withUnsafeBufferPointer { elements in
                for index in 0..<count {
                    let element = try read(elements[index]) { position.codingPath + [NodeCodingKey(index: index)] }
                    (buffer.baseAddress! + index).initialize(to: element)
                    initialized = index + 1
                }
            }
        }
    }

    /// The members of the current object as a `[String: Value]`, keys untouched.
    func decodeStringKeyedDictionary<Value: Decodable>(_ valueType: Value.Type) throws -> [String: Value] {
        guard case .object(let object) = value else {
            throw containerError(value, [String: Any].self, what: "keyed", path: codingPath)
        }
        let frame = keyedFrame(Node.Object(), at: position)
        var dictionary = [String: Value](minimumCapacity: object.count)
        for (key, member) in object {
            dictionary[key] = try decodeValue(Value.self, from: member, frame: frame, step: .string(key))
        }
        return dictionary
    }
}

// The `Swift.Decoder` behind `NodeDecoder.decode(_:fromJSON:)`: it decodes straight from the flat tape the
// reader wrote (JSONTape.swift), so no `Node` tree is built and freed for a model that throws it away.
//
// It mirrors DecoderImplementation, which decodes from a `Node`, and shares its rules: scalars are read by the
// same `ScalarUnboxing` code from a `Node` made of one tape entry (a string is made only when a model asks for
// it), and every error is made from the `Node` of the value it is about. Whatever needs a whole `Node` anyway (a
// `Node` property, a per-type strategy, a `CustomNodeDecodable` type such as `Date` or `URL`, `superDecoder()`)
// is handed to a DecoderImplementation positioned on the `Node` of that value, with the same coding path, so
// those paths run exactly the code they always ran.

/// The state of one open container over the tape; see `CodingFrame`.
internal final class TapeDecodingFrame: CodingFrame {
    /// The decoder the container belongs to, which recycles the frame: in its pool (`TapeDecoderImplementation.frames`),
    /// or with the box of the keyed container that holds it (`TapeDecoderImplementation.keyedContainers`).
    /// A constant, unlike the tree decoder's frames, which serve every decoder of a run: containers read it on
    /// every call, and a `let` needs no retain and release around each read.
    let decoder: TapeDecoderImplementation

    init(decoder: TapeDecoderImplementation, parent: CodingFrame?, step: CodingStep) {
        self.decoder = decoder
        super.init(parent: parent, step: step)
    }

    /// The container's entry on the tape.
    var entry = 0
    /// The index after its last entry.
    var end = 0
    /// Its number of elements or members.
    var count = 0
    /// Keyed: the entry of the key where the next lookup starts. Unkeyed: the entry of the element at `position`.
    var cursor = 0
}

internal final class TapeDecoderImplementation: Decoder, SingleValueDecodingContainer, ScalarUnboxing {
    /// Where the decoder is: the entry it is positioned on, and its coding path.
    struct State {
        var index: Int
        var position: CodingPosition
    }

    var state: State
    /// The document. A value held here rather than an object of its own: one allocation fewer per decode, and a
    /// container reaches it through its frame's constant `decoder` without retaining anything. Variable only for
    /// `keepInputIfKept(_:)`, after the run. Unchecked for the reason `CodingFrame` gives: every key, value and
    /// step reads it, and run-time exclusivity checks on it add about a fifth to decoding twitter.json (Compare's
    /// decode rows).
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var tape: JSONTape
    /// The `NodeDecoder`'s options, as a tree decoder's `DecodingRun` reads them.
    let settings: SharedSettings<NodeDecoder.Settings>
    /// `settings.strategizesPrimitives`, which containers ask before every scalar, kept beside the tape: one
    /// dependent load fewer per member.
    let strategizesPrimitives: Bool
    /// Each type's kind: the run's memo over the process's answers, unchecked for the reason `DecodingRun.kinds`
    /// gives.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var kinds = TypeKindCache(shared: DecodingRun.sharedKinds)
    /// The run of the tree decoders this decoder hands values to (see the top of the file), made at the first
    /// hand-over: most documents never need one, and making it anyway shows in a small model's decode (Compare's
    /// `--small` 3-field struct decode row).
    private var treeRun: DecodingRun?
    /// Unchecked: run-time exclusivity checks here show most in a small model's decode (Compare's `--small` 3-field
    /// struct decode row). Only `frame(at:)`, `keyedContainer(_:at:_:)` and `removeAll()` touch it, and none calls
    /// out.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var frames = FramePool<TapeDecodingFrame>()
    /// Keyed containers to hand out again (KeyedContainerReuse.swift). Unchecked for the reason `frames` is; only
    /// `keyedContainer(_:at:_:)`, `frame(at:_:)` and `removeAll()` touch it, and none calls out while it does.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var keyedContainers = KeyedContainerReuse<TapeDecodingFrame>()
    /// The stack of the thread the run started on, for `StackRoom.hasRoom(knowing:)`.
    let stack = StackRoom.currentBounds()

    /// The entry the decoder is positioned on.
    var index: Int { state.index }
    var position: CodingPosition { state.position }

    init(tape: consuming JSONTape, settings: SharedSettings<NodeDecoder.Settings>) {
        self.tape = tape
        self.settings = settings
        strategizesPrimitives = settings.strategizesPrimitives
        self.state = State(index: 0, position: .root)
    }

    /// Makes `decoder`'s tape copy the input it borrows, when something the run handed out (a decoder or
    /// container a model stored) still refers to the decoder: the caller's buffer is gone after this call.
    static func keepInputIfKept(_ decoder: inout TapeDecoderImplementation) {
        if !isKnownUniquelyReferenced(&decoder) { decoder.tape.keepInput() }
    }

    /// Decodes the whole document, and lets go of the frames (which refer back to their decoders) at the end.
    func decodeDocument<T: Decodable>(_ type: T.Type) throws -> T {
        defer {
            frames.removeAll()
            keyedContainers.removeAll()
            treeRun?.end()
        }
        return try decodeValue(type, at: 0, frame: nil, step: .root)
    }

    // MARK: Decoder

    var codingPath: [any CodingKey] { position.codingPath }

    lazy var userInfo: [CodingUserInfoKey: Any] = settings.value.userInfo

    /// The run a tree decoder shares with this one (and what `ScalarUnboxing` reads the float strategy from).
    var run: DecodingRun {
        if let treeRun { return treeRun }
        let run = DecodingRun(settings: settings)
        treeRun = run
        return run
    }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.kind(at: index) == .object else {
            throw containerError(at: index, [String: Any].self, what: "keyed", path: codingPath)
        }
        return keyedContainer(Key.self, at: index, position)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape.kind(at: index) == .array else {
            throw containerError(at: index, [Any].self, what: "unkeyed", path: codingPath)
        }
        return TapeUnkeyedDecodingContainer(frame: frame(at: index, position))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// A frame for a container over the array or object at `entry`, opened at `position`.
    func frame(at entry: Int, _ position: CodingPosition) -> TapeDecodingFrame {
        // Kept keyed containers one level deeper may name the pool's frame at this depth as their parent.
        keyedContainers.releaseParents(at: position.depth + 1)
        let frame = frames.frame(at: position) { TapeDecodingFrame(decoder: self, parent: $0, step: $1) }
        ready(frame, at: entry)
        return frame
    }

    /// Sets `frame` up for the container over the array or object at `entry`.
    @inline(__always)
    private func ready(_ frame: TapeDecodingFrame, at entry: Int) {
        let header = tape[entry]
        frame.entry = entry
        frame.end = tape.end(of: entry)
        frame.count = header.count
        frame.cursor = entry + 1
    }

    /// A keyed container over the object at `entry`, opened at `position`: one handed out before, when nobody
    /// holds it or its frame any more, else a new one (see KeyedContainerReuse.swift).
    func keyedContainer<Key: CodingKey>(_ type: Key.Type, at entry: Int, _ position: CodingPosition)
        -> KeyedDecodingContainer<Key>
    {
        let keyType = ObjectIdentifier(Key.self)
        switch keyedContainers.decide(keyType, at: position.depth, pool: &frames) {
        case .handOut(let slot):
            let frame = slot.frame
            frame.reset(parent: position.frame, step: position.step)
            ready(frame, at: entry)
            return reusedContainer(slot, as: KeyedDecodingContainer<Key>.self)
        case .makePlain:
            return KeyedDecodingContainer(TapeKeyedDecodingContainer<Key>(frame: frame(at: entry, position)))
        case .keep(let place):
            // A frame of its own, outside the pool: the box's container is what holds it.
            let frame = TapeDecodingFrame(decoder: self, parent: position.frame, step: position.step)
            ready(frame, at: entry)
            let container = KeyedDecodingContainer(TapeKeyedDecodingContainer<Key>(frame: frame))
            keyedContainers.keep(
                containerBox(container), as: KeyedContainerType<KeyedDecodingContainer<Key>>(), of: frame,
                keyType: keyType, in: place)
            return container
        }
    }

    /// A container asked of the wrong kind of value: the same errors as DecoderImplementation's.
    func containerError(at index: Int, _ type: Any.Type, what: String, path: [any CodingKey]) -> DecodingError {
        if tape.kind(at: index) == .null {
            return CodingErrors.containerNotFound(type, what: what, path: path)
        }
        return CodingErrors.mismatch(type, found: tape.node(at: index), path: path)
    }

    // MARK: SingleValueDecodingContainer

    func decodeNil() -> Bool { tape.kind(at: index) == .null }
    func decode(_ type: Bool.Type) throws -> Bool { try unboxBool(tape.node(at: index)) { codingPath } }
    func decode(_ type: String.Type) throws -> String { try unboxString(tape.node(at: index)) { codingPath } }
    func decode(_ type: Double.Type) throws -> Double { try unboxDouble(tape.node(at: index)) { codingPath } }
    func decode(_ type: Float.Type) throws -> Float { try unboxFloat(tape.node(at: index)) { codingPath } }
    func decode(_ type: Int.Type) throws -> Int { try integer() }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer() }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer() }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer() }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer() }
    func decode(_ type: UInt.Type) throws -> UInt { try integer() }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer() }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer() }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer() }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer() }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: Int128.Type) throws -> Int128 { try integer() }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func decode(_ type: UInt128.Type) throws -> UInt128 { try integer() }

    private func integer<Integer: FixedWidthInteger>() throws -> Integer {
        try unboxInteger(tape.node(at: index), Integer.self) { codingPath }
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try decodeValue(type, at: index, frame: position.frame, step: position.step)
    }

    // MARK: Decoding any value

    /// The string at `index` when it is one and no strategy applies: what decoding a `String` gives, without a
    /// `Node` made and taken apart. Nil sends the caller the general way, errors included.
    ///
    /// Every string is made anew. Handing out again the long ones made earlier in the run, as the tree reader does
    /// (`RecentStrings`), would save allocations but cost time (Compare's twitter.json decode row): a hit retains
    /// the shared storage, an atomic operation, and every look-up reads a slot and an earlier copy of the bytes,
    /// where a new string is one `malloc` and a copy of bytes just read.
    @inline(__always)
    func plainString(at index: Int) -> String? {
        guard !strategizesPrimitives else { return nil }
        let entry = tape[index]
        guard entry.kind == .string else { return nil }
        return tape.withStringBytes(at: index) { String(validatedUTF8: $0, isASCII: entry.isASCII) }
    }

    /// `plainString(at:)` for a `Bool`.
    @inline(__always)
    func plainBool(at index: Int) -> Bool? {
        guard !strategizesPrimitives else { return nil }
        switch tape.kind(at: index) {
        case .trueLiteral: return true
        case .falseLiteral: return false
        default: return nil
        }
    }

    /// Decodes the value at `index`, found at `step` inside the container of `frame`: DecoderImplementation's
    /// `decodeValue(_:from:frame:step:)`, step for step.
    func decodeValue<T: Decodable>(_ type: T.Type, at index: Int, frame: CodingFrame?, step: CodingStep) throws -> T {
        if strategizesPrimitives, settings.value.valueStrategies[ObjectIdentifier(T.self)] != nil {
            return try decodeAsNode(type, at: index, frame: frame, step: step)
        }
        // A local function, not a closure in a `let`: a closure's context (the frame and the step) is allocated on
        // the heap on every call, before any type test, so every nested model, array and optional would pay for an
        // allocation only an error uses. Passed as a non-escaping argument, a local function's context stays on the
        // stack, which saves about a seventh of a citm_catalog.json or canada.json decode (Compare's decode rows).
        func path() -> [any CodingKey] { CodingPosition(frame: frame, step: step).codingPath }
        // Each `sameType` cast follows the test that T is that very type. `as! T` in their place (and in
        // decodeArray's and the dictionary's) would ask the runtime to check the type again, for every value.
        if T.self == String.self {
            if let string = plainString(at: index) { return sameType(string, as: T.self) }
            return sameType(try unboxString(tape.node(at: index), path: path), as: T.self)
        }
        if T.self == Int.self {
            return sameType(try unboxInteger(tape.node(at: index), Int.self, path: path), as: T.self)
        }
        if T.self == Double.self { return sameType(try unboxDouble(tape.node(at: index), path: path), as: T.self) }
        if T.self == Bool.self { return sameType(try unboxBool(tape.node(at: index), path: path), as: T.self) }
        if T.self == Int64.self {
            return sameType(try unboxInteger(tape.node(at: index), Int64.self, path: path), as: T.self)
        }
        if T.self == Float.self { return sameType(try unboxFloat(tape.node(at: index), path: path), as: T.self) }
        if T.self == Node.self { return sameType(tape.node(at: index), as: T.self) }
        return try decodeRunning(type, at: index, frame: frame, step: step)
    }

    /// Runs the value's own code, positioned on `index`; what needs a `Node` gets one (see the top of the file).
    private func decodeRunning<T: Decodable>(
        _ type: T.Type, at index: Int, frame: CodingFrame?, step: CodingStep
    ) throws -> T {
        guard StackRoom.hasRoom(knowing: stack) else {
            throw CodingErrors.stackLimit(
                decoding: T.self, from: tape.node(at: index), path: CodingPosition(frame: frame, step: step).codingPath)
        }
        if !settings.value.valueStrategies.isEmpty, settings.value.valueStrategies[ObjectIdentifier(T.self)] != nil {
            return try decodeAsNode(type, at: index, frame: frame, step: step)
        }
        switch kinds.kind(of: T.self) {
        case .plain:
            // `type`, not `T`: a subclass's metatype passed as its superclass's decodes the subclass.
            return try positioned(at: index, frame: frame, step: step) { try type.init(from: self) }
        case .array(let array):
            return try positioned(at: index, frame: frame, step: step) {
                try array.decodeElements(withTape: self, as: T.self)
            }
        case .dictionary(let dictionary):
            return try positioned(at: index, frame: frame, step: step) {
                try dictionary.decodeMembers(withTape: self, as: T.self)
            }
        case .custom, .needsFoundationBridge:
            return try decodeAsNode(type, at: index, frame: frame, step: step)
        }
    }

    /// Runs `body` with the decoder positioned on `index`, and moves it back after.
    @inline(__always)
    private func positioned<T>(at index: Int, frame: CodingFrame?, step: CodingStep, _ body: () throws -> T) rethrows
        -> T
    {
        var outer = State(index: index, position: CodingPosition(frame: frame, step: step))
        swap(&state, &outer)
        defer { swap(&state, &outer) }
        return try body()
    }

    /// Decodes the value at `index` as DecoderImplementation decodes its `Node`, with the same coding path.
    func decodeAsNode<T: Decodable>(_ type: T.Type, at index: Int, frame: CodingFrame?, step: CodingStep) throws -> T {
        try nodeDecoder(for: tape.node(at: index), frame: frame, step: step).decodeValue(type)
    }

    /// A DecoderImplementation positioned on `node`, found at `step` inside the container of `frame`.
    func nodeDecoder(for node: Node, frame: CodingFrame?, step: CodingStep) -> DecoderImplementation {
        DecoderImplementation(value: node, position: CodingPosition(frame: frame, step: step), run: run)
    }

    // MARK: Arrays and dictionaries

    /// DecoderImplementation's `decodeArray(_:of:)` over the array at the decoder's entry.
    func decodeArray<Element: Decodable, ArrayType>(
        _ arrayType: ArrayType.Type, of elementType: Element.Type
    ) throws -> ArrayType {
        guard tape.kind(at: index) == .array else {
            throw containerError(at: index, [Any].self, what: "unkeyed", path: codingPath)
        }
        // ArrayType is [Element] (the caller's Self); each `sameType` cast follows the test of Element (see decodeValue).
        if strategizesPrimitives {
            return sameType(try decodeEachElement(of: Element.self), as: ArrayType.self)
        }
        if Element.self == Double.self {
            return sameType(try primitives { try unboxDouble($0, path: $1) }, as: ArrayType.self)
        }
        if Element.self == Int.self {
            return sameType(try primitives { try unboxInteger($0, Int.self, path: $1) }, as: ArrayType.self)
        }
        if Element.self == String.self {
            return sameType(
                try primitives(plain: { $0.plainString(at: $1) }, { try unboxString($0, path: $1) }), as: ArrayType.self
            )
        }
        if Element.self == Int64.self {
            return sameType(try primitives { try unboxInteger($0, Int64.self, path: $1) }, as: ArrayType.self)
        }
        if Element.self == Bool.self {
            return sameType(try primitives { try unboxBool($0, path: $1) }, as: ArrayType.self)
        }
        return sameType(try decodeEachElement(of: Element.self), as: ArrayType.self)
    }

    /// Decodes the elements one by one, each at its index.
    private func decodeEachElement<Element: Decodable>(of type: Element.Type) throws -> [Element] {
        // An empty array needs no frame and no storage: 7 in 10 of twitter.json's arrays are empty, 8 in 10 of
        // citm_catalog.json's (Compare's decode rows).
        if tape[index].count == 0 { return [] }
        let frame = frame(at: index, position)
        var result = [Element]()
        result.reserveCapacity(frame.count)
        var element = frame.entry + 1
        for ordinal in 0..<frame.count {
            result.append(try decodeValue(Element.self, at: element, frame: frame, step: .index(ordinal)))
            element = tape.end(of: element)
        }
        return result
    }

    /// Converts every element with `read`, or with `plain` when it answers (`plainString(at:)`); an error's path ends
    /// with the index.
    @inline(__always)
    private func primitives<Element>(
        plain: (TapeDecoderImplementation, Int) -> Element? = { _, _ in nil },
        _ read: (Node, () -> [any CodingKey]) throws -> Element
    ) throws -> [Element] {
        try Self.primitives(of: index, in: tape, for: self, plain: plain, read)
    }

    /// `primitives(_:)` over a borrowed tape: read from the stored property, whose input `keepInputIfKept(_:)` may
    /// replace, the tape's fields would be loaded again for every element, and canada.json has 111,000 numbers
    /// (Compare's canada.json decode row).
    @inline(__always)
    private static func primitives<Element>(
        of array: Int, in tape: borrowing JSONTape, for decoder: TapeDecoderImplementation,
        plain: (TapeDecoderImplementation, Int) -> Element?, _ read: (Node, () -> [any CodingKey]) throws -> Element
    ) throws -> [Element] {
        let count = tape[array].count
        if count == 0 { return [] }
        var result = [Element]()
        result.reserveCapacity(count)
        var element = array + 1
        for ordinal in 0..<count {
            if let value = plain(decoder, element) {
                result.append(value)
            } else {
                result.append(
                    try read(tape.node(at: element)) { decoder.position.codingPath + [NodeCodingKey(index: ordinal)] })
            }
            element = tape.end(of: element)
        }
        return result
    }

    /// DecoderImplementation's `decodeStringKeyedDictionary(_:)` over the object at the decoder's entry.
    func decodeStringKeyedDictionary<Value: Decodable>(_ valueType: Value.Type) throws -> [String: Value] {
        guard tape.kind(at: index) == .object else {
            throw containerError(at: index, [String: Any].self, what: "keyed", path: codingPath)
        }
        if tape[index].count == 0 { return [:] }
        let frame = frame(at: index, position)
        var dictionary = [String: Value](minimumCapacity: frame.count)
        var key = frame.entry + 1
        while key < frame.end {
            let name = tape.string(at: key)
            dictionary[name] = try decodeValue(Value.self, at: key + 1, frame: frame, step: .string(name))
            key = tape.end(of: key + 1)
        }
        return dictionary
    }
}

// The `Swift.Decoder` behind NodeDecoder: the one decoder, whatever the input. It reads a flat tape (JSONTape.swift):
// the one the reader wrote for JSON bytes, or one written from a `Node` the caller already has
// (JSONTape+OwnedCopies.swift). So no `Node` tree is built and freed for a model that throws it away, and every feature
// (strategies, key strategies, coercions, Foundation types, nested keys, tolerance) lives in one place.
//
// One instance serves a whole decoding run: decoding a nested value moves it onto the value's entry and back,
// instead of allocating a decoder per value. It is its own single-value container. Containers are structs holding
// one reference, their `DecodingFrame`, which carries their state and is recycled from container to container.
// Scalars are read by the `unbox` functions (ScalarUnboxing.swift) from a `Node` made of one tape entry (a string is made only when a model
// asks for it), and every error is made from the `Node` of the value it is about. Only `superDecoder()` makes a
// decoder of its own, over a tape of its own, because its caller may keep it after the run.

/// The state of one open container over the tape; see `CodingFrame`.
internal final class DecodingFrame: CodingFrame {
    /// The decoder the container belongs to, which recycles the frame: in its pool (`DecoderImplementation.frames`),
    /// or with the box of the keyed container that holds it (`DecoderImplementation.keyedContainers`).
    /// A constant: containers read it on every call, and a `let` needs no retain and release around each read.
    let decoder: DecoderImplementation

    init(decoder: DecoderImplementation, parent: CodingFrame?, step: CodingStep) {
        self.decoder = decoder
        super.init(parent: parent, step: step)
    }

    /// The container's entry on the tape.
    var entry = 0
    /// The index after its last entry.
    var end = 0
    /// Its number of elements or members.
    var count = 0
    /// Keyed: the entry of the key where the next lookup starts (with `convertedKeys`, the object's end, and
    /// `position` is the ordinal of the member where it starts). Unkeyed: the entry of the element at `position`.
    var cursor = 0
    /// A keyed container's members under the run's key strategy, in document order: each key as the strategy
    /// made it, and the entry of its value. Nil with the default keys, which are compared as bytes on the tape.
    /// Unchecked for the reason `CodingFrame` gives: every member lookup reads it.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var convertedKeys: ContiguousArray<(key: String, value: Int)>?
}

internal final class DecoderImplementation: Decoder, SingleValueDecodingContainer {
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
    /// The `NodeDecoder`'s options.
    let settings: SharedSettings<NodeDecoder.Settings>
    /// `settings.strategizesPrimitives`, which containers ask before every scalar, kept beside the tape: one
    /// dependent load fewer per member.
    let strategizesPrimitives: Bool
    /// Each type's kind: the run's memo over the process's answers (see `TypeKindCache`). Asked for every nested
    /// value, so unchecked: a run-time exclusivity check on each look-up shows in a small model's decode.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var kinds = TypeKindCache(shared: DecoderImplementation.sharedKinds)
    /// Unchecked: run-time exclusivity checks here show most in a small model's decode (Compare's `--small` 3-field
    /// struct decode row). Only `frame(at:)`, `keyedContainer(_:at:_:)` and `removeAll()` touch it, and none calls
    /// out.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var frames = FramePool<DecodingFrame>()
    /// Keyed containers to hand out again (KeyedContainerReuse.swift). Unchecked for the reason `frames` is; only
    /// `keyedContainer(_:at:_:)`, `frame(at:_:)` and `removeAll()` touch it, and none calls out while it does.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var keyedContainers = KeyedContainerReuse<DecodingFrame>()
    /// The stack of the thread the run started on, for `StackRoom.hasRoom(knowing:)`.
    let stack: StackRoom.Bounds
    /// Whether the run has a key strategy, which keyed containers apply when they open (`convertedKeys`).
    let convertsKeys: Bool
    /// Snake-case conversions already made in this run: documents repeat their keys. Optional, as `superDecoders`
    /// is, so that a run without any costs no release when the decoder goes. Unchecked as `frames` is: only
    /// `convertedFromSnakeCase(_:)` touches it, and it calls out to nothing that could.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var snakeCaseConversions: [String: String]?
    /// The decoders `superDecoder()` made during the run, which it ends with its own (`end()`). Unchecked: `end()`
    /// reads it on every run, and takes it out before it calls anything.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var superDecoders: [DecoderImplementation]?

    /// The entry the decoder is positioned on.
    var index: Int { state.index }
    var position: CodingPosition { state.position }

    /// A decoder of the tape's first value, found at `position`.
    init(
        tape: consuming JSONTape, settings: SharedSettings<NodeDecoder.Settings>, position: CodingPosition = .root,
        stack: StackRoom.Bounds = StackRoom.currentBounds()
    ) {
        self.tape = tape
        self.settings = settings
        strategizesPrimitives = settings.strategizesPrimitives
        self.stack = stack
        convertsKeys = settings.value.convertsKeys
        self.state = State(index: 0, position: position)
    }

    /// Makes `decoder`'s tape copy the input it borrows, when something the run handed out (a decoder or
    /// container a model stored) still refers to the decoder: the caller's buffer is gone after this call.
    static func keepInputIfKept(_ decoder: inout DecoderImplementation) {
        if !isKnownUniquelyReferenced(&decoder) { decoder.tape.keepInput() }
    }

    /// Decodes the whole document, at the root, and ends the run after.
    func decodeDocument<T: Decodable>(_ type: T.Type) throws -> T {
        defer { end() }
        return try decodeValue(type, at: 0, frame: nil, step: .root)
    }

    /// Lets go of the frames and kept containers, which refer back to their decoders, here and in the super
    /// decoders of the run.
    private func end() {
        frames.removeAll()
        keyedContainers.removeAll()
        if let decoders = superDecoders {
            superDecoders = nil
            for decoder in decoders { decoder.end() }
        }
    }

    // MARK: Decoder

    var codingPath: [any CodingKey] { position.codingPath }

    lazy var userInfo: [CodingUserInfoKey: Any] = settings.value.userInfo

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard tape.kind(at: index) == .object else {
            throw containerError(at: index, [String: Any].self, what: "keyed", path: codingPath)
        }
        return keyedContainer(Key.self, at: index, position)
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard tape.kind(at: index) == .array else {
            guard coercesToArray(at: index) else {
                throw containerError(at: index, [Any].self, what: "unkeyed", path: codingPath)
            }
            return DecodingUnkeyedContainer(frame: wrappingFrame(at: index, position))
        }
        return DecodingUnkeyedContainer(frame: frame(at: index, position))
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer { self }

    /// A frame for a container over the array or object at `entry`, opened at `position`.
    func frame(at entry: Int, _ position: CodingPosition) -> DecodingFrame {
        // Kept keyed containers one level deeper may name the pool's frame at this depth as their parent.
        keyedContainers.releaseParents(at: position.depth + 1)
        let frame = frames.frame(at: position) { DecodingFrame(decoder: self, parent: $0, step: $1) }
        ready(frame, at: entry)
        return frame
    }

    /// A frame for an unkeyed container whose one element is the value at `entry`, opened at `position`: a single
    /// value coerced to an array (`Coercions.arraysFromSingleValues`).
    func wrappingFrame(at entry: Int, _ position: CodingPosition) -> DecodingFrame {
        let frame = frame(at: entry, position)
        frame.count = 1
        frame.cursor = entry
        frame.end = tape.end(of: entry)
        return frame
    }

    /// Sets `frame` up for the container over the array or object at `entry`.
    @inline(__always)
    private func ready(_ frame: DecodingFrame, at entry: Int) {
        let header = tape[entry]
        frame.entry = entry
        frame.end = tape.end(of: entry)
        frame.count = header.count
        frame.cursor = entry + 1
        // Frames serve every kind of container: this one keeps no keys of an earlier keyed container's.
        if convertsKeys { frame.convertedKeys = nil }
    }

    /// `ready(_:at:)` for a keyed container, which applies the run's key strategy, if any, to the object's keys;
    /// not to a `StyledCodingKey` type's, whose style wins over the strategy. (Asked only under a strategy.)
    @inline(__always)
    private func readyKeyed<Key: CodingKey>(_ frame: DecodingFrame, at entry: Int, keyedBy type: Key.Type) {
        ready(frame, at: entry)
        if convertsKeys && !(Key.self is any StyledCodingKey.Type) {
            frame.convertedKeys = convertedKeys(ofObjectAt: entry, path: frame)
            // See `DecodingKeyedContainer.member(named:)`.
            frame.cursor = frame.end
            frame.position = 0
        }
    }

    /// The members of the object at `entry` under the key strategy; `path` is the object's frame.
    private func convertedKeys(ofObjectAt entry: Int, path: CodingFrame) -> ContiguousArray<(key: String, value: Int)> {
        var members = ContiguousArray<(key: String, value: Int)>()
        members.reserveCapacity(tape[entry].count)
        var objectPath: [any CodingKey] = []
        if case .custom = settings.value.keyStrategy { objectPath = path.codingPath() }
        var key = entry + 1
        let end = tape.end(of: entry)
        while key < end {
            let name = tape.string(at: key)
            switch settings.value.keyStrategy {
            case .useDefaultKeys:
                members.append((name, key + 1))
            case .convertFromSnakeCase:
                members.append((convertedFromSnakeCase(name), key + 1))
            case .custom(let convert):
                members.append((convert(objectPath + [NodeCodingKey(stringValue: name)]).stringValue, key + 1))
            }
            key = tape.end(of: key + 1)
        }
        return members
    }

    private func convertedFromSnakeCase(_ key: String) -> String {
        if let converted = snakeCaseConversions?[key] { return converted }
        let converted = convertFromSnakeCase(key)
        if snakeCaseConversions == nil { snakeCaseConversions = [:] }
        snakeCaseConversions?[key] = converted
        return converted
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
            readyKeyed(frame, at: entry, keyedBy: Key.self)
            return reusedContainer(slot, as: KeyedDecodingContainer<Key>.self)
        case .makePlain:
            let frame = frame(at: entry, position)
            if convertsKeys { readyKeyed(frame, at: entry, keyedBy: Key.self) }
            return KeyedDecodingContainer(DecodingKeyedContainer<Key>(frame: frame))
        case .keep(let place):
            // A frame of its own, outside the pool: the box's container is what holds it.
            let frame = DecodingFrame(decoder: self, parent: position.frame, step: position.step)
            readyKeyed(frame, at: entry, keyedBy: Key.self)
            let container = KeyedDecodingContainer(DecodingKeyedContainer<Key>(frame: frame))
            keyedContainers.keep(
                containerBox(container), as: KeyedContainerType<KeyedDecodingContainer<Key>>(), of: frame,
                keyType: keyType, in: place)
            return container
        }
    }

    /// A container asked of the wrong kind of value: `valueNotFound` for null, `typeMismatch` otherwise.
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
        return tape.string(of: entry)
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

    /// Decodes the value at `index`, found at `step` inside the container of `frame`: where every value goes.
    ///
    /// Primitives are read straight off the tape. The checks cost a pointer comparison each in unspecialised code
    /// (the common case: `Array` and `Optional` call in through existentials), and fold away when specialised.
    /// They return `T` directly: going through a `T?` would look up `Optional<T>`'s metadata on every call. Then
    /// per-type strategies and `CustomNodeDecodable` types (arrays and string-keyed dictionaries among them) get
    /// their turn, and everything else runs its own `init(from:)`.
    func decodeValue<T: Decodable>(_ type: T.Type, at index: Int, frame: CodingFrame?, step: CodingStep) throws -> T {
        if strategizesPrimitives, settings.value.valueStrategies[ObjectIdentifier(T.self)] != nil {
            return try decodeRunning(type, at: index, frame: frame, step: step)
        }
        // A local function, not a closure in a `let`: a closure's context (the frame and the step) is allocated on
        // the heap on every call, before any type test, so every nested model, array and optional would pay for an
        // allocation only an error uses. Passed as a non-escaping argument, a local function's context stays on the
        // stack (Compare's citm_catalog.json and canada.json decode rows).
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

    /// Runs the value's own code (a strategy, `init(nodeDecoder:)` or `init(from:)`), positioned on `index`.
    private func decodeRunning<T: Decodable>(
        _ type: T.Type, at index: Int, frame: CodingFrame?, step: CodingStep
    ) throws -> T {
        // A recursive model comes back here once per level: make sure the stack has room for it (see `StackRoom`).
        guard StackRoom.hasRoom(knowing: stack) else {
            throw CodingErrors.stackLimit(
                decoding: T.self, from: tape.node(at: index), path: CodingPosition(frame: frame, step: step).codingPath)
        }
        if !settings.value.valueStrategies.isEmpty,
            let strategy = settings.value.valueStrategies[ObjectIdentifier(T.self)]
        {
            return try positioned(at: index, frame: frame, step: step) { try decode(with: strategy, as: T.self) }
        }
        switch kinds.kind(of: T.self) {
        case .plain:
            // `type`, not `T`: a subclass's metatype passed as its superclass's decodes the subclass, as in
            // Foundation.
            return try positioned(at: index, frame: frame, step: step) { try type.init(from: self) }
        case .array(let array):
            return try positioned(at: index, frame: frame, step: step) {
                try array.decodeElements(with: self, as: T.self)
            }
        case .dictionary(let dictionary):
            return try positioned(at: index, frame: frame, step: step) {
                try dictionary.decodeMembers(with: self, as: T.self)
            }
        case .custom(let custom):
            return try positioned(at: index, frame: frame, step: step) { try decodeCustom(custom, as: T.self) }
        case .needsFoundationBridge:
            let name = FoundationBridgeCheck.typeNeedingBridge(T.self) ?? "\(T.self)"
            throw DecodingError.typeMismatch(
                T.self,
                DecodingError.Context(
                    codingPath: CodingPosition(frame: frame, step: step).codingPath,
                    debugDescription: FoundationBridgeCheck.explanation(name, coder: "NodeDecoder")))
        }
    }

    /// Runs `body` with the decoder positioned on `index`, and moves it back after. Swapping moves the old state
    /// out and back without retaining it.
    @inline(__always)
    private func positioned<T>(at index: Int, frame: CodingFrame?, step: CodingStep, _ body: () throws -> T) rethrows
        -> T
    {
        var outer = State(index: index, position: CodingPosition(frame: frame, step: step))
        swap(&state, &outer)
        defer { swap(&state, &outer) }
        return try body()
    }

    /// Runs a strategy whose `Value` is `T` (strategies are stored under their value's type).
    private func decode<Strategy: NodeDecodingStrategy, T>(with strategy: Strategy, as type: T.Type) throws -> T {
        sameType(try strategy.decode(from: self), as: T.self)
    }

    /// Runs `init(nodeDecoder:)` of `Custom`, which is `T`.
    private func decodeCustom<Custom: CustomNodeDecodable, T>(_ custom: Custom.Type, as type: T.Type) throws -> T {
        sameType(try Custom(nodeDecoder: self), as: T.self)
    }

    /// A decoder of its own for the value at `index` (or for null, when nil), found at `step` inside the container
    /// of `frame`, for `superDecoder()`: its caller may keep it after the run, so it reads a tape of its own.
    func superDecoder(at index: Int?, frame: CodingFrame, step: CodingStep) -> DecoderImplementation {
        let decoder = DecoderImplementation(
            tape: index.map { JSONTape(copying: $0, of: tape) } ?? JSONTape(node: .null), settings: settings,
            position: CodingPosition(frame: frame, step: step), stack: stack)
        if superDecoders == nil { superDecoders = [] }
        superDecoders?.append(decoder)
        return decoder
    }

    // MARK: Run settings

    /// The non-finite value `node` stands for under the non-conforming float strategy, if any.
    func nonFiniteValue(_ node: Node) -> Double? {
        guard
            case .convertFromString(let positiveInfinity, let negativeInfinity, let nan) =
                settings.value.nonConformingFloatStrategy,
            case .string(let string) = node
        else { return nil }
        switch string {
        case positiveInfinity: return .infinity
        case negativeInfinity: return -.infinity
        case nan: return .nan
        default: return nil
        }
    }

    /// How a type decodes: by its own `init(from:)`, as an array, as a dictionary with string keys, or as
    /// `CustomNodeDecodable`.
    enum TypeKind {
        case plain
        case array(any ArrayNodeDecoding.Type)
        case dictionary(any StringKeyedDictionaryDecoding.Type)
        case custom(any CustomNodeDecodable.Type)
        /// A Foundation type that needs GenomeFoundation (see `FoundationBridgeCheck`). No payload, so that the
        /// kind stays trivial to copy out of the cache; the error looks the name up.
        case needsFoundationBridge
    }

    /// Every run's answers.
    static let sharedKinds = TypeKindTable<TypeKind>(lookUp: DecoderImplementation.lookUpKind)

    /// Works out how `type` decodes; see `TypeKindCache`.
    private static func lookUpKind(_ type: Any.Type) -> TypeKind {
        if let array = type as? any ArrayNodeDecoding.Type {
            return .array(array)
        } else if let dictionary = type as? any StringKeyedDictionaryDecoding.Type {
            return .dictionary(dictionary)
        } else if let custom = type as? any CustomNodeDecodable.Type {
            return .custom(custom)
        } else if FoundationBridgeCheck.typeNeedingBridge(type) != nil {
            return .needsFoundationBridge
        }
        return .plain
    }

    // MARK: Arrays and dictionaries

    /// The elements of the array at the decoder's entry as a `[Element]`, without the standard library's generic
    /// path: the common primitives are converted in one loop into an exactly sized array, built by code
    /// specialised for them (unspecialised code would look up `Array<Element>`'s metadata on every call).
    ///
    /// `arrayType` is `[Element]`, passed in by the caller, which has its metadata at hand: naming `[Element]` here
    /// would look it up in the runtime's cache on every call.
    func decodeArray<Element: Decodable, ArrayType>(
        _ arrayType: ArrayType.Type, of elementType: Element.Type
    ) throws -> ArrayType {
        guard tape.kind(at: index) == .array else {
            guard coercesToArray(at: index) else {
                throw containerError(at: index, [Any].self, what: "unkeyed", path: codingPath)
            }
            return sameType(try decodeEachElement(of: Element.self, wrapped: true), as: ArrayType.self)
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

    /// Decodes the elements one by one, each at its index; `wrapped`, the value at the decoder's entry as the one
    /// element (`Coercions.arraysFromSingleValues`).
    private func decodeEachElement<Element: Decodable>(of type: Element.Type, wrapped: Bool = false) throws
        -> [Element]
    {
        // An empty array needs no frame and no storage: most arrays in API responses are empty (Compare's
        // twitter.json and citm_catalog.json decode rows).
        if !wrapped && tape[index].count == 0 { return [] }
        let frame = wrapped ? wrappingFrame(at: index, position) : frame(at: index, position)
        var result = [Element]()
        result.reserveCapacity(frame.count)
        var element = frame.cursor
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
        plain: (DecoderImplementation, Int) -> Element? = { _, _ in nil },
        _ read: (Node, () -> [any CodingKey]) throws -> Element
    ) throws -> [Element] {
        try Self.primitives(of: index, in: tape, for: self, plain: plain, read)
    }

    /// `primitives(_:)` over a borrowed tape: read from the stored property, whose input `keepInputIfKept(_:)` may
    /// replace, the tape's fields would be loaded again for every element, and canada.json has 111,000 numbers
    /// (Compare's canada.json decode row).
    @inline(__always)
    private static func primitives<Element>(
        of array: Int, in tape: borrowing JSONTape, for decoder: DecoderImplementation,
        plain: (DecoderImplementation, Int) -> Element?, _ read: (Node, () -> [any CodingKey]) throws -> Element
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

    /// The members of the object at the decoder's entry as a `[String: Value]`, keys untouched: no key strategy
    /// applies to a dictionary's keys.
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

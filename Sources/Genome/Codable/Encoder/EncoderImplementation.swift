// The `Swift.Encoder` behind NodeEncoder.
//
// As with the decoder, one instance serves a whole run and moves from value to value. Each value's `encode(to:)`
// leaves its result in `slot`: a scalar node, or the frame of the container it filled. The caller turns the slot
// into a node as soon as `encode(to:)` returns. Frames collect members on a scratch stack and are recycled, so an
// object costs one exactly sized array plus the standard library's container box.
//
// Nested containers and super encoders, which are filled after the member that holds them was appended, are kept
// as pending members and resolved when their parent is turned into a node.

/// The state of one open encoding container (the members or elements collected so far); see `CodingFrame`.
internal final class EncodingFrame: CodingFrame {
    /// The encoder the container belongs to. Frames and encoders refer to each other through the run's frame
    /// pool; the run empties the pool when it ends.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var encoder: EncoderImplementation!
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var entries = ScratchStack<Node.Object.Entry>(capacity: 16)
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var elements = ScratchStack<Node>(capacity: 16)
    /// Members or elements whose value is a nested container or a super encoder, filled in later.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var pending: [(position: Int, value: PendingValue)] = []

    // The byte path's state (ByteEncoding.swift), unchecked for the reason given at `EncodingRun.writer`.
    /// Whether the container writes its members as bytes rather than collecting nodes.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var writesBytes = false
    /// Members or elements written so far.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var written = 0
    /// The value whose container this is (`EncoderImplementation.State.serial`); -1 once it is closed. A write
    /// from any other value turns the run into a tree run (ByteEncodingHandover.swift).
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var serial = -1
    /// Where each key was written, for the check for a key written twice.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var keyMarks = ScratchStack<WrittenKey>(capacity: 16)

    /// Empties the frame for a new container. Members are left behind only when an encoding error was caught
    /// inside an `encode(to:)`.
    func prepare(encoder: EncoderImplementation) {
        if self.encoder !== encoder { self.encoder = encoder }
        if entries.count > 0 { _ = entries.popArray(from: 0) }
        if elements.count > 0 { _ = elements.popArray(from: 0) }
        if !pending.isEmpty { pending.removeAll(keepingCapacity: true) }
        writesBytes = encoder.run.writesBytes
        if writesBytes {
            written = 0
            if !keyMarks.isEmpty { keyMarks.shrink(to: 0) }
        }
    }

    @inline(__always)
    func append(_ key: String, _ value: Node) {
        entries.push(Node.Object.Entry(key: key, value: value))
    }

    func appendPending(_ key: String, _ value: PendingValue) {
        notePending()
        pending.append((entries.count, value))
        append(key, .null)
    }

    func appendPending(_ value: PendingValue) {
        notePending()
        pending.append((elements.count, value))
        elements.push(.null)
    }

    /// Tells the run that this frame holds pending values, which refer back to it (a nested frame's parent, a super
    /// encoder's position): the run breaks those cycles when it ends, however it ends.
    private func notePending() {
        if pending.isEmpty { encoder.run.framesWithPending.append(self) }
    }

    /// Fills an empty frame with the members of an object already encoded, so that a container opened on that
    /// value adds to it, as in Foundation.
    func prefill(with object: Node.Object) {
        for entry in object.storedEntries { entries.push(entry) }
    }

    /// Fills an empty frame with the elements of an array already encoded; see `prefill(with:)`.
    func prefill(with array: [Node]) {
        for element in array { elements.push(element) }
    }

    /// What the latest member named `key` holds so far: the frame of a container still being filled, or the node
    /// encoded for it; nil when there is no such member.
    func latestMember(named key: String) -> (position: Int, value: Node, pending: PendingValue?)? {
        let fingerprint = FoldedFingerprint(keyFingerprint(key))
        var position = entries.count - 1
        while position >= 0 {
            let entry = entries.base[position]
            if entry.fingerprint == fingerprint && keysEqual(entry.key, key) {
                let pendingValue = pending.last(where: { $0.position == position })?.value
                return (position, entry.value, pendingValue)
            }
            position -= 1
        }
        return nil
    }

    /// Makes the member at `position` a container filled later, replacing the node it held.
    func replaceMember(at position: Int, with value: PendingValue) {
        notePending()
        pending.append((position, value))
        entries.base[position].value = .null
    }

    /// Moves the members into an object, leaving the frame empty.
    func makeObject(sorted: Bool) -> Node.Object {
        if !pending.isEmpty {
            for (position, value) in pending {
                entries.base[position].value = value.makeNode()
            }
            pending.removeAll(keepingCapacity: true)
        }
        let count = entries.count
        // With no members, `ContiguousArray(unsafeUninitializedCapacity: 0)` would set the count of the standard
        // library's shared empty-array storage: a write that ThreadSanitizer rightly reports as a race.
        if count == 0 { return Node.Object() }
        let base = entries.base
        var members =
            smallContiguousArray(count: count) { (base + $0).move() }
            ?? ContiguousArray<Node.Object.Entry>(unsafeUninitializedCapacity: count) { buffer, initialized in
                buffer.baseAddress!.moveInitialize(from: base, count: count)
                initialized = count
            }
        entries.discardMoved(from: 0)
        if sorted {
            members.sort(by: Node.Object.precedesInKeyOrder)
        }
        // A key encoded twice keeps its first position and its last value, as everywhere in Genome.
        return Node.Object(collected: members)
    }

    /// Moves the elements into an array, leaving the frame empty.
    func makeArray() -> [Node] {
        if !pending.isEmpty {
            for (position, value) in pending {
                elements.base[position] = value.makeNode()
            }
            pending.removeAll(keepingCapacity: true)
        }
        return elements.popArray(from: 0)
    }
}

/// A member or element whose value is filled in after it was appended: a nested container or a super encoder.
internal enum PendingValue {
    case object(EncodingFrame)
    case array(EncodingFrame)
    case encoder(EncoderImplementation)

    func makeNode() -> Node {
        switch self {
        case .object(let frame): .object(frame.makeObject(sorted: frame.encoder.run.sortsKeys))
        case .array(let frame): .array(frame.makeArray())
        case .encoder(let superEncoder): superEncoder.finishAsSuperEncoder()
        }
    }
}

internal final class EncoderImplementation: Encoder, SingleValueEncodingContainer {
    /// What the value being encoded has produced so far.
    enum Slot {
        case nothing
        case node(Node)
        /// On the byte path: a scalar or a whole node, written.
        case written
        case object(EncodingFrame)
        case array(EncodingFrame)
    }

    /// Where the encoder is and what the value there produced: one stored property, so that moving to a nested
    /// value and back is one exclusive access each way.
    struct State {
        var position: CodingPosition
        var slot: Slot
        /// Tells this value apart from every other of the run, on the byte path: its containers carry it.
        var serial = 0
    }

    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var state: State
    let run: EncodingRun

    var position: CodingPosition { state.position }
    var slot: Slot {
        get { state.slot }
        set { state.slot = newValue }
    }

    init(position: CodingPosition, run: EncodingRun) {
        self.state = State(position: position, slot: .nothing)
        self.run = run
    }

    // MARK: Encoder

    var codingPath: [any CodingKey] { position.codingPath }

    lazy var userInfo: [CodingUserInfoKey: Any] = run.userInfo

    /// A keyed container for the current value: for a value with no container yet, one handed out before when
    /// nobody holds it or its frame any more (see KeyedContainerReuse.swift).
    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        guard case .nothing = state.slot else {
            return KeyedEncodingContainer(NodeKeyedEncodingContainer<Key>(frame: objectFrame()))
        }
        let keyType = ObjectIdentifier(Key.self)
        switch run.keyedContainers.decide(keyType, at: state.position.depth, pool: &run.frames) {
        case .handOut(let slot):
            let frame = slot.frame
            frame.reset(parent: state.position.frame, step: state.position.step)
            frame.prepare(encoder: self)
            open(frame, isObject: true)
            return reusedContainer(slot, as: KeyedEncodingContainer<Key>.self)
        case .makePlain:
            return KeyedEncodingContainer(NodeKeyedEncodingContainer<Key>(frame: objectFrame()))
        case .keep(let place):
            // A frame of its own, outside the pool: the box's container is what holds it.
            let frame = EncodingFrame(parent: state.position.frame, step: state.position.step)
            frame.prepare(encoder: self)
            open(frame, isObject: true)
            let container = KeyedEncodingContainer(NodeKeyedEncodingContainer<Key>(frame: frame))
            run.keyedContainers.keep(
                containerBox(container), as: KeyedContainerType<KeyedEncodingContainer<Key>>(), of: frame,
                keyType: keyType, in: place)
            return container
        }
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        NodeUnkeyedEncodingContainer(frame: arrayFrame())
    }

    func singleValueContainer() -> any SingleValueEncodingContainer { self }

    /// The object being built for the current value. A second `container(keyedBy:)` call for the same value
    /// gets the same object, and one opened on a value that encoded an object adds to that object, as in
    /// Foundation. Anything else encoded before is replaced: Foundation stops the process there, and no misuse of
    /// the Encoder protocol may trap (CodableWithGenome.md, "Differences from JSONDecoder and JSONEncoder").
    ///
    /// On the byte path, the first call opens the container (writes its bracket); anything but the same value
    /// asking again for the same kind turns the run into a tree run (ByteEncodingHandover.swift).
    private func objectFrame() -> EncodingFrame {
        switch slot {
        case .object(let frame):
            return frame
        case .nothing:
            let frame = newFrame(at: position)
            open(frame, isObject: true)
            return frame
        case .node, .array, .written:
            return replacingSlot(isObject: true)
        }
    }

    /// A container for a value that has encoded something else already: out of line, so that the common cases
    /// above stay small enough to inline.
    @inline(never)
    private func replacingSlot(isObject: Bool) -> EncodingFrame {
        // What the byte path wrote becomes the slot's node (ByteEncodingHandover.swift).
        leaveBytes()
        let frame = newFrame(at: position)
        switch slot {
        case .node(.object(let object)) where isObject: frame.prefill(with: object)
        case .node(.array(let array)) where !isObject: frame.prefill(with: array)
        default: break
        }
        slot = isObject ? .object(frame) : .array(frame)
        return frame
    }

    /// Makes `frame`, readied, the container of the current value, which has none yet. On the byte path, writes
    /// its opening bracket; see `openWrittenContainer(isObject:)`.
    @inline(__always)
    func open(_ frame: EncodingFrame, isObject: Bool) {
        if run.writesBytes {
            if frame.depth < JSONWritingError.maximumDepth {
                frame.serial = state.serial
                run.writer.writeByte(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
            } else {
                // Too deep for the writer: the tree path's writer says so at the end, with the path.
                leaveBytes()
                frame.writesBytes = false
            }
        }
        state.slot = isObject ? .object(frame) : .array(frame)
    }

    /// The array being built for the current value; the same rules as `objectFrame()`.
    private func arrayFrame() -> EncodingFrame {
        switch slot {
        case .array(let frame):
            return frame
        case .nothing:
            let frame = newFrame(at: position)
            open(frame, isObject: false)
            return frame
        case .node, .object, .written:
            return replacingSlot(isObject: false)
        }
    }

    /// The kind of container a nested container call opens.
    enum ContainerKind { case object, array }

    /// The frame for `nestedContainer(keyedBy:forKey:)` or `nestedUnkeyedContainer(forKey:)` in `frame`: the
    /// container of the same kind already opened or encoded under the same key, reopened, or a new member.
    /// (Foundation merges both; see `objectFrame()`.)
    func nestedFrame(
        _ kind: ContainerKind, forKey name: String, in frame: EncodingFrame, at position: CodingPosition
    ) -> EncodingFrame {
        // The byte path has no place for a container filled after later members.
        if run.writesBytes { leaveBytes() }
        if let member = frame.latestMember(named: name) {
            switch (kind, member.pending, member.value) {
            case (.object, .object(let nested)?, _), (.array, .array(let nested)?, _):
                return nested
            case (.object, nil, .object(let object)):
                let nested = newFrame(at: position)
                nested.prefill(with: object)
                frame.replaceMember(at: member.position, with: .object(nested))
                return nested
            case (.array, nil, .array(let array)):
                let nested = newFrame(at: position)
                nested.prefill(with: array)
                frame.replaceMember(at: member.position, with: .array(nested))
                return nested
            default:
                break
            }
        }
        let nested = newFrame(at: position)
        frame.appendPending(name, kind == .object ? .object(nested) : .array(nested))
        return nested
    }

    /// An empty frame for a container opened at `position`.
    func newFrame(at position: CodingPosition) -> EncodingFrame {
        // Kept keyed containers one level deeper may name the pool's frame at this depth as their parent.
        run.keyedContainers.releaseParents(at: position.depth + 1)
        let frame = run.frames.frame(at: position, make: EncodingFrame.init)
        frame.prepare(encoder: self)
        return frame
    }

    /// An encoder of its own for `superEncoder()`, whose result its container collects when it is finished.
    func superEncoder(frame: CodingFrame, step: CodingStep) -> EncoderImplementation {
        // The byte path cannot leave a hole for what the super encoder writes later.
        if run.writesBytes { leaveBytes() }
        let superEncoder = EncoderImplementation(position: CodingPosition(frame: frame, step: step), run: run)
        run.superEncoders.append(superEncoder)
        return superEncoder
    }

    /// Lets go of what the current value holds: its container's frame, which refers back to this encoder.
    func forgetState() {
        state = State(position: .root, slot: .nothing)
    }

    // MARK: SingleValueEncodingContainer

    /// Stores the node for the current value. A value encoded twice keeps the later one (Foundation stops the
    /// process there).
    func store(_ node: Node) {
        if run.writesBytes { return writeStored(node) }
        slot = .node(node)
    }

    func encodeNil() { store(.null) }
    func encode(_ value: Bool) { store(.bool(value)) }
    func encode(_ value: String) { store(.string(value)) }
    func encode(_ value: Double) throws { store(try node(value) { codingPath }) }
    func encode(_ value: Float) throws { store(try node(value) { codingPath }) }
    func encode(_ value: Int) { store(.number(.int(Int64(value)))) }
    func encode(_ value: Int8) { store(.number(.int(Int64(value)))) }
    func encode(_ value: Int16) { store(.number(.int(Int64(value)))) }
    func encode(_ value: Int32) { store(.number(.int(Int64(value)))) }
    func encode(_ value: Int64) { store(.number(.int(value))) }
    func encode(_ value: UInt) { store(Self.node(UInt64(value))) }
    func encode(_ value: UInt8) { store(.number(.int(Int64(value)))) }
    func encode(_ value: UInt16) { store(.number(.int(Int64(value)))) }
    func encode(_ value: UInt32) { store(.number(.int(Int64(value)))) }
    func encode(_ value: UInt64) { store(Self.node(value)) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func encode(_ value: Int128) { store(Node(value)) }
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    func encode(_ value: UInt128) { store(Node(value)) }

    func encode<T: Encodable>(_ value: T) throws {
        if run.writesBytes { return try writeThroughSingleValueContainer(value) }
        // A value encoded through a single value container is the current value itself, at the same path.
        let node = try encodeValue(value, frame: position.frame, step: position.step)
        store(node)
    }

    // MARK: Scalars

    @inline(__always)
    static func node(_ value: UInt64) -> Node {
        value <= UInt64(Int64.max) ? .number(.int(Int64(value))) : .number(.uint(value))
    }

    /// A `Float` as the double with the same shortest decimal, so that `0.1` as a `Float` is written `0.1`, as
    /// Foundation writes it, not `0.10000000149011612`. Non-finite values stay non-finite.
    static func node(_ value: Float) -> Node {
        guard value.isFinite else { return .number(.double(Double(value))) }
        return .number(.double(Double(value.description) ?? Double(value)))
    }

    /// A `Double`; a non-finite one as the non-conforming float strategy says.
    @inline(__always)
    func node(_ value: Double, path: () -> [any CodingKey]) throws -> Node {
        if value.isFinite { return .number(.double(value)) }
        return try nonFinite(value, Double.self, path: path)
    }

    /// A `Float`; see `node(_:)`.
    @inline(__always)
    func node(_ value: Float, path: () -> [any CodingKey]) throws -> Node {
        if value.isFinite { return Self.node(value) }
        return try nonFinite(value, Float.self, path: path)
    }

    /// NaN or an infinity. A `Node` holds them, so `encode(_:)` keeps them under `.throw`; JSON has no spelling for
    /// them, so `encodeJSON(_:)` throws there, at the value's coding path, as `JSONEncoder` does.
    private func nonFinite<Value: BinaryFloatingPoint & Encodable>(
        _ value: Value, _ type: Value.Type, path: () -> [any CodingKey]
    ) throws -> Node {
        switch run.nonConformingFloatStrategy {
        case .throw:
            guard !run.writesJSON else {
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: path(),
                        debugDescription: "Unable to encode \(Value.self).\(value) directly in JSON."))
            }
            return .number(.double(Double(value)))
        case .convertToString(let positiveInfinity, let negativeInfinity, let nan):
            if value.isNaN { return .string(nan) }
            return .string(value < 0 ? negativeInfinity : positiveInfinity)
        }
    }

    /// Scalars and nodes, which need no code of their own; nil for everything else. The checks cost a pointer
    /// comparison each in unspecialised code and fold away when specialised.
    @inline(__always)
    func primitiveNode<T>(_ value: T) -> Node? {
        if run.strategizesPrimitives, run.valueStrategies[ObjectIdentifier(T.self)] != nil { return nil }
        if T.self == String.self { return .string(sameType(value, as: String.self)) }
        if T.self == Int.self { return .number(.int(Int64(sameType(value, as: Int.self)))) }
        if T.self == Double.self {
            // A non-finite value goes the long way, through `encode(_: Double)`, which knows its path.
            // (Not `cond ? node : nil`: Node is ExpressibleByNilLiteral, so that `nil` would be `Node.null`.)
            let double = sameType(value, as: Double.self)
            guard double.isFinite else { return Node?.none }
            return .number(.double(double))
        }
        if T.self == Bool.self { return .bool(sameType(value, as: Bool.self)) }
        if T.self == Int64.self { return .number(.int(sameType(value, as: Int64.self))) }
        if T.self == Node.self { return sameType(value, as: Node.self) }
        if T.self == Float.self {
            let float = sameType(value, as: Float.self)
            guard float.isFinite else { return Node?.none }
            return Self.node(float)
        }
        if T.self == UInt64.self { return Self.node(sameType(value, as: UInt64.self)) }
        if T.self == Int32.self { return .number(.int(Int64(sameType(value, as: Int32.self)))) }
        if T.self == UInt.self { return Self.node(UInt64(sameType(value, as: UInt.self))) }
        if T.self == UInt8.self { return .number(.int(Int64(sameType(value, as: UInt8.self)))) }
        if T.self == Int16.self { return .number(.int(Int64(sameType(value, as: Int16.self)))) }
        if T.self == UInt32.self { return .number(.int(Int64(sameType(value, as: UInt32.self)))) }
        if T.self == Int8.self { return .number(.int(Int64(sameType(value, as: Int8.self)))) }
        if T.self == UInt16.self { return .number(.int(Int64(sameType(value, as: UInt16.self)))) }
        return nil
    }

    // MARK: Encoding any value

    /// Encodes the root value; nil when it encoded nothing.
    func encodeTopLevel<T: Encodable>(_ value: T) throws -> Node? {
        if let node = primitiveNode(value) { return node }
        return try encodeRunning(value)
    }

    /// Encodes `value` found at `step` inside the container of `frame`. A value that encodes nothing becomes an
    /// empty object, as in Foundation.
    func encodeValue<T: Encodable>(_ value: T, frame: CodingFrame?, step: CodingStep) throws -> Node {
        if let node = primitiveNode(value) { return node }
        // A recursive model comes back here once per level; see `StackRoom`.
        guard StackRoom.hasRoom(knowing: run.stack) else {
            throw CodingErrors.stackLimit(encoding: value, path: CodingPosition(frame: frame, step: step).codingPath)
        }
        // Swapping moves the outer value's state out and back without retaining it.
        var outer = State(position: CodingPosition(frame: frame, step: step), slot: .nothing)
        swap(&state, &outer)
        defer { swap(&state, &outer) }
        return try encodeRunning(value) ?? .object(Node.Object())
    }

    /// Runs the value's own code (a strategy, `encode(nodeEncoder:)` or `encode(to:)`) at the current position,
    /// and turns what it left in the slot into a node; nil when it encoded nothing.
    private func encodeRunning<T: Encodable>(_ value: T) throws -> Node? {
        // A strategy that encodes nothing leaves an empty object, even at the top, as Foundation's custom date and
        // data strategies do.
        if try runOwnCode(value) { return finishSlot() ?? .object(Node.Object()) }
        return finishSlot()
    }

    /// Runs the value's own code (a strategy, `encode(nodeEncoder:)` or `encode(to:)`) at the current position;
    /// true when that was a strategy.
    func runOwnCode<T: Encodable>(_ value: T) throws -> Bool {
        if !run.valueStrategies.isEmpty, let strategy = run.valueStrategies[ObjectIdentifier(T.self)] {
            try encode(value, with: strategy)
            return true
        } else {
            switch run.kind(of: T.self) {
            case .plain: try value.encode(to: self)
            case .array(let array): try encodeElements(value, as: array)
            case .custom(let custom): try encode(value, as: custom)
            case .needsFoundationBridge:
                let name = FoundationBridgeCheck.typeNeedingBridge(T.self) ?? "\(T.self)"
                throw EncodingError.invalidValue(
                    value,
                    EncodingError.Context(
                        codingPath: codingPath,
                        debugDescription: FoundationBridgeCheck.explanation(name, coder: "NodeEncoder")))
            }
        }
        return false
    }

    /// Encodes an array, which `value` is, without casting the encoder (see `ArrayNodeEncoding`).
    private func encodeElements<T, Array: ArrayNodeEncoding>(_ value: T, as array: Array.Type) throws {
        try sameType(value, as: Array.self).encodeElements(with: self)
    }

    /// Runs a strategy whose `Value` is `T` (strategies are stored under their value's type).
    private func encode<Strategy: NodeEncodingStrategy, T>(_ value: T, with strategy: Strategy) throws {
        try strategy.encode(sameType(value, as: Strategy.Value.self), to: self)
    }

    /// Runs `encode(nodeEncoder:)` of `Custom`, which is `T`. (Casting the type rather than the value avoids
    /// boxing the value in an existential.)
    private func encode<T, Custom: CustomNodeEncodable>(_ value: T, as custom: Custom.Type) throws {
        try sameType(value, as: Custom.self).encode(nodeEncoder: self)
    }

    /// The node the current value produced; nil when it produced nothing.
    func finishSlot() -> Node? {
        var finished = Slot.nothing
        swap(&state.slot, &finished)
        switch finished {
        case .nothing, .written:
            return nil
        case .node(let node):
            return node
        case .object(let frame):
            return .object(frame.makeObject(sorted: run.sortsKeys))
        case .array(let frame):
            return .array(frame.makeArray())
        }
    }

    /// The node a super encoder produced; an empty object when nothing was encoded through it.
    func finishAsSuperEncoder() -> Node {
        finishSlot() ?? .object(Node.Object())
    }

    // MARK: Keys

    /// The object key for a coding key, after the key strategy.
    @inline(__always)
    func name(for key: some CodingKey, in frame: CodingFrame) -> String {
        // Checked first, as a plain flag: reading the strategy copies the enum, retaining a custom closure.
        if run.usesDefaultKeys { return key.stringValue }
        return convertedName(for: key, in: frame)
    }

    /// `name(for:in:)` under a key strategy. Not inlined: `name(for:in:)` is inlined into every container's
    /// `encode`, and this part in each made a model without a strategy encode slower (Compare's encode rows).
    @inline(never)
    private func convertedName(for key: some CodingKey, in frame: CodingFrame) -> String {
        // A type's own key style wins over the strategy.
        if run.hasStyledKeys(type(of: key)) { return key.stringValue }
        switch run.keyStrategy {
        case .useDefaultKeys:
            return key.stringValue
        case .convertToSnakeCase:
            return run.convertedToSnakeCase(key.stringValue)
        case .custom(let convert):
            return convert(frame.codingPath(appending: .key(key))).stringValue
        }
    }

    // MARK: Arrays and dictionaries

    /// Encodes the elements of an array one by one (see `Array.encodeElements(with:)` for the common
    /// primitives). Plain indexing: `enumerated()` or an iterator would instantiate generic metadata on every
    /// call, since this code runs unspecialised.
    func encodeEachElement<Element: Encodable>(of array: [Element]) throws {
        let frame = arrayFrame()
        let count = array.count
        var index = 0
        while index < count {
            let element = array[index]
            if frame.writesBytes {
                // Not through `writeMember`, which a debug build would call as one more unspecialised function
                // per element. An error leaves the whole array, whose bytes the enclosing `writeValue` takes back.
                if beginElement(of: frame) == nil {
                    try appendAfterLeavingBytes(element, named: nil, in: frame, step: .index(index))
                } else if let node = try writeValue(element, frame: frame, step: .index(index)) {
                    // The run turned into a tree run while the element encoded.
                    frame.elements.push(node)
                }
            } else if let node = primitiveNode(element) {
                frame.elements.push(node)
            } else {
                frame.elements.push(try encodeValue(element, frame: frame, step: .index(index)))
            }
            index += 1
        }
    }

    /// Encodes a `[String: Value]` as an object, keys untouched.
    func encodeStringKeyedDictionary<Value: Encodable>(_ dictionary: [String: Value]) throws {
        let frame = objectFrame()
        for (key, value) in dictionary {
            if frame.writesBytes {
                try writeMember(value, named: key, in: frame, step: .string(key), isCached: false)
            } else {
                frame.append(key, try encodeValue(value, frame: frame, step: .string(key)))
            }
        }
    }
}

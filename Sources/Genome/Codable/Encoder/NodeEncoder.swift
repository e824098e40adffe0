/// Encodes any `Encodable` value to a ``Node``, and from there to JSON: Genome's drop-in for Foundation's
/// `JSONEncoder`, without Foundation.
///
/// ```swift
/// struct User: Codable { let id: Int; let login: String }
///
/// let node = try NodeEncoder().encode(User(id: 1, login: "anviking"))   // ["id": 1, "login": "anviking"]
/// let json: [UInt8] = try NodeEncoder().encodeJSON(User(id: 1, login: "anviking"))
/// String(decoding: json, as: UTF8.self)                                // {"id":1,"login":"anviking"}
/// ```
///
/// Members keep the order in which `encode(to:)` encodes them (declaration order, for synthesised conformances)
/// unless ``keyOrder`` is ``KeyOrder/sorted``. Integers are stored exactly, all 64 bits of them.
///
/// A `NodeEncoder` is a value: configure a copy, share it between tasks, encode from many threads at once.
public struct NodeEncoder: Sendable {
    /// How the `stringValue`s of a type's coding keys become object keys.
    public enum KeyEncodingStrategy: Sendable {
        /// Keys are used as they are.
        case useDefaultKeys
        /// `camelCaseKeys` become `camel_case_keys`: a word starts at each uppercase letter (a run of capitals is
        /// one word, `myURLValue` → `my_url_value`), and words are lowercased and joined with `_`. Foundation's
        /// rules, character for character.
        ///
        /// Keys of `[String: Value]` dictionaries are data, not names, and are never converted.
        case convertToSnakeCase
        /// Calls the closure with the coding path of every key, the key itself last; it returns the key to write.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// The order of the members of every object the encoder makes.
    public enum KeyOrder: Sendable, Hashable {
        /// The order in which `encode(to:)` encoded them: declaration order for synthesised conformances.
        case insertion
        /// Ordered by the keys' UTF-8 bytes, as `WritingOptions.sortedKeys` orders them: output that is stable
        /// across runs even for dictionaries.
        case sorted
    }

    /// How the JSON an encoder writes is laid out, under the names of Foundation's `JSONEncoder.OutputFormatting`,
    /// so that `encoder.outputFormatting = [.prettyPrinted, .sortedKeys]` carries over unchanged. Each stands for
    /// one of Genome's ``Node/WritingOptions``.
    public struct OutputFormatting: OptionSet, Sendable, Hashable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }

        /// Newlines and two-space indentation: ``Node/WritingOptions/prettyPrinted``.
        public static let prettyPrinted = OutputFormatting(rawValue: 1 << 0)
        /// Object members ordered by their keys' UTF-8 bytes, at every level: ``Node/WritingOptions/sortedKeys``.
        public static let sortedKeys = OutputFormatting(rawValue: 1 << 1)
        /// `/` written as it is. Genome writes it so anyway: it escapes `/` only under
        /// ``Node/WritingOptions/escapesSlashes``, where `JSONEncoder` escapes it unless told not to. So this
        /// changes nothing, and code written for `JSONEncoder` compiles and means what it says.
        public static let withoutEscapingSlashes = OutputFormatting(rawValue: 1 << 3)

        /// The writing options these stand for.
        public var writingOptions: Node.WritingOptions {
            var options: Node.WritingOptions = []
            if contains(.prettyPrinted) { options.insert(.prettyPrinted) }
            if contains(.sortedKeys) { options.insert(.sortedKeys) }
            return options
        }
    }

    /// The options a run reads; see `SharedSettings`.
    internal struct Settings: Sendable {
        var keyStrategy: KeyEncodingStrategy = .useDefaultKeys
        var keyOrder: KeyOrder = .insertion
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        var valueStrategies: [ObjectIdentifier: any NodeEncodingStrategy] = [:]
        var nonConformingFloatStrategy: NonConformingFloatEncodingStrategy = .throw
    }

    private static let defaultSettings = SharedSettings(Settings(), strategizedTypes: [])

    /// This encoder's run options, shared by its copies.
    internal private(set) var shared = NodeEncoder.defaultSettings

    private var settings: Settings {
        get { shared.value }
        set { shared = SharedSettings(newValue, strategizedTypes: newValue.valueStrategies.keys) }
    }

    /// How coding keys become object keys. The default uses them as they are.
    public var keyEncodingStrategy: KeyEncodingStrategy {
        get { settings.keyStrategy }
        set { settings.keyStrategy = newValue }
    }

    /// The order of object members. The default keeps encoding order.
    public var keyOrder: KeyOrder {
        get { settings.keyOrder }
        set { settings.keyOrder = newValue }
    }

    /// Values handed to every `encode(to:)` through `Encoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { settings.userInfo }
        set { settings.userInfo = newValue }
    }

    /// How the JSON from ``encodeJSON(_:options:)`` (and GenomeFoundation's `Data` spellings) is laid out: pretty
    /// printed, with sorted keys, or compact in encoding order, the default. Options passed to a call add to these.
    ///
    /// ```swift
    /// var encoder = NodeEncoder()
    /// encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
    /// let json: [UInt8] = try encoder.encodeJSON(user)
    /// ```
    ///
    /// A ``Node`` from ``encode(_:)`` is not JSON yet and keeps its members in encoding order; ``keyOrder`` orders
    /// a node's members.
    public var outputFormatting: OutputFormatting = []

    /// How NaN and the infinities are encoded. The default, `.throw`, keeps them in a ``Node`` (which holds any
    /// `Double`) and makes ``encodeJSON(_:options:)`` throw `EncodingError.invalidValue` at their coding path, as
    /// `JSONEncoder` does.
    public var nonConformingFloatEncodingStrategy: NonConformingFloatEncodingStrategy {
        get { settings.nonConformingFloatStrategy }
        set { settings.nonConformingFloatStrategy = newValue }
    }

    /// Per-type strategies; see ``setEncodingStrategy(_:)``.
    internal var valueStrategies: [ObjectIdentifier: any NodeEncodingStrategy] {
        get { settings.valueStrategies }
        set { settings.valueStrategies = newValue }
    }

    /// A encoder with the default settings, which match Foundation's.
    public init() {}

    /// Encodes `value` to a node.
    ///
    /// For JSON, call ``encodeJSON(_:options:)``; with GenomeFoundation, `encodeJSONData(_:options:)`, or this
    /// `encode(_:)` where a `Data` is wanted (`let data: Data = try encoder.encode(user)`), as with `JSONEncoder`.
    ///
    /// A `Node` holds any `Double`, NaN and infinities included; writing such a node as JSON then throws a
    /// ``JSONWritingError`` with its path.
    ///
    /// - Throws: `EncodingError.invalidValue` when `value` encodes nothing at all, or whatever `encode(to:)` throws.
    public func encode<T: Encodable>(_ value: T) throws -> Node {
        try encode(value, writesJSON: false)
    }

    /// Encodes `value` as UTF-8 JSON: the bytes of ``encode(_:)`` followed by ``Node/serializedBytes(_:)``, laid
    /// out as `options` and ``outputFormatting`` together say.
    ///
    /// Compact output in encoding order is written while the value encodes, without building a ``Node``. From a
    /// value that opens a nested container or a super encoder, or writes a key twice, on, the rest is collected
    /// in a ``Node`` and written at the end, so the result is the same either way. Either way each value's
    /// `encode(to:)` runs once.
    ///
    /// ```swift
    /// let bytes = try NodeEncoder().encodeJSON(user, options: [.prettyPrinted, .sortedKeys])
    /// ```
    ///
    /// - Throws: as ``encode(_:)``, and `EncodingError.invalidValue` at its coding path for NaN or an infinity,
    ///   unless ``nonConformingFloatEncodingStrategy`` spells them as strings.
    public func encodeJSON<T: Encodable>(_ value: T, options: Node.WritingOptions = []) throws -> [UInt8] {
        let options = options.union(outputFormatting.writingOptions)
        // Compact output in the order members are encoded is written as the values encode themselves; see
        // ByteEncoding.swift. Pretty printing and sorted keys go through a `Node`.
        if options.isSubset(of: .escapesSlashes), shared.value.keyOrder != .sorted {
            return try writeJSON(value, options: options).bytes
        }
        return try encodeJSONThroughNode(value, options: options)
    }

    /// `encodeJSON(_:options:)` the long way, through a `Node`: the byte path's yardstick.
    internal func encodeJSONThroughNode<T: Encodable>(_ value: T, options: Node.WritingOptions) throws -> [UInt8] {
        try encode(value, writesJSON: true).serializedBytes(options)
    }

    /// Encodes `value` to bytes as it encodes (ByteEncoding.swift), and says whether it stayed on the straight
    /// road all the way or turned into a tree run on the way (ByteEncodingHandover.swift).
    internal func writeJSON<T: Encodable>(_ value: T, options: Node.WritingOptions) throws -> (
        bytes: [UInt8], straight: Bool
    ) {
        let run = EncodingRun(self, writesJSON: true, writingBytes: options)
        let encoder = EncoderImplementation(position: .root, run: run)
        defer { run.end(root: encoder) }
        switch try encoder.writeTopLevel(value) {
        case .nothing: throw Self.encodedNothing(value)
        case .written: return (run.writer.takeBytes(), true)
        case .node(let node): return (try node.serializedBytes(options), false)
        }
    }

    private static func encodedNothing<T>(_ value: T) -> EncodingError {
        EncodingError.invalidValue(
            value,
            EncodingError.Context(codingPath: [], debugDescription: "Top-level \(T.self) did not encode any values."))
    }

    private func encode<T: Encodable>(_ value: T, writesJSON: Bool) throws -> Node {
        let run = EncodingRun(self, writesJSON: writesJSON)
        let encoder = EncoderImplementation(position: .root, run: run)
        defer { run.end(root: encoder) }
        guard let node = try encoder.encodeTopLevel(value) else { throw Self.encodedNothing(value) }
        return node
    }

    // MARK: Strategies for single types

    /// Makes this encoder encode every `Strategy.Value` through `strategy`, in place of the type's own
    /// `encode(to:)`. Setting a strategy for a type replaces the one set before. GenomeFoundation's date and data
    /// strategies are built on this.
    public mutating func setEncodingStrategy<Strategy: NodeEncodingStrategy>(_ strategy: Strategy) {
        valueStrategies[ObjectIdentifier(Strategy.Value.self)] = strategy
    }

    /// The strategy set for `type`, or `nil` when `type` encodes itself.
    public func encodingStrategy<Value: Encodable>(for type: Value.Type) -> (any NodeEncodingStrategy)? {
        valueStrategies[ObjectIdentifier(type)]
    }

    /// Goes back to encoding `type` with its own `encode(to:)`.
    public mutating func removeEncodingStrategy<Value: Encodable>(for type: Value.Type) {
        valueStrategies[ObjectIdentifier(type)] = nil
    }
}

/// The state of one encoding run, shared by its encoder and any super encoders: the options read once from the
/// `NodeEncoder`, the frame pool, and caches.
internal final class EncodingRun {
    let settings: SharedSettings<NodeEncoder.Settings>
    let sortsKeys: Bool
    /// Whether keys are written as the coding keys spell them (no key strategy).
    let usesDefaultKeys: Bool
    /// The stack of the thread the run started on, for `StackRoom.hasRoom(knowing:)`.
    let stack = StackRoom.currentBounds()
    var keyStrategy: NodeEncoder.KeyEncodingStrategy { settings.value.keyStrategy }
    var userInfo: [CodingUserInfoKey: any Sendable] { settings.value.userInfo }
    var valueStrategies: [ObjectIdentifier: any NodeEncodingStrategy] { settings.value.valueStrategies }
    var strategizesPrimitives: Bool { settings.strategizesPrimitives }
    var nonConformingFloatStrategy: NodeEncoder.NonConformingFloatEncodingStrategy {
        settings.value.nonConformingFloatStrategy
    }
    /// Whether the node is on its way to JSON, where NaN and infinities have no spelling.
    let writesJSON: Bool
    /// Whether values write JSON bytes as they encode, rather than nodes (ByteEncoding.swift); a byte run turns
    /// into a tree run at most once (ByteEncodingHandover.swift). Unchecked as `writer` is.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var writesBytes: Bool
    /// The bytes, on the byte path. This and the next two are unchecked, as the byte state of `EncodingFrame` is:
    /// run-time exclusivity checks on the writer and the key cache add about a third to encoding twitter.json or
    /// citm_catalog.json, and those on the frames' state, `writesBytes` and `lastSerial` about an eighth more
    /// (Compare's encode rows).
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var writer: JSONWriter
    /// Keys written on the byte path, escaped once.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var writtenKeys = WrittenKeyCache()
    /// The last serial handed out by `newSerial()`.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var lastSerial = 0
    /// Unchecked as `DecoderImplementation.frames` is: run-time exclusivity checks here cost every encode a
    /// little (Compare's encode rows).
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var frames = FramePool<EncodingFrame>()
    /// Keyed containers to hand out again (KeyedContainerReuse.swift). Unchecked as `frames` is: run-time
    /// exclusivity checks here cost most where objects are many and small (Compare's citm_catalog.json encode
    /// row). Only `EncoderImplementation.container(keyedBy:)`, `newFrame(at:)` and `end(root:)` touch it, and none
    /// calls out while it does.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    var keyedContainers = KeyedContainerReuse<EncodingFrame>()
    /// The run's super encoders, and its frames with pending values: see `end(root:)`. Rare, so checked.
    var superEncoders: [EncoderImplementation] = []
    var framesWithPending: [EncodingFrame] = []

    /// Breaks the run's reference cycles, however it ended. An encoder holds the frame of its value's container,
    /// which holds the encoder; a frame holds its pending values, which hold the frame (as a nested frame's parent,
    /// or a super encoder's position). A finished value lets go of its frame, but one that threw does
    /// not.
    func end(root: EncoderImplementation) {
        root.forgetState()
        for encoder in superEncoders { encoder.forgetState() }
        superEncoders.removeAll()
        for frame in framesWithPending { frame.pending.removeAll() }
        framesWithPending.removeAll()
        frames.removeAll()
        keyedContainers.removeAll()
    }

    /// Snake-case conversions already made in this run.
    private var convertedKeys: [String: String] = [:]
    /// The coding key type `hasStyledKeys(_:)` last answered for, and its answer: a model's keys come one type at a
    /// time, and comparing the type is cheaper than asking the runtime for the conformance on every key.
    private var lastKeyType: (type: ObjectIdentifier, isStyled: Bool)?
    /// How a type encodes: by its own `encode(to:)`, as an array, or as `CustomNodeEncodable`.
    enum TypeKind {
        case plain
        case array(any ArrayNodeEncoding.Type)
        case custom(any CustomNodeEncodable.Type)
        /// A Foundation type that needs GenomeFoundation (see `FoundationBridgeCheck`); its name.
        /// No payload, so that the kind stays trivial to copy out of the cache; the error looks the name up.
        case needsFoundationBridge
    }

    /// Each type's `TypeKind`, worked out once per process (see `TypeKindCache`). Asked for every nested value, so
    /// unchecked: the checks show in a small model's encode (Compare's `--small` 3-field struct encode row).
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    private var kinds = TypeKindCache(shared: EncodingRun.sharedKinds)
    /// Every run's answers.
    private static let sharedKinds = TypeKindTable<TypeKind>(lookUp: EncodingRun.lookUpKind)

    init(_ encoder: NodeEncoder, writesJSON: Bool, writingBytes options: Node.WritingOptions? = nil) {
        settings = encoder.shared
        sortsKeys = settings.value.keyOrder == .sorted
        if case .useDefaultKeys = settings.value.keyStrategy { usesDefaultKeys = true } else { usesDefaultKeys = false }
        self.writesJSON = writesJSON
        writesBytes = options != nil
        writer = JSONWriter(options: options ?? [])
    }

    /// A serial for a value about to be written; see `EncoderImplementation.State.serial`.
    @inline(__always)
    func newSerial() -> Int {
        lastSerial &+= 1
        return lastSerial
    }

    /// Whether keys of `type` are a `StyledCodingKey`'s, which the key strategy leaves as they are. Asked only
    /// under a strategy.
    func hasStyledKeys(_ type: any CodingKey.Type) -> Bool {
        let identifier = ObjectIdentifier(type)
        if let last = lastKeyType, last.type == identifier { return last.isStyled }
        let isStyled = type is any StyledCodingKey.Type
        lastKeyType = (identifier, isStyled)
        return isStyled
    }

    func convertedToSnakeCase(_ key: String) -> String {
        if let converted = convertedKeys[key] { return converted }
        let converted = convertToSnakeCase(key)
        convertedKeys[key] = converted
        return converted
    }

    /// How `type` encodes.
    @inline(__always)
    func kind<T>(of type: T.Type) -> TypeKind {
        kinds.kind(of: type)
    }

    /// Works out how `type` encodes; see `TypeKindCache`.
    private static func lookUpKind(_ type: Any.Type) -> TypeKind {
        if let array = type as? any ArrayNodeEncoding.Type {
            return .array(array)
        } else if let custom = type as? any CustomNodeEncodable.Type {
            return .custom(custom)
        } else if FoundationBridgeCheck.typeNeedingBridge(type) != nil {
            return .needsFoundationBridge
        }
        return .plain
    }
}

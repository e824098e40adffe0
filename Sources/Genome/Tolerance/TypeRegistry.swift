// A protocol-typed value (`any Shape`) cannot list its conforming types where it is declared: they may live in
// modules that depend on it. So the types register themselves at run time, and decoding looks the tag up then.
// Lookups copy an entry out of the lock and decode outside it, because a payload may hold another value of the same
// registry, and the lock does not nest.

/// The types a protocol-typed value may be, each under its tag: for ``Registered`` values, such as `any Shape`
/// whose conforming types come from several modules.
///
/// ```swift
/// protocol Shape: Codable, Sendable {}
/// enum Shapes: RegisteredFamily {
///     static let registry = TypeRegistry<any Shape>(key: "type")
/// }
/// // At start, in each module that has shapes:
/// try Shapes.registry.register("circle", Circle.self) { $0 }
/// ```
///
/// Decoding reads the tag at ``key`` among the payload's fields and decodes the type registered for it; encoding
/// writes the tag of the value's dynamic type, then its fields. A tag is a ``TagValue``, compared in its JSON type;
/// one that no type is registered for (a tag of another JSON type included, since the registry's tags change at
/// run time) throws `dataCorrupted` at the tag, listing the registered tags, unless the registry has a fallback:
/// then it decodes as the fallback, recorded as a ``Recovery`` of kind ``Recovery/Kind/fallbackUsed``.
///
/// Registering is thread-safe, and so is decoding while another thread registers. A tag registered a second time
/// for another type throws ``DuplicateTagError`` and leaves the first registration in place; registering the same
/// type under the same tag again does nothing. One type may have several tags: all read as it, and the first it
/// was registered with is written.
public final class TypeRegistry<Base>: Sendable {
    /// One registered type.
    fileprivate struct Entry: Sendable {
        let tag: TagValue
        let type: ObjectIdentifier
        let typeName: String
        let decodePayload: @Sendable (any Decoder) throws -> Base
        let decodeNode: (@Sendable (Node, any Context) throws -> Base)?
        /// The value as its registered type, to encode; nil when it is another type.
        let payload: @Sendable (Base) -> (any Encodable)?
    }

    fileprivate struct Entries {
        var byTag: [TagValue: Entry] = [:]
        var tagsInOrder: [TagValue] = []
        /// The first tag each type was registered with: the one written.
        var tagByType: [ObjectIdentifier: TagValue] = [:]
    }

    /// The tag's key.
    public let key: String
    private let entries = LockedState(Entries())
    /// What unknown tags decode as, and the tag it is written with.
    private let fallback: (tag: TagValue, type: ObjectIdentifier, value: @Sendable () -> Base)?

    /// An empty registry whose tag is at `key`.
    public init(key: String = "type") {
        self.key = key
        fallback = nil
    }

    /// An empty registry whose unknown tags decode as `fallback` instead of throwing. Encoding a value of the
    /// fallback's type that is not registered writes `fallbackTag` alone, which reads back as the fallback.
    public init(key: String = "type", fallback: Base, fallbackTag: TagValue = "unknown") where Base: Sendable {
        self.key = key
        self.fallback = (fallbackTag, ObjectIdentifier(type(of: fallback as Any)), { fallback })
    }

    /// Registers `type` under `tag`; `embed` makes it a `Base`, and is `{ $0 }` for a type that conforms to the
    /// protocol `Base` names.
    ///
    /// - Throws: ``DuplicateTagError`` when `tag` is registered for another type; the registry is unchanged.
    public func register<Payload: Codable & SendableMetatype>(
        _ tag: TagValue, _ type: Payload.Type, _ embed: @escaping @Sendable (Payload) -> Base
    ) throws {
        try add(
            Entry(
                tag: tag, type: ObjectIdentifier(Payload.self), typeName: typeName(Payload.self),
                decodePayload: { try embed($0.singleValueContainer().decode(Payload.self)) }, decodeNode: nil,
                payload: { $0 as? Payload }))
    }

    /// Registers a type whose payload decodes in both APIs; see `register(_:_:_:)` above.
    public func register<Payload: Codable & NodeDecodable & SendableMetatype>(
        _ tag: TagValue, _ type: Payload.Type, _ embed: @escaping @Sendable (Payload) -> Base
    ) throws {
        try add(
            Entry(
                tag: tag, type: ObjectIdentifier(Payload.self), typeName: typeName(Payload.self),
                decodePayload: { try embed($0.singleValueContainer().decode(Payload.self)) },
                decodeNode: { try embed(Payload.make(from: $0, in: $1)) }, payload: { $0 as? Payload }))
    }

    private func add(_ entry: Entry) throws {
        try entries.withLock { entries in
            if let existing = entries.byTag[entry.tag] {
                guard existing.type == entry.type else {
                    throw DuplicateTagError(
                        tag: entry.tag, registeredType: existing.typeName, rejectedType: entry.typeName)
                }
                return
            }
            entries.byTag[entry.tag] = entry
            entries.tagsInOrder.append(entry.tag)
            if entries.tagByType[entry.type] == nil { entries.tagByType[entry.type] = entry.tag }
        }
    }

    /// The registered tags, in the order they were registered.
    public var tags: [TagValue] { entries.withLock { $0.tagsInOrder } }

    private func entry(for tag: TagValue) -> Entry? {
        entries.withLock { $0.byTag[tag] }
    }

    private func entry(writing value: Base) -> Entry? {
        let type = ObjectIdentifier(Swift.type(of: value as Any))
        return entries.withLock { entries in entries.tagByType[type].flatMap { entries.byTag[$0] } }
    }

    private func unknownTagDescription(_ tag: TagValue) -> String {
        let registered = tags.map(\.description).joined(separator: ", ")
        return "Unknown tag \(tag) for \(typeName(Base.self)); registered tags: \(registered)."
    }

    // MARK: Codable

    /// Decodes the type registered for the tag.
    public func decode(from decoder: any Decoder) throws -> Base {
        let container = try decoder.container(keyedBy: NodeCodingKey.self)
        let tagKey = NodeCodingKey(stringValue: key)
        let tag = try container.decode(TagValue.self, forKey: tagKey)
        guard let entry = entry(for: tag) else {
            let error = DecodingError.dataCorruptedError(
                forKey: tagKey, in: container, debugDescription: unknownTagDescription(tag))
            guard let fallback else { throw error }
            Recoveries.record(.fallbackUsed, codingPath: container.codingPath + [tagKey], replacing: error)
            return fallback.value()
        }
        return try entry.decodePayload(decoder)
    }

    /// Encodes the tag of `value`'s dynamic type, then its fields; the fallback as its tag alone.
    public func encode(_ value: Base, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NodeCodingKey.self)
        let tagKey = NodeCodingKey(stringValue: key)
        if let entry = entry(writing: value), let payload = entry.payload(value) {
            try container.encode(entry.tag, forKey: tagKey)
            return try payload.encode(to: encoder)
        }
        if let fallback, fallback.type == ObjectIdentifier(type(of: value as Any)) {
            return try container.encode(fallback.tag, forKey: tagKey)
        }
        throw EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription:
                    "\(type(of: value as Any)) is not registered for \(typeName(Base.self)); registered tags: "
                    + "\(tags.map(\.description).joined(separator: ", "))."))
    }

    // MARK: Static decode

    /// Decodes the type registered for the tag from `node`, in the static-decode API; the registered type must be
    /// `NodeDecodable` too.
    public func decode(_ node: Node, in context: any Context = EmptyContext()) throws -> Base {
        let tagNode = try node.value(at: [.key(key)], ifPresent: false)!
        guard let tag = TagValue(tagNode) else {
            throw TypeMismatchError(
                expectedTypeName: "a tag of \(typeName(Base.self))", found: tagNode,
                reason: "a tag is a string, an integer or a Bool", attempts: []
            ).prefixed(by: [.key(key)], root: node)
        }
        guard let entry = entry(for: tag) else {
            let error = TypeMismatchError(
                expectedTypeName: "a tag of \(typeName(Base.self))", found: tagNode,
                reason: unknownTagDescription(tag), attempts: []
            ).prefixed(by: [.key(key)], root: node)
            guard let fallback else { throw error }
            Recoveries.record(.fallbackUsed, in: node, at: [.key(key)], replacing: error)
            return fallback.value()
        }
        guard let decodeNode = entry.decodeNode else {
            throw TypeMismatchError(
                expectedTypeName: entry.typeName, found: node, reason: "\(entry.typeName) is not NodeDecodable",
                attempts: [])
        }
        return try decodeNode(node, context)
    }

    /// `value` as a node, with the tag of its dynamic type: the static-decode API's way to encode it.
    public func node(for value: Base) throws -> Node {
        try NodeEncoder().encode(EncodingBody { try self.encode(value, to: $0) })
    }
}

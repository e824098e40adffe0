/// How a family of types is told apart by a tag field: the tag's key, where the payload sits, and which tag means
/// which case or subclass; for ``TaggedCodable`` types.
///
/// Internal layout, the tag among the payload's own fields (the default):
///
/// ```swift
/// // {"type": "circle", "radius": 2}
/// static let tagging = Tagging<Shape>(key: "type", [
///     .variant("circle", Circle.self, Shape.circle),
///     .variant("square", Square.self, Shape.square),
/// ])
/// ```
///
/// Adjacent layout, the payload under a key of its own: `Tagging(key: "type", content: "data", [...])` reads
/// `{"type": "circle", "data": {"radius": 2}}`.
///
/// An unknown tag throws `DecodingError.dataCorrupted` at the tag's key, listing the known tags, unless a
/// `fallback` is given: then it decodes as the fallback, recorded as a ``Recovery`` of kind
/// ``Recovery/Kind/fallbackUsed``. A missing tag throws `keyNotFound`, and so does a missing payload key in the
/// adjacent layout (for a variant that has a payload). Encoding writes the tag back, then the payload; the fallback
/// is written as its `fallbackTag` alone, which reads back as the fallback.
///
/// A tag may be a number or a Bool (``TagValue``): `.variant(1, Circle.self, Shape.circle)` reads `{"type": 1, …}`
/// and writes the number back. A tag is compared in its JSON type: a tag of a JSON type none of the variants' tags
/// has (the string `"1"` when every tag is a number) throws `typeMismatch`, and never takes the fallback.
///
/// For untagged alternatives (try each type in turn), see ``Untagged``.
public struct Tagging<Family>: Sendable {
    /// One tag and what it decodes to.
    public struct Variant: Sendable {
        /// The tag's value in the JSON, in its JSON type: a string, an integer or a Bool.
        public let tagValue: TagValue
        /// The tag as text: a string tag itself, a number or Bool tag its JSON spelling (`1`, `true`).
        public var tag: String { tagValue.text }
        internal let decodePayload: @Sendable (any Decoder) throws -> Family
        internal let decodeNode: (@Sendable (Node, any Context) throws -> Family)?
        /// The payload to encode when `value` is this variant; nil when it is not.
        internal let payload: @Sendable (Family) -> (any Encodable)??
        /// Whether the variant reads a payload: false for a case without one, which is its tag alone.
        internal let hasPayload: Bool
        /// Other tags that read as this variant, in their JSON types; ``tagValue`` is the one written.
        public internal(set) var alternativeTagValues: [TagValue] = []
        /// Other tags that read as this variant, as text; ``tag`` is the one written.
        public var alternativeTags: [String] { alternativeTagValues.map(\.text) }

        /// This variant, also read from `tags`: several tag values for one case or subclass, as an API that renamed a
        /// tag sends both. Encoding writes ``tag``.
        ///
        /// ```swift
        /// .variant("circle", Circle.self, Shape.circle).alsoRead("round", "disc")
        /// ```
        public func alsoRead(_ tags: String...) -> Variant {
            alsoRead(tags.map(TagValue.string))
        }

        /// This variant, also read from `tags`, which may be numbers or Bools: `.variant(1, …).alsoRead(2, "1")`
        /// reads `1`, `2` and the string `"1"`, and writes `1`.
        public func alsoRead(_ tags: TagValue...) -> Variant {
            alsoRead(tags)
        }

        private func alsoRead(_ tags: [TagValue]) -> Variant {
            var variant = self
            variant.alternativeTagValues += tags
            return variant
        }

        /// Whether `tag` reads as this variant.
        internal func reads(_ tag: TagValue) -> Bool {
            tagValue == tag || alternativeTagValues.contains(tag)
        }

        /// A case with an associated value of type `Payload`, or a subclass `Payload` of a class `Family`:
        /// `.variant("circle", Circle.self, Shape.circle)`, `.variant("dog", Dog.self) { $0 }`.
        ///
        /// Which variant a value is, for encoding: a subclass is matched by its exact type; an enum case by its
        /// name, so two cases may carry the same payload type.
        public static func variant<Payload: Codable & SendableMetatype>(
            _ tag: String, _ type: Payload.Type, _ embed: @escaping @Sendable (Payload) -> Family
        ) -> Variant {
            variant(.string(tag), type, embed)
        }

        /// A variant whose tag is a number or a Bool in the JSON (or a string):
        /// `.variant(1, Circle.self, Shape.circle)` reads `{"type": 1, …}` and writes the tag back as the number.
        public static func variant<Payload: Codable & SendableMetatype>(
            _ tag: TagValue, _ type: Payload.Type, _ embed: @escaping @Sendable (Payload) -> Family
        ) -> Variant {
            Variant(
                tagValue: tag, decodePayload: { try embed($0.singleValueContainer().decode(Payload.self)) },
                decodeNode: nil,
                payload: FamilyMember<Family>.matcher(embed), hasPayload: true)
        }

        /// A variant whose payload decodes in both APIs; see ``variant(_:_:_:)-(String,Payload.Type,_)``.
        public static func variant<Payload: Codable & NodeDecodable & SendableMetatype>(
            _ tag: String, _ type: Payload.Type, _ embed: @escaping @Sendable (Payload) -> Family
        ) -> Variant {
            variant(.string(tag), type, embed)
        }

        /// A variant with a number or Bool tag whose payload decodes in both APIs.
        public static func variant<Payload: Codable & NodeDecodable & SendableMetatype>(
            _ tag: TagValue, _ type: Payload.Type, _ embed: @escaping @Sendable (Payload) -> Family
        ) -> Variant {
            Variant(
                tagValue: tag, decodePayload: { try embed($0.singleValueContainer().decode(Payload.self)) },
                decodeNode: { try embed(Payload.make(from: $0, in: $1)) }, payload: FamilyMember<Family>.matcher(embed),
                hasPayload: true)
        }

        /// A case without an associated value: `.variant("empty", Shape.empty)`. Its tag is all that is written.
        public static func variant(_ tag: String, _ value: Family) -> Variant where Family: Sendable {
            variant(.string(tag), value)
        }

        /// A case without an associated value whose tag is a number or a Bool: `.variant(false, Switch.off)`.
        public static func variant(_ tag: TagValue, _ value: Family) -> Variant where Family: Sendable {
            Variant(
                tagValue: tag, decodePayload: { _ in value }, decodeNode: { _, _ in value },
                payload: { FamilyMember<Family>.sameCase($0, value) ? .some(nil) : nil }, hasPayload: false)
        }

        /// The fallback as a variant, for encoding: a value that is the fallback (the same case of an enum, an
        /// instance of the fallback's own class) is written as `tag` alone. The fallback is what unknown tags read
        /// as, with no payload, so the tag alone is all there is to write, and any tag no variant has reads back as
        /// the fallback.
        fileprivate static func fallback(_ tag: TagValue, _ value: Family) -> Variant where Family: Sendable {
            Variant(
                tagValue: tag, decodePayload: { _ in value }, decodeNode: { _, _ in value },
                payload: { candidate in
                    if Family.self is AnyObject.Type {
                        return type(of: candidate as AnyObject) == type(of: value as AnyObject) ? .some(nil) : nil
                    }
                    return FamilyMember<Family>.sameCase(candidate, value) ? .some(nil) : nil
                }, hasPayload: false)
        }
    }

    /// The tag's key.
    public let key: String
    /// The payload's key in the adjacent layout; nil in the internal layout.
    public let content: String?
    /// The tags and what they decode to.
    public let variants: [Variant]
    /// What unknown tags decode as, and the tag it is written with; nil without a fallback.
    internal let fallback: Variant?
    /// Whether every tag is a string.
    private let readsStringsOnly: Bool

    /// A tagging with `variants`, its tag at `key` and its payload among the same fields (`content` nil) or under
    /// `content`.
    public init(key: String = "type", content: String? = nil, _ variants: [Variant]) {
        self.key = key
        self.content = content
        self.variants = variants
        fallback = nil
        readsStringsOnly = Self.allStrings(variants)
    }

    /// A tagging whose unknown tags decode as `fallback` instead of throwing.
    ///
    /// Encoding the fallback writes `fallbackTag` as its tag, and no payload, so that a document that was read
    /// with an unknown tag can be written back (to a cache, say) and read again: the tag is unknown, and reads as
    /// the fallback. Name a `fallbackTag` that none of the variants has.
    public init(
        key: String = "type", content: String? = nil, _ variants: [Variant], fallback: Family,
        fallbackTag: String = "unknown"
    ) where Family: Sendable {
        self.init(key: key, content: content, variants, fallback: fallback, fallbackTag: .string(fallbackTag))
    }

    /// A tagging whose unknown tags decode as `fallback`, written with a `fallbackTag` that may be a number or a
    /// Bool: `Tagging(…, fallback: .unknown, fallbackTag: 0)`.
    public init(
        key: String = "type", content: String? = nil, _ variants: [Variant], fallback: Family, fallbackTag: TagValue
    ) where Family: Sendable {
        self.key = key
        self.content = content
        self.variants = variants
        self.fallback = .fallback(fallbackTag, fallback)
        readsStringsOnly = Self.allStrings(variants)
    }

    /// Whether every tag is a string, so that the tag is read as a `String`, as taggings always read it before
    /// tags could be numbers or Bools.
    private static func allStrings(_ variants: [Variant]) -> Bool {
        variants.allSatisfy { variant in
            ([variant.tagValue] + variant.alternativeTagValues).allSatisfy { $0.kind == .string }
        }
    }

    /// The JSON types the variants' tags have, in the order errors list them.
    private var tagKinds: [TagValue.Kind] {
        let kinds = Set(variants.flatMap { [$0.tagValue] + $0.alternativeTagValues }.map(\.kind))
        return TagValue.Kind.allCases.filter(kinds.contains)
    }

    /// The tag the fallback is written with; nil without a fallback.
    public var fallbackTag: String? { fallback?.tag }

    /// The known tags as text, in declaration order.
    public var tags: [String] { variants.map(\.tag) }

    /// The known tags in their JSON types, in declaration order.
    public var tagValues: [TagValue] { variants.map(\.tagValue) }

    /// The tag the fallback is written with, in its JSON type; nil without a fallback.
    public var fallbackTagValue: TagValue? { fallback?.tagValue }

    // MARK: Codable

    /// Decodes the variant the tag names.
    public func decode(from decoder: any Decoder) throws -> Family {
        let container = try decoder.container(keyedBy: NodeCodingKey.self)
        let tagKey = NodeCodingKey(stringValue: key)
        let tag: TagValue
        if readsStringsOnly {
            tag = .string(try container.decode(String.self, forKey: tagKey))
        } else {
            tag = try container.decode(TagValue.self, forKey: tagKey)
            guard tagKinds.contains(tag.kind) else {
                throw DecodingError.typeMismatch(
                    TagValue.self,
                    DecodingError.Context(
                        codingPath: container.codingPath + [tagKey], debugDescription: wrongKindDescription(tag)))
            }
        }
        guard let variant = variants.first(where: { $0.reads(tag) }) else {
            let error = DecodingError.dataCorruptedError(
                forKey: tagKey, in: container, debugDescription: unknownTagDescription(tag))
            guard let fallback else { throw error }
            Recoveries.record(.fallbackUsed, codingPath: container.codingPath + [tagKey], replacing: error)
            return try fallback.decodePayload(decoder)
        }
        guard let content, variant.hasPayload else { return try variant.decodePayload(decoder) }
        let contentKey = NodeCodingKey(stringValue: content)
        // A super decoder for a missing key decodes a null, which would be `valueNotFound`.
        guard container.contains(contentKey) else {
            throw CodingErrors.keyNotFound(contentKey, path: container.codingPath)
        }
        return try variant.decodePayload(container.superDecoder(forKey: contentKey))
    }

    /// Encodes the tag of `value`'s variant, then its payload; the fallback as its tag alone.
    public func encode(_ value: Family, to encoder: any Encoder) throws {
        for variant in variants {
            guard let payload = variant.payload(value) else { continue }
            return try encode(variant.tagValue, payload, to: encoder)
        }
        if let fallback, fallback.payload(value) != nil {
            return try encode(fallback.tagValue, nil, to: encoder)
        }
        throw EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription:
                    "\(value) is none of the tagged variants of \(Family.self) (\(knownTagList))."))
    }

    /// Writes `tag`, then `payload` (nothing for nil) where the layout puts it.
    private func encode(_ tag: TagValue, _ payload: (any Encodable)?, to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NodeCodingKey.self)
        if case .string(let text) = tag {
            try container.encode(text, forKey: NodeCodingKey(stringValue: key))
        } else {
            try container.encode(tag, forKey: NodeCodingKey(stringValue: key))
        }
        guard let payload else { return }
        if let content {
            try container.encode(payload, forKey: NodeCodingKey(stringValue: content))
        } else {
            try payload.encode(to: encoder)
        }
    }

    // MARK: Static decode

    /// Decodes the variant the tag names from `node`, in the static-decode API; every variant's payload must be
    /// `NodeDecodable` too. A Genome error's path leads to the failing value.
    public func decode(_ node: Node, in context: any Context = EmptyContext()) throws -> Family {
        let tag: TagValue
        if readsStringsOnly {
            tag = .string(try node.decode(key))
        } else {
            let tagNode = try node.value(at: [.key(key)], ifPresent: false)!
            guard let value = TagValue(tagNode), tagKinds.contains(value.kind) else {
                throw TypeMismatchError(
                    expectedTypeName: "a tag of \(Family.self)", found: tagNode,
                    reason: "a tag is \(tagKinds.map(\.name).joined(separator: " or ")); known tags: \(knownTagList)",
                    attempts: []
                ).prefixed(by: [.key(key)], root: node)
            }
            tag = value
        }
        guard let variant = variants.first(where: { $0.reads(tag) }) else {
            let error = TypeMismatchError(
                expectedTypeName: "a tag of \(Family.self)", found: tag.node, reason: unknownTagDescription(tag),
                attempts: []
            ).prefixed(by: [.key(key)], root: node)
            guard let decodeFallback = fallback?.decodeNode else { throw error }
            Recoveries.record(.fallbackUsed, in: node, at: [.key(key)], replacing: error)
            return try decodeFallback(node, context)
        }
        guard let decodeNode = variant.decodeNode else {
            throw TypeMismatchError(
                expectedTypeName: "\(Family.self)", found: node,
                reason: "the payload of tag \(tag) is not NodeDecodable", attempts: [])
        }
        if let content, variant.hasPayload {
            let payload = try node.value(at: [.key(content)], ifPresent: false)!
            return try withPath([.key(content)], root: node) { try decodeNode(payload, context) }
        }
        return try decodeNode(node, context)
    }

    /// `value` as a node, its tag written back: the static-decode API's way to encode a tagged family, for a
    /// `makeNode()` or a map's `transformToNode`.
    ///
    /// ```swift
    /// let node = try Shape.tagging.node(for: .circle(Circle(radius: 2)))   // {"type": "circle", "radius": 2.0}
    /// ```
    public func node(for value: Family) throws -> Node {
        try NodeEncoder().encode(EncodingBody { try encode(value, to: $0) })
    }

    /// Lists the tags bare when all are strings, as it always has, and in their JSON spelling otherwise, so that
    /// the string `"1"` and the number `1` read differently.
    private var knownTagList: String {
        (readsStringsOnly ? tags : tagValues.map(\.description)).joined(separator: ", ")
    }

    private func unknownTagDescription(_ tag: TagValue) -> String {
        "Unknown tag \(tag) for \(Family.self); known tags: \(knownTagList)."
    }

    private func wrongKindDescription(_ tag: TagValue) -> String {
        "Expected a tag of \(Family.self), \(tagKinds.map(\.name).joined(separator: " or ")), but found "
            + "\(tag.kind.name) \(tag); known tags: \(knownTagList)."
    }
}

/// A family of types told apart by a tag field: an enum with associated values, or the base class of a
/// hierarchy. See <doc:DecodingImperfectData>.
///
/// An enum gets `init(from:)` and `encode(to:)` from its ``tagging``:
///
/// ```swift
/// enum Shape: TaggedCodable {
///     case circle(Circle)
///     case square(Square)
///     static let tagging = Tagging<Shape>([
///         .variant("circle", Circle.self, Shape.circle),
///         .variant("square", Square.self, Shape.square),
///     ])
/// }
/// ```
///
/// A class decodes its own fields in its own `init(from:)`, which cannot return a subclass: decode the base class
/// through ``Polymorphic`` instead (`@Polymorphic var pets: [Animal]`), which reads the tag first.
public protocol TaggedCodable: Codable, PolymorphicValue {
    /// The type the tagging builds: `Self` for an enum, the base class for a class hierarchy (so that subclasses
    /// share it).
    associatedtype Family = Self
    /// The tag's key, the layout and the variants.
    static var tagging: Tagging<Family> { get }
}

extension TaggedCodable where Family == Self {
    /// Decodes the variant the tag names.
    public init(from decoder: any Decoder) throws {
        self = try Self.tagging.decode(from: decoder)
    }

    /// Encodes the tag, then the payload.
    public func encode(to encoder: any Encoder) throws {
        try Self.tagging.encode(self, to: encoder)
    }
}

/// A value decoded and encoded through its family's ``Tagging`` or ``Untagged`` variants: a ``TaggedCodable`` or
/// ``UntaggedCodable`` class, or an array or optional of one. `@Polymorphic var pet: Animal` decodes a `Dog` for `{"type": "dog", …}` and writes `"type"` back.
@propertyWrapper
public struct Polymorphic<Value: PolymorphicValue> {
    /// The value.
    public var wrappedValue: Value

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
    }
}

extension Polymorphic: Codable {
    /// Decodes the value through its family's tagging.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try Value.decodeTagged(from: decoder)
    }

    /// Encodes the value through its family's tagging.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encodeTagged(to: encoder)
    }
}

extension Polymorphic: Sendable where Value: Sendable {}

extension Polymorphic: MissingKeyDecodable where Value: ExpressibleByNilLiteral {
    /// `nil`, for a missing key, as for any optional property.
    public init(missingKey key: any CodingKey, codingPath: [any CodingKey]) {
        self.init(wrappedValue: nil)
    }
}

/// What ``Polymorphic`` can hold: a ``TaggedCodable`` or ``UntaggedCodable`` type, and arrays and optionals of one.
public protocol PolymorphicValue {
    /// Decodes a value through the family's tagging.
    static func decodeTagged(from decoder: any Decoder) throws -> Self
    /// Encodes a value through the family's tagging.
    func encodeTagged(to encoder: any Encoder) throws
}

extension TaggedCodable {
    /// Decodes through ``tagging``, even for a class.
    public static func decodeTagged(from decoder: any Decoder) throws -> Self {
        try FamilyMember<Family>.member(
            tagging.decode(from: decoder), as: Self.self, decodedBy: "The tag", codingPath: decoder.codingPath)
    }

    /// Encodes through ``tagging``, even for a class.
    public func encodeTagged(to encoder: any Encoder) throws {
        try Self.tagging.encode(FamilyMember<Family>.family(of: self, codingPath: encoder.codingPath), to: encoder)
    }
}

extension Array: PolymorphicValue where Element: PolymorphicValue {
    /// Decodes each element through its family's tagging.
    public static func decodeTagged(from decoder: any Decoder) throws -> [Element] {
        var container = try decoder.unkeyedContainer()
        var result: [Element] = []
        while !container.isAtEnd {
            result.append(try Element.decodeTagged(from: container.superDecoder()))
        }
        return result
    }

    /// Encodes each element through its family's tagging.
    public func encodeTagged(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for element in self {
            try element.encodeTagged(to: container.superEncoder())
        }
    }
}

extension Optional: PolymorphicValue where Wrapped: PolymorphicValue {
    /// Decodes nil for null, or the value through its family's tagging.
    public static func decodeTagged(from decoder: any Decoder) throws -> Wrapped? {
        if try decoder.singleValueContainer().decodeNil() { return nil }
        return try Wrapped.decodeTagged(from: decoder)
    }

    /// Encodes null for nil, or the value through its family's tagging.
    public func encodeTagged(to encoder: any Encoder) throws {
        guard let self else {
            var container = encoder.singleValueContainer()
            try container.encodeNil()
            return
        }
        try self.encodeTagged(to: encoder)
    }
}

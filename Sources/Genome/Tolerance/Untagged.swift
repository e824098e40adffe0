/// A family of types with no tag to tell them apart: each variant is tried in order, and the first that decodes
/// wins; for ``UntaggedCodable`` types.
///
/// ```swift
/// // 3, true, "three" or [1, "x"]
/// static let alternatives = Untagged<Setting>([
///     .variant(Bool.self, Setting.flag),
///     .variant(Int.self, Setting.count),
///     .variant(String.self, Setting.text),
///     .variant([Setting].self, Setting.list),
/// ])
/// ```
///
/// Order the variants from the strictest to the most accepting: a variant whose payload also reads its
/// neighbour's values (a `Double` reads every `Int`) hides every variant after it. Each variant that fails costs
/// one decode of the value, so a value that fits the last variant is decoded once per variant, and one that fits
/// none throws a `typeMismatch` whose underlying error, a ``NoVariantDecoded``, holds every variant's error with
/// its path. What a failed try recovered (a default, a dropped element) is not reported; what the winning variant
/// recovered is.
///
/// Encoding writes the value's payload alone, with nothing to tell the variants apart.
public struct Untagged<Family>: Sendable {
    /// One way to decode a value, and how to tell it apart when encoding.
    public struct Variant: Sendable {
        /// How errors name the variant: its payload's type.
        public let name: String
        internal let decodePayload: @Sendable (any Decoder) throws -> Family
        internal let decodeNode: (@Sendable (Node, any Context) throws -> Family)?
        /// The payload to encode when `value` is this variant; nil when it is not.
        internal let payload: @Sendable (Family) -> (any Encodable)??

        /// A case with an associated value of type `Payload`, or a subclass `Payload` of a class `Family`:
        /// `.variant(Int.self, Setting.count)`, `.variant(Dog.self) { $0 }`.
        public static func variant<Payload: Codable & SendableMetatype>(
            _ type: Payload.Type, _ embed: @escaping @Sendable (Payload) -> Family
        ) -> Variant {
            Variant(
                name: typeName(Payload.self),
                decodePayload: { try embed($0.singleValueContainer().decode(Payload.self)) }, decodeNode: nil,
                payload: FamilyMember<Family>.matcher(embed))
        }

        /// A variant whose payload decodes in both APIs; see the `variant(_:_:)` above.
        public static func variant<Payload: Codable & NodeDecodable & SendableMetatype>(
            _ type: Payload.Type, _ embed: @escaping @Sendable (Payload) -> Family
        ) -> Variant {
            Variant(
                name: typeName(Payload.self),
                decodePayload: { try embed($0.singleValueContainer().decode(Payload.self)) },
                decodeNode: { try embed(Payload.make(from: $0, in: $1)) }, payload: FamilyMember<Family>.matcher(embed))
        }
    }

    /// The variants, in the order they are tried.
    public let variants: [Variant]

    /// A family whose values decode as the first of `variants` that fits.
    public init(_ variants: [Variant]) {
        self.variants = variants
    }

    // MARK: Codable

    /// Decodes the first variant that fits.
    public func decode(from decoder: any Decoder) throws -> Family {
        var attempts: [NoVariantDecoded.Attempt] = []
        for variant in variants {
            do {
                return try Recoveries.attempt { try variant.decodePayload(decoder) }
            } catch {
                attempts.append(NoVariantDecoded.Attempt(variant: variant.name, error: error))
            }
        }
        let failure = NoVariantDecoded(family: typeName(Family.self), attempts: attempts)
        throw DecodingError.typeMismatch(
            Family.self,
            DecodingError.Context(
                codingPath: decoder.codingPath, debugDescription: failure.description, underlyingError: failure))
    }

    /// Encodes the payload of `value`'s variant, alone.
    public func encode(_ value: Family, to encoder: any Encoder) throws {
        for variant in variants {
            guard let payload = variant.payload(value) else { continue }
            var container = encoder.singleValueContainer()
            if let payload {
                try container.encode(payload)
            } else {
                try container.encodeNil()
            }
            return
        }
        throw EncodingError.invalidValue(
            value,
            EncodingError.Context(
                codingPath: encoder.codingPath,
                debugDescription:
                    "\(value) is none of the variants of \(Family.self) (\(variants.map(\.name).joined(separator: ", ")))."
            ))
    }

    // MARK: Static decode

    /// Decodes `node` as the first variant that fits, in the static-decode API; a variant whose payload is not
    /// `NodeDecodable` never fits. When none does, throws a ``TypeMismatchError`` whose `attempts` hold every
    /// variant's error, as ``Node/decode(asOneOf:_:)`` does.
    public func decode(_ node: Node, in context: any Context = EmptyContext()) throws -> Family {
        let candidates = variants.map { variant in
            DecodingCandidate<Family>(name: variant.name) { node, context in
                guard let decodeNode = variant.decodeNode else {
                    throw TypeMismatchError(
                        expectedTypeName: variant.name, found: node,
                        reason: "\(variant.name) is not NodeDecodable", attempts: [])
                }
                return try Recoveries.attempt { try decodeNode(node, context) }
            }
        }
        return try node.decode(asOneOf: candidates, in: context)
    }

    /// `value`'s payload as a node: the static-decode API's way to encode an untagged family.
    public func node(for value: Family) throws -> Node {
        try NodeEncoder().encode(EncodingBody { try encode(value, to: $0) })
    }
}

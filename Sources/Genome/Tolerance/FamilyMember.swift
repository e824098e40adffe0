// Encoding a family member needs to know which variant a value is. A tagged or untagged family's variants are
// closures that build the family from a payload, which cannot be run backwards, so the value is taken apart
// instead: a subclass by its exact type, an enum case by its name, as `Mirror` spells it.

/// How the variants of a ``Tagging`` or an ``Untagged`` family recognise their own values when encoding.
internal enum FamilyMember<Family> {
    /// Finds out whether a value is the variant `embed` makes, and gives its payload: nil when it is another
    /// variant.
    static func matcher<Payload: Encodable & SendableMetatype>(
        _ embed: @escaping @Sendable (Payload) -> Family
    ) -> @Sendable (Family) -> (any Encodable)?? {
        { value in
            if Family.self is AnyObject.Type {
                guard type(of: value as AnyObject) == Payload.self as Any.Type, let payload = value as? Payload
                else { return nil }
                return .some(payload)
            }
            guard let payload = Mirror(reflecting: value).children.first?.value as? Payload,
                sameCase(embed(payload), value)
            else { return nil }
            return .some(payload)
        }
    }

    /// Whether two enum values are the same case, by the case's name.
    static func sameCase(_ lhs: Family, _ rhs: Family) -> Bool {
        let left = Mirror(reflecting: lhs)
        let right = Mirror(reflecting: rhs)
        if let leftLabel = left.children.first?.label, let rightLabel = right.children.first?.label {
            return leftLabel == rightLabel
        }
        return left.children.isEmpty && right.children.isEmpty && "\(lhs)" == "\(rhs)"
    }
}

extension FamilyMember {
    /// `value`, which the family's variants decoded, as the type that asked for it: a subclass asked through
    /// `@Polymorphic` must get an instance of itself, not of a sibling the document named.
    static func member<Member>(
        _ value: Family, as type: Member.Type, decodedBy source: String, codingPath: [any CodingKey]
    ) throws -> Member {
        guard let member = value as? Member else {
            throw DecodingError.typeMismatch(
                Member.self,
                DecodingError.Context(
                    codingPath: codingPath,
                    debugDescription: "\(source) decodes \(Swift.type(of: value)), not \(Member.self)."))
        }
        return member
    }

    /// `member` as the family, to encode through the family's variants.
    static func family(of member: Any, codingPath: [any CodingKey]) throws -> Family {
        guard let value = member as? Family else {
            throw EncodingError.invalidValue(
                member, EncodingError.Context(codingPath: codingPath, debugDescription: "Not a \(Family.self)."))
        }
        return value
    }
}

/// A value that encodes by running `body`: how a family writes one value through `NodeEncoder` for its
/// static-decode `node(for:)`.
internal struct EncodingBody: Encodable {
    let body: (any Encoder) throws -> Void

    func encode(to encoder: any Encoder) throws {
        try body(encoder)
    }
}

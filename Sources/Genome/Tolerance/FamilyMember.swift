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

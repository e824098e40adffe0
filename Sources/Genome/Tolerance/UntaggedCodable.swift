/// A family of types with no tag field, told apart by which one decodes: an enum with associated values, or the
/// base class of a hierarchy. See <doc:DecodingImperfectData>.
///
/// An enum gets `init(from:)` and `encode(to:)` from its ``alternatives``:
///
/// ```swift
/// enum Setting: UntaggedCodable {
///     case flag(Bool)
///     case count(Int)
///     case text(String)
///     static let alternatives = Untagged<Setting>([
///         .variant(Bool.self, Setting.flag),
///         .variant(Int.self, Setting.count),
///         .variant(String.self, Setting.text),
///     ])
/// }
/// ```
///
/// A class hierarchy decodes through ``Polymorphic``, as a ``TaggedCodable`` one does, because a class's own
/// `init(from:)` cannot return a subclass: `@Polymorphic var pets: [Pet]`.
public protocol UntaggedCodable: Codable, PolymorphicValue {
    /// The type the variants build: `Self` for an enum, the base class for a class hierarchy.
    associatedtype Family = Self
    /// The variants, in the order they are tried.
    static var alternatives: Untagged<Family> { get }
}

extension UntaggedCodable where Family == Self {
    /// Decodes the first variant that fits.
    public init(from decoder: any Decoder) throws {
        self = try Self.alternatives.decode(from: decoder)
    }

    /// Encodes the payload alone.
    public func encode(to encoder: any Encoder) throws {
        try Self.alternatives.encode(self, to: encoder)
    }
}

extension UntaggedCodable {
    /// Decodes through ``alternatives``, even for a class.
    public static func decodeTagged(from decoder: any Decoder) throws -> Self {
        try FamilyMember<Family>.member(
            alternatives.decode(from: decoder), as: Self.self, decodedBy: "The first variant that fits",
            codingPath: decoder.codingPath)
    }

    /// Encodes through ``alternatives``, even for a class.
    public func encodeTagged(to encoder: any Encoder) throws {
        try Self.alternatives.encode(FamilyMember<Family>.family(of: self, codingPath: encoder.codingPath), to: encoder)
    }
}

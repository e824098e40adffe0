/// A type that names a ``TypeRegistry``, so that a ``Registered`` value can find it when it decodes: `Codable`
/// builds a property wrapper with no arguments.
///
/// ```swift
/// enum Shapes: RegisteredFamily {
///     static let registry = TypeRegistry<any Shape>()
/// }
/// ```
public protocol RegisteredFamily {
    /// The type registered values have: usually a protocol's existential, `any Shape`.
    associatedtype Base
    /// The registry the values' types are looked up in.
    static var registry: TypeRegistry<Base> { get }
}

/// A value whose type is looked up by its tag in `Family`'s ``TypeRegistry``: `@Registered<Shapes> var shape:
/// any Shape` decodes the type registered for `{"type": "circle", …}`, and writes the tag of the value's type back.
///
/// An array or optional of them is `[Registered<Shapes>]` or `Registered<Shapes>?` (each element is its own
/// value); a lossy array is `@LossyPolymorphic var shapes: [Registered<Shapes>]`.
@propertyWrapper
public struct Registered<Family: RegisteredFamily> {
    /// The value.
    public var wrappedValue: Family.Base

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Family.Base) {
        self.wrappedValue = wrappedValue
    }
}

extension Registered: Codable {
    /// Decodes the type the tag is registered for.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try Family.registry.decode(from: decoder)
    }

    /// Encodes the tag of the value's type, then its fields.
    public func encode(to encoder: any Encoder) throws {
        try Family.registry.encode(wrappedValue, to: encoder)
    }
}

extension Registered: PolymorphicValue {
    /// Decodes the type the tag is registered for.
    public static func decodeTagged(from decoder: any Decoder) throws -> Registered {
        try Registered(from: decoder)
    }

    /// Encodes the tag of the value's type, then its fields.
    public func encodeTagged(to encoder: any Encoder) throws {
        try encode(to: encoder)
    }
}

extension Registered: NodeDecodable {
    /// Decodes the type the tag is registered for, in the static-decode API.
    public static func decode(_ json: Node) throws -> Registered {
        try make(from: json, in: EmptyContext())
    }

    /// Decodes the type the tag is registered for, with `context`.
    public static func make(from node: Node, in context: any Context) throws -> Registered {
        Registered(wrappedValue: try Family.registry.decode(node, in: context))
    }
}

extension Registered: Sendable where Family.Base: Sendable {}

/// A raw value decoded fine, but the `RawRepresentable` type has no case for it.
///
/// ```swift
/// RawRepresentableInitializationError at pets[2].type: "hamster" is not a raw value of PetType
/// ```
public struct RawRepresentableInitializationError: NodeDecodingError, LocatedError, Sendable, Hashable {
    /// The raw value that no case matched.
    public let rawValue: Node
    /// The name of the type that could not be built.
    public let type: String
    internal var location: ErrorLocation

    public var path: [PathComponent] { location.path }
    /// The node holding the raw value.
    public var object: Node { location.object }
    public var rootObject: Node? { location.rootObject }

    /// An error for `rawValue`, which names no case of `type`. Throw it from a hand-written `decode` of an enum,
    /// and Genome adds the path as it travels outwards.
    public init<Representable>(rawValue: Node, type: Representable.Type) {
        self.rawValue = rawValue
        self.type = typeName(Representable.self)
        self.location = ErrorLocation(object: rawValue, rootObject: rawValue)
    }

    public func prefixed(by components: [PathComponent], root: Node) -> RawRepresentableInitializationError {
        var copy = self
        copy.location = location.prefixed(by: components, root: root)
        return copy
    }

    public var description: String {
        "\(descriptionHead): \(rawValue.boundedDescription(limit: 80)) is not a raw value of \(type)"
    }
}

// Two modules that register the same tag for different types is a mistake no decoding can settle: which type the
// JSON meant is unknowable. The first registration stays, so values already decoded keep their meaning, and the
// second is refused loudly rather than replaced quietly.

/// Thrown by `TypeRegistry.register(_:_:_:)` when the tag is already registered for another
/// type; the registry keeps the first.
public struct DuplicateTagError: Error, Sendable, CustomStringConvertible {
    /// The tag both types asked for.
    public let tag: TagValue
    /// The type the tag stays registered for.
    public let registeredType: String
    /// The type that was not registered.
    public let rejectedType: String

    /// `Tag "circle" is already registered for Circle; Disc was not registered.`
    public var description: String {
        "Tag \(tag) is already registered for \(registeredType); \(rejectedType) was not registered."
    }
}

/// A base class for Map-based models that inherit from one another.
///
/// ```swift
/// class Animal: Object {
///     var name = ""
///     override func sequence(_ map: Map) throws { try name <~> map["name"] }
/// }
///
/// final class Dog: Animal {
///     var breed = ""
///     override func sequence(_ map: Map) throws {
///         try super.sequence(map)
///         try breed <~> map["breed"]
///     }
/// }
///
/// let dog = try Dog(node: ["name": "Rex", "breed": "Collie"])
/// ```
///
/// Subclasses customise decoding through `init(map:)`, `sequence(_:)` and ``makeInstance(from:)``, never through
/// a `static func decode` of their own: Genome calls the one `Object` provides, so a subclass's would be silently
/// skipped whenever the subclass is decoded as a nested model or collection element.
open class Object: MappableObject {
    /// An empty instance.
    public init() {}

    /// An empty instance; `sequence(_:)` fills it. Override to read with `extract` instead.
    public required init(map: Map) throws {}

    /// Override, calling `super`, to bind the subclass's fields.
    open func sequence(_ map: Map) throws {}

    /// Fixes the check for Genome 3's `sequence(map:)` (see ``MappableBase``) at `Object`: the final
    /// `sequence(map:)` below takes a `Map`, and is not the model's. Subclasses inherit this conformance.
    public typealias _SequenceMapParameter = Never

    /// Genome 3's spelling of `sequence(_:)`: a trap for subclasses, never called by Genome.
    ///
    /// A subclass cannot declare `sequence(map:)`, with or without `override`, because this method is `final`:
    /// the compiler stops with "instance method overrides a 'final' instance method", and its note shows this
    /// declaration. Rename the subclass's method to `override func sequence(_ map: Map) throws`. (An unavailable
    /// method would catch only the `override` spelling: Swift lets a subclass declare a new method over an
    /// unavailable one.)
    ///
    /// Calling it, as Genome 3 code may on `super`, is deprecated and throws an error: it cannot know which
    /// class's `sequence(_:)` was meant. Call `super.sequence(map)` instead.
    @available(
        *, deprecated, renamed: "sequence(_:)",
        message: "sequence(map:) is Genome 3's spelling, which Genome never calls: use sequence(_ map: Map)"
    )
    public final func sequence(map: Map) throws {
        throw Genome3SpellingError(typeName: typeName(Self.self))
    }

    /// The instance to fill when decoding: a new one by default. Override to return an existing instance (for
    /// example from a store in `map.context`).
    open class func makeInstance(from map: Map) throws -> Self {
        try Self(map: map)
    }
}

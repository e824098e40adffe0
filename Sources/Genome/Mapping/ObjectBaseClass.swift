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

    /// The instance to fill when decoding: a new one by default. Override to return an existing instance (for
    /// example from a store in `map.context`).
    open class func makeInstance(from map: Map) throws -> Self {
        try Self(map: map)
    }
}

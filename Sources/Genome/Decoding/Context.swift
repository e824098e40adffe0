/// Anything a model needs while it is being built: a database handle, a cache, a configuration.
///
/// Conform any type to `Context` and pass it to `Pet(node: node, in: context)`, `Map(node:in:)` or
/// `decode(path:as:in:)`; it reaches every nested model and every collection element, as `map.context` or as
/// the `context` argument of ``NodeDecodable/make(from:in:)``. It is deliberately not `Sendable`: a context
/// lives for one decoding call, on one thread.
///
/// ```swift
/// final class Store: Context { var users: [Int: User] = [:] }
///
/// let team = try Team(node: node, in: store)        // every nested User sees `map.context as? Store`
/// ```
public protocol Context {}

/// The context used when none is given.
public struct EmptyContext: Context, Sendable {
    /// The empty context; APIs that take a context default to it.
    public init() {}
}

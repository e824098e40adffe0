/// Anything a model needs while it is being built: a database handle, a cache, a configuration.
///
/// Conform any type to `Context` and pass it to `Pet(node: node, in: context)`, `Map(node:in:)` or
/// `decode(_:in:)`; it reaches every nested model and every collection element. It is deliberately not
/// `Sendable`: a context lives for one decoding call, on one thread.
public protocol Context {}

/// The context used when none is given.
public struct EmptyContext: Context, Sendable {
    public init() {}
}

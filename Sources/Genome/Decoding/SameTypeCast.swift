// Generic code that has just tested that a type parameter is a concrete type (`T.self == Double.self`) still
// cannot hand a `Double` back as a `T` without a cast. `as!` asks the runtime to check again, which costs more
// than the fast path saves; a bit cast costs nothing. This is the one place that does it, and a debug
// build checks the test it relies on.

/// `value`, which the caller has tested to be of type `Target` already, as a `Target`.
@inline(__always)
internal func sameType<Value, Target>(_ value: Value, as target: Target.Type) -> Target {
    assert(Value.self == Target.self, "sameType(_:as:): \(Value.self) is not \(Target.self)")
    return unsafeBitCast(value, to: Target.self)
}

// One spelling of a type's name for every message Genome writes (decoding errors, the stack limit, one-of and
// the `Object` base class), so that they all name a type the same way.

/// How error messages name a type: `String`, `[Owner]`, `Int8?`.
internal func typeName(_ type: Any.Type) -> String {
    String(describing: type)
}

// Genome 3's `sequence(map:)` as a compile error.
//
// Genome 3 spelled the mapping function `sequence(map:)`; Genome 4's is `sequence(_:)`. Without what follows, a
// model that kept the old spelling would compile without a word: its method is simply another method, the default
// `sequence(_:)` (which does nothing) runs instead, and `makeNode()` returns `{}`. Swift has no "this shadows that"
// diagnostic, and an unavailable `sequence(map:)` in a protocol extension does not stop a model from declaring its
// own. So:
//
// - `MappableBase` requires `sequence(map: _SequenceMapParameter)`. A model that declares `sequence(map: Map)`
//   satisfies it, and the compiler infers `_SequenceMapParameter == Map`; any other model gets the `Never`
//   default below.
// - `MappableBase` also requires `_genome3SequenceSpelling`. Its witness is the most specific extension that
//   fits: for `_SequenceMapParameter == Map`, the unavailable one, so the conformance fails to compile with the
//   message below. That works for structs, enums and classes, in Swift 5 and 6 language modes.
//
//     error: unavailable static property '_genome3SequenceSpelling' was used to satisfy a requirement of
//     protocol 'MappableBase': sequence(map:) is Genome 3's spelling, and Genome never calls it: rename it to
//     sequence(_ map: Map)
//
// A subclass of `Object` inherits `Object`'s conformance, which is never checked again, so `Object` catches the
// spelling differently: see its `sequence(map:)`.
//
// It costs nothing at run time: the requirements are never called. A `sequence(map:)` that takes something other
// than a `Map` is left alone.
//
// There is no run-time check as well, because it would have nothing left to catch: a run-time check can only see
// a `sequence(map:)` that is the witness of a requirement, and that is exactly what fails to compile. What the
// compiler cannot see (a new `sequence(map:)` in a subclass of a class that conforms itself, rather than of
// `Object`) is not a witness, and no check at run time could see it either.

extension MappableBase where _SequenceMapParameter == Never {
    /// Never called: a model without a `sequence(map:)` of its own gets this one, which takes `Never` and so
    /// cannot be called.
    public mutating func sequence(map: Never) throws {}
}

extension MappableBase {
    /// Available: the model does not declare `sequence(map: Map)`.
    public static var _genome3SequenceSpelling: Void { () }
}

extension MappableBase where _SequenceMapParameter == Map {
    /// Unavailable: the model declares `sequence(map: Map)`, Genome 3's spelling, which Genome never calls.
    @available(
        *, unavailable,
        message: "sequence(map:) is Genome 3's spelling, and Genome never calls it: rename it to sequence(_ map: Map)"
    )
    public static var _genome3SequenceSpelling: Void { () }
}

/// Thrown by `Object.sequence(map:)`, the Genome 3 spelling that a Genome 3 subclass may still call on `super`.
internal struct Genome3SpellingError: Error, CustomStringConvertible {
    let typeName: String

    var description: String {
        "\(typeName).sequence(map:) was called: it is Genome 3's spelling of sequence(_:), which Genome 4 never "
            + "calls; call super.sequence(map) instead"
    }
}

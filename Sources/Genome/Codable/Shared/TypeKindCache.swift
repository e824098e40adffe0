// What a Codable run needs to know about each type it meets (is it an array Genome reads or writes in one go, a
// custom Node type, a Foundation type that needs GenomeFoundation?) costs runtime conformance look-ups, which are
// slow. The answer depends only on the type, so it is worked out once per process and kept in a lock-free
// `TypeKindTable`, a few loads away; a run keeps only its first type's answer, the model itself, which is all a
// small document asks about. A run keeps no array of the others: with the table free of locks, an allocation per
// run for it would cost a small document more than it saves (Compare's `--small` 3-field struct rows), and on
// every core at once it sends glibc into malloc_consolidate.

/// A run's memo of the first type's kind, in front of the process's answers in `shared`.
internal struct TypeKindCache<Kind> {
    private let shared: TypeKindTable<Kind>
    /// The first type the run asked about: the model itself, for a small document the only one.
    private var first: (type: ObjectIdentifier, kind: Kind)?

    /// A run's memo over the process's answers in `shared`.
    init(shared: TypeKindTable<Kind>) {
        self.shared = shared
    }

    /// `type`'s kind.
    @inline(__always)
    mutating func kind(of type: Any.Type) -> Kind {
        if let first, first.type == ObjectIdentifier(type) {
            return first.kind
        }
        return remember(type)
    }

    /// Asks the process's answers for `type`'s kind (working it out if nobody has), and keeps the first in the run.
    private mutating func remember(_ type: Any.Type) -> Kind {
        let kind = shared.kind(of: type)
        if first == nil { first = (ObjectIdentifier(type), kind) }
        return kind
    }
}

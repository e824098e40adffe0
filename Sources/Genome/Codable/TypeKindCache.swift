// What a Codable run needs to know about each type it meets (is it an array Genome reads or writes in one go, a
// custom Node type, a Foundation type that needs GenomeFoundation?) costs runtime conformance look-ups, a few
// hundred instructions each. The answer depends only on the type, so it is worked out once per process; a run
// keeps the answers it used close at hand, without a lock, in a cache that costs nothing until a second type
// comes along (a small document's run used to spend about a sixth of its instructions making and freeing a
// 64-slot cache).

/// A run's memo of each type's kind, backed by the process's answers in `shared`.
internal struct TypeKindCache<Kind> {
    private let shared: LockedState<[ObjectIdentifier: Kind]>
    private let lookUp: (Any.Type) -> Kind
    /// The first type the run asked about: the model itself, for a small document the only one.
    private var first: (type: ObjectIdentifier, kind: Kind)?
    /// The other types, direct-mapped by their identifier; made when a second type is asked about.
    private var slots: ContiguousArray<(type: ObjectIdentifier, kind: Kind)?>?

    /// `lookUp` works a type's kind out; it is called once per type per process.
    init(shared: LockedState<[ObjectIdentifier: Kind]>, lookUp: @escaping (Any.Type) -> Kind) {
        self.shared = shared
        self.lookUp = lookUp
    }

    /// `type`'s kind.
    @inline(__always)
    mutating func kind(of type: Any.Type) -> Kind {
        let identifier = ObjectIdentifier(type)
        if let first, first.type == identifier {
            return first.kind
        }
        let slot = Int(truncatingIfNeeded: UInt(bitPattern: identifier) >> 4) & 63
        if let slots, let cached = slots[slot], cached.type == identifier {
            return cached.kind
        }
        return remember(type, identifier, slot: slot)
    }

    /// Asks the process's answers for `type`'s kind (working it out if nobody has), and keeps it in the run.
    private mutating func remember(_ type: Any.Type, _ identifier: ObjectIdentifier, slot: Int) -> Kind {
        let kind: Kind
        if let known = shared.withLock({ $0[identifier] }) {
            kind = known
        } else {
            kind = lookUp(type)
            shared.withLock { $0[identifier] = kind }
        }
        if first == nil {
            first = (identifier, kind)
        } else {
            if slots == nil {
                slots = ContiguousArray(repeating: nil, count: 64)
            }
            slots![slot] = (identifier, kind)
        }
        return kind
    }
}

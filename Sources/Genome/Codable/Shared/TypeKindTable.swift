// The process's answers to "what kind of type is this?" for Codable runs (see `TypeKindCache`). Every run asks it
// about each type it meets, and a stream decoded on every core starts thousands of runs a second on several
// threads at once: behind a mutex, those look-ups would contend, and the lock would be among the costs that grow
// when a decode goes concurrent (StreamingBench's `lines-decode-concurrently` and `elements-decode-concurrently`
// cases). So reads take no lock: the table is insert-only, each slot is published once with a compare-and-swap,
// and an answer never changes once given.

internal import CGenomeShims

/// An insert-only, lock-free map from a type to its kind, shared by every thread of the process.
///
/// Open addressing over a fixed number of slots, each holding a pointer to an immortal `Entry` (one per type per
/// process, never freed: a program has a bounded number of types). If the slots near a type's hash are all taken,
/// the type's kind goes in an ordinary dictionary behind a lock instead, so the table never fails.
internal final class TypeKindTable<Kind>: @unchecked Sendable {
    // @unchecked: `slots` is only read and written through the C atomics; an `Entry` is immutable once published.

    private final class Entry {
        let type: ObjectIdentifier
        let kind: Kind

        init(type: ObjectIdentifier, kind: Kind) {
            self.type = type
            self.kind = kind
        }
    }

    private static var capacity: Int { 1 << 10 }
    /// How many slots a look-up probes before it turns to `overflow`.
    private static var probes: Int { 32 }

    private let slots: UnsafeMutablePointer<UnsafeMutableRawPointer?>
    private let overflow = LockedState([ObjectIdentifier: Kind]())
    private let lookUp: (Any.Type) -> Kind

    /// A table whose answers `lookUp` works out once per type (or once per thread that races for a new type; the
    /// first answer published is the one kept).
    init(lookUp: @escaping (Any.Type) -> Kind) {
        self.lookUp = lookUp
        slots = .allocate(capacity: Self.capacity)
        slots.initialize(repeating: nil, count: Self.capacity)
    }

    deinit {
        // Tables live in static lets; this runs only for one made by a test.
        for index in 0..<Self.capacity {
            if let entry = slots[index] { Unmanaged<Entry>.fromOpaque(entry).release() }
        }
        slots.deallocate()
    }

    /// `type`'s kind, worked out the first time the process asks.
    func kind(of type: Any.Type) -> Kind {
        let identifier = ObjectIdentifier(type)
        let mask = Self.capacity - 1
        // Type metadata is 8- or 16-byte aligned; mix the high bits in too.
        let bits = UInt(bitPattern: identifier)
        var slot = Int(truncatingIfNeeded: (bits >> 4) ^ (bits >> 14)) & mask
        var probed = 0
        while probed < Self.probes {
            if let raw = genome_slot_load(slots + slot) {
                let entry = Unmanaged<Entry>.fromOpaque(raw)
                if let kind = entry._withUnsafeGuaranteedRef({ $0.type == identifier ? $0.kind : nil }) {
                    return kind
                }
                slot = (slot + 1) & mask
                probed += 1
                continue
            }
            let kind = lookUp(type)
            let entry = Unmanaged.passRetained(Entry(type: identifier, kind: kind))
            if genome_slot_publish(slots + slot, entry.toOpaque()) { return kind }
            // Another thread filled the slot first: read it again, it may be this very type.
            entry.release()
        }
        if let known = overflow.withLock({ $0[identifier] }) { return known }
        let kind = lookUp(type)
        overflow.withLock { $0[identifier] = kind }
        return kind
    }
}

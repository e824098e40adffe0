// Equality and hashing without recursion. A document may nest up to `ReadingOptions.maximumDepthLimit` levels,
// and comparing or hashing it must not overflow a small thread stack, so neither walks the tree on the call
// stack: `==` keeps its pending pairs on a heap array, and `hash(into:)` looks only two levels deep.

extension Node: Equatable {
    /// Structural equality with JSON's meaning: numbers by value (`1 == 1.0`), objects regardless of key order.
    public static func == (lhs: Node, rhs: Node) -> Bool {
        var pending: [(Node, Node)] = []
        var left = lhs
        var right = rhs
        while true {
            switch (left, right) {
            case (.null, .null):
                break
            case (.bool(let a), .bool(let b)):
                guard a == b else { return false }
            case (.number(let a), .number(let b)):
                guard a == b else { return false }
            case (.string(let a), .string(let b)):
                // By Unicode scalars, as keys compare (see `Node`): `"é" != "e\u{301}"`.
                guard keysEqual(a, b) else { return false }
            case (.array(let a), .array(let b)):
                guard a.count == b.count else { return false }
                pending.append(contentsOf: zip(a, b))
            case (.object(let a), .object(let b)):
                guard a.count == b.count else { return false }
                for (position, entry) in a.storedEntries.enumerated() {
                    // Same key order is the common case: try the same position before looking the key up.
                    let other = b.entry(at: position)
                    if other.fingerprint == entry.fingerprint && keysEqual(other.key, entry.key) {
                        pending.append((entry.value, other.value))
                    } else if let value = b[entry.key] {
                        pending.append((entry.value, value))
                    } else {
                        return false
                    }
                }
            default:
                return false
            }
            guard let next = pending.popLast() else { return true }
            (left, right) = next
        }
    }
}

extension Node: Hashable {
    /// Hashes the kind and value of scalars, and the size and first-level contents of containers.
    ///
    /// Equal nodes always hash equally (numbers by value, object members in any order). Nodes that differ only
    /// deeper than two levels collide, which costs a `==` in a `Set` or `Dictionary` but never correctness,
    /// and keeps hashing safe for any depth.
    public func hash(into hasher: inout Hasher) {
        hashShallowly(into: &hasher, levels: 2)
    }

    private func hashShallowly(into hasher: inout Hasher, levels: Int) {
        switch self {
        case .null:
            hasher.combine(0 as UInt8)
        case .bool(let value):
            hasher.combine(1 as UInt8)
            hasher.combine(value)
        case .number(let value):
            hasher.combine(2 as UInt8)
            hasher.combine(value)
        case .string(let value):
            hasher.combine(3 as UInt8)
            hasher.combine(value)
        case .array(let elements):
            hasher.combine(4 as UInt8)
            hasher.combine(elements.count)
            guard levels > 1 else { return }
            for element in elements {
                element.hashShallowly(into: &hasher, levels: levels - 1)
            }
        case .object(let object):
            hasher.combine(5 as UInt8)
            hasher.combine(object.count)
            guard levels > 1 else { return }
            // Members are combined commutatively, to agree with `==`, which ignores key order.
            var combined = 0
            for entry in object.storedEntries {
                var memberHasher = Hasher()
                memberHasher.combine(entry.key)
                entry.value.hashShallowly(into: &memberHasher, levels: levels - 1)
                combined &+= memberHasher.finalize()
            }
            hasher.combine(combined)
        }
    }
}

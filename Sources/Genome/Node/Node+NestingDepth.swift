// How deep a value nests, for code that places a value it did not read (a JSON Patch's `copy`, `move` or `add`):
// freeing a node releases its levels recursively, so a value nested far deeper than a document may be could run a
// thread out of stack, and no such value may come from data.

extension Node {
    /// Whether this value nests containers more than `limit` levels deep: a scalar is 0 levels, `[]` and `{}` are
    /// 1, `[[1]]` is 2.
    ///
    /// Without recursion, and without exploring more than `limit` levels. Containers are told apart by their
    /// storage: one that several parents share, as a patch's `copy` makes, is explored again only when it is met
    /// at a deeper level than before, so the cost follows the distinct containers, not the size the shared tree
    /// would have if written out.
    internal func nestsDeeper(than limit: Int) -> Bool {
        guard limit >= 0 else { return true }
        var pending: [(node: Node, level: Int)] = [(self, 1)]
        var deepestStart: [UInt: Int] = [:]
        while let (node, level) = pending.popLast() {
            switch node {
            case .array(let elements):
                guard level <= limit else { return true }
                let storage = elements.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
                guard !elements.isEmpty, deepestStart[storage, default: 0] < level else { continue }
                deepestStart[storage] = level
                for element in elements where element.isContainer { pending.append((element, level + 1)) }
            case .object(let object):
                guard level <= limit else { return true }
                let entries = object.storedEntries
                let storage = entries.withUnsafeBufferPointer { UInt(bitPattern: $0.baseAddress) }
                guard !entries.isEmpty, deepestStart[storage, default: 0] < level else { continue }
                deepestStart[storage] = level
                for entry in entries where entry.value.isContainer { pending.append((entry.value, level + 1)) }
            default:
                continue
            }
        }
        return false
    }

    /// Whether this is an array or an object.
    internal var isContainer: Bool {
        switch self {
        case .array, .object: true
        default: false
        }
    }
}

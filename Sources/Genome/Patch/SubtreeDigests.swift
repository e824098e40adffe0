/// A hash and a size for every subtree of a document, numbered in preorder (the root is 0, its first child 1, and
/// a container's children follow one another, each after the whole subtree of the one before).
///
/// The diff compares subtrees by digest before it compares them with `==`, so that it recognises equal subtrees
/// without walking them again at every level: digests are computed once, in O(size of the document), and without
/// recursion, so any depth is fine. Equal nodes have equal digests (numbers by value, object members in any order,
/// as `Node`'s `==`); unequal nodes almost always differ, and `==` settles the rest.
internal struct SubtreeDigests {
    /// By preorder number: the subtree's hash.
    private(set) var hashes: [Int] = []
    /// By preorder number: how many nodes the subtree holds, itself included.
    private(set) var sizes: [Int] = []

    init(_ root: Node) {
        // The containers being hashed, innermost last; scalars are hashed on the spot.
        var open: [OpenContainer] = []
        if let container = OpenContainer(root, id: 0) {
            append()
            open.append(container)
        } else {
            append()
            hashes[0] = Self.scalarHash(root)
            return
        }
        while let top = open.indices.last {
            if let (key, child) = open[top].nextChild() {
                let id = hashes.count
                append()
                if let container = OpenContainer(child, id: id, key: key) {
                    open.append(container)
                } else {
                    hashes[id] = Self.scalarHash(child)
                    open[top].combine(childHash: hashes[id], key: key)
                }
            } else {
                let finished = open.removeLast()
                hashes[finished.id] = finished.finalize()
                sizes[finished.id] = hashes.count - finished.id
                if let parent = open.indices.last {
                    open[parent].combine(childHash: hashes[finished.id], key: finished.key)
                }
            }
        }
    }

    private mutating func append() {
        hashes.append(0)
        sizes.append(1)
    }

    /// The preorder numbers of the children of the container numbered `id`, which has `count` children.
    func childIDs(of id: Int, count: Int) -> [Int] {
        var ids: [Int] = []
        ids.reserveCapacity(count)
        var next = id + 1
        for _ in 0..<count {
            ids.append(next)
            next += sizes[next]
        }
        return ids
    }

    private static func scalarHash(_ node: Node) -> Int {
        var hasher = Hasher()
        node.hash(into: &hasher)  // for a scalar, its kind and its value
        return hasher.finalize()
    }
}

/// A container whose children are being hashed.
private struct OpenContainer {
    let id: Int
    /// The key of this container in its parent object, if its parent is an object.
    let key: String?
    private let elements: [Node]?
    private let members: Node.Object?
    private var next = 0
    /// Elements in order; members combined commutatively, since `==` ignores key order.
    private var ordered = Hasher()
    private var commutative = 0

    init?(_ node: Node, id: Int, key: String? = nil) {
        switch node {
        case .array(let elements):
            self.elements = elements
            self.members = nil
        case .object(let members):
            self.elements = nil
            self.members = members
        default:
            return nil
        }
        self.id = id
        self.key = key
    }

    mutating func nextChild() -> (key: String?, value: Node)? {
        if let elements {
            guard next < elements.count else { return nil }
            next += 1
            return (nil, elements[next - 1])
        }
        guard let members, next < members.count else { return nil }
        next += 1
        let member = members[next - 1]
        return (member.key, member.value)
    }

    mutating func combine(childHash: Int, key: String?) {
        if let key {
            var member = Hasher()
            member.combine(key)
            member.combine(childHash)
            commutative &+= member.finalize()
        } else {
            ordered.combine(childHash)
        }
    }

    func finalize() -> Int {
        var hasher = ordered
        if let members {
            hasher.combine(5 as UInt8)
            hasher.combine(members.count)
            hasher.combine(commutative)
        } else {
            hasher.combine(4 as UInt8)
            hasher.combine(elements?.count ?? 0)
        }
        return hasher.finalize()
    }
}

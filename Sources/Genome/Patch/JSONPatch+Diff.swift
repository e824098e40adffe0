// Computing a patch between two documents.
//
// The walk goes down both documents together, with its pending pairs on a heap array rather than the call stack,
// so that any depth is fine. Pointers are kept as links to their parent's pointer and only spelled out for the
// operations emitted, so a deep document does not cost a copy of its path at every level. Subtrees are compared by
// digest first (`SubtreeDigests`), so each equal subtree is recognised once, not once per level above it.
//
// What it emits, for a pair of values that differ:
// - two objects: `remove` for each key only in the first, `add` for each key only in the second, and the
//   differences of the values under each common key;
// - two arrays: the common prefix and suffix are kept; in between, elements are compared position by position, and
//   the surplus is removed (from the highest index down) or added (in order);
// - anything else: one `replace` of that value.
// No `move` or `copy` is emitted.

extension JSONPatch {
    /// A patch that turns `source` into `target`: `JSONPatch(from: a, to: b).applied(to: a) == b`.
    ///
    /// ```swift
    /// let a: Node = ["name": "Rover", "tags": ["good"], "age": 3]
    /// let b: Node = ["name": "Rover", "tags": ["good", "loyal"]]
    /// JSONPatch(from: a, to: b).node
    /// // [{"op":"remove","path":"/age"},{"op":"add","path":"/tags/1","value":"loyal"}]
    /// ```
    ///
    /// The patch changes only what differs: members are added, removed or changed one by one, an insertion or a
    /// removal in one place of an array is one operation, and a value is replaced whole only where its kind changes
    /// or it is a scalar. Equality is `Node`'s: `1` and `1.0` are equal, so no operation turns one into the other,
    /// and object key order is not a difference. Neither document is walked on the call stack, so any depth is
    /// fine.
    ///
    /// - Complexity: O(size of both documents), plus the length of the pointer of each operation emitted.
    public init(from source: Node, to target: Node) {
        var diff = Diff(source: source, target: target)
        diff.run()
        self.init(diff.operations)
    }
}

private struct Diff {
    let sourceDigests: SubtreeDigests
    let targetDigests: SubtreeDigests
    var operations: [JSONPatch.Operation] = []
    /// Pointers as links: entry `i` is the pointer of entry `parent` followed by `token`; entry 0 is `""`.
    var pointerLinks: [(parent: Int, token: String)] = [(-1, "")]
    /// Pairs still to compare, the next one last.
    var pending: [Pair] = []

    struct Pair {
        var source: Node
        var sourceID: Int
        var target: Node
        var targetID: Int
        var pointer: Int
    }

    init(source: Node, target: Node) {
        sourceDigests = SubtreeDigests(source)
        targetDigests = SubtreeDigests(target)
        pending = [Pair(source: source, sourceID: 0, target: target, targetID: 0, pointer: 0)]
    }

    mutating func run() {
        while let pair = pending.popLast() {
            guard !same(pair.source, pair.sourceID, pair.target, pair.targetID) else { continue }
            switch (pair.source, pair.target) {
            case (.object(let source), .object(let target)):
                compareObjects(source, target, pair)
            case (.array(let source), .array(let target)):
                compareArrays(source, target, pair)
            default:
                operations.append(.replace(path: pointer(pair.pointer), value: pair.target))
            }
        }
    }

    func same(_ source: Node, _ sourceID: Int, _ target: Node, _ targetID: Int) -> Bool {
        sourceDigests.hashes[sourceID] == targetDigests.hashes[targetID]
            && sourceDigests.sizes[sourceID] == targetDigests.sizes[targetID] && source == target
    }

    mutating func compareObjects(_ source: Node.Object, _ target: Node.Object, _ pair: Pair) {
        let sourceIDs = sourceDigests.childIDs(of: pair.sourceID, count: source.count)
        let targetIDs = targetDigests.childIDs(of: pair.targetID, count: target.count)
        var common: [Pair] = []
        var base: JSONPointer?  // spelled out only when an operation here needs it
        for (position, member) in source.enumerated() {
            if let targetPosition = target.position(of: member.key) {
                common.append(
                    Pair(
                        source: member.value, sourceID: sourceIDs[position], target: target[targetPosition].value,
                        targetID: targetIDs[targetPosition], pointer: link(pair.pointer, member.key)))
            } else {
                base = base ?? pointer(pair.pointer)
                operations.append(.remove(path: base!.appending(member.key)))
            }
        }
        for member in target where source.position(of: member.key) == nil {
            base = base ?? pointer(pair.pointer)
            operations.append(.add(path: base!.appending(member.key), value: member.value))
        }
        pending.append(contentsOf: common.reversed())
    }

    mutating func compareArrays(_ source: [Node], _ target: [Node], _ pair: Pair) {
        let sourceIDs = sourceDigests.childIDs(of: pair.sourceID, count: source.count)
        let targetIDs = targetDigests.childIDs(of: pair.targetID, count: target.count)
        let shorter = min(source.count, target.count)
        var prefix = 0
        while prefix < shorter && same(source[prefix], sourceIDs[prefix], target[prefix], targetIDs[prefix]) {
            prefix += 1
        }
        var suffix = 0
        while suffix < shorter - prefix {
            let s = source.count - 1 - suffix
            let t = target.count - 1 - suffix
            guard same(source[s], sourceIDs[s], target[t], targetIDs[t]) else { break }
            suffix += 1
        }
        let sourceMiddle = source.count - prefix - suffix
        let targetMiddle = target.count - prefix - suffix
        let paired = min(sourceMiddle, targetMiddle)
        // Positions past the paired ones change first; the paired positions keep their indices either way.
        if sourceMiddle != targetMiddle {
            let base = pointer(pair.pointer)
            if sourceMiddle > paired {
                for index in stride(from: prefix + sourceMiddle - 1, through: prefix + paired, by: -1) {
                    operations.append(.remove(path: base.appending(String(index))))
                }
            }
            for index in (prefix + paired)..<(prefix + targetMiddle) {
                operations.append(.add(path: base.appending(String(index)), value: target[index]))
            }
        }
        for index in (prefix..<(prefix + paired)).reversed() {
            let link = link(pair.pointer, String(index))
            pending.append(
                Pair(
                    source: source[index], sourceID: sourceIDs[index], target: target[index],
                    targetID: targetIDs[index], pointer: link))
        }
    }

    mutating func link(_ parent: Int, _ token: String) -> Int {
        pointerLinks.append((parent, token))
        return pointerLinks.count - 1
    }

    func pointer(_ link: Int) -> JSONPointer {
        var tokens: [String] = []
        var current = link
        while current > 0 {
            tokens.append(pointerLinks[current].token)
            current = pointerLinks[current].parent
        }
        return JSONPointer(tokens: tokens.reversed())
    }
}

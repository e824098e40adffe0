// Walking a document along reference tokens, without recursion, to read or to change it in place.
//
// To change a value deep inside a document without copying the containers above it, each container on the way is
// moved out of its parent (the parent's slot holds `.null` meanwhile), so that every container the change touches
// is uniquely referenced and Swift mutates it in place. Afterwards the containers go back, innermost first. A patch
// of a million operations therefore costs a million walks, not a million copies of the document, and a pointer
// 10,000 tokens long uses a heap array of 10,000 frames, not 10,000 stack frames.

/// Why a walk along reference tokens stopped: the step at ``depth`` (tokens `0..<depth` were followed) failed.
internal struct PointerWalkFailure: Error, Equatable {
    enum Kind: Error, Equatable {
        /// The object has no member with that key, or the array no element at that index.
        case missing
        /// The token met a string, number, bool or null.
        case cannotStep(into: Node.Kind)
        /// The token, in an array, is not an index.
        case notAnIndex
        /// The index, in an array of `count` elements, is past the end (or `-`, or beyond `Int`).
        case outOfBounds(count: Int)
    }

    var depth: Int
    var kind: Kind
}

extension Node {
    /// The child that `token` names in this node, or why there is none.
    internal func child(_ token: String) -> Result<Node, PointerWalkFailure.Kind> {
        switch self {
        case .object(let object):
            guard let value = object[token] else { return .failure(.missing) }
            return .success(value)
        case .array(let array):
            let position = ArrayPosition(token)
            if let index = position.existingIndex(count: array.count) { return .success(array[index]) }
            return .failure(position == .notAnIndex ? .notAnIndex : .outOfBounds(count: array.count))
        default:
            return .failure(.cannotStep(into: kind))
        }
    }

    /// The value at `tokens`, read without changing anything.
    internal func value(atTokens tokens: some Sequence<String>) -> Result<Node, PointerWalkFailure> {
        var current = self
        for (depth, token) in tokens.enumerated() {
            switch current.child(token) {
            case .success(let next): current = next
            case .failure(let kind): return .failure(PointerWalkFailure(depth: depth, kind: kind))
            }
        }
        return .success(current)
    }

    /// Runs `body` on the value at `tokens`, moved out of the document so that changing it copies only what is
    /// shared with another document, and puts it back afterwards, whether `body` throws or not.
    ///
    /// Nothing changes when the walk fails; what `body` did before it threw stays.
    internal mutating func withValue<Result>(
        atTokens tokens: some Sequence<String>, _ body: (inout Node) throws(PointerWalkFailure) -> Result
    ) throws(PointerWalkFailure) -> Result {
        var frames: [DetachedParent] = []
        var current = Node.null
        swap(&current, &self)
        defer {
            frames.reattach(around: &current)
            swap(&current, &self)
        }
        for (depth, token) in tokens.enumerated() {
            var child = Node.null
            if var object = current.takeObject() {
                guard let position = object.position(of: token) else {
                    current = .object(object)
                    throw PointerWalkFailure(depth: depth, kind: .missing)
                }
                object.swapValue(at: position, with: &child)
                frames.append(DetachedParent(container: .object(object), position: position))
            } else if var array = current.takeArray() {
                let position = ArrayPosition(token)
                guard let index = position.existingIndex(count: array.count) else {
                    let kind: PointerWalkFailure.Kind =
                        position == .notAnIndex ? .notAnIndex : .outOfBounds(count: array.count)
                    current = .array(array)
                    throw PointerWalkFailure(depth: depth, kind: kind)
                }
                swap(&array[index], &child)
                frames.append(DetachedParent(container: .array(array), position: index))
            } else {
                throw PointerWalkFailure(depth: depth, kind: .cannotStep(into: current.kind))
            }
            current = child
        }
        return try body(&current)
    }

    /// Runs `body` on this node's array, or its object, moved out of the node so that changing it copies
    /// nothing, and puts it back whether `body` throws or not. For any other kind of value, throws
    /// `.cannotStep` at `depth`.
    internal mutating func withContainer<Result>(
        depth: Int,
        array: (inout [Node]) throws(PointerWalkFailure) -> Result,
        object: (inout Node.Object) throws(PointerWalkFailure) -> Result
    ) throws(PointerWalkFailure) -> Result {
        if var elements = takeArray() {
            defer { self = .array(elements) }
            return try array(&elements)
        }
        if var members = takeObject() {
            defer { self = .object(members) }
            return try object(&members)
        }
        throw PointerWalkFailure(depth: depth, kind: .cannotStep(into: kind))
    }

    /// This node's array, moved out of it (the node is `null` meanwhile), so that the array is uniquely referenced
    /// and changes in place; nil, and nothing changes, for any other kind of value.
    ///
    /// A function of its own, rather than a `case .array(var elements)` in the caller: a `switch` may keep its
    /// subject alive, and with it a second reference to the array, until the case ends (it does in debug builds),
    /// and then every change would copy the array.
    internal mutating func takeArray() -> [Node]? {
        guard case .array(let elements) = self else { return nil }
        self = .null
        return elements
    }

    /// This node's object, moved out of it; see ``takeArray()``.
    internal mutating func takeObject() -> Node.Object? {
        guard case .object(let members) = self else { return nil }
        self = .null
        return members
    }
}

// Applying a patch: every operation changes one working copy in place (see `Node+PointerWalk.swift`), which is
// returned when all succeed and dropped when one fails. The caller's document shares storage with the working copy
// until the first change, and is never changed itself.

extension JSONPatch {
    /// The document with every operation applied in order; all or nothing.
    ///
    /// ```swift
    /// let patch = try JSONPatch([["op": "test", "path": "/version", "value": 3],
    ///                            ["op": "replace", "path": "/version", "value": 4]])
    /// try patch.applied(to: ["version": 3])   // {"version":4}
    /// try patch.applied(to: ["version": 2])
    /// // JSONPatchError at operation 0 (test "/version"): test expected 3 but found 2
    /// ```
    ///
    /// Pointers follow RFC 6901: in an array a token is an index only when it is `0` or digits without a leading
    /// zero, and `-` (past the end) is allowed only as the last token of an `add`. `add` and the target of `move`
    /// and `copy` need the parent to exist and insert into arrays; `remove`, `replace`, `test` and the source of
    /// `move` and `copy` need the value to exist. A `move` into its own child is an error; a `move` to where the
    /// value already is changes nothing. Removing the whole document (`""`) is an error, and so is an `add`,
    /// `replace`, `copy` or `move` that places an array or object where the document would then nest deeper than
    /// ``Node/ReadingOptions/maximumDepthLimit`` levels (as deep as a document Genome reads may be), unless a
    /// `copy` or `move` takes it from a place at least as deep: a few bytes of `copy` operations could otherwise
    /// nest a document deep enough to run out of stack when it is freed.
    ///
    /// - Throws: ``JSONPatchError`` for the first operation that fails, with its index, its pointer and the
    ///   reason. The document passed in is never changed.
    /// - Complexity: for each operation, O(length of its pointers), plus the shifting of an array insertion or
    ///   removal (O(elements after it)), an object removal (O(members)), or a `test`'s comparison; an `add`,
    ///   `replace`, `copy` or `move` also looks at the containers of the value it places. No operation copies the
    ///   document; a container is copied at most once, the first time the patch changes it.
    public func applied(to document: Node) throws(JSONPatchError) -> Node {
        var working = document
        for (index, operation) in operations.enumerated() {
            try working.apply(operation, index: index)
        }
        return working
    }
}

extension Node {
    fileprivate mutating func apply(_ operation: JSONPatch.Operation, index: Int) throws(JSONPatchError) {
        func fail(_ pointer: JSONPointer, _ reason: JSONPatchError.Reason) -> JSONPatchError {
            JSONPatchError(operationIndex: index, operationName: operation.name, pointer: pointer, reason: reason)
        }
        func fail(_ pointer: JSONPointer, _ failure: PointerWalkFailure) -> JSONPatchError {
            fail(pointer, failure.reason(in: pointer))
        }
        // A value placed at `path` nests the document there `path.tokens.count` levels plus its own. A scalar adds
        // no level, and a value moved or copied from a place at least as deep (`from`) makes nothing deeper than
        // it was, so a document built deeper in code can still be patched; anything else must stay in the limit.
        func checkDepth(of value: Node, at path: JSONPointer, from: JSONPointer? = nil) throws(JSONPatchError) {
            if let from, path.tokens.count <= from.tokens.count { return }
            let limit = Node.ReadingOptions.maximumDepthLimit
            guard value.isContainer, value.nestsDeeper(than: limit - path.tokens.count) else { return }
            throw fail(path, .tooDeeplyNested(limit: limit))
        }
        switch operation {
        case .add(let path, let value):
            try checkDepth(of: value, at: path)
            do { try add(value, at: path.tokens) } catch { throw fail(path, error) }
        case .remove(let path):
            guard !path.tokens.isEmpty else { throw fail(path, .removesWholeDocument) }
            do { _ = try remove(at: path.tokens) } catch { throw fail(path, error) }
        case .replace(let path, let value):
            try checkDepth(of: value, at: path)
            do { try withValue(atTokens: path.tokens) { $0 = value } } catch { throw fail(path, error) }
        case .move(let from, let path):
            guard !from.isProperPrefix(of: path) else { throw fail(path, .moveIntoOwnChild(from: from)) }
            if from == path {
                if case .failure(let failure) = value(atTokens: from.tokens) { throw fail(from, failure) }
                return
            }
            let moved: Node
            do { moved = try remove(at: from.tokens) } catch { throw fail(from, error) }
            try checkDepth(of: moved, at: path, from: from)
            do { try add(moved, at: path.tokens) } catch { throw fail(path, error) }
        case .copy(let from, let path):
            let copied: Node
            switch value(atTokens: from.tokens) {
            case .success(let value): copied = value
            case .failure(let failure): throw fail(from, failure)
            }
            try checkDepth(of: copied, at: path, from: from)
            do { try add(copied, at: path.tokens) } catch { throw fail(path, error) }
        case .test(let path, let expected):
            switch value(atTokens: path.tokens) {
            case .success(let found):
                guard found == expected else { throw fail(path, .testFailed(expected: expected, found: found)) }
            case .failure(let failure):
                throw fail(path, failure)
            }
        }
    }

    /// RFC 6902's `add`: the parent must exist; an object gets or replaces the member, an array gets the value
    /// inserted before the index (or appended for `-`), and the empty pointer replaces the document.
    private mutating func add(_ value: Node, at tokens: [String]) throws(PointerWalkFailure) {
        guard let last = tokens.last else {
            self = value
            return
        }
        let depth = tokens.count - 1
        try withValue(atTokens: tokens.dropLast()) { parent throws(PointerWalkFailure) in
            try parent.withContainer(depth: depth) { array throws(PointerWalkFailure) in
                switch ArrayPosition(last) {
                case .index(let index) where index <= array.count: array.insert(value, at: index)
                case .end: array.append(value)
                case .notAnIndex: throw PointerWalkFailure(depth: depth, kind: .notAnIndex)
                default: throw PointerWalkFailure(depth: depth, kind: .outOfBounds(count: array.count))
                }
            } object: { object in
                object[last] = value
            }
        }
    }

    /// RFC 6902's `remove` of a value that must exist; returns it.
    private mutating func remove(at tokens: [String]) throws(PointerWalkFailure) -> Node {
        let last = tokens[tokens.count - 1]
        let depth = tokens.count - 1
        return try withValue(atTokens: tokens.dropLast()) { parent throws(PointerWalkFailure) in
            try parent.withContainer(depth: depth) { array throws(PointerWalkFailure) in
                let position = ArrayPosition(last)
                guard let index = position.existingIndex(count: array.count) else {
                    let kind: PointerWalkFailure.Kind =
                        position == .notAnIndex ? .notAnIndex : .outOfBounds(count: array.count)
                    throw PointerWalkFailure(depth: depth, kind: kind)
                }
                return array.remove(at: index)
            } object: { object throws(PointerWalkFailure) in
                guard let removed = object.removeValue(forKey: last) else {
                    throw PointerWalkFailure(depth: depth, kind: .missing)
                }
                return removed
            }
        }
    }
}

extension PointerWalkFailure {
    /// The patch error's reason for this failure of a walk along `pointer`.
    fileprivate func reason(in pointer: JSONPointer) -> JSONPatchError.Reason {
        let container = JSONPointer(tokens: Array(pointer.tokens.prefix(depth)))
        let token = pointer.tokens[depth]
        switch kind {
        case .missing: return .noValue(at: container.appending(token))
        case .cannotStep(let kind): return .cannotStep(into: kind, at: container)
        case .notAnIndex: return .notAnIndex(token, at: container)
        case .outOfBounds(let count): return .indexOutOfBounds(token, count: count, at: container)
        }
    }
}

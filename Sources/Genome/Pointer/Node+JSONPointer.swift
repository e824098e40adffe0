// Reading, writing and decoding at a JSON Pointer. Each call means the same as its key-path twin
// (`Node+Path.swift`, `Node+Decode.swift`) once the pointer's tokens are read against the document: a token is an
// index where it meets an array, and a key everywhere else.

extension Node {
    /// The value `pointer` names, or `nil` when a step is missing: `node[try JSONPointer("/items/0/name")]`.
    ///
    /// A token is an index in an array (`0`, or digits without a leading zero) and a key in an object. `-`, an
    /// index past the end and a token that is not an index all give `nil` in an array.
    ///
    /// - Complexity: O(number of tokens); no container is copied.
    public subscript(pointer: JSONPointer) -> Node? {
        try? value(atTokens: pointer.tokens).get()
    }

    /// Stores `value` at `pointer`, as ``setValue(_:at:)-(_,Collection<PathComponent>)`` does along a key path: a missing member or a `null` on
    /// the way becomes an object holding the rest of the path, an index replaces an element, and the index equal
    /// to the array's count, or `-`, appends.
    ///
    /// ```swift
    /// var node: Node = ["tags": ["a"]]
    /// try node.setValue("b", at: JSONPointer("/tags/-"))       // {"tags":["a","b"]}
    /// try node.setValue(1, at: JSONPointer("/owner/id"))       // {"tags":["a","b"],"owner":{"id":1}}
    /// ```
    ///
    /// This is a setter, not JSON Patch's `add`, which inserts into arrays and creates nothing in between: for
    /// that, apply a ``JSONPatch``.
    ///
    /// - Throws: ``NodePathError`` for a step into a string, number or bool, a token that is not an index in an
    ///   array, an index beyond the end, or more than ``Node/maximumNewLevels`` tokens past what exists; the node is
    ///   then unchanged. Its path is ``JSONPointer/path(in:)``
    ///   up to the failing step.
    /// - Complexity: O(number of tokens), plus the cost of the array insertion or object member it makes.
    public mutating func setValue(_ value: Node, at pointer: JSONPointer) throws(NodePathError) {
        let tokens = pointer.tokens
        // Find how much of the path exists, and check that the rest can be created, before changing anything.
        var existing = 0
        var current = self
        while existing < tokens.count, case .success(let next) = current.child(tokens[existing]) {
            current = next
            existing += 1
        }
        if existing < tokens.count {
            let token = tokens[existing]
            switch current {
            case .object, .null:
                break
            case .array(let array):
                switch ArrayPosition(token) {
                case .end: break
                case .index(let index) where index == array.count: break
                case .notAnIndex:
                    throw pathError(pointer, depth: existing, .cannotStep(into: .array))
                default:
                    throw pathError(pointer, depth: existing, .indexOutOfBounds(count: array.count))
                }
            default:
                throw pathError(pointer, depth: existing, .cannotStep(into: current.kind))
            }
            // Every token after the container found adds a level, and so does the one into a `null`.
            let firstNew = current.isNull ? existing : existing + 1
            if tokens.count - firstNew > Node.maximumNewLevels {
                throw pathError(
                    pointer, depth: firstNew + Node.maximumNewLevels, .tooManyNewLevels(limit: Node.maximumNewLevels))
            }
        }
        // The part that does not exist yet is built outside the document, innermost first.
        var created = value
        for token in tokens.dropFirst(existing + 1).reversed() {
            created = .object([token: created])
        }
        do {
            try withValue(atTokens: tokens.prefix(existing)) { target throws(PointerWalkFailure) in
                guard existing < tokens.count else {
                    target = created
                    return
                }
                switch target {
                case .null:
                    target = .object([tokens[existing]: created])
                default:
                    try target.withContainer(depth: existing) { array in
                        array.append(created)
                    } object: { object in
                        object[tokens[existing]] = created
                    }
                }
            }
        } catch {
            preconditionFailure("a path checked before the change failed during it: \(error)")
        }
    }

    /// Removes the value at `pointer`: a member from its object, or an element from its array. The empty pointer
    /// makes the node `null`, as the empty key path does.
    ///
    /// As ``removeValue(at:)-(Collection<PathComponent>)`` along a key path, a pointer that leads nowhere is not an error (there is nothing
    /// to remove), but a step into the wrong kind of value (a string, or an array by a token that is not an
    /// index) throws ``NodePathError`` and changes nothing.
    public mutating func removeValue(at pointer: JSONPointer) throws(NodePathError) {
        let tokens = pointer.tokens
        guard let last = tokens.last else {
            self = .null
            return
        }
        do {
            try withValue(atTokens: tokens.dropLast()) { parent throws(PointerWalkFailure) in
                try parent.withContainer(depth: tokens.count - 1) { array throws(PointerWalkFailure) in
                    switch ArrayPosition(last) {
                    case .notAnIndex: throw PointerWalkFailure(depth: tokens.count - 1, kind: .notAnIndex)
                    case .index(let index) where index < array.count: array.remove(at: index)
                    default: break
                    }
                } object: { object in
                    object[last] = nil
                }
            }
        } catch {
            switch error.kind {
            case .missing, .outOfBounds: return
            case .notAnIndex: throw pathError(pointer, depth: error.depth, .cannotStep(into: .array))
            case .cannotStep(let kind): throw pathError(pointer, depth: error.depth, .cannotStep(into: kind))
            }
        }
    }

    /// A ``NodePathError`` for the step at `depth` of `pointer`, with the pointer read against this document.
    private func pathError(_ pointer: JSONPointer, depth: Int, _ reason: NodePathError.Reason) -> NodePathError {
        NodePathError(path: Array(pointer.path(in: self).prefix(depth + 1)), reason: reason)
    }

    /// Decodes the value at `pointer`, with the same behaviour and errors as ``decode(path:as:in:)`` along the key path
    /// ``JSONPointer/path(in:)`` gives:
    ///
    /// ```swift
    /// let login: String = try json.decode(at: JSONPointer("/owner/login"))
    /// // MissingKeyError at owner: no key "login" in {"id":1}
    /// ```
    public func decode<T: NodeDecodable>(at pointer: JSONPointer) throws -> T {
        try decode(path: pointer.path(in: self), as: T.self)
    }

    /// Decodes the value at `pointer`, or returns nil when a step is missing or `null`, as
    /// ``decodeIfPresent(path:as:in:)`` does along a key path. A value of the wrong type still throws.
    public func decodeIfPresent<T: NodeDecodable>(at pointer: JSONPointer) throws -> T? {
        try decodeIfPresent(path: pointer.path(in: self), as: T.self)
    }
}

extension JSONPointer {
    /// The key path this pointer walks in `document`: a token is an index where it meets an array, and a key
    /// everywhere else.
    ///
    /// ```swift
    /// let node: Node = ["items": [["0": "zero"]]]
    /// try JSONPointer("/items/0/0").path(in: node)   // ["items", 0, "0"]: an index, then a key
    /// ```
    ///
    /// In an array, `-` is the index equal to its count (past the end), and a token that is no index, or one too
    /// large for `Int`, stays a key (which no array has). Past the end of the document every token is a key.
    public func path(in document: Node) -> [PathComponent] {
        var path: [PathComponent] = []
        path.reserveCapacity(tokens.count)
        var current: Node? = document
        for token in tokens {
            if case .array(let array)? = current {
                switch ArrayPosition(token) {
                case .index(let index): path.append(.index(index))
                case .end: path.append(.index(array.count))
                case .tooLarge, .notAnIndex: path.append(.key(token))
                }
            } else {
                path.append(.key(token))
            }
            current = current.flatMap { try? $0.child(token).get() }
        }
        return path
    }
}

// NodeDecoder's side of `Coercions`: the few places in DecoderImplementation where a value of the wrong JSON type
// would throw call in here first. Every call sits on an error path, so a decoder without coercions (the default)
// runs no code of this file until it is about to throw anyway.

extension DecoderImplementation {
    // One call each in the unboxing functions' error branches, which are inlined into every primitive read: the
    // closures and the loop stay here, out of the hot code.

    /// A `Bool` from `node` after a coercion, or the type mismatch.
    @inline(never)
    func coercedBool(_ node: Node, path: () -> [any CodingKey]) throws -> Bool {
        if let value = coerced(node, path: path, read: { try unboxBool($0, path: path) }) { return value }
        throw CodingErrors.mismatch(Bool.self, found: node, path: path())
    }

    /// A `Double` from `node` after a coercion, or the type mismatch.
    @inline(never)
    func coercedDouble(_ node: Node, path: () -> [any CodingKey]) throws -> Double {
        if let value = coerced(node, path: path, read: { try unboxDouble($0, path: path) }) { return value }
        throw CodingErrors.mismatch(Double.self, found: node, path: path())
    }

    /// A `Float` from `node` after a coercion, or the type mismatch.
    @inline(never)
    func coercedFloat(_ node: Node, path: () -> [any CodingKey]) throws -> Float {
        if let value = coerced(node, path: path, read: { try unboxFloat($0, path: path) }) { return value }
        throw CodingErrors.mismatch(Float.self, found: node, path: path())
    }

    /// An integer from `node` after a coercion, or the type mismatch.
    @inline(never)
    func coercedInteger<Integer: FixedWidthInteger>(
        _ node: Node, _ type: Integer.Type, path: () -> [any CodingKey]
    ) throws -> Integer {
        if let value = coerced(node, path: path, read: { try unboxInteger($0, Integer.self, path: path) }) {
            return value
        }
        throw CodingErrors.mismatch(Integer.self, found: node, path: path())
    }

    /// `node` read by `read` after a coercion, when the run's coercions allow one that fits; recorded as a
    /// `Recovery`. Nil when none applies, and the caller throws its type mismatch.
    private func coerced<Value>(
        _ node: Node, path: () -> [any CodingKey], read: (Node) throws -> Value
    ) -> Value? {
        let coercions = run.settings.value.coercions
        guard !coercions.isEmpty else { return nil }
        for candidate in node.scalarCoercions(coercions) {
            if let value = try? read(candidate) {
                Recoveries.record(
                    .valueCoerced, codingPath: path(),
                    replacing: CodingErrors.mismatch(Value.self, found: node, path: path()))
                return value
            }
        }
        return nil
    }

    /// `[node]` when the run coerces single values to arrays (recorded as a `Recovery`); nil otherwise, and for
    /// null, which stays `valueNotFound`.
    @inline(never)
    func coercedToArray(_ node: Node) -> [Node]? {
        guard run.settings.value.coercions.contains(.arraysFromSingleValues), !node.isNull else { return nil }
        Recoveries.record(
            .valueCoerced, codingPath: codingPath,
            replacing: CodingErrors.mismatch([Any].self, found: node, path: codingPath))
        return [node]
    }

    /// `decodeArray` for a value that is not an array: as an array of that one value, when the run coerces, or the
    /// error `decodeArray` throws.
    @inline(never)
    func decodeArrayCoerced<Element: Decodable, ArrayType>(
        _ arrayType: ArrayType.Type, of elementType: Element.Type
    ) throws -> ArrayType {
        guard let wrapped = coercedToArray(value) else {
            throw containerError(value, [Any].self, what: "unkeyed", path: codingPath)
        }
        let single = state.value
        state.value = .array(wrapped)
        defer { state.value = single }
        return try decodeArray(arrayType, of: elementType)
    }
}

// NodeDecoder's side of `Coercions`: the few places in DecoderImplementation where a value of the wrong JSON type
// would throw call in here first. Every call sits on an error path, so a decoder without coercions (the default)
// runs no code of this file until it is about to throw anyway.

extension DecoderImplementation {
    /// `node` read by `read` after a coercion, when the run's coercions allow one that fits; recorded as a
    /// `Recovery`. Nil when none applies, and the caller throws its type mismatch.
    @inline(never)
    func coerced<Value>(
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

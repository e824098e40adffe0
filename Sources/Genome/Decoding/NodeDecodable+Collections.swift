// Collections and `Optional` decode through conditional conformances, so `[T]`, `[T?]`, `[String: [T]]`,
// `Set<T>` and any nesting of them work for every `NodeDecodable` element without overloads. Each passes its
// context on to its elements and puts the element's index or key in front of any error's path.

extension Optional: NodeDecodable where Wrapped: NodeDecodable {
    /// `nil` for `null`; anything else must decode as `Wrapped`.
    public static func decode(_ json: Node) throws -> Wrapped? {
        try make(from: json, in: EmptyContext())
    }

    public static func make(from node: Node, in context: any Context) throws -> Wrapped? {
        if case .null = node { return nil }
        return try Wrapped.make(from: node, in: context)
    }
}

extension Array: NodeDecodable where Element: NodeDecodable {
    public static func decode(_ json: Node) throws -> [Element] {
        try make(from: json, in: EmptyContext())
    }

    public static func make(from node: Node, in context: any Context) throws -> [Element] {
        guard case .array(let elements) = node else { throw TypeMismatchError(expected: [Element].self, found: node) }
        // Arrays of the common scalars in a loop of their own, which calls each scalar's `decode` directly: the
        // general loop, at the end, asks the runtime for `[Element]`'s metadata on every call, which for an
        // array the standard library prespecializes (`[Double]`, `[Int]`) takes a lock. With its 55,563
        // coordinate pairs, canada.json's model decodes from its `Node` in less than half the time this way
        // (Compare's `decode, NodeDecodable` row for canada.json).
        // Scalars ignore the context, as their `make` does.
        if Element.self == Double.self {
            return sameType(try decodeEach(elements, in: node, Double.decode), as: Self.self)
        }
        if Element.self == Int.self { return sameType(try decodeEach(elements, in: node, Int.decode), as: Self.self) }
        if Element.self == String.self {
            return sameType(try decodeEach(elements, in: node, String.decode), as: Self.self)
        }
        if Element.self == Int64.self {
            return sameType(try decodeEach(elements, in: node, Int64.decode), as: Self.self)
        }
        if Element.self == Bool.self { return sameType(try decodeEach(elements, in: node, Bool.decode), as: Self.self) }
        // An empty array costs no look-up of `[Element]`'s type, which `reserveCapacity` makes: 7 in 10 of
        // twitter.json's arrays are empty. (Filling the others in place with
        // `init(unsafeUninitializedCapacity:initializingWith:)` costs more than this loop.)
        if elements.isEmpty { return [] }
        return try decodeEach(elements, in: node) { try Element.make(from: $0, in: context) }
    }

    /// The elements decoded with `read`, each error's path starting with the element's index.
    @inline(__always)
    private static func decodeEach<Decoded>(_ elements: [Node], in node: Node, _ read: (Node) throws -> Decoded)
        throws -> [Decoded]
    {
        var result: [Decoded] = []
        result.reserveCapacity(elements.count)
        for index in elements.indices {
            result.append(try withPath([.index(index)], root: node) { try read(elements[index]) })
        }
        return result
    }
}

extension Set: NodeDecodable where Element: NodeDecodable {
    /// An array's elements; repeated elements collapse, as `Set` does.
    public static func decode(_ json: Node) throws -> Set<Element> {
        try make(from: json, in: EmptyContext())
    }

    public static func make(from node: Node, in context: any Context) throws -> Set<Element> {
        guard case .array = node else { throw TypeMismatchError(expected: Set<Element>.self, found: node) }
        return Set(try [Element].make(from: node, in: context))
    }
}

extension Dictionary: NodeDecodable where Key == String, Value: NodeDecodable {
    public static func decode(_ json: Node) throws -> [String: Value] {
        try make(from: json, in: EmptyContext())
    }

    public static func make(from node: Node, in context: any Context) throws -> [String: Value] {
        guard case .object(let object) = node else {
            throw TypeMismatchError(expected: [String: Value].self, found: node)
        }
        var result = [String: Value](minimumCapacity: object.count)
        for (key, value) in object {
            result[key] = try withPath([.key(key)], root: node) { try Value.make(from: value, in: context) }
        }
        return result
    }
}

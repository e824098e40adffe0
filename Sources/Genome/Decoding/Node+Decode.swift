// `decode` and `decodeIfPresent` along a path: the behaviour table.
//
// | call                        | null   | missing key | type mismatch | error inside a sub-object |
// |-----------------------------|--------|-------------|---------------|---------------------------|
// | decode -> T                 | throws | throws      | throws        | throws                    |
// | decode -> T?                | nil    | throws      | throws        | throws                    |
// | decodeIfPresent -> T?       | nil    | nil         | throws        | throws                    |
// | try? around any of them     | nil    | nil         | nil           | nil                       |
//
// Along a path, every step before the last must be there: `decode` throws a MissingKeyError for a missing
// step and a TypeMismatchError for a `null` (or any non-container) in the way; `decodeIfPresent` treats a
// missing step or a `null` in the way like a missing value, and still throws for a step into a string, number,
// bool or the wrong kind of container.
//
// Every public function here is an entry point: an error leaving it is logged once (see `ErrorLoggers`). Genome's
// own code calls `decodeValue(at:as:in:)` and `value(at:ifPresent:)`, which do not log.

extension Node {
    /// Decodes the value at `key`. See the behaviour table: a missing key throws; `null` throws unless `T` is
    /// an optional.
    public func decode<T: NodeDecodable>(_ key: String) throws -> T {
        try decodeMember(key, as: T.self)
    }

    /// Decodes the value along a path of keys and indices: `json.decode("owner", "login")`,
    /// `json.decode("items", 0)`. With no path, decodes this node itself.
    public func decode<T: NodeDecodable>(_ path: any PathComponentConvertible...) throws -> T {
        try decode(path: path.map(\.pathComponent), as: T.self, in: EmptyContext())
    }

    /// Decodes the value along `path`, handing `context` to it and everything nested in it.
    public func decode<T: NodeDecodable>(
        path: [PathComponent], as type: T.Type = T.self, in context: any Context = EmptyContext()
    ) throws -> T {
        try loggingErrors { try decodeValue(at: path, as: T.self, in: context) }
    }

    /// Decodes the value at `key`, or returns nil when the key is missing or its value is `null`. A value of
    /// the wrong type still throws.
    public func decodeIfPresent<T: NodeDecodable>(_ key: String) throws -> T? {
        try decodeMemberIfPresent(key, as: T.self)
    }

    /// Decodes the value along a path, or returns nil when a step is missing or `null`. A value of the wrong
    /// type still throws.
    public func decodeIfPresent<T: NodeDecodable>(_ path: any PathComponentConvertible...) throws -> T? {
        try decodeIfPresent(path: path.map(\.pathComponent), as: T.self, in: EmptyContext())
    }

    /// Decodes the value along `path` with `context`, or returns nil when a step is missing or `null`.
    public func decodeIfPresent<T: NodeDecodable>(
        path: [PathComponent], as type: T.Type = T.self, in context: any Context = EmptyContext()
    ) throws -> T? {
        try loggingErrors {
            guard let value = try value(at: path, ifPresent: true), !value.isNull else { return nil }
            return try withPath(path, root: self) { try T.make(from: value, in: context) }
        }
    }

    /// The body of `decode(_ key:)`, shared with the overload for types that are also `Decodable`.
    @inline(__always)
    internal func decodeMember<T: NodeDecodable>(_ key: String, as type: T.Type) throws -> T {
        // The common case, a present key, builds no path: the path array only exists once an error needs it.
        if case .object(let object) = self, let value = object[key] {
            do {
                return try T.make(from: value, in: EmptyContext())
            } catch {
                throw ErrorLoggers.loggedOnce(prefixing(error, by: [.key(key)], root: self))
            }
        }
        return try decode(path: [.key(key)], as: T.self, in: EmptyContext())
    }

    /// The body of `decodeIfPresent(_ key:)`, shared with the overload for types that are also `Decodable`.
    @inline(__always)
    internal func decodeMemberIfPresent<T: NodeDecodable>(_ key: String, as type: T.Type) throws -> T? {
        if case .object(let object) = self {
            guard let value = object[key], !value.isNull else { return nil }
            do {
                return try T.make(from: value, in: EmptyContext())
            } catch {
                throw ErrorLoggers.loggedOnce(prefixing(error, by: [.key(key)], root: self))
            }
        }
        return try decodeIfPresent(path: [.key(key)], as: T.self, in: EmptyContext())
    }

    /// `decode(path:as:in:)` without logging, for Genome's own callers.
    internal func decodeValue<T: NodeDecodable>(at path: [PathComponent], as type: T.Type, in context: any Context)
        throws -> T
    {
        let value = try value(at: path, ifPresent: false)!
        return try withPath(path, root: self) { try T.make(from: value, in: context) }
    }

    /// Walks `path`. A missing step throws a `MissingKeyError`, or with `ifPresent` gives nil (as does a `null`
    /// step); a step into the wrong kind of value throws a `TypeMismatchError`.
    internal func value(at path: [PathComponent], ifPresent: Bool) throws -> Node? {
        var current = self
        for (depth, component) in path.enumerated() {
            let next: Node?
            switch (component, current) {
            case (.key(let key), .object(let object)):
                next = object[key]
            case (.index(let index), .array(let array)):
                // Not `cond ? array[index] : nil`: `Node` is nil-literal-expressible, so that `nil` would be `.null`.
                next = array.indices.contains(index) ? .some(array[index]) : .none
            case (_, .null) where ifPresent:
                return nil
            case (.key, _), (.index, _):
                let expected = component.isKey ? "an object" : "an array"
                throw TypeMismatchError(expectedTypeName: expected, found: current, reason: nil, attempts: [])
                    .prefixed(by: Array(path[..<depth]), root: self)
            }
            guard let next else {
                if ifPresent { return nil }
                throw MissingKeyError(missing: component, in: current).prefixed(by: Array(path[..<depth]), root: self)
            }
            current = next
        }
        return current
    }
}

/// Decodes the value at `path` in `json` with `decode`: the operator-free core that every other spelling
/// forwards to.
///
/// ```swift
/// let login = try parse(json: node, path: ["owner", "login"], decode: String.decode)
/// let owners = try parse(json: node, path: ["owners"], decode: [Owner].decode)
/// ```
///
/// A missing step throws ``MissingKeyError``, a step into the wrong kind of value ``TypeMismatchError``; any
/// Genome error thrown by `decode` gets `path` put in front of its own and `json` as its root object, and is
/// logged (see ``ErrorLoggers``). Errors of your own pass through unchanged.
public func parse<T>(json: Node, path: [PathComponent], decode: (Node) throws -> T) throws -> T {
    try loggingErrors {
        let value = try json.value(at: path, ifPresent: false)!
        return try withPath(path, root: json) { try decode(value) }
    }
}

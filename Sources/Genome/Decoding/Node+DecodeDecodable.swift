// The static-decode API for `Decodable` models: `json.decode("owner")`, `decodeIfPresent`, `decode(at:)` and
// `parse(json:path:as:)` decode a type that is only `Decodable` as they decode a `NodeDecodable` one, with the same
// behaviour table. The value at the path is decoded by a `NodeDecoder` from its `Node`, with no JSON text in
// between, and a failure is Genome's error for it, with the path from the root (see `DecodableModels`).
//
// Each entry point has three overloads: `T: NodeDecodable` (in `Node+Decode.swift`), `T: Decodable`, and
// `T: NodeDecodable & Decodable`. The last is more specific than either of the others, so the compiler picks it for
// a type that is both (`String`, `Int`, `Node`, a model that conforms twice) without calling the choice
// ambiguous, and it decodes through the type's `NodeDecodable` conformance: a type's own `decode(_:)` always wins.

extension Node {
    /// Decodes the `Decodable` value at `key` with a `NodeDecoder`: `let owner: User = try json.decode("owner")`.
    /// The behaviour table holds as for a ``NodeDecodable``: a missing key throws; `null` throws unless `T` is an
    /// optional.
    ///
    /// A failure in the data is a ``MissingKeyError`` or ``TypeMismatchError`` with the path from this node, as
    /// for a ``NodeDecodable`` model; see <doc:ChoosingAModelStyle>.
    public func decode<T: Decodable>(_ key: String) throws -> T {
        try decode(path: [.key(key)], as: T.self)
    }

    /// Decodes the value at `key` through its ``NodeDecodable`` conformance, for a type that is also `Decodable`.
    public func decode<T: NodeDecodable & Decodable>(_ key: String) throws -> T {
        try decodeMember(key, as: T.self)
    }

    /// Decodes the `Decodable` value along a path of keys and indices with a `NodeDecoder`:
    /// `json.decode("repos", 0, "owner")`. With no path, decodes this node itself.
    public func decode<T: Decodable>(_ path: any PathComponentConvertible...) throws -> T {
        try decode(path: path.map(\.pathComponent), as: T.self)
    }

    /// Decodes the value along a path through its ``NodeDecodable`` conformance, for a type that is also
    /// `Decodable`.
    public func decode<T: NodeDecodable & Decodable>(_ path: any PathComponentConvertible...) throws -> T {
        try decode(path: path.map(\.pathComponent), as: T.self, in: EmptyContext())
    }

    /// Decodes the `Decodable` value along `path` with a `NodeDecoder` of default settings.
    ///
    /// A ``Context`` reaches ``NodeDecodable`` models only, so this overload takes none. To decode with a
    /// configured decoder (a key strategy, say), hand the node to it: `try decoder.decode(User.self, from: node)`.
    public func decode<T: Decodable>(path: [PathComponent], as type: T.Type = T.self) throws -> T {
        try loggingErrors {
            let value = try value(at: path, ifPresent: false)!
            return try withPath(path, root: self) { try DecodableModels.decode(T.self, from: value) }
        }
    }

    /// Decodes the value along `path` through its ``NodeDecodable`` conformance, for a type that is also
    /// `Decodable`.
    public func decode<T: NodeDecodable & Decodable>(path: [PathComponent], as type: T.Type = T.self) throws -> T {
        try decode(path: path, as: T.self, in: EmptyContext())
    }

    /// Decodes the `Decodable` value at `key` with a `NodeDecoder`, or returns nil when the key is missing or its
    /// value is `null`. A value of the wrong type still throws.
    public func decodeIfPresent<T: Decodable>(_ key: String) throws -> T? {
        try decodeIfPresent(path: [.key(key)], as: T.self)
    }

    /// Decodes the value at `key` through its ``NodeDecodable`` conformance, for a type that is also `Decodable`;
    /// nil when the key is missing or its value is `null`.
    public func decodeIfPresent<T: NodeDecodable & Decodable>(_ key: String) throws -> T? {
        try decodeMemberIfPresent(key, as: T.self)
    }

    /// Decodes the `Decodable` value along a path with a `NodeDecoder`, or returns nil when a step is missing or
    /// `null`. A value of the wrong type still throws.
    public func decodeIfPresent<T: Decodable>(_ path: any PathComponentConvertible...) throws -> T? {
        try decodeIfPresent(path: path.map(\.pathComponent), as: T.self)
    }

    /// Decodes the value along a path through its ``NodeDecodable`` conformance, for a type that is also
    /// `Decodable`; nil when a step is missing or `null`.
    public func decodeIfPresent<T: NodeDecodable & Decodable>(_ path: any PathComponentConvertible...) throws -> T? {
        try decodeIfPresent(path: path.map(\.pathComponent), as: T.self, in: EmptyContext())
    }

    /// Decodes the `Decodable` value along `path` with a `NodeDecoder` of default settings, or returns nil when a
    /// step is missing or `null`.
    public func decodeIfPresent<T: Decodable>(path: [PathComponent], as type: T.Type = T.self) throws -> T? {
        try loggingErrors {
            guard let value = try value(at: path, ifPresent: true), !value.isNull else { return nil }
            return try withPath(path, root: self) { try DecodableModels.decode(T.self, from: value) }
        }
    }

    /// Decodes the value along `path` through its ``NodeDecodable`` conformance, for a type that is also
    /// `Decodable`; nil when a step is missing or `null`.
    public func decodeIfPresent<T: NodeDecodable & Decodable>(path: [PathComponent], as type: T.Type = T.self)
        throws -> T?
    {
        try decodeIfPresent(path: path, as: T.self, in: EmptyContext())
    }

    /// Decodes the `Decodable` value at `pointer` with a `NodeDecoder`, with the same behaviour and errors as
    /// `decode(path:as:)` along the key path ``JSONPointer/path(in:)`` gives.
    public func decode<T: Decodable>(at pointer: JSONPointer) throws -> T {
        try decode(path: pointer.path(in: self), as: T.self)
    }

    /// Decodes the value at `pointer` through its ``NodeDecodable`` conformance, for a type that is also
    /// `Decodable`.
    public func decode<T: NodeDecodable & Decodable>(at pointer: JSONPointer) throws -> T {
        try decode(path: pointer.path(in: self), as: T.self, in: EmptyContext())
    }

    /// Decodes the `Decodable` value at `pointer` with a `NodeDecoder`, or returns nil when a step is missing or
    /// `null`. A value of the wrong type still throws.
    public func decodeIfPresent<T: Decodable>(at pointer: JSONPointer) throws -> T? {
        try decodeIfPresent(path: pointer.path(in: self), as: T.self)
    }

    /// Decodes the value at `pointer` through its ``NodeDecodable`` conformance, for a type that is also
    /// `Decodable`; nil when a step is missing or `null`.
    public func decodeIfPresent<T: NodeDecodable & Decodable>(at pointer: JSONPointer) throws -> T? {
        try decodeIfPresent(path: pointer.path(in: self), as: T.self, in: EmptyContext())
    }
}

/// Decodes the value at `path` in `json` as `T`: ``parse(json:path:decode:)`` for a type rather than a function,
/// which serves ``NodeDecodable`` and `Decodable` models alike.
///
/// ```swift
/// struct User: Codable { let login: String }
/// let owner = try parse(json: node, path: ["owner"], as: User.self)
/// ```
public func parse<T: NodeDecodable>(json: Node, path: [PathComponent], as type: T.Type = T.self) throws -> T {
    try json.decode(path: path, as: T.self, in: EmptyContext())
}

/// Decodes the `Decodable` value at `path` in `json` with a `NodeDecoder`; failures are Genome's errors, with
/// the path from `json`.
public func parse<T: Decodable>(json: Node, path: [PathComponent], as type: T.Type = T.self) throws -> T {
    try json.decode(path: path, as: T.self)
}

/// Decodes the value at `path` in `json` through its ``NodeDecodable`` conformance, for a type that is also
/// `Decodable`.
public func parse<T: NodeDecodable & Decodable>(json: Node, path: [PathComponent], as type: T.Type = T.self) throws
    -> T
{
    try json.decode(path: path, as: T.self, in: EmptyContext())
}

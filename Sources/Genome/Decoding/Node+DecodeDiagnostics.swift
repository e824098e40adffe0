// Compile errors that say what to do when `decode` has no type to decode, or one that is neither NodeDecodable nor
// Decodable.
//
//     let name = try json.decode("name")
//     // error: 'decode' is unavailable: add the type to decode: 'let name: String = try json.decode("name")'
//     let initial: Character = try json.decode("initial")
//     // error: 'decode' is unavailable: the type to decode must conform to NodeDecodable or Decodable (String, …)
//
// `decode<T: NodeDecodable>` learns `T` from where its result goes. With nowhere to learn it from, the compiler
// looked for any `decode` that might fit, found `NodeDecodable`'s static `decode(_ json: Node)` (`Node` is
// NodeDecodable, and "name" is a Node literal), and said "static member 'decode' cannot be used on instance of
// type 'Node'". For a type that is not NodeDecodable it said "no exact matches in call to instance method
// 'decode'" or blamed a conversion, and for `decode(path:)` it failed to produce a diagnostic at all.
//
// Each function here takes the same arguments as one of Genome's and is unavailable: calling it is a compile
// error with its message. The compiler picks an unavailable function only when no available one fits, so a call
// that compiled before still calls what it called. Two kinds:
// - returning `Void`: fits only where any result type would do, which is where `T` cannot be inferred;
// - generic over any `T`: fits where `T` is named but is neither NodeDecodable nor Decodable (the overloads for
//   each, in `Node+Decode.swift` and `Node+DecodeDecodable.swift`, fit otherwise), and where a `Decodable` type is
//   given a context, which only a NodeDecodable type takes.

extension Node {
    /// Not callable: a `decode` whose result has no type is a compile error that says how to name it.
    @available(
        *, unavailable,
        message: "add the type to decode: 'let name: String = try json.decode(\"name\")'"
    )
    public func decode(_ key: String) throws { fatalError("unavailable") }

    /// Not callable: a `decode` whose result has no type is a compile error that says how to name it.
    @available(
        *, unavailable,
        message: "add the type to decode: 'let login: String = try json.decode(\"owner\", \"login\")'"
    )
    public func decode(_ path: any PathComponentConvertible...) throws { fatalError("unavailable") }

    /// Not callable: a `decode(path:)` whose result has no type is a compile error that says how to name it.
    @available(*, unavailable, message: "add the type to decode: 'let login: String = try json.decode(path: path)'")
    public func decode(path: [PathComponent], in context: any Context = EmptyContext()) throws {
        fatalError("unavailable")
    }

    /// Not callable: a `decodeIfPresent` whose result has no type is a compile error that says how to name it.
    @available(
        *, unavailable,
        message: "add the type to decode: 'let nickname: String? = try json.decodeIfPresent(\"nickname\")'"
    )
    public func decodeIfPresent(_ key: String) throws { fatalError("unavailable") }

    /// Not callable: a `decodeIfPresent` whose result has no type is a compile error that says how to name it.
    @available(
        *, unavailable,
        message: "add the type to decode: 'let login: String? = try json.decodeIfPresent(\"owner\", \"login\")'"
    )
    public func decodeIfPresent(_ path: any PathComponentConvertible...) throws { fatalError("unavailable") }

    /// Not callable: a `decodeIfPresent(path:)` whose result has no type is a compile error that says how to name
    /// it.
    @available(
        *, unavailable, message: "add the type to decode: 'let login: String? = try json.decodeIfPresent(path: path)'"
    )
    public func decodeIfPresent(path: [PathComponent], in context: any Context = EmptyContext()) throws {
        fatalError("unavailable")
    }
}

extension Node {
    /// Not callable: decoding a type that is neither ``NodeDecodable`` nor `Decodable` is a compile error that says
    /// so.
    @available(
        *, unavailable,
        message:
            "the type to decode must conform to NodeDecodable or Decodable (String, Int, Bool, Node, [T], [String: T] and T? do)"
    )
    public func decode<T>(_ key: String) throws -> T { fatalError("unavailable") }

    /// Not callable: decoding a type that is neither ``NodeDecodable`` nor `Decodable` is a compile error that says
    /// so.
    @available(
        *, unavailable,
        message:
            "the type to decode must conform to NodeDecodable or Decodable (String, Int, Bool, Node, [T], [String: T] and T? do)"
    )
    public func decode<T>(_ path: any PathComponentConvertible...) throws -> T { fatalError("unavailable") }

    /// Not callable: decoding a type that is neither ``NodeDecodable`` nor `Decodable` is a compile error that says
    /// so.
    @available(
        *, unavailable,
        message:
            "the type to decode must conform to NodeDecodable or Decodable (String, Int, Bool, Node, [T], [String: T] and T? do); only a NodeDecodable type takes a context"
    )
    public func decode<T>(path: [PathComponent], as type: T.Type = T.self, in context: any Context = EmptyContext())
        throws -> T
    { fatalError("unavailable") }

    /// Not callable: decoding a type that is neither ``NodeDecodable`` nor `Decodable` is a compile error that says
    /// so.
    @available(
        *, unavailable,
        message:
            "the type to decode must conform to NodeDecodable or Decodable (String, Int, Bool, Node, [T], [String: T] and T? do)"
    )
    public func decodeIfPresent<T>(_ key: String) throws -> T? { fatalError("unavailable") }

    /// Not callable: decoding a type that is neither ``NodeDecodable`` nor `Decodable` is a compile error that says
    /// so.
    @available(
        *, unavailable,
        message:
            "the type to decode must conform to NodeDecodable or Decodable (String, Int, Bool, Node, [T], [String: T] and T? do)"
    )
    public func decodeIfPresent<T>(_ path: any PathComponentConvertible...) throws -> T? { fatalError("unavailable") }

    /// Not callable: decoding a type that is neither ``NodeDecodable`` nor `Decodable` is a compile error that says
    /// so.
    @available(
        *, unavailable,
        message:
            "the type to decode must conform to NodeDecodable or Decodable (String, Int, Bool, Node, [T], [String: T] and T? do); only a NodeDecodable type takes a context"
    )
    public func decodeIfPresent<T>(
        path: [PathComponent], as type: T.Type = T.self, in context: any Context = EmptyContext()
    ) throws -> T? { fatalError("unavailable") }
}

/// Not callable: `parse(json:path:as:)` with a type that is neither ``NodeDecodable`` nor `Decodable` is a compile
/// error that says so.
@available(
    *, unavailable,
    message:
        "the type to decode must conform to NodeDecodable or Decodable (String, Int, Bool, Node, [T], [String: T] and T? do)"
)
public func parse<T>(json: Node, path: [PathComponent], as type: T.Type = T.self) throws -> T {
    fatalError("unavailable")
}

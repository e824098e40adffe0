// `=>` and `=>?`: decoding along a path.
//
//     let name: String = try json => "name"                     // json.decode("name")
//     let nick: String? = try json =>? "nickname"               // json.decodeIfPresent("nickname")
//     let user: String = try json => "object" => "repo" => "owner" => "name"
//     let id = try json => "id" as Int
//
// Both are right-associative, so `json => "a" => "b"` first joins `"a" => "b"` into one `NodePath`, and bind
// tighter than `as`, so `try json => "k" as String` picks the result type.

precedencegroup GenomeDecodingPrecedence {
    associativity: right
    higherThan: CastingPrecedence
}

infix operator => : GenomeDecodingPrecedence
infix operator =>? : GenomeDecodingPrecedence

/// A path of keys and indices written with literals and operators: `"repo" => "owner" => 0`.
///
/// Literals become paths on their own. A variable needs wrapping, because `=>` takes a path, not a `String`
/// or an `Int`:
///
/// ```swift
/// let key = "owners"
/// let login: String = try json => NodePath(key) => 0 => "login"
/// let path = NodePath(["owners", 0, "login"])
/// let same: String = try json => path
/// ```
public struct NodePath: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    /// The keys and indices, from the outermost in: what `decode(path:)` walks.
    public var components: [PathComponent]

    /// A path of several steps: `NodePath(["owner", "login"])`.
    public init(_ components: [PathComponent]) { self.components = components }
    /// A path of one step from a variable: a `String` key, an `Int` index or a `PathComponent`.
    public init(_ component: some PathComponentConvertible) { components = [component.pathComponent] }
    public init(stringLiteral value: String) { components = [.key(value)] }
    public init(integerLiteral value: Int) { components = [.index(value)] }
}

/// Joins two paths: `"repo" => "owner"`.
///
/// Because `=>` is right-associative, in `json => "a" => "b"` this joins `"a" => "b"` first, and the `=>` next
/// to `json` decodes along the whole path.
public func => (lhs: NodePath, rhs: NodePath) -> NodePath {
    NodePath(lhs.components + rhs.components)
}

/// Joins two paths, for the right-hand side of `=>?`: `json =>? "repo" =>? "owner"`.
///
/// Only the operator next to the node decides what a missing step does; the ones to its right only join the
/// path. So `json => "a" =>? "b"` throws when `b` is missing, and `json =>? "a" => "b"` gives nil when `a` or
/// `b` is.
public func =>? (lhs: NodePath, rhs: NodePath) -> NodePath {
    NodePath(lhs.components + rhs.components)
}

/// Decodes the value along a path: `try json => "owner" => "login"` is `try json.decode("owner", "login")`.
///
/// A missing key throws a `MissingKeyError`, `null` a `TypeMismatchError` unless the result is optional, and
/// so does a value of the wrong type.
public func => <T: NodeDecodable>(lhs: Node, rhs: NodePath) throws -> T {
    try lhs.decode(path: rhs.components)
}

/// Decodes the value along a path, or gives nil: `try json =>? "nickname"` is
/// `try json.decodeIfPresent("nickname")`.
///
/// A missing step or `null` along the path gives nil; the wrong type still throws.
public func =>? <T: NodeDecodable>(lhs: Node, rhs: NodePath) throws -> T? {
    try lhs.decodeIfPresent(path: rhs.components)
}

// MARK: Decodable models
//
// As for `decode`, a type that is only `Decodable` decodes with a `NodeDecoder`, and one that is both through its
// `NodeDecodable` conformance: the `NodeDecodable & Decodable` overload is the most specific, so the compiler picks
// it without calling the choice ambiguous.

/// Decodes the `Decodable` value along a path with a `NodeDecoder`: `try json => "owner"` for a `Codable` model
/// is `try json.decode("owner")`, with the same errors and paths.
public func => <T: Decodable>(lhs: Node, rhs: NodePath) throws -> T {
    try lhs.decode(path: rhs.components)
}

/// Decodes the `Decodable` value along a path with a `NodeDecoder`, or gives nil when a step is missing or
/// `null`: `try json =>? "owner"` is `try json.decodeIfPresent("owner")`.
public func =>? <T: Decodable>(lhs: Node, rhs: NodePath) throws -> T? {
    try lhs.decodeIfPresent(path: rhs.components)
}

/// Decodes the value along a path through its `NodeDecodable` conformance, for a type that is also `Decodable`.
public func => <T: NodeDecodable & Decodable>(lhs: Node, rhs: NodePath) throws -> T {
    try lhs.decode(path: rhs.components, as: T.self, in: EmptyContext())
}

/// Decodes the value along a path through its `NodeDecodable` conformance, for a type that is also `Decodable`,
/// or gives nil when a step is missing or `null`.
public func =>? <T: NodeDecodable & Decodable>(lhs: Node, rhs: NodePath) throws -> T? {
    try lhs.decodeIfPresent(path: rhs.components, as: T.self, in: EmptyContext())
}

// MARK: Compile errors for a result with no type, or one that is neither NodeDecodable nor Decodable

// `let name = try json => "name"` gives `T` nothing to be inferred from. Without these, the compiler blames the
// path ("cannot convert value of type 'Node' to expected argument type 'NodePath'") or says only that `T` could
// not be inferred. Unavailable, they are chosen only where no available `=>` fits, as `Node+DecodeDiagnostics.swift`
// in Genome explains.

/// Not callable: a `=>` whose result has no type is a compile error that says how to name it.
@available(*, unavailable, message: "add the type to decode: 'let name: String = try json => \"name\"'")
public func => (lhs: Node, rhs: NodePath) throws { fatalError("unavailable") }

/// Not callable: a `=>?` whose result has no type is a compile error that says how to name it.
@available(*, unavailable, message: "add the type to decode: 'let nickname: String? = try json =>? \"nickname\"'")
public func =>? (lhs: Node, rhs: NodePath) throws { fatalError("unavailable") }

/// Not callable: decoding a type that is neither `NodeDecodable` nor `Decodable` with `=>` is a compile error that
/// says so.
@available(
    *, unavailable,
    message:
        "the type to decode must conform to NodeDecodable or Decodable (String, Int, Bool, Node, [T], [String: T] and T? do)"
)
public func => <T>(lhs: Node, rhs: NodePath) throws -> T { fatalError("unavailable") }

/// Not callable: decoding a type that is neither `NodeDecodable` nor `Decodable` with `=>?` is a compile error
/// that says so.
@available(
    *, unavailable,
    message:
        "the type to decode must conform to NodeDecodable or Decodable (String, Int, Bool, Node, [T], [String: T] and T? do)"
)
public func =>? <T>(lhs: Node, rhs: NodePath) throws -> T? { fatalError("unavailable") }

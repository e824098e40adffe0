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
public struct NodePath: Sendable, Hashable, ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public var components: [PathComponent]

    public init(_ components: [PathComponent]) { self.components = components }
    public init(_ component: some PathComponentConvertible) { components = [component.pathComponent] }
    public init(stringLiteral value: String) { components = [.key(value)] }
    public init(integerLiteral value: Int) { components = [.index(value)] }
}

/// Joins two paths: `"repo" => "owner"`.
public func => (lhs: NodePath, rhs: NodePath) -> NodePath {
    NodePath(lhs.components + rhs.components)
}

/// Joins two paths, for the right-hand side of `=>?`: `json =>? "repo" =>? "owner"`.
public func =>? (lhs: NodePath, rhs: NodePath) -> NodePath {
    NodePath(lhs.components + rhs.components)
}

/// `json.decode(path:)`: a missing key throws, `null` throws unless the result is optional.
public func => <T: NodeDecodable>(lhs: Node, rhs: NodePath) throws -> T {
    try lhs.decode(path: rhs.components)
}

/// `json.decodeIfPresent(path:)`: nil for a missing key or `null`; the wrong type still throws.
public func =>? <T: NodeDecodable>(lhs: Node, rhs: NodePath) throws -> T? {
    try lhs.decodeIfPresent(path: rhs.components)
}

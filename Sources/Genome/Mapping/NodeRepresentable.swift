/// A type that can turn itself into a `Node`: the to-node half of Genome's two-way mapping.
///
/// ```swift
/// let node = try ["a", "b"].makeNode()     // ["a","b"]
/// ```
///
/// The standard library's scalars, `Node`, `Optional`, `Array`, `Set` and `[String: T]` conform. A
/// `RawRepresentable` type opts in by declaring `NodeRepresentable`. Map-based models conform through their
/// `sequence(_:)`.
public protocol NodeRepresentable {
    /// The value as a node, with `context` handed to anything nested that needs it.
    func makeNode(in context: any Context) throws -> Node
}

extension NodeRepresentable {
    /// The value as a node.
    public func makeNode() throws -> Node {
        try loggingErrors { try makeNode(in: EmptyContext()) }
    }
}

/// Both directions: a type that decodes from a node and turns back into one.
public typealias NodeConvertible = NodeDecodable & NodeRepresentable

extension String: NodeRepresentable {
    public func makeNode(in context: any Context) throws -> Node { .string(self) }
}

extension Bool: NodeRepresentable {
    public func makeNode(in context: any Context) throws -> Node { .bool(self) }
}

extension Double: NodeRepresentable {
    public func makeNode(in context: any Context) throws -> Node { .number(.double(self)) }
}

extension Float: NodeRepresentable {
    public func makeNode(in context: any Context) throws -> Node { .number(.double(Double(self))) }
}

extension Node: NodeRepresentable {
    public func makeNode(in context: any Context) throws -> Node { self }
}

extension NodeRepresentable where Self: FixedWidthInteger {
    /// Exact for every value of every width (an ``Node/ExactNumber`` beyond 64 bits).
    public func makeNode(in context: any Context) throws -> Node { Node(self) }
}

extension Int: NodeRepresentable {}
extension Int8: NodeRepresentable {}
extension Int16: NodeRepresentable {}
extension Int32: NodeRepresentable {}
extension Int64: NodeRepresentable {}
extension UInt: NodeRepresentable {}
extension UInt8: NodeRepresentable {}
extension UInt16: NodeRepresentable {}
extension UInt32: NodeRepresentable {}
extension UInt64: NodeRepresentable {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension Int128: NodeRepresentable {}
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension UInt128: NodeRepresentable {}

extension NodeRepresentable where Self: RawRepresentable, RawValue: NodeRepresentable {
    /// The raw value's node.
    public func makeNode(in context: any Context) throws -> Node { try rawValue.makeNode(in: context) }
}

extension Optional: NodeRepresentable where Wrapped: NodeRepresentable {
    /// `null` for nil. (A map leaves a nil optional out altogether; see `MapField.write(_:)`.)
    public func makeNode(in context: any Context) throws -> Node {
        guard let self else { return .null }
        return try self.makeNode(in: context)
    }
}

extension Array: NodeRepresentable where Element: NodeRepresentable {
    public func makeNode(in context: any Context) throws -> Node {
        // A recursive model's children come through here once per level; see `StackRoom`.
        guard StackRoom.hasRoom() else { throw StackLimitError(encoding: Self.self) }
        var nodes: [Node] = []
        nodes.reserveCapacity(count)
        for element in self {
            nodes.append(try element.makeNode(in: context))
        }
        return .array(nodes)
    }
}

extension Set: NodeRepresentable where Element: NodeRepresentable {
    /// An array of the elements, in the set's (unspecified) order.
    public func makeNode(in context: any Context) throws -> Node {
        try Array(self).makeNode(in: context)
    }
}

extension Dictionary: NodeRepresentable where Key == String, Value: NodeRepresentable {
    /// An object with the keys sorted, so that the same dictionary always writes the same JSON.
    public func makeNode(in context: any Context) throws -> Node {
        guard StackRoom.hasRoom() else { throw StackLimitError(encoding: Self.self) }
        var object = Node.Object()
        for key in keys.sorted() {
            object[key] = try self[key]!.makeNode(in: context)
        }
        return .object(object)
    }
}

/// Lets generic code ask at run time whether a value or type is an `Optional`, for the rules that treat a
/// missing optional as nil (`extract`, `<~`) and leave a nil optional out of a map.
internal protocol OptionalProtocol {
    static var absent: Self { get }
    var isAbsent: Bool { get }
}

extension Optional: OptionalProtocol {
    static var absent: Wrapped? { nil }
    var isAbsent: Bool { self == nil }
}

/// The two-way bridge between a `Node` and a model: one `sequence(_:)` describes both directions.
///
/// A from-node map reads: `extract` and `<~` take values out of its node, and `~>` does nothing. A to-node map
/// writes: `~>` puts values into its node (creating the objects in between), and `<~` does nothing. `<~>` does
/// whichever the map is for.
///
/// ```swift
/// let map = Map(node: node, in: database)
/// let name: String = try map.extract("name")
/// ```
///
/// A `Map` lives for one mapping call on one thread: it is a reference type, and deliberately not `Sendable`.
public final class Map {
    /// Which way a map goes.
    public enum Direction: Sendable, Hashable {
        /// Reading a model from `node`.
        case fromNode
        /// Building `node` from a model.
        case toNode
    }

    /// Whether this map reads a model from ``node`` or builds ``node`` from a model. `sequence(_:)` rarely
    /// needs to look: every ``MapField`` operation already does nothing in the direction it is not for.
    public let direction: Direction
    /// For a from-node map, the node being read; for a to-node map, the node built so far.
    public internal(set) var node: Node
    /// What the model asked for when it was mapped: a database handle, a cache; ``EmptyContext`` by default.
    public let context: any Context

    /// A from-node map over `node`.
    public init(node: Node, in context: any Context = EmptyContext()) {
        direction = .fromNode
        self.node = node
        self.context = context
    }

    /// An empty to-node map, as `makeNode()` uses.
    public init(toNodeIn context: any Context = EmptyContext()) {
        direction = .toNode
        node = .object(Node.Object())
        self.context = context
    }

    /// The field at a path of keys and indices, to read, write or bind: `map["owner", "login"]`.
    ///
    /// Keys are taken literally, dots included; to split a dotted string, use ``subscript(dotted:)``.
    public subscript(path: any PathComponentConvertible...) -> MapField {
        MapField(map: self, path: path.map(\.pathComponent))
    }

    /// The field at `path`.
    public subscript(path path: [PathComponent]) -> MapField {
        MapField(map: self, path: path)
    }

    /// The field at a dotted path, split at every `.`: `map[dotted: "owner.login"]` is `map["owner", "login"]`.
    /// Only this spelling splits, because keys may contain dots.
    public subscript(dotted dottedPath: String) -> MapField {
        MapField(
            map: self, path: dottedPath.split(separator: ".", omittingEmptySubsequences: false).map { .key(String($0)) }
        )
    }

    /// Decodes the value at `key`. For an optional `T`, a missing key or `null` gives nil; a value of the wrong
    /// type still throws.
    public func extract<T: NodeDecodable>(_ key: String) throws -> T {
        // The common case, a present value, builds no path and no field: those only exist once they are needed.
        if case .object(let object) = node, let value = object[key], !value.isNull {
            do {
                return try T.make(from: value, in: context)
            } catch {
                throw ErrorLoggers.loggedOnce(prefixing(error, by: [.key(key)], root: node))
            }
        }
        return try self[path: [.key(key)]].extract()
    }

    /// Decodes the value at a path. For an optional `T`, a missing key or `null` gives nil; a value of the
    /// wrong type still throws.
    public func extract<T: NodeDecodable>(_ path: any PathComponentConvertible...) throws -> T {
        try self[path: path.map(\.pathComponent)].extract()
    }

    /// Decodes the value at a path as `Raw` and passes it through `transform`:
    /// `try map.extract("type") { (raw: String) in PetType(rawValue: raw) ?? .unknown }`.
    public func extract<Raw: NodeDecodable, T>(
        _ path: any PathComponentConvertible..., transform: (Raw) throws -> T
    ) throws -> T {
        try self[path: path.map(\.pathComponent)].extract(transform: transform)
    }
}

@available(*, unavailable, message: "A Map belongs to one mapping call on one thread")
extension Map: Sendable {}

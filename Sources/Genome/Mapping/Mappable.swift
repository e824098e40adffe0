/// What every Map-based model has: a `sequence(_:)` that describes its fields for both directions.
///
/// `sequence(_:)` defaults to doing nothing, for models that only read, in `init(map:)`. A model's
/// `makeNode()` runs `sequence(_:)` on an empty, to-node map.
///
/// A model that declares `sequence(map:)`, Genome 3's spelling, does not compile: Genome would never call it.
public protocol MappableBase: NodeRepresentable {
    /// Binds, reads or writes each field through `map`. Called on a from-node map after `init(map:)` by the
    /// convenience initialisers, and on a to-node map by `makeNode()`.
    mutating func sequence(_ map: Map) throws

    // The last three requirements exist only to turn Genome 3's `sequence(map:)` into a compile error; see
    // Genome3Spelling.swift. Models get them from Genome's extensions: a model that implements `sequence(map:)`
    // with a `Map` is the mistake they catch.

    /// What a model's own `sequence(map:)` takes, if it declares one; `Never` if not. The compiler infers it.
    associatedtype _SequenceMapParameter = Never

    /// Genome 3's spelling of ``sequence(_:)``, which Genome never calls. A model that declares it with a `Map`
    /// does not compile: "sequence(map:) is Genome 3's spelling …: rename it to sequence(_ map: Map)".
    mutating func sequence(map: _SequenceMapParameter) throws

    /// Unavailable, so a compile error, when the model declares `sequence(map: Map)`.
    static var _genome3SequenceSpelling: Void { get }
}

extension MappableBase {
    public mutating func sequence(_ map: Map) throws {}

    /// A to-node map, run through `sequence(_:)`. A nil optional is left out rather than written as `null`.
    public func makeNode(in context: any Context) throws -> Node {
        // An entry point (`pet.makeNode(in: context)`). Nested models pass through here too, which is harmless:
        // encoding never catches an error, so nothing logged here is dropped later.
        try loggingErrors {
            // A recursive model comes through here once per level; see `StackRoom`.
            guard StackRoom.hasRoom() else { throw StackLimitError(encoding: Self.self) }
            let map = Map(toNodeIn: context)
            var copy = self
            try copy.sequence(map)
            return map.node
        }
    }
}

/// A model built by `init(map:)`, usually with `extract`, and written back by `sequence(_:)`:
///
/// ```swift
/// struct Pet: MappableObject {
///     let name: String
///     let nickname: String?
///
///     init(map: Map) throws {
///         name = try map.extract("name")
///         nickname = try map.extract("nickname")   // nil when missing or null
///     }
///
///     func sequence(_ map: Map) throws {
///         try name ~> map["name"]
///         try nickname ~> map["nickname"]
///     }
/// }
///
/// let pet = try Pet(node: node)
/// let back = try pet.makeNode()
/// ```
///
/// A Map-based model is also ``NodeDecodable``, so `json.decode("pet")`, `=>` and collections of it work, with the
/// context passed along.
public protocol MappableObject: MappableBase, NodeDecodable {
    /// Reads the model from a from-node map.
    init(map: Map) throws

    /// The instance that decoding `map` should fill: by default a new one from `init(map:)`.
    ///
    /// A class can return an existing instance instead, for example one its context's store already holds for
    /// the same id (Genome's Core Data pattern). Decoding through `decode`, `extract`, `json.decode` or
    /// `[T](node:)` goes through this factory and then runs `sequence(_:)` on the instance it returns;
    /// `init(node:)` always builds a new instance.
    static func makeInstance(from map: Map) throws -> Self
}

extension MappableObject {
    public static func makeInstance(from map: Map) throws -> Self {
        try Self(map: map)
    }

    /// Builds the model from `node`: `init(map:)`, then `sequence(_:)` on the same from-node map.
    public init(node: Node, in context: any Context = EmptyContext()) throws {
        // Not `loggingErrors`: an initialiser cannot delegate to `self.init` from inside a closure.
        do {
            let map = Map(node: node, in: context)
            try self.init(map: map)
            try sequence(map)
        } catch {
            throw ErrorLoggers.loggedOnce(error)
        }
    }

    /// Builds the model from `json` through `init(map:)`, as `init(node:)` does.
    public static func decode(_ json: Node) throws -> Self {
        try make(from: json, in: EmptyContext())
    }

    /// The factory's instance for `node`, with `sequence(_:)` run on it: how nested models and collection
    /// elements are built, with `context` passed along.
    public static func make(from node: Node, in context: any Context) throws -> Self {
        guard StackRoom.hasRoom() else { throw StackLimitError(decoding: Self.self, from: node) }
        let map = Map(node: node, in: context)
        var instance = try makeInstance(from: map)
        try instance.sequence(map)
        return instance
    }
}

/// A model with an empty initialiser whose `sequence(_:)` reads as well as writes, with `<~`, `<~>` or their
/// named forms:
///
/// ```swift
/// struct Photo: BasicMappable {
///     var title = ""
///     var url: String?
///     init() {}
///     mutating func sequence(_ map: Map) throws {
///         try title <~> map["title"]
///         try url <~ map["url"]
///     }
/// }
/// ```
public protocol BasicMappable: MappableObject {
    /// An instance with every field at its default, for `sequence(_:)` to fill.
    init()
}

extension BasicMappable {
    /// An empty instance; the convenience initialisers then run `sequence(_:)` to fill it.
    public init(map: Map) throws {
        self.init()
    }
}

extension Array where Element: MappableObject {
    /// Builds each element from an array node, through the element type's factory, with `context` passed to
    /// each. An error carries the failing element's index.
    public init(node: Node, in context: any Context = EmptyContext()) throws {
        self = try loggingErrors { try [Element].make(from: node, in: context) }
    }
}

extension Set where Element: MappableObject {
    /// Builds the set from an array node.
    public init(node: Node, in context: any Context = EmptyContext()) throws {
        self = try loggingErrors { try Set<Element>.make(from: node, in: context) }
    }
}

extension Dictionary where Key == String, Value: MappableObject {
    /// Builds each value from an object node.
    public init(node: Node, in context: any Context = EmptyContext()) throws {
        self = try loggingErrors { try [String: Value].make(from: node, in: context) }
    }
}

// `Date` in Genome's own protocols, and the calls that pick a `NodeDateFormat` for one field: `json.decode(_:as:)`,
// `map.extract(_:as:)` and `map[_:as:]`.
import Foundation
import Genome

extension Date: NodeDecodable {
    /// Reads an ISO 8601 string, with or without fractional seconds: see ``NodeDateFormat/default``. A number
    /// needs a format that says what it counts: `json.decode("created", as: .secondsSince1970)`.
    ///
    /// - Throws: `TypeMismatchError` for anything else, with a reason such as "which is not an ISO 8601 date".
    public static func decode(_ json: Node) throws -> Date {
        try NodeDateFormat.default.date(from: json)
    }
}

extension Date: NodeRepresentable {
    /// An ISO 8601 string in UTC, with milliseconds only when the date has them: `2024-05-01T10:30:00Z`,
    /// `2024-05-01T10:30:00.250Z`. See ``NodeDateFormat/default``.
    public func makeNode(in context: any Context) throws -> Node {
        try NodeDateFormat.default.node(from: self)
    }
}

/// A date, or an optional or collection of dates, that reads and writes through a ``NodeDateFormat``: what
/// `json.decode(_:as:)`, `json.decodeIfPresent(_:as:)` and `map.extract(_:as:)` return.
///
/// `Date`, `Optional`, `Array` and `[String: Value]` conform, nested as deeply as you like:
///
/// ```swift
/// let samples: [Date] = try json.decode("samples", as: .millisecondsSince1970)
/// let node = try samples.makeNode(as: .millisecondsSince1970)
/// ```
public protocol NodeDateFormattable {
    /// The value `node` holds, with every date in it read in `format`.
    static func decode(_ node: Node, as format: NodeDateFormat) throws -> Self

    /// The value as a node, with every date in it written in `format`.
    func makeNode(as format: NodeDateFormat) throws -> Node
}

extension Date: NodeDateFormattable {
    /// The date `node` holds in `format`.
    public static func decode(_ node: Node, as format: NodeDateFormat) throws -> Date {
        try format.date(from: node)
    }

    /// The date in `format`.
    public func makeNode(as format: NodeDateFormat) throws -> Node {
        try format.node(from: self)
    }
}

extension Optional: NodeDateFormattable where Wrapped: NodeDateFormattable {
    /// nil for `null`; anything else must be a `Wrapped` in `format`.
    public static func decode(_ node: Node, as format: NodeDateFormat) throws -> Wrapped? {
        if node.isNull { return nil }
        return try Wrapped.decode(node, as: format)
    }

    /// `null` for nil.
    public func makeNode(as format: NodeDateFormat) throws -> Node {
        guard let self else { return .null }
        return try self.makeNode(as: format)
    }
}

extension Array: NodeDateFormattable where Element: NodeDateFormattable {
    /// An array of `Element`s in `format`. An error carries the failing element's index.
    public static func decode(_ node: Node, as format: NodeDateFormat) throws -> [Element] {
        guard case .array(let elements) = node else { throw TypeMismatchError(expected: [Element].self, found: node) }
        return try elements.indices.map { index in
            try parse(json: node, path: [.index(index)]) { try Element.decode($0, as: format) }
        }
    }

    /// An array of the elements in `format`.
    public func makeNode(as format: NodeDateFormat) throws -> Node {
        .array(try map { try $0.makeNode(as: format) })
    }
}

extension Dictionary: NodeDateFormattable where Key == String, Value: NodeDateFormattable {
    /// An object of `Value`s in `format`. An error carries the failing member's key.
    public static func decode(_ node: Node, as format: NodeDateFormat) throws -> [String: Value] {
        guard case .object(let object) = node else {
            throw TypeMismatchError(expected: [String: Value].self, found: node)
        }
        var result = [String: Value](minimumCapacity: object.count)
        for (key, _) in object {
            result[key] = try parse(json: node, path: [.key(key)]) { try Value.decode($0, as: format) }
        }
        return result
    }

    /// An object of the values in `format`, with the keys sorted, as `makeNode()` writes a dictionary.
    public func makeNode(as format: NodeDateFormat) throws -> Node {
        var object = Node.Object()
        for key in keys.sorted() {
            object[key] = try self[key]!.makeNode(as: format)
        }
        return .object(object)
    }
}

extension Node {
    /// Decodes the date (or optional or collection of dates) along a path, in `format`: `json.decode("created",
    /// as: .millisecondsSince1970)`. As `decode(_:)`: a missing key throws, and `null` throws unless the result is
    /// optional.
    public func decode<T: NodeDateFormattable>(_ path: any PathComponentConvertible..., as format: NodeDateFormat)
        throws -> T
    {
        try parse(json: self, path: path.map(\.pathComponent)) { try T.decode($0, as: format) }
    }

    /// Decodes the date (or collection of dates) along a path in `format`, or returns nil when a step is missing or
    /// `null`. A value that is not a date in `format` still throws.
    public func decodeIfPresent<T: NodeDateFormattable>(
        _ path: any PathComponentConvertible..., as format: NodeDateFormat
    ) throws -> T? {
        let components = path.map(\.pathComponent)
        // Walks the path once to learn whether there is a value, with `decodeIfPresent`'s rules for the steps.
        guard try decodeIfPresent(path: components, as: Node.self) != nil else { return nil }
        return try parse(json: self, path: components) { try T.decode($0, as: format) }
    }
}

extension Map {
    /// Decodes the date (or optional or collection of dates) at a path, in `format`:
    /// `created = try map.extract("created", as: .millisecondsSince1970)`. As `extract(_:)`: for an optional
    /// result, a missing key or `null` gives nil.
    public func extract<T: NodeDateFormattable>(_ path: any PathComponentConvertible..., as format: NodeDateFormat)
        throws -> T
    {
        try self[path: path.map(\.pathComponent)].extract { (node: Node) in try T.decode(node, as: format) }
    }

    /// The date field at a path, read and written in `format`: for `<~>`, `<~` and `~>`, and `bind`, `read` and
    /// `write`, with a `Date` or a `Date?`.
    ///
    /// ```swift
    /// try created <~> map["created", as: .millisecondsSince1970]
    /// try map["updated", as: .iso8601WithFractionalSeconds].bind(&updated)
    /// ```
    ///
    /// As elsewhere in a map, a nil `Date?` is left out when writing, and a missing key or `null` reads as nil.
    public subscript(path: any PathComponentConvertible..., as format: NodeDateFormat) -> TwoWayTransform<
        Node, Date, Node
    > {
        self[path: path.map(\.pathComponent)]
            .transformFromNode(format.date(from:))
            .transformToNode(format.node(from:))
    }
}

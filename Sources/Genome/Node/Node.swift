/// A JSON value, or any tree of plain values: the currency every Genome API reads and writes.
///
/// ```swift
/// let node: Node = ["name": "Rover", "nickname": nil, "age": 3, "tags": ["a", "b"]]
/// node["tags", 1]        // Optional(Node.string("b"))
/// try node.serialized()  // {"name":"Rover","nickname":null,"age":3,"tags":["a","b"]}
/// ```
///
/// `Node` is a value type: copies are cheap (containers share storage until one copy is mutated) and it is
/// `Sendable`, so a parsed document can be handed to any task.
///
/// Equality follows JSON's meaning rather than the bytes it came from:
/// - numbers compare by mathematical value, so `1`, `1.0` and `UInt64(1)` are equal, and `-0.0 == 0`;
/// - objects compare as sets of members: key order does not matter for `==` or `hashValue`, even though
///   ``Node/Object`` keeps and writes keys in insertion order;
/// - strings, and object keys, compare by Unicode scalars, as RFC 8259 compares member names, not by canonical
///   equivalence: `Node.string("\u{E9}") != Node.string("e\u{301}")`, though Swift's `==` calls the two
///   strings equal. Compare `.string` values yourself for canonical equivalence. One rule for keys and values
///   keeps `Node`'s `Equatable` and `Hashable` lawful, and matches JSON Patch's `test`.
public enum Node: Sendable {
    /// JSON `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number: an exact 64-bit integer (signed or unsigned), a double, or the text of a number neither holds
    /// exactly (see ``Node/Number``).
    case number(Number)
    /// A string.
    case string(String)
    /// An ordered list of values.
    case array([Node])
    /// An object: members keep their insertion (document) order, and keys are unique.
    case object(Object)
}

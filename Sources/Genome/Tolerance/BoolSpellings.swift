// A `Bool` written as a string or as a number, for one property, both ways, as CodableWrappers'
// `@BoolAsStringCoding` and `@BoolAsIntCoding` do: some APIs spell every Bool `"true"` or `1`, and want it back so.

/// A `Bool` property of a `Codable` model spelled `"true"` and `"false"` in JSON, both ways.
///
/// ```swift
/// struct Flags: Codable {
///     @BoolAsString var isPublic: Bool     // "true" or "false" (in any case), or a JSON Bool; written "true"
/// }
/// ```
///
/// Reading takes `"true"` and `"false"` in any case, and a JSON `Bool` as it is; anything else is a type mismatch
/// (`"yes"`: see ``LenientBool``). The spelling is what the property declares, so reading it is not a recovery.
/// Writing gives `"true"` or `"false"`. It works under any coder, `JSONDecoder` and `JSONEncoder` included, and in
/// the static-decode API: `let isPublic: BoolAsString = try json.decode("isPublic")`.
@propertyWrapper
public struct BoolAsString: Hashable, Sendable {
    /// The value.
    public var wrappedValue: Bool

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Bool) {
        self.wrappedValue = wrappedValue
    }

    /// The `Bool` `node` spells, or nil.
    fileprivate static func bool(in node: Node) -> Bool? {
        switch node {
        case .bool(let bool): bool
        case .string(let string) where string.lowercased() == "true": true
        case .string(let string) where string.lowercased() == "false": false
        default: nil
        }
    }
}

/// A `Bool` property of a `Codable` model spelled `1` and `0` in JSON, both ways.
///
/// ```swift
/// struct Row: Codable {
///     @BoolAsInt var isDeleted: Bool      // 1 or 0, or a JSON Bool; written 1 or 0
/// }
/// ```
///
/// Reading takes the numbers `1` and `0` (`1.0` too), and a JSON `Bool` as it is; anything else, `2` and `"1"`
/// included, is a type mismatch. The spelling is what the property declares, so reading it is not a recovery.
/// Writing gives `1` or `0`. It works under any coder, `JSONDecoder` and `JSONEncoder` included, and in the
/// static-decode API: `let isDeleted: BoolAsInt = try json.decode("isDeleted")`.
@propertyWrapper
public struct BoolAsInt: Hashable, Sendable {
    /// The value.
    public var wrappedValue: Bool

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Bool) {
        self.wrappedValue = wrappedValue
    }

    /// The `Bool` `node` spells, or nil.
    fileprivate static func bool(in node: Node) -> Bool? {
        switch node {
        case .bool(let bool): bool
        case .number(let number) where number.int64Value == 1: true
        case .number(let number) where number.int64Value == 0: false
        default: nil
        }
    }
}

/// The value of a Bool spelled by `spelled`, read through a node so that every decoder reads it alike; a value it
/// does not read is the type mismatch a `Bool` would throw.
private func decodeBool(from decoder: any Decoder, spelled: (Node) -> Bool?) throws -> Bool {
    let container = try decoder.singleValueContainer()
    // The node first, so that a coder's own coercions never read the value and report it.
    if !container.decodeNil(), let node = try? container.decode(Node.self), let bool = spelled(node) { return bool }
    return try container.decode(Bool.self)
}

extension BoolAsString: Codable {
    /// Decodes `"true"`, `"false"` or a JSON `Bool`.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try decodeBool(from: decoder, spelled: BoolAsString.bool(in:))
    }

    /// Encodes `"true"` or `"false"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue ? "true" : "false")
    }
}

extension BoolAsInt: Codable {
    /// Decodes `1`, `0` or a JSON `Bool`.
    public init(from decoder: any Decoder) throws {
        wrappedValue = try decodeBool(from: decoder, spelled: BoolAsInt.bool(in:))
    }

    /// Encodes `1` or `0`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue ? 1 : 0)
    }
}

extension BoolAsString: NodeDecodable {
    public static func decode(_ json: Node) throws -> BoolAsString {
        guard let bool = bool(in: json) else { throw TypeMismatchError(expected: Bool.self, found: json) }
        return BoolAsString(wrappedValue: bool)
    }
}

extension BoolAsString: NodeRepresentable {
    /// `"true"` or `"false"`.
    public func makeNode(in context: any Context) throws -> Node {
        .string(wrappedValue ? "true" : "false")
    }
}

extension BoolAsInt: NodeDecodable {
    public static func decode(_ json: Node) throws -> BoolAsInt {
        guard let bool = bool(in: json) else { throw TypeMismatchError(expected: Bool.self, found: json) }
        return BoolAsInt(wrappedValue: bool)
    }
}

extension BoolAsInt: NodeRepresentable {
    /// `1` or `0`.
    public func makeNode(in context: any Context) throws -> Node {
        Node(wrappedValue ? 1 : 0)
    }
}

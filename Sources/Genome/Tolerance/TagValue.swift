// A tag is compared by its JSON type as well as its value: `"1"` is not the tag `1`. An API that sends both spellings
// says so with `.alsoRead`, rather than every tagging guessing at what a string that looks like a number meant.

/// A tag's value in the JSON: a string, an integer or a Bool. A literal makes one, so a variant's tag is written as
/// it appears in the JSON: `.variant(1, Circle.self, Shape.circle)`, `.variant(true, Shape.on)`.
public enum TagValue: Hashable, Sendable {
    /// A string tag: `"circle"`.
    case string(String)
    /// An integer tag: `1`. A JSON number with a fraction never reads as one.
    case integer(Int)
    /// A Bool tag: `true`.
    case bool(Bool)

    /// The JSON types a tag can have, to tell a tag of the wrong type from an unknown one.
    internal enum Kind: Hashable, Sendable, CaseIterable {
        case string, integer, bool

        /// How an error names a tag of this kind.
        var name: String {
            switch self {
            case .string: "a string"
            case .integer: "an integer"
            case .bool: "a Bool"
            }
        }
    }

    /// The tag as text: a string itself, a number or Bool its JSON spelling (`1`, `true`).
    public var text: String {
        switch self {
        case .string(let value): value
        case .integer(let value): String(value)
        case .bool(let value): String(value)
        }
    }

    /// The tag as a node.
    public var node: Node {
        switch self {
        case .string(let value): .string(value)
        case .integer(let value): .number(.int(Int64(value)))
        case .bool(let value): .bool(value)
        }
    }

    internal var kind: Kind {
        switch self {
        case .string: .string
        case .integer: .integer
        case .bool: .bool
        }
    }

    /// The tag `node` holds; nil for a node that is no string, integer or Bool.
    public init?(_ node: Node) {
        switch node {
        case .string(let value): self = .string(value)
        case .bool(let value): self = .bool(value)
        case .number(let number):
            guard let value = number.exactly(Int.self) else { return nil }
            self = .integer(value)
        default: return nil
        }
    }
}

extension TagValue: CustomStringConvertible {
    /// The tag as JSON: `"circle"` (quoted), `1`, `true`.
    public var description: String { node.description }
}

extension TagValue: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral, ExpressibleByBooleanLiteral {
    /// A string tag.
    public init(stringLiteral value: String) { self = .string(value) }
    /// An integer tag.
    public init(integerLiteral value: Int) { self = .integer(value) }
    /// A Bool tag.
    public init(booleanLiteral value: Bool) { self = .bool(value) }
}

extension TagValue: Codable {
    /// Reads a string, an integer or a Bool, by its JSON type: under `NodeDecoder` from the node itself, so that no
    /// coercion the decoder applies turns one type into another; under other decoders by trying each in turn,
    /// which a strict decoder such as Foundation's tells apart as well.
    public init(from decoder: any Decoder) throws {
        if let node = decoder.genomeNode {
            guard let tag = TagValue(node) else { throw Self.notATag(node.isNull, found: "\(node)", decoder) }
            self = tag
            return
        }
        let container = try decoder.singleValueContainer()
        if container.decodeNil() { throw Self.notATag(true, found: "null", decoder) }
        if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else {
            throw Self.notATag(false, found: "another value", decoder)
        }
    }

    /// Writes the tag in its JSON type.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .string(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .bool(let value): try container.encode(value)
        }
    }

    private static func notATag(_ isNull: Bool, found: String, _ decoder: any Decoder) -> DecodingError {
        let context = DecodingError.Context(
            codingPath: decoder.codingPath, debugDescription: "Expected a string, integer or Bool tag, found \(found).")
        return isNull ? .valueNotFound(TagValue.self, context) : .typeMismatch(TagValue.self, context)
    }
}

// A value read from whichever scalar the JSON has, and written back as that scalar: BetterCodable's
// `@LosslessValue`. `Coerced` converts one way only (a number from a string) and writes the Swift type; an API that
// sends `"sku": 12345` one day and `"sku": "12345"` the next wants its own spelling back, so this wrapper remembers
// which JSON type each value came as.

/// A `Codable` property read from a string, a number or a `Bool` through its text, and written back in the JSON
/// type it was read from.
///
/// ```swift
/// struct Product: Codable {
///     @LosslessValue var sku: String         // "12345" from 12345, written back as 12345
///     @LosslessValue var price: Double       // 19.99 from "19.99", written back as "19.99"
///     @LosslessValue var inStock: Bool       // true from "true", written back as "true"
/// }
/// ```
///
/// The value is decoded as it is first. Only when that fails with a type mismatch is the scalar's text (a string's
/// characters, a number as JSON writes it, `true` or `false`) handed to the type's `LosslessStringConvertible`
/// initialiser; text it does not accept throws the original error, and so do `null`, arrays and objects. Each value
/// converted is a ``Recovery`` of kind ``Recovery/Kind/valueCoerced`` whose error is the type mismatch it replaced.
///
/// Encoding writes a value that decoded as it is, or that you set, as its type encodes it. A converted value is
/// written in its original JSON type: as a string, as a number (its text read as a JSON number), or as a `Bool`
/// (`true` or `false`); when its text no longer is one (you changed the value to `"abc"` after reading `12345`), as
/// its type encodes it. It works under any coder, `JSONDecoder` and `JSONEncoder` included.
///
/// In the static-decode API, decode `LosslessValue<String>` like any other type:
/// `let sku: LosslessValue<String> = try json.decode("sku")`.
@propertyWrapper
public struct LosslessValue<Value: LosslessStringConvertible> {
    /// The JSON type a converted value came as, to be written back in.
    internal enum Origin: Hashable, Sendable {
        case asItIs, string, number, bool
    }

    /// The value. Setting it keeps the JSON type it is written in.
    public var wrappedValue: Value
    /// Where the value came from.
    internal var origin: Origin

    /// A property holding `wrappedValue`, written as its type encodes it.
    public init(wrappedValue: Value) {
        self.wrappedValue = wrappedValue
        origin = .asItIs
    }

    internal init(_ value: Value, origin: Origin) {
        wrappedValue = value
        self.origin = origin
    }

    /// The value `node`'s text makes, and the JSON type to write it back in; nil when the node is not a scalar or
    /// the type does not accept its text.
    internal static func converting(_ node: Node) -> LosslessValue? {
        let text: String
        let origin: Origin
        switch node {
        case .string(let string):
            (text, origin) = (string, .string)
        case .number(let number):
            (text, origin) = (number.description, .number)
        case .bool(let bool):
            (text, origin) = (bool ? "true" : "false", .bool)
        default:
            return nil
        }
        return Value(text).map { LosslessValue($0, origin: origin) }
    }

    /// The value as its original JSON type; nil when it is to be written as its type encodes it.
    internal var originalNode: Node? {
        let text = wrappedValue.description
        switch origin {
        case .asItIs:
            return nil
        case .string:
            return .string(text)
        case .number:
            guard let first = text.utf8.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first),
                let node = try? Node(json: text), case .number = node
            else { return nil }
            return node
        case .bool:
            switch text {
            case "true": return .bool(true)
            case "false": return .bool(false)
            default: return nil
            }
        }
    }
}

extension LosslessValue: Decodable where Value: Decodable {
    /// Decodes the value as it is or, on a type mismatch, from the text of the scalar there.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            self.init(wrappedValue: try container.decode(Value.self))
        } catch let error as DecodingError {
            guard case .typeMismatch = error, let node = try? container.decode(Node.self),
                let converted = LosslessValue.converting(node)
            else { throw error }
            Recoveries.record(.valueCoerced, codingPath: decoder.codingPath, replacing: error)
            self = converted
        }
    }
}

extension LosslessValue: Encodable where Value: Encodable {
    /// Encodes the value in the JSON type it was read from, or as its type encodes it.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let node = originalNode {
            try container.encode(node)
        } else {
            try container.encode(wrappedValue)
        }
    }
}

extension LosslessValue: NodeDecodable where Value: NodeDecodable {
    public static func decode(_ json: Node) throws -> LosslessValue {
        try make(from: json, in: EmptyContext())
    }

    public static func make(from node: Node, in context: any Context) throws -> LosslessValue {
        do {
            return LosslessValue(wrappedValue: try Value.make(from: node, in: context))
        } catch let error as TypeMismatchError {
            guard let converted = converting(node) else { throw error }
            Recoveries.record(.valueCoerced, in: node, at: [], replacing: error)
            return converted
        }
    }
}

extension LosslessValue: NodeRepresentable where Value: NodeRepresentable {
    /// The value in the JSON type it was read from, or as its type makes a node.
    public func makeNode(in context: any Context) throws -> Node {
        try originalNode ?? wrappedValue.makeNode(in: context)
    }
}

/// Two lossless values are equal when their values are, whatever JSON type each came as.
extension LosslessValue: Equatable where Value: Equatable {
    public static func == (lhs: LosslessValue, rhs: LosslessValue) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension LosslessValue: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension LosslessValue: Sendable where Value: Sendable {}

// A `Bool` from the spellings form posts, spreadsheets and older APIs use, as MetaCodable's `ValueCoder` reads one:
// the coercions of `Coercions` stop at `"true"`/`"false"` and `0`/`1`, which is right for a whole decoder but too
// little for the one field that sends `"Yes"`.

/// A `Bool` property that also reads `"yes"`/`"no"`, `"true"`/`"false"`, `"1"`/`"0"` (in any case: `"YES"`,
/// `"False"`) and the numbers `1` and `0`.
///
/// ```swift
/// struct Subscription: Codable {
///     @LenientBool var isActive: Bool       // true, "yes", "Yes", "TRUE", "1" or 1
///     @LenientBool var autoRenews: Bool     // false, "no", "No", "false", "0" or 0
/// }
/// ```
///
/// A JSON `Bool` is read as it is. Anything else is a type mismatch, as for a `Bool`: `"maybe"`, `2`, `null` and a
/// missing key throw. Each value read from another spelling is a ``Recovery`` of kind
/// ``Recovery/Kind/valueCoerced`` whose error is the type mismatch it replaced. Encoding writes a JSON `Bool`; for
/// a field that must be written back as a string or a number, see ``BoolAsString`` and ``BoolAsInt``.
///
/// It works under any decoder, `JSONDecoder` included, and in the static-decode API:
/// `let active: LenientBool = try json.decode("isActive")`.
@propertyWrapper
public struct LenientBool: Hashable, Sendable {
    /// The value.
    public var wrappedValue: Bool

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Bool) {
        self.wrappedValue = wrappedValue
    }

    /// The `Bool` a lenient spelling stands for; nil for anything else.
    internal static func bool(spelledAs node: Node) -> Bool? {
        switch node {
        case .string(let string):
            switch string.lowercased() {
            case "true", "yes", "1": return true
            case "false", "no", "0": return false
            default: return nil
            }
        case .number(let number):
            switch number.int64Value {
            case 1: return true
            case 0: return false
            default: return nil
            }
        default:
            return nil
        }
    }
}

extension LenientBool: Codable {
    /// Decodes a `Bool`, or a lenient spelling of one.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        do {
            wrappedValue = try container.decode(Bool.self)
        } catch let error as DecodingError {
            guard case .typeMismatch = error, let node = try? container.decode(Node.self),
                let bool = LenientBool.bool(spelledAs: node)
            else { throw error }
            Recoveries.record(.valueCoerced, codingPath: decoder.codingPath, replacing: error)
            wrappedValue = bool
        }
    }

    /// Encodes the value as a JSON `Bool`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension LenientBool: NodeDecodable {
    public static func decode(_ json: Node) throws -> LenientBool {
        if case .bool(let bool) = json { return LenientBool(wrappedValue: bool) }
        let error = TypeMismatchError(expected: Bool.self, found: json)
        guard let bool = bool(spelledAs: json) else { throw error }
        Recoveries.record(.valueCoerced, in: json, at: [], replacing: error)
        return LenientBool(wrappedValue: bool)
    }
}

extension LenientBool: NodeRepresentable {
    /// The value as a JSON `Bool`.
    public func makeNode(in context: any Context) throws -> Node {
        .bool(wrappedValue)
    }
}

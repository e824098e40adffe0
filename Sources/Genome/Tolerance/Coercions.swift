/// The conversions between JSON types that tolerant decoding may make, when you ask for them.
///
/// Decoding is strict by default: `"42"` is not an `Int`. Turn coercions on for one field or for a whole decoder:
///
/// ```swift
/// let count: Int = try json.decode("count", coercing: .all)          // the static-decode API, one field
///
/// struct Stats: Codable {
///     @Coerced var count: Int                                     // Codable, one field: every coercion
/// }
///
/// var decoder = NodeDecoder()
/// decoder.coercions = [.numbersFromStrings, .boolsFromNumbers]   // Codable, every field of the run
/// ```
///
/// A coercion is only tried when the value does not decode as it is, so a value of the right type never changes.
/// Each value coerced is a ``Recovery`` of kind ``Recovery/Kind/valueCoerced``, whose error is the type mismatch
/// it replaced.
public struct Coercions: OptionSet, Sendable, Hashable {
    public let rawValue: UInt8

    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// A number from a string holding a JSON number: `"42"` as `42`, `"2.5"` as `2.5`.
    public static let numbersFromStrings = Coercions(rawValue: 1 << 0)
    /// A `Bool` from the numbers `0` and `1`.
    public static let boolsFromNumbers = Coercions(rawValue: 1 << 1)
    /// A `Bool` from the strings `"true"` and `"false"`.
    public static let boolsFromStrings = Coercions(rawValue: 1 << 2)
    /// An array of one element from a single value where an array is expected: `"a"` as `["a"]`.
    public static let arraysFromSingleValues = Coercions(rawValue: 1 << 3)
    /// Every coercion.
    public static let all: Coercions = [
        .numbersFromStrings, .boolsFromNumbers, .boolsFromStrings, .arraysFromSingleValues,
    ]
}

extension Node {
    /// What this scalar may stand for under `coercions`, in the order to try them; empty when nothing applies.
    /// Arrays from single values are left to the caller, which knows whether it expects an array.
    internal func scalarCoercions(_ coercions: Coercions) -> [Node] {
        switch self {
        case .string(let string):
            if coercions.contains(.boolsFromStrings) {
                if string == "true" { return [.bool(true)] }
                if string == "false" { return [.bool(false)] }
            }
            if coercions.contains(.numbersFromStrings), let number = Node.number(in: string) { return [number] }
        case .number:
            if coercions.contains(.boolsFromNumbers) {
                if self == 0 { return [.bool(false)] }
                if self == 1 { return [.bool(true)] }
            }
        default:
            break
        }
        return []
    }

    /// Every node this one may stand for under `coercions`, for a type that may or may not be an array.
    internal func coercions(_ coercions: Coercions) -> [Node] {
        let scalars = scalarCoercions(coercions)
        guard coercions.contains(.arraysFromSingleValues), !isArray else { return scalars }
        return scalars + [.array([self])] + scalars.map { .array([$0]) }
    }

    /// The number a string holds in JSON's own spelling, read by Genome's reader (exact, correctly rounded).
    private static func number(in string: String) -> Node? {
        guard let first = string.utf8.first, first == UInt8(ascii: "-") || (0x30...0x39).contains(first),
            let node = try? Node(json: string), case .number = node
        else { return nil }
        return node
    }

    private var isArray: Bool {
        if case .array = self { return true }
        return false
    }

    /// `decode` with `coercions`: `T` from this node, or from the first node it may stand for.
    /// The recovery is recorded at `path` inside `container`.
    internal func decodeCoercing<T: NodeDecodable>(
        _ coercions: Coercions, in context: any Context, container: Node, at path: [PathComponent]
    ) throws -> T {
        do {
            return try T.make(from: self, in: context)
        } catch let error as TypeMismatchError {
            for candidate in self.coercions(coercions) {
                if let value = try? T.make(from: candidate, in: context) {
                    Recoveries.record(.valueCoerced, in: container, at: path, replacing: error)
                    return value
                }
            }
            throw error
        }
    }

    /// The value at `key`, converted by `coercions` when it does not decode as it is.
    ///
    /// ```swift
    /// let count: Int = try json.decode("count", coercing: .all)   // {"count": "42"} gives 42
    /// ```
    ///
    /// Missing keys and null behave as in `decode(_:)`.
    public func decode<T: NodeDecodable>(_ key: String, coercing coercions: Coercions) throws -> T {
        try loggingErrors {
            let value = try self.value(at: [.key(key)], ifPresent: false)!
            return try withPath([.key(key)], root: self) {
                try value.decodeCoercing(coercions, in: EmptyContext(), container: self, at: [.key(key)])
            }
        }
    }
}

extension Map {
    /// Decodes the value at `key`, converted by `coercions` when it does not decode as it is; see
    /// ``Node/decode(_:coercing:)``. For an optional `T`, a missing key or `null` gives nil.
    public func extract<T: NodeDecodable>(_ key: String, coercing coercions: Coercions) throws -> T {
        try loggingErrors {
            guard let value = try node.value(at: [.key(key)], ifPresent: T.self is any OptionalProtocol.Type) else {
                return try T.make(from: .null, in: context)
            }
            return try withPath([.key(key)], root: node) {
                try value.decodeCoercing(coercions, in: context, container: node, at: [.key(key)])
            }
        }
    }
}

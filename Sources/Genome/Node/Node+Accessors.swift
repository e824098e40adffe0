// Typed, optional views of a node: each returns nil when the node holds another kind of value.

extension Node {
    /// The kind of value a node holds, as error messages name it.
    public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        case null, bool, number, string, array, object

        /// "null", "a bool", "a number", "a string", "an array", "an object".
        public var description: String {
            switch self {
            case .null: "null"
            case .bool: "a bool"
            case .number: "a number"
            case .string: "a string"
            case .array: "an array"
            case .object: "an object"
            }
        }
    }

    public var kind: Kind {
        switch self {
        case .null: .null
        case .bool: .bool
        case .number: .number
        case .string: .string
        case .array: .array
        case .object: .object
        }
    }

    /// True for `.null` only; a missing value is `nil`, not `.null`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    public var number: Number? {
        if case .number(let value) = self { return value }
        return nil
    }

    /// Any number as a `Double` (integers beyond 2^53 round to nearest).
    public var double: Double? { number?.doubleValue }

    /// A number that is exactly an integer in `Int`'s range; `1.0` qualifies, `1.5` does not.
    public var int: Int? { number?.exactly(Int.self) }

    /// A number that is exactly an integer in `Int64`'s range.
    public var int64: Int64? { number?.int64Value }

    /// A number that is exactly a non-negative integer in `UInt64`'s range.
    public var uint64: UInt64? { number?.uint64Value }

    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    public var array: [Node]? {
        if case .array(let value) = self { return value }
        return nil
    }

    public var object: Object? {
        if case .object(let value) = self { return value }
        return nil
    }
}

// Typed, optional views of a node: each returns nil when the node holds another kind of value.

extension Node {
    /// The kind of value a node holds, as error messages name it.
    ///
    /// Errors report the kind they found (``TypeMismatchError/receivedKind``), and a `switch` over a node's
    /// ``Node/kind`` needs no associated values.
    public enum Kind: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
        /// JSON `null`.
        case null
        /// `true` or `false`.
        case bool
        /// Any number, integer or not.
        case number
        /// A string.
        case string
        /// An array.
        case array
        /// An object.
        case object

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

    /// Which kind of value this node holds: `.string` for `"a"`, `.null` for `null`.
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

    /// The value of a `true` or `false`; nil for anything else, including the strings `"true"` and `"false"`.
    public var bool: Bool? {
        if case .bool(let value) = self { return value }
        return nil
    }

    /// The number, exactly as it was read; nil for anything that is not a number.
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

    /// The string; nil for anything else (a number is not converted).
    ///
    /// ```swift
    /// let node: Node = ["name": "Rover", "age": 3]
    /// node["name"]?.string   // "Rover"
    /// node["age"]?.string    // nil
    /// ```
    public var string: String? {
        if case .string(let value) = self { return value }
        return nil
    }

    /// The elements of an array; nil for anything else.
    public var array: [Node]? {
        if case .array(let value) = self { return value }
        return nil
    }

    /// The members of an object, in order; nil for anything else.
    public var object: Object? {
        if case .object(let value) = self { return value }
        return nil
    }
}

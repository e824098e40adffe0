extension Node {
    /// A JSON number, never rounded silently.
    ///
    /// The reader produces `.int` for every integer in `Int64`'s range, `.uint` for integers above `Int64.max` up
    /// to `UInt64.max`, `.double` for the other numbers a `Double` keeps (a fraction or an exponent with at most
    /// 17 significant digits, `-0`, whose sign survives), and `.exact` for the rest: integer literals beyond 64
    /// bits, more significant digits than a `Double` keeps, integral values beyond 64 bits that no `Double` is,
    /// fractions that the nearest `Double` rounds to a whole number (`9007199254740993.5`, `9.9999999999999999`), and numbers beyond
    /// `Double`'s range. An integral value written with a fraction or an exponent, such as
    /// `9007199254740993.0`, is `.int` when no `Double` holds it exactly, or when the `Double` that does is written
    /// as digits of another value (so that writing and reading back never changes a number).
    ///
    /// Equality and hashing use the mathematical value: `.int(1) == .double(1.0)`, and an `.exact` number equals
    /// any other case with the same value.
    public enum Number: Sendable {
        /// An integer in `Int64`'s range, exact.
        case int(Int64)
        /// An integer above `Int64.max`, exact. Only used for values above `Int64.max`; smaller non-negative integers are `.int`.
        case uint(UInt64)
        /// Any other number a `Double` keeps: a fraction, an exponent, `-0`.
        case double(Double)
        /// A number no `Int64`, `UInt64` or `Double` holds exactly, as its decimal text.
        case exact(ExactNumber)

        /// The value as a `Double`, correctly rounded: to nearest when an integer has more than 53 significant
        /// bits, and ±infinity or zero for an `.exact` number beyond `Double`'s range.
        public var doubleValue: Double {
            switch self {
            case .int(let value): Double(value)
            case .uint(let value): Double(value)
            case .double(let value): value
            case .exact(let value): value.doubleValue
            }
        }

        /// Whether the value is zero (either sign).
        public var isZero: Bool {
            switch self {
            case .int(let value): value == 0
            case .uint(let value): value == 0
            case .double(let value): value == 0
            case .exact(let value): value.isZero
            }
        }

        /// Whether this is an ``ExactNumber``: a number no `Int64`, `UInt64` or `Double` holds exactly.
        public var isExact: Bool {
            if case .exact = self { return true }
            return false
        }

        /// The value as an `Int64` when it is exactly an integer in `Int64`'s range, otherwise `nil`.
        ///
        /// The double -2^63 is the one exception: it is also the nearest double to the integer literals just below
        /// `Int64.min` (which the reader keeps as doubles), so it cannot be trusted to be `Int64.min` and gives nil.
        public var int64Value: Int64? {
            switch self {
            case .int(let value): value
            case .uint(let value): Int64(exactly: value)
            case .double(let value): value == -0x1p63 ? nil : Int64(exactly: value)
            case .exact(let value): value.exactly(Int64.self)
            }
        }

        /// The value as a `UInt64` when it is exactly a non-negative integer in `UInt64`'s range, otherwise `nil`.
        public var uint64Value: UInt64? {
            switch self {
            case .int(let value): UInt64(exactly: value)
            case .uint(let value): value
            case .double(let value): UInt64(exactly: value)
            case .exact(let value): value.exactly(UInt64.self)
            }
        }

        /// The value as an integer of any fixed width, when it is exactly integral and in that type's range.
        ///
        /// `1.0` converts, `1.5` and `300` (into `Int8`) do not, and neither does the double -2^63 (see
        /// ``int64Value``).
        public func exactly<Integer: FixedWidthInteger>(_ type: Integer.Type = Integer.self) -> Integer? {
            switch self {
            case .int(let value): Integer(exactly: value)
            case .uint(let value): Integer(exactly: value)
            case .double(let value): value == -0x1p63 ? nil : Integer(exactly: value)
            case .exact(let value): value.exactly(Integer.self)
            }
        }
    }
}

extension Node.Number: Equatable {
    /// Compares mathematical values: an integer equals a double only when the double is exactly that integer.
    /// NaN, which the reader never produces, is equal to itself so that `Node` stays a lawful `Equatable`.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): a == b
        case (.uint(let a), .uint(let b)): a == b
        case (.double(let a), .double(let b)): a == b || (a.isNaN && b.isNaN)
        case (.int(let a), .uint(let b)), (.uint(let b), .int(let a)): UInt64(exactly: a) == b
        case (.int(let a), .double(let b)), (.double(let b), .int(let a)): Int64(exactly: b) == a
        case (.uint(let a), .double(let b)), (.double(let b), .uint(let a)): UInt64(exactly: b) == a
        case (.exact(let a), .exact(let b)): a.value == b.value
        case (.exact(let a), .int(let b)), (.int(let b), .exact(let a)): a.value.exactly(Int64.self) == b
        case (.exact(let a), .uint(let b)), (.uint(let b), .exact(let a)): a.value.exactly(UInt64.self) == b
        case (.exact(let a), .double(let b)), (.double(let b), .exact(let a)):
            // The correctly rounded double of an equal value is that double; only then is the exact check needed.
            b.isFinite && a.doubleValue == b && a.value == DecimalValue(exactly: b)
        }
    }
}

extension Node.Number: Hashable {
    /// Hashes the mathematical value, consistently with `==`: every integral value hashes as an integer.
    public func hash(into hasher: inout Hasher) {
        switch self {
        case .int(let value):
            hasher.combine(value)
        case .uint(let value):
            if let signed = Int64(exactly: value) { hasher.combine(signed) } else { hasher.combine(value) }
        case .double(let value):
            if let signed = Int64(exactly: value) {
                hasher.combine(signed)
            } else if let unsigned = UInt64(exactly: value) {
                hasher.combine(unsigned)
            } else {
                hasher.combine(value.isNaN ? Double.nan.bitPattern : value.bitPattern)
            }
        case .exact(let value):
            // As the case it equals would hash: an integer, a double, or else its own canonical value.
            if let signed = value.exactly(Int64.self) {
                hasher.combine(signed)
            } else if let unsigned = value.exactly(UInt64.self) {
                hasher.combine(unsigned)
            } else if case let double = value.doubleValue, double.isFinite,
                DecimalValue(exactly: double) == value.value
            {
                hasher.combine(double.bitPattern)
            } else {
                hasher.combine(value.value)
            }
        }
    }

}

extension Node.Number: CustomStringConvertible {
    /// The number as JSON writes it (non-finite doubles print as Swift does, since JSON has no spelling for them).
    public var description: String {
        switch self {
        case .int(let value): String(value)
        case .uint(let value): String(value)
        case .double(let value): value.description
        case .exact(let value): value.text
        }
    }
}

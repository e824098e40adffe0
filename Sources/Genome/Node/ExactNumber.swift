extension Node {
    /// A JSON number that no `Int64`, `UInt64` or `Double` holds exactly, kept as its decimal text.
    ///
    /// The reader makes one for an integer literal beyond 64 bits (`18446744073709551616`), for a number with more
    /// significant digits than a `Double` keeps (more than 17: `0.1234567890123456789`), for an integral value
    /// beyond 64 bits that no `Double` is (`1e300`), and for a number beyond `Double`'s range (`1e400`,
    /// `1e-400`). It is written back as it was read, and decodes exactly into `Int128`, `UInt128` and, with
    /// GenomeFoundation, `Decimal`. ``doubleValue`` is the correctly rounded `Double`.
    ///
    /// Two numbers are equal when their values are, whatever their spelling: `1.0e2` equals `100`, and
    /// `ExactNumber("100")` equals `Node.Number.int(100)`.
    public struct ExactNumber: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
        /// One reference, so that `Node.Number`, and so every `Node`, stays as small as a `Double` and a tag: exact
        /// numbers are rare, and a larger `Node` would cost every document.
        private final class Storage: Sendable {
            let text: String
            let value: DecimalValue

            init(text: String, value: DecimalValue) {
                self.text = text
                self.value = value
            }
        }

        private let storage: Storage

        /// The number as JSON text, exactly as read or given.
        public var text: String { storage.text }
        /// The value, canonically: the sign, the significant digits (no leading or trailing zeros; none for zero)
        /// and the power of ten they are multiplied by.
        internal var value: DecimalValue { storage.value }

        /// A number from JSON number text: `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?`, nothing around it;
        /// nil for any other text.
        public init?(_ text: String) {
            var text = text
            guard let value = text.withUTF8({ DecimalValue(jsonNumber: UnsafeRawBufferPointer($0)) }) else {
                return nil
            }
            storage = Storage(text: text, value: value)
        }

        /// A number from bytes the reader has already matched against JSON's number grammar.
        internal init(validated bytes: UnsafeRawBufferPointer) {
            storage = Storage(text: String(decoding: bytes, as: UTF8.self), value: DecimalValue(jsonNumber: bytes)!)
        }

        /// An integer, in the shortest decimal form.
        internal init<Integer: BinaryInteger>(integer: Integer) {
            self.init(String(integer))!
        }

        public var description: String { text }

        /// Whether the value is zero.
        public var isZero: Bool { value.digits.isEmpty }

        /// The correctly rounded `Double`: ±infinity beyond `Double`'s range, zero below its smallest value.
        public var doubleValue: Double {
            var text = text
            return text.withUTF8 { parseJSONDouble(UnsafeRawBufferPointer($0)) }
        }

        /// The value as an integer of any fixed width, when it is exactly integral and in that type's range.
        public func exactly<Integer: FixedWidthInteger>(_ type: Integer.Type = Integer.self) -> Integer? {
            value.exactly(Integer.self)
        }

        /// Compares values, not spellings.
        public static func == (lhs: Self, rhs: Self) -> Bool {
            lhs.value == rhs.value
        }

        /// Hashes the value, consistently with `Node.Number`'s hashing.
        public func hash(into hasher: inout Hasher) {
            Node.Number.exact(self).hash(into: &hasher)
        }
    }
}

/// A decimal number as sign, significant digits and a power of ten, so that equal values compare equal whatever
/// their spelling. The exponent saturates far beyond any `Double`: two numbers that differ only in exponents
/// larger than 2^60 in magnitude compare equal.
internal struct DecimalValue: Hashable, Sendable {
    /// Ignored for zero, so that `-0` equals `0`, as `-0.0 == 0.0`.
    var negative: Bool
    /// Digit values 0...9, most significant first; no leading or trailing zeros. Empty for zero.
    var digits: [UInt8]
    /// The value is `digits × 10^exponent`.
    var exponent: Int

    static let exponentLimit = 1 << 60

    init(negative: Bool, digits: [UInt8], exponent: Int) {
        var digits = digits[...]
        while digits.first == 0 { digits.removeFirst() }
        var exponent = exponent
        while digits.last == 0 {
            digits.removeLast()
            exponent = Self.saturating(exponent, plus: 1)
        }
        self.negative = negative && !digits.isEmpty
        self.digits = Array(digits)
        self.exponent = digits.isEmpty ? 0 : exponent
    }

    /// Parses and validates JSON number text; nil when it is not one.
    init?(jsonNumber bytes: UnsafeRawBufferPointer) {
        var index = 0
        let count = bytes.count
        func isDigit(_ at: Int) -> Bool { at < count && bytes[at] &- UInt8(ascii: "0") < 10 }
        let negative = count > 0 && bytes[0] == UInt8(ascii: "-")
        if negative { index = 1 }
        var digits: [UInt8] = []
        guard isDigit(index) else { return nil }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            while isDigit(index) {
                digits.append(bytes[index] &- UInt8(ascii: "0"))
                index += 1
            }
        }
        var exponent = 0
        if index < count && bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard isDigit(index) else { return nil }
            while isDigit(index) {
                digits.append(bytes[index] &- UInt8(ascii: "0"))
                exponent -= 1
                index += 1
            }
        }
        if index < count && (bytes[index] | 0x20) == UInt8(ascii: "e") {
            index += 1
            var exponentNegative = false
            if index < count && (bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-")) {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            guard isDigit(index) else { return nil }
            var literal = 0
            while isDigit(index) {
                if literal < Self.exponentLimit / 10 {
                    literal = literal * 10 + Int(bytes[index] &- UInt8(ascii: "0"))
                }
                index += 1
            }
            exponent = Self.saturating(exponent, plus: exponentNegative ? -literal : literal)
        }
        guard index == count else { return nil }
        self.init(negative: negative, digits: digits, exponent: exponent)
    }

    /// The value of the text the writer writes for `double` (finite, nonzero): its shortest round-trip digits,
    /// which may be another number than the double itself (`1.8446744073709552e+19` for 2^64).
    init(shortestTextOf double: Double) {
        let (significand, exponent) = shortestDecimal(ofNonzero: double)
        let digits = String(significand).utf8.map { $0 &- UInt8(ascii: "0") }
        self.init(negative: double < 0, digits: digits, exponent: exponent)
    }

    /// The exact value of a finite double: its binary significand times a power of two, written in decimal.
    init(exactly double: Double) {
        precondition(double.isFinite)
        if double == 0 {
            self.init(negative: false, digits: [], exponent: 0)
            return
        }
        // double = integral × 2^power
        let subnormal = double.exponentBitPattern == 0
        let integral = subnormal ? double.significandBitPattern : double.significandBitPattern | (1 << 52)
        let power = subnormal ? -1074 : Int(double.exponent) - 52
        var number = LargeDecimal(integral)
        var exponent = 0
        if power >= 0 {
            number.multiply(byPowerOf: 2, power)
        } else {
            // m × 2^-k = m × 5^k × 10^-k
            number.multiply(byPowerOf: 5, -power)
            exponent = power
        }
        self.init(negative: double.sign == .minus, digits: number.digits, exponent: exponent)
    }

    static func saturating(_ value: Int, plus addend: Int) -> Int {
        max(-exponentLimit, min(exponentLimit, value + addend))
    }

    /// Whether the value is a whole number.
    var isIntegral: Bool { exponent >= 0 }

    /// How many digits the integer part has (0 for a value below 1).
    var integerDigitCount: Int { digits.isEmpty ? 0 : max(0, digits.count + exponent) }

    /// The value as a fixed-width integer, when it is exactly integral and in range.
    func exactly<Integer: FixedWidthInteger>(_ type: Integer.Type) -> Integer? {
        guard isIntegral else { return nil }
        if digits.isEmpty { return 0 }
        if negative && !Integer.isSigned { return nil }
        // More digits than any value of the type has cannot fit (a bound, not the exact limit).
        guard integerDigitCount <= Integer.bitWidth * 3 / 10 + 1 else { return nil }
        var result: Integer = 0
        let zeros = exponent
        for index in 0..<(digits.count + zeros) {
            let digit = Integer(index < digits.count ? digits[index] : 0)
            let (times10, overflow1) = result.multipliedReportingOverflow(by: 10)
            // Negative values accumulate downwards, so that `Integer.min` is reachable.
            let (next, overflow2) =
                negative ? times10.subtractingReportingOverflow(digit) : times10.addingReportingOverflow(digit)
            if overflow1 || overflow2 { return nil }
            result = next
        }
        return result
    }
}

/// A non-negative integer of any size in base 10^9, for writing a double's exact value in decimal.
private struct LargeDecimal {
    /// Least significant limb first.
    private var limbs: [UInt64]
    private static let base: UInt64 = 1_000_000_000

    init(_ value: UInt64) {
        limbs = []
        var value = value
        repeat {
            limbs.append(value % Self.base)
            value /= Self.base
        } while value > 0
    }

    /// Multiplies by `factor`^`count`, in steps that keep every product below 2^64.
    ///
    /// This and `digits` loop with indices: a debug build runs a `for` over a sequence as generic iterator calls,
    /// and a double near the ends of its range has hundreds of digits.
    mutating func multiply(byPowerOf factor: UInt64, _ count: Int) {
        let stepCount = factor == 2 ? 30 : 13  // 2^30 and 5^13 times a limb stay below 2^64
        var remaining = count
        while remaining > 0 {
            let step = min(stepCount, remaining)
            var multiplier: UInt64 = 1
            var power = 0
            while power < step {
                multiplier *= factor
                power += 1
            }
            var carry: UInt64 = 0
            var index = 0
            while index < limbs.count {
                let product = limbs[index] * multiplier + carry
                limbs[index] = product % Self.base
                carry = product / Self.base
                index += 1
            }
            while carry > 0 {
                limbs.append(carry % Self.base)
                carry /= Self.base
            }
            remaining -= step
        }
    }

    /// The decimal digits, most significant first.
    var digits: [UInt8] {
        // Nine digits per limb, written from the least significant end; the top limb's leading zeros are dropped.
        var result = [UInt8](repeating: 0, count: limbs.count * 9)
        var end = result.count
        var position = 0
        while position < limbs.count {
            var value = limbs[position]
            var digit = 0
            while digit < 9 {
                result[end - 1 - digit] = UInt8(value % 10)
                value /= 10
                digit += 1
            }
            end -= 9
            position += 1
        }
        var leadingZeros = 0
        while leadingZeros < result.count && result[leadingZeros] == 0 { leadingZeros += 1 }
        result.removeFirst(leadingZeros)
        return result
    }
}

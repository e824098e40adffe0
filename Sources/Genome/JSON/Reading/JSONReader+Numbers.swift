// Numbers: the grammar is checked byte by byte, and the value is accumulated on the same pass: an integer that
// fits 64 bits exactly, and for anything else the significand and the power of ten that `jsonDouble` rounds
// correctly (a literal of more than 19 digits goes to `parseJSONDouble` instead). A number the double does not
// hold (see `Node.Number`) keeps its text, as a `Node.ExactNumber`.

extension JSONReader {
    /// Reads a JSON number at `position`. The integer digits are accumulated in this body: as a function returning
    /// the value, where it ends and whether it overflowed, that loop would slow every document of many numbers a
    /// little (Compare's citm_catalog.json and canada.json parse rows).
    mutating func readNumber() throws(JSONSyntaxError) -> Node.Number {
        let start = position
        var cursor = position
        let negative = bytes[cursor] == UInt8(ascii: "-")
        if negative {
            cursor += 1
            if options.allowsNonFiniteNumbers && cursor < count && bytes[cursor] == UInt8(ascii: "I") {
                return try readNegativeInfinity(at: cursor)
            }
        }
        guard cursor < count else {
            position = cursor
            throw error(.unexpectedEndOfInput, "expected a digit after '-'")
        }
        var magnitude: UInt64 = 0
        var overflowed = false
        let first = bytes[cursor]
        if first == UInt8(ascii: "0") {
            cursor = try skipLoneZero(at: cursor)
        } else if first &- UInt8(ascii: "0") < 10 {
            while cursor < count {
                let digit = bytes[cursor] &- UInt8(ascii: "0")
                guard digit < 10 else { break }
                let (times10, overflow1) = magnitude.multipliedReportingOverflow(by: 10)
                let (sum, overflow2) = times10.addingReportingOverflow(UInt64(digit))
                overflowed = overflowed || overflow1 || overflow2
                magnitude = sum
                cursor += 1
            }
        } else {
            position = cursor
            throw error(.invalidNumber, "expected a digit after '-'")
        }
        var isInteger = true
        // An upper bound on the significant digits: all of them, leading and trailing zeros included.
        var digitCount = cursor - start - (negative ? 1 : 0)
        // The fraction's digits go on from the integer's, and the exponent is counted as it is checked, so that
        // a number of up to 19 digits is scanned once (beyond 19 the parts are not used).
        var significand = magnitude
        var exponent10 = 0
        if cursor < count && bytes[cursor] == UInt8(ascii: ".") {
            isInteger = false
            let fractionStart = cursor + 1
            cursor = try accumulateFraction(from: fractionStart, into: &significand)
            digitCount += cursor - fractionStart
            exponent10 = fractionStart - cursor
        }
        if cursor < count && (bytes[cursor] | 0x20) == UInt8(ascii: "e") {
            isInteger = false
            cursor = try accumulateExponent(from: cursor + 1, into: &exponent10)
        }
        position = cursor
        if isInteger && !overflowed, let integer = Self.integer(magnitude: magnitude, negative: negative) {
            return integer
        }
        let literal = UnsafeRawBufferPointer(start: bytes + start, count: cursor - start)
        if isInteger {
            // An integer literal beyond 64 bits keeps its digits.
            return .exact(Node.ExactNumber(validated: literal))
        }
        let value =
            digitCount <= 19
            ? jsonDouble(
                significand: significand, exponent10: exponent10, negative: negative, tailIsNonZero: false,
                literal: literal)
            : parseJSONDouble(literal)
        return Self.number(literal, value: value, digitCount: digitCount)
    }

    /// The integer with this sign and magnitude when it fits an `Int64` or a `UInt64`.
    @inline(__always)
    private static func integer(magnitude: UInt64, negative: Bool) -> Node.Number? {
        if !negative {
            return magnitude <= UInt64(Int64.max) ? .int(Int64(magnitude)) : .uint(magnitude)
        }
        if magnitude == 0 {
            return .double(-0.0)  // keeps the sign of "-0"
        }
        if magnitude <= UInt64(Int64.max) + 1 {
            return .int(Int64(truncatingIfNeeded: 0 &- magnitude))
        }
        return nil
    }

    /// `-Infinity`, where the options allow it; `cursor` is at the `I`. Rare, so left to the compiler to inline.
    private mutating func readNegativeInfinity(at cursor: Int) throws(JSONSyntaxError) -> Node.Number {
        position = cursor
        _ = try readNonFinite()
        return .double(-.infinity)
    }

    /// Skips the `0` at `cursor` that begins an integer part, which must then end there.
    @inline(__always)
    private mutating func skipLoneZero(at cursor: Int) throws(JSONSyntaxError) -> Int {
        let next = cursor + 1
        if next < count && bytes[next] &- UInt8(ascii: "0") < 10 {
            position = next
            throw error(.invalidNumber, "expected no leading zeros in a number")
        }
        return next
    }

    /// Appends the fraction's digits from `start` to `significand` (wrapping: past 19 digits it is not used), with
    /// `parseJSONDouble`'s own loop; returns where they end.
    @inline(__always)
    private func accumulateFraction(from start: Int, into significand: inout UInt64) throws(JSONSyntaxError) -> Int {
        var cursor = start
        accumulateFractionDigits(UnsafeRawBufferPointer(start: bytes, count: count), at: &cursor, into: &significand)
        guard cursor > start else { throw missingDigit(at: cursor, after: "'.'") }
        return cursor
    }

    /// Adds the exponent whose sign and digits start at `start`, just after the `e` or `E`, to `exponent10`;
    /// returns where it ends. It saturates far beyond any exponent that matters (see `exponentSaturation`).
    @inline(__always)
    private func accumulateExponent(from start: Int, into exponent10: inout Int) throws(JSONSyntaxError) -> Int {
        var cursor = start
        var negative = false
        if cursor < count && (bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-")) {
            negative = bytes[cursor] == UInt8(ascii: "-")
            cursor += 1
        }
        let digitsStart = cursor
        var magnitude = 0
        while cursor < count {
            let digit = bytes[cursor] &- UInt8(ascii: "0")
            guard digit < 10 else { break }
            if magnitude < exponentSaturation {
                magnitude = magnitude &* 10 &+ Int(digit)
            }
            cursor += 1
        }
        guard cursor > digitsStart else { throw missingDigit(at: cursor, after: "the exponent marker") }
        exponent10 += negative ? -magnitude : magnitude
        return cursor
    }

    /// The error for a fraction or an exponent without digits.
    private func missingDigit(at cursor: Int, after what: String) -> JSONSyntaxError {
        error(
            cursor < count ? .invalidNumber : .unexpectedEndOfInput, "expected a digit after \(what)",
            found: describeByte(at: cursor), at: cursor)
    }

    /// The number for a literal with a fraction or an exponent, whose correctly rounded double is `value`: that
    /// double in the common case, and otherwise whatever `number(_:roundedTo:)` finds.
    @inline(__always)
    private static func number(_ literal: UnsafeRawBufferPointer, value: Double, digitCount: Int) -> Node.Number {
        // The common case: at most 17 significant digits, which a double keeps, and a value that is neither
        // integral beyond 2^53 (where an integer may not be a double) nor zero (which may be an underflow). With
        // 16 or 17 digits a fraction can round away (`9.9999999999999999` is the double 10), so a whole double
        // from that many digits takes the careful path; 15 digits or fewer never round to a whole number.
        if digitCount <= 17 && value.isFinite && value != 0 && value.magnitude < 0x1p53
            && (digitCount < 16 || !isWholeBelow2To53(value.magnitude))
        {
            return .double(value)
        }
        return Self.number(literal, roundedTo: value)
    }

    /// Whether `magnitude`, below 2^53, is a whole number. From 2^52 on every double is; below, adding and taking
    /// away 2^52 rounds to a whole number, which changes the value exactly when it has a fraction. (An addition, a
    /// subtraction and a comparison: `rounded(.towardZero)` calls libm on x86-64's baseline, and `Int64(_:)` checks
    /// its range.)
    @inline(__always)
    private static func isWholeBelow2To53(_ magnitude: Double) -> Bool {
        magnitude >= 0x1p52 || (magnitude + 0x1p52) - 0x1p52 == magnitude
    }

    /// The number for a literal off the common path (see `Node.Number`): a double when it holds the value, an
    /// integer when the value is one that fits 64 bits, otherwise the exact text.
    private static func number(_ literal: UnsafeRawBufferPointer, roundedTo value: Double) -> Node.Number {
        if value == 0
            && !literal.prefix(while: { $0 | 0x20 != UInt8(ascii: "e") }).contains(where: {
                $0 &- UInt8(ascii: "1") < 9
            })
        {
            return .double(value)  // a zero (no digit but 0 before the exponent), sign kept
        }
        let decimal = DecimalValue(jsonNumber: literal)!
        guard value.isFinite && value != 0 else {
            return .exact(Node.ExactNumber(validated: literal))
        }
        guard decimal.isIntegral else {
            // A fraction the double rounds away (`9007199254740993.5` is the double 9007199254740994) keeps its
            // text too: as a whole double, an integer type would read a number that is not whole.
            let losesTheFraction = value.rounded(.towardZero) == value
            return decimal.digits.count > 17 || losesTheFraction
                ? .exact(Node.ExactNumber(validated: literal)) : .double(value)
        }
        // The double when it is exactly the value and its shortest text, which the writer writes, means the same
        // value (`18446744073709551616.0` is 2^64, a double, but that double is written `1.8446744073709552e+19`,
        // which is not 2^64): otherwise writing the node and reading it back would change the number.
        let isTheDouble = DecimalValue(exactly: value) == decimal && DecimalValue(shortestTextOf: value) == decimal
        if let integer = decimal.exactly(Int64.self) {
            return isTheDouble && value != -0x1p63 ? .double(value) : .int(integer)
        }
        if let integer = decimal.exactly(UInt64.self) {
            return isTheDouble ? .double(value) : .uint(integer)
        }
        return isTheDouble ? .double(value) : .exact(Node.ExactNumber(validated: literal))
    }
}

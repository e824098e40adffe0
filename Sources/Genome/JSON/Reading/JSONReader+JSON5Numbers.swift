// JSON5 numbers: ECMAScript 5.1's numeric literals with an optional sign. The grammar is checked here; a
// number that is also valid JSON is then read by the strict `readNumber()`, so both modes give the same value
// for the same JSON number.

extension JSONReader {
    /// Reads a JSON5 number at `position`: JSON's numbers plus an explicit `+`, a leading or trailing decimal
    /// point, hexadecimal integers, and `Infinity` or `NaN` with either sign.
    @inline(never)
    mutating func readJSON5Number() throws(JSONSyntaxError) -> Node.Number {
        let start = position
        var cursor = start
        let sign = bytes[cursor]
        let negative = sign == UInt8(ascii: "-")
        if negative || sign == UInt8(ascii: "+") {
            cursor += 1
        }
        guard cursor < count else {
            position = cursor
            throw error(.unexpectedEndOfInput, "expected a digit, '.', 'Infinity' or 'NaN' after the sign")
        }
        switch bytes[cursor] {
        case UInt8(ascii: "I"):
            position = cursor
            try readLiteral("Infinity")
            return .double(negative ? -.infinity : .infinity)
        case UInt8(ascii: "N"):
            position = cursor
            try readLiteral("NaN")
            return .double(negative ? -.nan : .nan)
        case UInt8(ascii: "0") where cursor + 1 < count && bytes[cursor + 1] | 0x20 == UInt8(ascii: "x"):
            return try readHexadecimal(from: start, digits: cursor + 2, negative: negative)
        default:
            break
        }

        let decimal = try scanJSON5Decimal(from: cursor)
        if decimal.integerDigits > 0 && decimal.fractionDigits != 0 {
            // JSON's own grammar once a '+' is dropped: the strict reader reads it.
            return try readAsJSONNumber(from: negative ? start : decimal.integerStart, reportingAt: start)
        }
        position = decimal.end
        return try readWithZeroWrittenOut(decimal, negative: negative, reportingAt: start)
    }

    /// A JSON5 decimal number's layout: its integer digits, the digits after its decimal point (-1 when it has
    /// none), and where its exponent starts (`end` when it has none).
    private struct JSON5Decimal {
        var integerStart: Int
        var integerDigits: Int
        var fractionDigits: Int
        var exponentStart: Int
        var end: Int
    }

    /// Checks the grammar of a decimal number from `start`, after any sign: digits with no leading zero, an
    /// optional point with digits on at least one side, and an optional exponent.
    @inline(__always)
    private mutating func scanJSON5Decimal(from start: Int) throws(JSONSyntaxError) -> JSON5Decimal {
        let integerStart = start
        var cursor = digitsEnd(from: start)
        let integerDigits = cursor - integerStart
        if integerDigits > 1 && bytes[integerStart] == UInt8(ascii: "0") {
            position = integerStart + 1
            throw error(.invalidNumber, "expected no leading zeros in a number (JSON5 has no octal numbers)")
        }
        var fractionDigits = -1  // no decimal point
        if cursor < count && bytes[cursor] == UInt8(ascii: ".") {
            cursor += 1
            let fractionStart = cursor
            cursor = digitsEnd(from: cursor)
            fractionDigits = cursor - fractionStart
        }
        if integerDigits == 0 && fractionDigits <= 0 {
            position = cursor
            throw error(
                cursor < count ? .invalidNumber : .unexpectedEndOfInput,
                fractionDigits < 0
                    ? "expected a digit, '.', 'Infinity' or 'NaN' after the sign" : "expected a digit after '.'")
        }
        let exponentStart = cursor
        if cursor < count && bytes[cursor] | 0x20 == UInt8(ascii: "e") {
            cursor += 1
            if cursor < count && (bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-")) {
                cursor += 1
            }
            let exponentDigits = cursor
            cursor = digitsEnd(from: cursor)
            if cursor == exponentDigits {
                position = cursor
                throw error(
                    cursor < count ? .invalidNumber : .unexpectedEndOfInput,
                    "expected a digit after the exponent marker")
            }
        }
        return JSON5Decimal(
            integerStart: integerStart, integerDigits: integerDigits, fractionDigits: fractionDigits,
            exponentStart: exponentStart, end: cursor)
    }

    /// Reads the JSON number at `offset` with the strict reader; its errors point at `start`, where the JSON5
    /// number begins.
    @inline(__always)
    private mutating func readAsJSONNumber(from offset: Int, reportingAt start: Int) throws(JSONSyntaxError)
        -> Node.Number
    {
        position = offset
        do throws(JSONSyntaxError) {
            return try readNumber()
        } catch {
            throw self.error(error.kind, error.reason, found: error.found, at: start)
        }
    }

    /// Reads a number with a leading or trailing decimal point: the same number with the missing zero written out
    /// is JSON, which the strict reader then reads; its errors point at `start`, where the JSON5 number begins.
    private func readWithZeroWrittenOut(_ decimal: JSON5Decimal, negative: Bool, reportingAt start: Int)
        throws(JSONSyntaxError) -> Node.Number
    {
        var literal: [UInt8] = []
        literal.reserveCapacity(decimal.end - start + 2)
        if negative {
            literal.append(UInt8(ascii: "-"))
        }
        if decimal.integerDigits == 0 {
            literal.append(UInt8(ascii: "0"))
        } else {
            literal.append(
                contentsOf: UnsafeBufferPointer(start: bytes + decimal.integerStart, count: decimal.integerDigits))
        }
        literal.append(UInt8(ascii: "."))
        if decimal.fractionDigits == 0 {
            literal.append(UInt8(ascii: "0"))
        } else {
            let fractionStart = decimal.integerStart + decimal.integerDigits + 1
            literal.append(contentsOf: UnsafeBufferPointer(start: bytes + fractionStart, count: decimal.fractionDigits))
        }
        literal.append(
            contentsOf: UnsafeBufferPointer(
                start: bytes + decimal.exponentStart, count: decimal.end - decimal.exponentStart))
        let result = literal.withUnsafeBufferPointer { buffer in
            Result { () throws(JSONSyntaxError) in try JSONReader.read(buffer, options: .strict) }
        }
        switch result {
        case .success(.number(let number)):
            return number
        case .success:
            throw error(.invalidNumber, "expected a number", found: describeByte(at: start), at: start)
        case .failure(let failure):
            throw error(failure.kind, failure.reason, found: failure.found, at: start)
        }
    }

    /// Reads the digits of a hexadecimal integer from `digits` (after `0x`) as an exact `.int` or `.uint`.
    private mutating func readHexadecimal(from start: Int, digits: Int, negative: Bool) throws(JSONSyntaxError)
        -> Node.Number
    {
        var cursor = digits
        var magnitude: UInt64 = 0
        var overflowed = false
        while cursor < count, let digit = hexDigitValue(bytes[cursor]) {
            overflowed = overflowed || magnitude >> 60 != 0
            magnitude = magnitude << 4 | UInt64(digit)
            cursor += 1
        }
        guard cursor > digits else {
            position = cursor
            throw error(
                cursor < count ? .invalidNumber : .unexpectedEndOfInput, "expected a hexadecimal digit after '0x'")
        }
        position = cursor
        if overflowed {
            throw error(
                .numberOutOfRange, "expected a hexadecimal number within 64 bits (up to 0xFFFFFFFFFFFFFFFF)",
                found: "a number beyond it", at: start)
        }
        guard negative else {
            return magnitude <= UInt64(Int64.max) ? .int(Int64(magnitude)) : .uint(magnitude)
        }
        if magnitude == 0 {
            return .double(-0.0)  // keeps the sign, as "-0" does
        }
        guard magnitude <= UInt64(Int64.max) + 1 else {
            throw error(
                .numberOutOfRange, "expected a negative hexadecimal number within Int64 (down to -0x8000000000000000)",
                found: "a number beyond it", at: start)
        }
        return .int(Int64(truncatingIfNeeded: 0 &- magnitude))
    }

    private func digitsEnd(from offset: Int) -> Int {
        var cursor = offset
        while cursor < count && bytes[cursor] &- UInt8(ascii: "0") < 10 {
            cursor += 1
        }
        return cursor
    }
}

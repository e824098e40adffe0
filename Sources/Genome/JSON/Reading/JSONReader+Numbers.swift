// Numbers: the grammar is checked byte by byte; integers that fit 64 bits are accumulated exactly on the way,
// and everything else is handed, as the literal's bytes, to `parseJSONDouble`, which rounds correctly.

extension JSONReader {
    mutating func readNumber() throws(JSONSyntaxError) -> Node.Number {
        let start = position
        var cursor = position
        let negative = bytes[cursor] == UInt8(ascii: "-")
        if negative {
            cursor += 1
            if options.allowsNonFiniteNumbers && cursor < count && bytes[cursor] == UInt8(ascii: "I") {
                position = cursor
                _ = try readNonFinite()
                return .double(-.infinity)
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
            cursor += 1
            if cursor < count && bytes[cursor] &- UInt8(ascii: "0") < 10 {
                position = cursor
                throw error(.invalidNumber, "expected no leading zeros in a number")
            }
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
        if cursor < count && bytes[cursor] == UInt8(ascii: ".") {
            isInteger = false
            cursor += 1
            cursor = try skipDigits(from: cursor, after: "'.'")
        }
        if cursor < count && (bytes[cursor] | 0x20) == UInt8(ascii: "e") {
            isInteger = false
            cursor += 1
            if cursor < count && (bytes[cursor] == UInt8(ascii: "+") || bytes[cursor] == UInt8(ascii: "-")) {
                cursor += 1
            }
            cursor = try skipDigits(from: cursor, after: "the exponent marker")
        }
        position = cursor
        if isInteger && !overflowed {
            if !negative {
                return magnitude <= UInt64(Int64.max) ? .int(Int64(magnitude)) : .uint(magnitude)
            }
            if magnitude == 0 {
                return .double(-0.0)  // keeps the sign of "-0"
            }
            if magnitude <= UInt64(Int64.max) + 1 {
                return .int(Int64(truncatingIfNeeded: 0 &- magnitude))
            }
        }
        let value = parseJSONDouble(UnsafeRawBufferPointer(start: bytes + start, count: cursor - start))
        guard value.isFinite else {
            throw error(
                .numberOutOfRange, "expected a number within Double's range (±1.7976931348623157e308)",
                found: "a number of magnitude beyond it", at: start)
        }
        return .double(value)
    }

    private func skipDigits(from offset: Int, after what: String) throws(JSONSyntaxError) -> Int {
        var cursor = offset
        while cursor < count && bytes[cursor] &- UInt8(ascii: "0") < 10 {
            cursor += 1
        }
        if cursor == offset {
            throw error(
                cursor < count ? .invalidNumber : .unexpectedEndOfInput, "expected a digit after \(what)",
                found: describeByte(at: cursor), at: cursor)
        }
        return cursor
    }
}

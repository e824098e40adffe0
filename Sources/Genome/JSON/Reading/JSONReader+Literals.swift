// The literals `true`, `false` and `null`, and `NaN` and `Infinity` where the options allow them.

extension JSONReader {
    mutating func readLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let expected = literal.utf8Start
        if position + 4 <= count && literal.utf8CodeUnitCount == 4
            && UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt32.self)
                == UnsafeRawPointer(expected).loadUnaligned(as: UInt32.self)
        {
            position += 4
            return
        }
        for offset in 0..<literal.utf8CodeUnitCount {
            guard position + offset < count else {
                position += offset
                throw error(.unexpectedEndOfInput, "expected '\(literal)'")
            }
            guard bytes[position + offset] == expected[offset] else {
                position += offset
                throw error(.unexpectedCharacter, "expected '\(literal)'")
            }
        }
        position += literal.utf8CodeUnitCount
    }

    mutating func readNonFinite() throws(JSONSyntaxError) -> Node.Number {
        if bytes[position] == UInt8(ascii: "N") {
            try readLiteral("NaN")
            return .double(.nan)
        }
        try readLiteral("Infinity")
        return .double(.infinity)
    }
}

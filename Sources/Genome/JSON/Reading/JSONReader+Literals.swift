// The literals `true`, `false` and `null`, and `NaN` and `Infinity` where the options allow them.

extension JSONReader {
    /// Steps over `literal` at `position`. Inlined, so that the literal's bytes are constants: a match is two
    /// loads and a compare for each of `true`, `false` and `null`. (Through the byte loop below, `false` alone
    /// would be over a hundredth of decoding twitter.json, which has 2,446 of them; see Compare's decode rows.)
    @inline(__always)
    mutating func readLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let expected = literal.utf8Start
        let length = literal.utf8CodeUnitCount
        if length >= 4 && length <= 8 && position + length <= count
            && loadFourToEight(UnsafeRawPointer(bytes + position), count: length)
                == loadFourToEight(UnsafeRawPointer(expected), count: length)
        {
            position += length
            return
        }
        try readLiteralSlowly(literal)
    }

    /// A literal that is cut short or misspelt, or shorter than four bytes (`NaN`): the first byte that differs
    /// decides the error.
    @inline(never)
    private mutating func readLiteralSlowly(_ literal: StaticString) throws(JSONSyntaxError) {
        let expected = literal.utf8Start
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

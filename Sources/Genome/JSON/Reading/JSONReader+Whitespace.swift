// Whitespace and comments between tokens. Most tokens follow no whitespace at all, so the first test decides.

extension JSONReader {
    @inline(__always)
    mutating func skipWhitespace<Grammar: JSONGrammar>(_ grammar: Grammar.Type) throws(JSONSyntaxError) {
        // A local cursor stays in a register through runs of indentation; `position` is written when the loop
        // leaves or calls out: about a tenth of reading pretty-printed citm_catalog.json (Compare's parse rows).
        var cursor = position
        defer { position = cursor }
        while cursor < count {
            let byte = bytes[cursor]
            if byte > UInt8(ascii: " ") {
                // Most tokens are not preceded by whitespace at all: a comparison and a flag decide.
                guard byte == UInt8(ascii: "/") && options.allowsComments else {
                    guard Grammar.isJSON5 else { return }
                    position = cursor
                    guard skipJSON5Whitespace() else { return }
                    cursor = position
                    continue
                }
                position = cursor
                if Grammar.isJSON5 { try skipJSON5Comment() } else { try skipComment() }
                cursor = position
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
            {
                cursor = skipSpaces(from: cursor + 1)
            } else if Grammar.isJSON5 && (byte == 0x0B || byte == 0x0C) {
                cursor += 1  // JSON5's vertical tab and form feed
            } else {
                return
            }
        }
    }

    /// Where the run of spaces from `start` ends, read eight bytes at a time: a pretty-printed document's
    /// indentation is such runs (read a byte at a time, they cost citm_catalog.json a sixth of its parse time).
    @inline(__always)
    private func skipSpaces(from start: Int) -> Int {
        var cursor = start
        while count - cursor >= 8 {
            // A zero byte where the input has a space; the first nonzero byte is the first that is not one.
            let notSpaces =
                UInt64(littleEndian: UnsafeRawPointer(bytes + cursor).loadUnaligned(as: UInt64.self))
                ^ 0x2020_2020_2020_2020
            guard notSpaces == 0 else { return cursor + notSpaces.trailingZeroBitCount >> 3 }
            cursor += 8
        }
        return cursor
    }

    mutating func skipComment() throws(JSONSyntaxError) {
        let start = position
        guard position + 1 < count else {
            position = count
            throw error(.unexpectedEndOfInput, "expected '//' or '/*' to start a comment")
        }
        switch bytes[position + 1] {
        case UInt8(ascii: "/"):
            position += 2
            while position < count && bytes[position] != UInt8(ascii: "\n") && bytes[position] != UInt8(ascii: "\r") {
                position += 1
            }
        case UInt8(ascii: "*"):
            position += 2
            while position + 1 < count {
                if bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/") {
                    position += 2
                    return
                }
                position += 1
            }
            position = start
            throw error(
                .unexpectedEndOfInput, "expected '*/' to close the comment that starts here",
                found: "the end of the input")
        default:
            position += 1
            throw error(.unexpectedCharacter, "expected '//' or '/*' to start a comment")
        }
    }
}

// Making a `JSONSyntaxError`: the reader records only an offset and a reason, and the error works out the line,
// the column and the snippet when it is made. `describeByte` says what was found in the words of the message.

extension JSONReader {
    /// An error at the current position, describing the byte found there.
    func error(_ kind: JSONSyntaxError.Kind, _ reason: String, found: String? = nil) -> JSONSyntaxError {
        error(kind, reason, found: found ?? describeByte(at: position), at: position)
    }

    func error(_ kind: JSONSyntaxError.Kind, _ reason: String, found: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(
            kind, reason: reason, found: found, offset: offset, in: UnsafeRawBufferPointer(start: bytes, count: count))
    }

    func describeByte(at offset: Int) -> String {
        guard offset < count else { return "the end of the input" }
        let byte = bytes[offset]
        switch byte {
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x0A: return "a line break"
        case 0x09: return "a tab"
        case 0..<0x20, 0x7F: return "the control character U+\(hex(byte, digits: 4))"
        default: return "the byte 0x\(hex(byte, digits: 2))"
        }
    }

    /// Finds the first ill-formed UTF-8 sequence in `range` of the input and reports it.
    func invalidUTF8Error(in range: Range<Int>) -> JSONSyntaxError {
        let offset = firstInvalidUTF8(UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count)) ?? 0
        let at = range.lowerBound + offset
        return error(.invalidUTF8, "expected well-formed UTF-8", found: describeByte(at: at), at: at)
    }
}

// A stream reads each value on its own, so the reader's errors count from the start of that value. These move an
// error to its place in the whole stream, and make the errors the stream's own scanner finds.

extension JSONSyntaxError {
    /// `error`, with its offset, line and column replaced by the ones in the whole stream; the reason, the kind and
    /// the snippet stay.
    internal init(relocating error: JSONSyntaxError, offset: Int, line: Int, column: Int) {
        self.kind = error.kind
        self.reason = error.reason
        self.found = error.found
        self.offset = offset
        self.line = line
        self.column = column
        self.snippet = error.snippet
        self.snippetColumn = error.snippetColumn
    }

    /// `error`, found in a value that starts at `start` (an offset, line and column of the whole stream).
    internal init(_ error: JSONSyntaxError, inValueAt start: StreamPosition) {
        self.init(
            relocating: error, offset: start.offset + error.offset, line: start.line + error.line - 1,
            column: error.line == 1 ? start.column + error.column - 1 : error.column)
    }
}

/// A place in the whole stream: a byte offset, and the line and column it falls on (1-based, the column in
/// Unicode scalars), counted as `JSONSyntaxError` counts them.
internal struct StreamPosition: Sendable, Hashable {
    var offset: Int
    var line: Int
    var column: Int
}

/// What a byte is, in the words of an error message, as the reader says it.
internal func describeStreamByte(_ byte: UInt8?) -> String {
    guard let byte else { return "the end of the input" }
    switch byte {
    case 0x20...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
    case 0x0A: return "a line break"
    case 0x09: return "a tab"
    case 0..<0x20, 0x7F: return "the control character U+\(hex(byte, digits: 4))"
    default: return "the byte 0x\(hex(byte, digits: 2))"
    }
}

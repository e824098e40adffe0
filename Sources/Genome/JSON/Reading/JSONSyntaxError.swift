/// Why a JSON document was rejected, and exactly where.
///
/// ```swift
/// do { _ = try Node(json: "{\"a\": [1, 2}") }
/// catch let error as JSONSyntaxError {
///     error.line, error.column, error.offset  // 1, 12, 11
///     print(error)
///     // JSONSyntaxError at line 1, column 12 (byte 11): expected ',' or ']' after an array element but found '}'
///     //   near: {"a": [1, 2}
///     //                    ^
/// }
/// ```
///
/// The offset counts bytes from the start of the input, starting at 0. Line and column start at 1; the column
/// counts Unicode scalars, as editors do. Line and column are worked out only when the error is made, so
/// successful reads pay nothing for them. The description quotes at most a short snippet of the input, however
/// large the document.
public struct JSONSyntaxError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The family a syntax error belongs to. New kinds may be added, so `switch` over it with a `default`.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        internal let name: String
        public var description: String { name }

        /// A byte that cannot start or continue the JSON value where it appears.
        public static let unexpectedCharacter = Kind(name: "unexpectedCharacter")
        /// The input stopped before the value was complete.
        public static let unexpectedEndOfInput = Kind(name: "unexpectedEndOfInput")
        /// Something follows the complete top-level value.
        public static let unexpectedContent = Kind(name: "unexpectedContent")
        /// A number that breaks JSON's number grammar (leading zeros, a bare `.`, a missing exponent...).
        public static let invalidNumber = Kind(name: "invalidNumber")
        /// A JSON5 hexadecimal number beyond 64 bits. (A decimal number beyond `Double`'s range is an exact number,
        /// ``Node/ExactNumber``, not an error.)
        public static let numberOutOfRange = Kind(name: "numberOutOfRange")
        /// A backslash escape JSON does not define, or a `\u` without four hex digits.
        public static let invalidEscape = Kind(name: "invalidEscape")
        /// A `\u` escape naming half of a surrogate pair without the other half.
        public static let loneSurrogate = Kind(name: "loneSurrogate")
        /// Bytes that are not well-formed UTF-8.
        public static let invalidUTF8 = Kind(name: "invalidUTF8")
        /// A raw control character (U+0000 to U+001F) inside a string; JSON requires it escaped. JSON5 allows
        /// all but a line break (LF or CR), so there this kind means a string that runs past the end of its line.
        public static let controlCharacterInString = Kind(name: "controlCharacterInString")
        /// Arrays and objects nested deeper than `ReadingOptions.maximumDepth`.
        public static let tooDeeplyNested = Kind(name: "tooDeeplyNested")
        /// A key repeated in one object, when `ReadingOptions.rejectsDuplicateKeys` is set.
        public static let duplicateKey = Kind(name: "duplicateKey")
    }

    /// The family of the problem, for code that reacts to some kinds (`.tooDeeplyNested`, say) differently.
    public let kind: Kind
    /// What the reader was looking for, or what is wrong, in words: "expected ',' or ']' after an array element".
    public let reason: String
    /// The offending input, in words: "'}'", "the end of the input", "the byte 0xFF".
    public let found: String
    /// Byte offset of the problem from the start of the input, 0-based.
    public let offset: Int
    /// Line of the problem, 1-based. Lines end at `\n`, `\r\n` or `\r`.
    public let line: Int
    /// Column of the problem, 1-based, counted in Unicode scalars.
    public let column: Int
    /// Up to about 40 bytes of the input around the problem, lossily decoded and with control characters shown
    /// as escapes.
    public let snippet: String
    /// Where the problem sits within `snippet`, in characters.
    internal let snippetColumn: Int

    public var description: String {
        let head = "JSONSyntaxError at line \(line), column \(column) (byte \(offset)): \(reason) but found \(found)"
        guard !snippet.isEmpty else { return head }
        return head + "\n  near: " + snippet + "\n        " + String(repeating: " ", count: snippetColumn) + "^"
    }

    /// Builds an error for the problem at `offset` of `input`, working out line, column and snippet.
    internal init(_ kind: Kind, reason: String, found: String, offset: Int, in input: UnsafeRawBufferPointer) {
        self.kind = kind
        self.reason = reason
        self.found = found
        self.offset = offset
        var line = 1
        var lineStart = 0
        var index = 0
        while index < offset && index < input.count {
            let byte = input[index]
            if byte == UInt8(ascii: "\n")
                || (byte == UInt8(ascii: "\r") && (index + 1 >= input.count || input[index + 1] != UInt8(ascii: "\n")))
            {
                line += 1
                lineStart = index + 1
            }
            index += 1
        }
        self.line = line
        // A column counts scalars: every byte that is not a UTF-8 continuation byte starts one.
        self.column = 1 + input[lineStart..<min(offset, input.count)].lazy.filter { $0 & 0xC0 != 0x80 }.count

        // The snippet stays on the problem's line and within a short window, so it never echoes much input.
        var lineEnd = offset
        while lineEnd < input.count && input[lineEnd] != UInt8(ascii: "\n") && input[lineEnd] != UInt8(ascii: "\r") {
            lineEnd += 1
        }
        let from = max(lineStart, offset - 24)
        let to = min(lineEnd, offset + 16)
        var before = Self.printable(input[from..<min(offset, input.count)])
        var after = Self.printable(input[min(offset, input.count)..<max(to, min(offset, input.count))])
        if from > lineStart { before = "…" + before }
        if to < lineEnd { after += "…" }
        self.snippet = before + after
        self.snippetColumn = before.count
    }

    private static func printable(_ bytes: Slice<UnsafeRawBufferPointer>) -> String {
        var text = ""
        for scalar in String(decoding: bytes, as: UTF8.self).unicodeScalars {
            switch scalar.value {
            case 0x09: text += "\\t"
            case 0..<0x20, 0x7F: text += "<U+\(hex(scalar.value, digits: 4))>"
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text
    }
}

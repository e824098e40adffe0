// JSON5 (https://spec.json5.org), reached only when `ReadingOptions.allowsJSON5` is set: the strict reader
// branches here at the few places where a JSON5 token can start (whitespace, a value, a key), so strict
// documents never run this code.
//
// JSON5 strings are read a byte at a time: they allow raw control characters and single quotes, so the strict
// reader's word-at-a-time scan for '"', '\' and control bytes does not apply, and JSON5 documents are
// configuration files rather than bulk data.

extension JSONReader {
    // MARK: - Whitespace and comments

    /// Skips one JSON5 whitespace character that strict JSON does not know at `position` (whose byte is above
    /// ASCII space): U+00A0, U+FEFF, U+2028, U+2029 and the other Unicode space separators (Zs), or a comment.
    /// Returns false, moving nothing, when the byte there starts a token instead.
    @inline(never)
    mutating func skipJSON5Whitespace() -> Bool {
        guard bytes[position] >= 0x80, let (scalar, length) = self.scalar(at: position) else { return false }
        switch scalar.value {
        case 0xFEFF, 0x2028, 0x2029:
            break
        default:
            guard scalar.properties.generalCategory == .spaceSeparator else { return false }
        }
        position += length
        return true
    }

    /// Skips the comment at `position`. A `//` comment ends at any JSON5 line terminator, which includes U+2028
    /// and U+2029; block comments and malformed ones are the strict reader's.
    @inline(never)
    mutating func skipJSON5Comment() throws(JSONSyntaxError) {
        guard position + 1 < count && bytes[position + 1] == UInt8(ascii: "/") else {
            try skipComment()
            return
        }
        position += 2
        while position < count && lineTerminatorLength(at: position) == 0 {
            position += 1
        }
    }

    /// The length in bytes of the JSON5 line terminator at `offset` (LF, CR, U+2028 or U+2029; CR LF counts as
    /// one CR, whose LF is then a second, harmless terminator), or 0.
    private func lineTerminatorLength(at offset: Int) -> Int {
        switch bytes[offset] {
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"):
            return 1
        case 0xE2
        where offset + 2 < count && bytes[offset + 1] == 0x80
            && (bytes[offset + 2] == 0xA8 || bytes[offset + 2] == 0xA9):
            return 3
        default:
            return 0
        }
    }

    // MARK: - Values

    /// Reads a value that only JSON5 has at `position`: a single-quoted string, or a number starting with `+` or
    /// `.`. Returns nil, moving nothing, when no JSON5 value starts there.
    @inline(never)
    mutating func readJSON5OnlyValue() throws(JSONSyntaxError) -> Node? {
        switch bytes[position] {
        case UInt8(ascii: "'"):
            return .string(try readJSON5String(isKey: false).string)
        case UInt8(ascii: "+"), UInt8(ascii: "."):
            return .number(try readJSON5Number())
        default:
            return nil
        }
    }

    // MARK: - Strings

    /// Reads a JSON5 string in single or double quotes, starting at the quote; returns it with, for a key, its
    /// fingerprint (see `keyFingerprint(_:)`).
    ///
    /// Any character but the quote, a backslash and a line terminator may appear raw, control characters
    /// included; U+2028 and U+2029 may too, as JSON5 allows.
    @inline(never)
    mutating func readJSON5String(isKey: Bool) throws(JSONSyntaxError) -> (string: String, fingerprint: UInt64) {
        let quote = bytes[position]
        let open = position
        position += 1
        let start = position
        var cursor = start
        var orBits: UInt8 = 0
        while cursor < count {
            let byte = bytes[cursor]
            if byte == quote || byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                break
            }
            orBits |= byte
            cursor += 1
        }
        if cursor < count && bytes[cursor] == quote {
            position = cursor + 1
            let content = UnsafeBufferPointer(start: bytes + start, count: cursor - start)
            if orBits < 0x80 {
                return isKey ? cachedKey(content) : (String(asciiBytes: content), 0)
            }
            guard let string = String(validating: content, as: UTF8.self) else {
                throw invalidUTF8Error(in: start..<cursor)
            }
            return (string, isKey ? keyFingerprint(content) : 0)
        }

        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: cursor - start))
        while true {
            guard cursor < count else {
                position = cursor
                throw error(
                    .unexpectedEndOfInput,
                    "expected \(describeQuote(quote)) to close the string that starts at byte \(open)")
            }
            let byte = bytes[cursor]
            if byte == quote {
                break
            } else if byte == UInt8(ascii: "\\") {
                cursor = try readJSON5Escape(at: cursor)
            } else if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                position = cursor
                throw error(
                    .controlCharacterInString,
                    "expected \(describeQuote(quote)) before the end of the line (write a line break in a string "
                        + "as \\n, or end the line with '\\' to continue the string)")
            } else {
                scratch.append(byte)
                cursor += 1
            }
        }
        position = cursor + 1
        return try scratchString(copiedFrom: start..<cursor, isKey: isKey)
    }

    private func describeQuote(_ quote: UInt8) -> String {
        quote == UInt8(ascii: "'") ? "\"'\"" : "'\"'"
    }

    /// Decodes the JSON5 escape at `cursor` (a backslash) into `scratch`; returns the position after it.
    ///
    /// JSON5 takes ECMAScript 5's escapes: JSON's, plus `\'`, `\v`, `\0` (not followed by a digit), `\xHH`, a
    /// backslash before a line terminator (a line continuation, which adds nothing), and any other character
    /// but a digit, which stands for itself.
    private mutating func readJSON5Escape(at cursor: Int) throws(JSONSyntaxError) -> Int {
        guard cursor + 1 < count else {
            position = cursor + 1
            throw error(.unexpectedEndOfInput, "expected an escape character after '\\'")
        }
        let byte = bytes[cursor + 1]
        switch byte {
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "v"): scratch.append(0x0B)
        case UInt8(ascii: "0"):
            if cursor + 2 < count && bytes[cursor + 2] &- UInt8(ascii: "0") < 10 {
                throw error(
                    .invalidEscape, "expected no digit after '\\0' (JSON5 has no octal escapes)",
                    found: describeByte(at: cursor + 2), at: cursor + 2)
            }
            scratch.append(0)
        case UInt8(ascii: "1")...UInt8(ascii: "9"):
            throw error(
                .invalidEscape, "expected an escape other than a digit after '\\' (JSON5 has no octal escapes)",
                found: describeByte(at: cursor + 1), at: cursor + 1)
        case UInt8(ascii: "x"):
            var value: UInt8 = 0
            for index in cursor + 2..<cursor + 4 {
                guard index < count, let digit = hexDigitValue(bytes[index]) else {
                    throw error(
                        index < count ? .invalidEscape : .unexpectedEndOfInput,
                        "expected two hex digits after '\\x'", found: describeByte(at: index), at: index)
                }
                value = value << 4 | digit
            }
            scratch.append(contentsOf: UTF8.encode(Unicode.Scalar(value))!)
            return cursor + 4
        case UInt8(ascii: "u"):
            return try readUnicodeEscape(at: cursor)
        case UInt8(ascii: "\r"):
            let next = cursor + 2
            return next < count && bytes[next] == UInt8(ascii: "\n") ? next + 1 : next
        case UInt8(ascii: "\n"):
            break
        case 0x80...:
            let terminator = lineTerminatorLength(at: cursor + 1)
            if terminator > 0 {
                return cursor + 1 + terminator
            }
            // Any other character stands for itself: skip the backslash and copy the character as it is.
            return cursor + 1
        default:
            scratch.append(byte)
        }
        return cursor + 2
    }

    // MARK: - Keys

    /// Reads an object key: a string in either quotes, or an ECMAScript 5.1 IdentifierName (letters, `$`, `_`,
    /// then also digits, combining marks and connector punctuation, any of them as a `\uXXXX` escape). Reserved
    /// words such as `null` are keys like any other.
    @inline(never)
    mutating func readJSON5Key() throws(JSONSyntaxError) -> (string: String, fingerprint: UInt64) {
        let start = position
        let first = bytes[start]
        if first == UInt8(ascii: "\"") || first == UInt8(ascii: "'") {
            return try readJSON5String(isKey: true)
        }
        var cursor = start
        while cursor < count && isASCIIIdentifierByte(bytes[cursor], first: cursor == start) {
            cursor += 1
        }
        if cursor < count && (bytes[cursor] == UInt8(ascii: "\\") || bytes[cursor] >= 0x80) {
            return try readUnicodeIdentifier(from: start, asciiEnd: cursor)
        }
        guard cursor > start else {
            throw error(.unexpectedCharacter, "expected a key: a string or an identifier")
        }
        position = cursor
        return cachedKey(UnsafeBufferPointer(start: bytes + start, count: cursor - start))
    }

    /// The slow path for identifiers with non-ASCII characters or escapes, assembled in `scratch`.
    private mutating func readUnicodeIdentifier(from start: Int, asciiEnd: Int) throws(JSONSyntaxError) -> (
        string: String, fingerprint: UInt64
    ) {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: asciiEnd - start))
        var cursor = asciiEnd
        while cursor < count {
            let byte = bytes[cursor]
            let isFirst = cursor == start
            if byte < 0x80 && byte != UInt8(ascii: "\\") {
                guard isASCIIIdentifierByte(byte, first: isFirst) else { break }
                scratch.append(byte)
                cursor += 1
            } else if byte == UInt8(ascii: "\\") {
                guard cursor + 1 < count && bytes[cursor + 1] == UInt8(ascii: "u") else {
                    throw error(
                        cursor + 1 < count ? .invalidEscape : .unexpectedEndOfInput,
                        "expected 'u' after '\\' in an identifier", found: describeByte(at: cursor + 1), at: cursor + 1)
                }
                let unit = try readHex4(at: cursor + 2)
                guard let scalar = Unicode.Scalar(unit), isIdentifierScalar(scalar, first: isFirst) else {
                    throw error(
                        .invalidEscape,
                        isFirst
                            ? "expected an escape for a letter, '$' or '_' to start an identifier"
                            : "expected an escape for a letter, digit, '$', '_' or combining mark in an identifier",
                        found: "\\u\(hex(unit, digits: 4))", at: cursor)
                }
                scratch.append(contentsOf: UTF8.encode(scalar)!)
                cursor += 6
            } else {
                guard let (scalar, length) = self.scalar(at: cursor) else {
                    throw error(.invalidUTF8, "expected well-formed UTF-8", found: describeByte(at: cursor), at: cursor)
                }
                guard isIdentifierScalar(scalar, first: isFirst) else { break }
                scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + cursor, count: length))
                cursor += length
            }
        }
        guard cursor > start else {
            throw error(.unexpectedCharacter, "expected a key: a string or an identifier")
        }
        position = cursor
        // Every byte came from a well-formed scalar, so the contents are valid UTF-8.
        return scratch.withUnsafeBufferPointer { content in
            (String(decoding: content, as: UTF8.self), keyFingerprint(content))
        }
    }

    @inline(__always)
    private func isASCIIIdentifierByte(_ byte: UInt8, first: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "$"),
            UInt8(ascii: "_"):
            return true
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            return !first
        default:
            return false
        }
    }

    /// ECMAScript 5.1's IdentifierStart (`first`) or IdentifierPart, by Unicode general category.
    private func isIdentifierScalar(_ scalar: Unicode.Scalar, first: Bool) -> Bool {
        if scalar.isASCII {
            return isASCIIIdentifierByte(UInt8(scalar.value), first: first)
        }
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter, .letterNumber:
            return true
        case .nonspacingMark, .spacingMark, .decimalNumber, .connectorPunctuation:
            return !first
        default:
            // Zero-width non-joiner and joiner.
            return !first && (scalar.value == 0x200C || scalar.value == 0x200D)
        }
    }

    // MARK: - Helpers

    /// The Unicode scalar whose UTF-8 starts at `offset`, with its length in bytes; nil when the bytes there are
    /// not well-formed UTF-8.
    func scalar(at offset: Int) -> (scalar: Unicode.Scalar, length: Int)? {
        let lead = bytes[offset]
        let length: Int
        switch lead {
        case 0x00...0x7F: return (Unicode.Scalar(lead), 1)
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return nil
        }
        guard offset + length <= count,
            firstInvalidUTF8(UnsafeBufferPointer(start: bytes + offset, count: length)) == nil
        else { return nil }
        var value = UInt32(lead) & (0x7F >> length)
        for index in offset + 1..<offset + length {
            value = value << 6 | UInt32(bytes[index] & 0x3F)
        }
        return Unicode.Scalar(value).map { ($0, length) }
    }
}

/// The grammar a specialisation of the reader's loop reads. A type rather than a flag, so that the compiler builds
/// one loop per grammar with `isJSON5` a constant in each: the strict loop carries no JSON5 code at all.
internal protocol JSONGrammar {
    static var isJSON5: Bool { get }
}

/// RFC 8259, with the leniencies `ReadingOptions` turns on one by one.
internal enum StrictJSONGrammar: JSONGrammar {
    static var isJSON5: Bool { false }
}

/// JSON5 (`ReadingOptions.allowsJSON5`).
internal enum JSON5Grammar: JSONGrammar {
    static var isJSON5: Bool { true }
}

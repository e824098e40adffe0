// Strings with escapes, the slow path: their content is assembled in `scratch`, escape by escape, with runs of
// plain bytes between escapes still found by the word-at-a-time scan. The JSON5 reader shares the `\u` escapes.

extension JSONReader {
    /// The slow path for strings with escapes: the content is assembled in `scratch`.
    mutating func readEscapedString(from start: Int, firstEscape: Int, isKey: Bool) throws(JSONSyntaxError) -> (
        string: String, fingerprint: UInt64
    ) {
        let end = try assembleEscapedString(from: start, firstEscape: firstEscape)
        return try scratchString(copiedFrom: start..<end, isKey: isKey)
    }

    /// Decodes the content of a string with escapes into `scratch`, leaving `position` after its closing quote;
    /// returns the offset of that quote. The UTF-8 is not yet validated.
    mutating func assembleEscapedString(from start: Int, firstEscape: Int) throws(JSONSyntaxError) -> Int {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: firstEscape - start))
        var cursor = firstEscape
        while true {
            guard cursor < count else {
                position = cursor
                throw error(.unexpectedEndOfInput, "expected '\"' to close the string that starts at byte \(start - 1)")
            }
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                cursor = try readEscape(at: cursor)
                let (stop, _) = scanToStringStopper(from: cursor)
                scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + cursor, count: stop - cursor))
                cursor = stop
            } else {
                position = cursor
                throw error(.controlCharacterInString, "expected a printable character or an escape inside a string")
            }
        }
        position = cursor + 1
        return cursor
    }

    /// The string assembled in `scratch` from the input's `range`, with its fingerprint for a key (see
    /// `keyFingerprint(_:)`) or 0 for a value. A long value read recently comes from `recentValues`, found by its
    /// bytes as written, escapes and all: the same bytes always decode to the same string, and they stay in the
    /// input, where the scratch bytes do not.
    mutating func scratchString(copiedFrom range: Range<Int>, isKey: Bool) throws(JSONSyntaxError) -> (
        string: String, fingerprint: UInt64
    ) {
        // A second reference to the bytes (not a copy of them), so that `recentValues` can change while they are read.
        let content = scratch
        let written = UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count)
        let result: (String, UInt64)? = content.withUnsafeBufferPointer { content in
            // Escapes always produce well-formed UTF-8, so invalid bytes can only come from the raw input.
            guard !isKey && written.count >= 16 else {
                guard isWellFormedUTF8(content) else { return nil }
                return (String(validatedUTF8: content), isKey ? keyFingerprint(content) : 0)
            }
            let (recent, fingerprint) = recentValues.lookUpLong(written, documentSize: count)
            if let recent { return (recent, 0) }
            guard isWellFormedUTF8(content) else { return nil }
            let string = String(validatedUTF8: content)
            recentValues.keep(string, fingerprint: fingerprint, bytes: written)
            return (string, 0)
        }
        guard let result else { throw invalidUTF8Error(in: range) }
        return result
    }

    /// Decodes the escape at `cursor` into `scratch`; returns the position after it.
    private mutating func readEscape(at cursor: Int) throws(JSONSyntaxError) -> Int {
        guard cursor + 1 < count else {
            position = cursor + 1
            throw error(.unexpectedEndOfInput, "expected an escape character after '\\'")
        }
        let simple: UInt8
        switch bytes[cursor + 1] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            return try readUnicodeEscape(at: cursor)
        default:
            position = cursor + 1
            throw error(.invalidEscape, "expected one of '\"', '\\', '/', 'b', 'f', 'n', 'r', 't' or 'u' after '\\'")
        }
        scratch.append(simple)
        return cursor + 2
    }

    /// Reads `\uXXXX` (and its low surrogate partner, when it is a high surrogate) at `cursor`.
    mutating func readUnicodeEscape(at cursor: Int) throws(JSONSyntaxError) -> Int {
        let unit = try readHex4(at: cursor + 2)
        var scalarValue = UInt32(unit)
        var next = cursor + 6
        switch unit {
        case 0xD800...0xDBFF:
            if next >= count || (next + 1 >= count && bytes[next] == UInt8(ascii: "\\")) {
                position = count
                throw error(
                    .unexpectedEndOfInput, "expected a low surrogate escape (\\uDC00-\\uDFFF) after the high surrogate")
            }
            guard next + 1 < count && bytes[next] == UInt8(ascii: "\\") && bytes[next + 1] == UInt8(ascii: "u") else {
                position = cursor
                throw error(
                    .loneSurrogate, "expected a low surrogate escape (\\uDC00-\\uDFFF) after the high surrogate",
                    found: "\\u\(hex(unit, digits: 4)) alone", at: cursor)
            }
            let low = try readHex4(at: next + 2)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(
                    .loneSurrogate, "expected a low surrogate escape (\\uDC00-\\uDFFF) after the high surrogate",
                    found: "\\u\(hex(low, digits: 4))", at: next)
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            next += 6
        case 0xDC00...0xDFFF:
            throw error(
                .loneSurrogate, "expected a high surrogate escape (\\uD800-\\uDBFF) before a low surrogate",
                found: "\\u\(hex(unit, digits: 4)) alone", at: cursor)
        default:
            break
        }
        // Every value here is a valid scalar: surrogates were paired above.
        let scalar = Unicode.Scalar(scalarValue)!
        scratch.append(contentsOf: UTF8.encode(scalar)!)
        return next
    }

    func readHex4(at offset: Int) throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for index in offset..<offset + 4 {
            guard index < count else {
                throw error(
                    .unexpectedEndOfInput, "expected four hex digits after '\\u'", found: "the end of the input",
                    at: count)
            }
            guard let digit = hexDigitValue(bytes[index]) else {
                throw error(
                    .invalidEscape, "expected four hex digits after '\\u'", found: describeByte(at: index), at: index)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }
}

/// The value of one hexadecimal digit, either case: for `\u` escapes here, and JSON5's `\x` escapes and `0x`
/// numbers.
@inline(__always)
internal func hexDigitValue(_ byte: UInt8) -> UInt8? {
    switch byte {
    case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
    case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
    case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
    default: nil
    }
}

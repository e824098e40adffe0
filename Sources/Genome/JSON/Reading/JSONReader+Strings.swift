// Strings, the common case: a word-at-a-time scan to the closing quote, then a `String` straight from the input
// bytes. Keys that repeat from object to object come from a small cache instead. Strings with escapes leave for
// JSONReader+Escapes.swift at the first backslash.

extension JSONReader {
    /// Reads a string starting at the opening quote; returns it with, for a key, its fingerprint (see
    /// `keyFingerprint(_:)`).
    mutating func readString(isKey: Bool) throws(JSONSyntaxError) -> (string: String, fingerprint: UInt64) {
        let (start, cursor, highBits) = try scanString()
        switch bytes[cursor] {
        case UInt8(ascii: "\""):
            position = cursor + 1
            let content = UnsafeBufferPointer(start: bytes + start, count: cursor - start)
            if highBits == 0 {
                return isKey ? cachedKey(content) : (String(asciiBytes: content), 0)
            }
            guard isWellFormedUTF8(content) else {
                throw invalidUTF8Error(in: start..<cursor)
            }
            return (String(validatedUTF8: content, isASCII: false), isKey ? keyFingerprint(content) : 0)
        case UInt8(ascii: "\\"):
            return try readEscapedString(from: start, firstEscape: cursor)
        default:
            position = cursor
            throw error(.controlCharacterInString, "expected a printable character or an escape inside a string")
        }
    }

    /// Steps over a string's opening quote and scans to the first byte that ends its plain run (see
    /// `scanToStringStopper`); throws when the input ends first. Shared by the tree and tape readers.
    @inline(__always)
    mutating func scanString() throws(JSONSyntaxError) -> (start: Int, stop: Int, highBits: UInt64) {
        position += 1  // the opening quote
        let start = position
        let (cursor, highBits) = scanToStringStopper(from: start)
        guard cursor < count else {
            position = cursor
            throw error(.unexpectedEndOfInput, "expected '\"' to close the string that starts at byte \(start - 1)")
        }
        return (start, cursor, highBits)
    }

    /// Finds the first '"', '\\' or control byte from `start`, eight bytes at a time, and whether any byte before
    /// it is non-ASCII. Bytes >= 0x80 never look like the three stoppers, so multi-byte UTF-8 needs no special case.
    @inline(__always)
    func scanToStringStopper(from start: Int) -> (stop: Int, highBits: UInt64) {
        var cursor = start
        var highBits: UInt64 = 0
        while cursor + 8 <= count {
            let word = UnsafeRawPointer(bytes + cursor).loadUnaligned(as: UInt64.self).littleEndian
            let stoppers =
                zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
                | ((word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080)
            if stoppers != 0 {
                let stop = stoppers.trailingZeroBitCount / 8
                // Only the bytes before the stopper count towards the non-ASCII flag.
                highBits |= word & (stop == 0 ? 0 : (UInt64.max >> (64 - 8 * stop))) & 0x8080_8080_8080_8080
                return (cursor + stop, highBits)
            }
            highBits |= word & 0x8080_8080_8080_8080
            cursor += 8
        }
        while cursor < count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            highBits |= UInt64(byte & 0x80)
            cursor += 1
        }
        return (cursor, highBits)
    }

    /// Makes the key cache, sized by the document: a 400-byte response with 17 keys paid more for 256 slots than
    /// it read. Out of line, so that the path that reads a key stays as short as before.
    @inline(never)
    private mutating func makeKeyCache() {
        let size = Self.keyCacheSize(forDocumentOf: count)
        keyCache = ContiguousArray(repeating: (0, ""), count: size)
    }

    /// Slots for the key cache of a document of `byteCount` bytes: one per 32 bytes, a power of two from 16 to 256
    /// (at about 8 KB). A small document's few keys fit a small cache, and a big one's repeats repay a big one.
    static func keyCacheSize(forDocumentOf byteCount: Int) -> Int {
        min(256, max(16, 1 << (Int.bitWidth - (byteCount / 32).leadingZeroBitCount)))
    }

    /// The key with these (ASCII) bytes, from the cache when it was read recently.
    mutating func cachedKey(_ content: UnsafeBufferPointer<UInt8>) -> (string: String, fingerprint: UInt64) {
        let fingerprint = keyFingerprint(content)
        if keyCache.isEmpty {
            guard keysBeforeCache == 0 else {
                keysBeforeCache &-= 1
                return (String(asciiBytes: content), fingerprint)
            }
            makeKeyCache()
        }
        let slot = Int(truncatingIfNeeded: fingerprint >> 7) & (keyCache.count &- 1)
        return keyCache.withUnsafeMutableBufferPointer { cache in
            if cache[slot].fingerprint == fingerprint {
                let cached = cache[slot].key
                let same = cached.utf8.withContiguousStorageIfAvailable { bytesEqual($0, content) } ?? false
                if same { return (cached, fingerprint) }
            }
            let key = String(asciiBytes: content)
            cache[slot] = (fingerprint, key)
            return (key, fingerprint)
        }
    }
}

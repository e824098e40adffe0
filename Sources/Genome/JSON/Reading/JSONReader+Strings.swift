// Strings, the common case: a word-at-a-time scan to the closing quote, then a `String` straight from the input
// bytes. Keys, and long values, that were read recently come from `RecentStrings` instead; a plain key is
// fingerprinted by the same scan. Strings with escapes leave for JSONReader+Escapes.swift at the first backslash.
// A tape makes no `String`: its string is a span of the input, or, for one with escapes (and every JSON5 string),
// of the tape's own buffer of decoded strings.

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
                if isKey { return cachedKey(content) }
                if content.count >= 16 { return (longASCIIValue(content), 0) }
                return (String(asciiBytes: content), 0)
            }
            var recent: (string: String?, fingerprint: UInt64) = (nil, 0)
            if !isKey && content.count >= 16 {
                recent = recentValues.lookUpLong(content, documentSize: count)
                if let string = recent.string { return (string, 0) }
            }
            guard isWellFormedUTF8(content) else {
                throw invalidUTF8Error(in: start..<cursor)
            }
            let string = String(validatedUTF8: content, isASCII: false)
            if isKey { return (string, keyFingerprint(content)) }
            recentValues.keep(string, fingerprint: recent.fingerprint, bytes: content)
            return (string, 0)
        case UInt8(ascii: "\\"):
            return try readEscapedString(from: start, firstEscape: cursor, isKey: isKey)
        default:
            position = cursor
            throw error(.controlCharacterInString, "expected a printable character or an escape inside a string")
        }
    }

    /// Reads an object key starting at its opening quote; returns it with its fingerprint (`keyFingerprint(_:)`).
    /// A plain key (see `scanPlainKey()`) comes from `recentKeys` when it was read recently; any other is read
    /// again by `readString(isKey:)`.
    @inline(always)
    mutating func readKey() throws(JSONSyntaxError) -> (string: String, fingerprint: UInt64) {
        let start = position + 1
        if let predicted = recentKeys.predictedKey(at: bytes + start, available: count - start) {
            position = start + predicted.count + 1
            return (predicted.string, predicted.fingerprint)
        }
        if let (content, fingerprint) = scanPlainKey() {
            return cachedKey(content, fingerprint: fingerprint)
        }
        recentKeys.forgetPrevious()
        return try readString(isKey: true)
    }

    /// For a plain key, nearly every key there is: ASCII, without escapes, and not within a word of the end of the
    /// input. Steps over it from its opening quote to past its closing one, and returns its content with its
    /// fingerprint, both from one pass over its words: a key cost a second pass, to fingerprint it, and a call.
    /// Returns nil, and moves nothing, for any other key: the caller reads it the general way.
    ///
    /// The first sixteen bytes, where nearly every key ends, are tested for stoppers as one vector, and its two
    /// words fingerprinted from there; longer keys go on a word at a time.
    @inline(__always)
    mutating func scanPlainKey() -> (content: UnsafeBufferPointer<UInt8>, fingerprint: UInt64)? {
        let start = position + 1
        var cursor = start
        var hash = keyFingerprintSeed
        if cursor + 16 <= count {
            let (words, stoppers) = plainBlock(at: cursor)
            var step = plainKeyWord(words.low, stoppers: stoppers.low, from: start, at: &cursor, hash: &hash)
            if step.isLast { return step.key }
            step = plainKeyWord(words.high, stoppers: stoppers.high, from: start, at: &cursor, hash: &hash)
            if step.isLast { return step.key }
        }
        while cursor + 8 <= count {
            let word = UnsafeRawPointer(bytes + cursor).loadUnaligned(as: UInt64.self).littleEndian
            let step = plainKeyWord(word, stoppers: stringStoppers(word), from: start, at: &cursor, hash: &hash)
            if step.isLast { return step.key }
        }
        return nil
    }

    /// What one word of a key tells `scanPlainKey()`: whether the scan stops here, and if so the key, or nil when it
    /// is not plain (an escape, a control byte or a non-ASCII byte).
    typealias PlainKeyWord = (isLast: Bool, key: (content: UnsafeBufferPointer<UInt8>, fingerprint: UInt64)?)

    /// Takes the word at `cursor` of the key whose content starts at `start`, with the flags of its stoppers (the
    /// lowest exact, as `stringStoppers(_:)` gives them): ends the key, or fingerprints the word and moves on.
    @inline(__always)
    mutating func plainKeyWord(
        _ word: UInt64, stoppers: UInt64, from start: Int, at cursor: inout Int, hash: inout UInt64
    ) -> PlainKeyWord {
        if stoppers != 0 {
            let stop = stoppers.trailingZeroBitCount / 8
            let tail = word & bytesBelowLowestFlag(stoppers)
            guard tail & 0x8080_8080_8080_8080 == 0, bytes[cursor + stop] == UInt8(ascii: "\"") else {
                return (true, nil)
            }
            position = cursor + stop + 1
            let content = UnsafeBufferPointer(start: bytes + start, count: cursor + stop - start)
            return (true, (content, keyFingerprintEnd(hash, tail: tail, count: content.count)))
        }
        guard word & 0x8080_8080_8080_8080 == 0 else { return (true, nil) }
        hash = keyFingerprintRound(hash, word)
        cursor += 8
        return (false, nil)
    }

    /// Steps over a string's opening quote and scans to the first byte that ends its plain run (see
    /// `scanToStringStopper`); throws when the input ends first. Shared by the tree's strings and the tape's.
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
        var (cursor, highBits) = skipPlainBlocks(from: start)
        while cursor + 8 <= count {
            let word = UnsafeRawPointer(bytes + cursor).loadUnaligned(as: UInt64.self).littleEndian
            let stoppers = stringStoppers(word)
            if stoppers != 0 {
                let stop = stoppers.trailingZeroBitCount / 8
                // Only the bytes before the stopper count towards the non-ASCII flag.
                highBits |= word & bytesBelowLowestFlag(stoppers) & 0x8080_8080_8080_8080
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

    /// Steps over the blocks of sixteen bytes from `start` that hold no '"', '\\' or control byte, and says whether
    /// any of their bytes is non-ASCII (a nonzero result); the word-at-a-time loop finds the stopper from there.
    /// Sixteen bytes take one vector load and three comparisons, several times fewer steps than testing them as
    /// two words: value strings, twitter.json's long texts and URLs, are most of what a reader scans.
    @inline(__always)
    func skipPlainBlocks(from start: Int) -> (cursor: Int, highBits: UInt64) {
        var cursor = start
        guard cursor + 16 <= count else { return (cursor, 0) }
        // Gathered as words: a vector's `|=` is a loop over its lanes in a debug build.
        var seen: UInt64 = 0
        repeat {
            let block = UnsafeRawPointer(bytes + cursor).loadUnaligned(as: SIMD16<UInt8>.self)
            if anyLane(stringStopperLanes(block)) { break }
            let blockWords = words(of: block)
            seen |= blockWords.low | blockWords.high
            cursor += 16
        } while cursor + 16 <= count
        return (cursor, seen & 0x8080_8080_8080_8080)
    }

    /// The sixteen bytes at `offset` as two little-endian words, with the high bit of each of their bytes that is
    /// '"', '\\' or a control byte set in two more: `stringStoppers(_:)` for both words at once, every flag exact.
    @inline(__always)
    func plainBlock(at offset: Int) -> (words: (low: UInt64, high: UInt64), stoppers: (low: UInt64, high: UInt64)) {
        let block = UnsafeRawPointer(bytes + offset).loadUnaligned(as: SIMD16<UInt8>.self)
        let stoppers = words(of: stringStopperLanes(block))
        return (words(of: block), (stoppers.low & 0x8080_8080_8080_8080, stoppers.high & 0x8080_8080_8080_8080))
    }

    /// The lanes of `block` that are '"', '\\' or a control byte.
    @inline(__always)
    func stringStopperLanes(_ block: SIMD16<UInt8>) -> SIMDMask<SIMD16<Int8>> {
        // Typed constants, not literals inside the comparisons: an inferred `SIMD16(repeating:)` there can pick
        // the generic lane-by-lane operator, many times slower.
        let quote = SIMD16<UInt8>(repeating: UInt8(ascii: "\""))
        let backslash = SIMD16<UInt8>(repeating: UInt8(ascii: "\\"))
        let space = SIMD16<UInt8>(repeating: UInt8(ascii: " "))
        return (block .== quote) .| (block .== backslash) .| (block .< space)
    }

    /// Whether any lane of `mask` is set, tested as two words: the standard library's `any(_:)` reduces through a
    /// generic `min()` that is not inlined, a loop over the lanes, about ten times the work of two word tests.
    @inline(__always)
    private func anyLane(_ mask: SIMDMask<SIMD16<Int8>>) -> Bool {
        let lanes = words(of: mask)
        return lanes.low | lanes.high != 0
    }

    /// The high bit of each byte of `word` that is '"', '\\' or a control byte; only the lowest is exact.
    @inline(__always)
    func stringStoppers(_ word: UInt64) -> UInt64 {
        zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
            | ((word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080)
    }

    /// The key with these (ASCII) bytes, from `recentKeys` when it was read recently.
    @inline(always)
    mutating func cachedKey(_ content: UnsafeBufferPointer<UInt8>) -> (string: String, fingerprint: UInt64) {
        cachedKey(content, fingerprint: keyFingerprint(content))
    }

    /// The key with these (ASCII) bytes and this fingerprint, from `recentKeys` when it was read recently.
    @inline(always)
    mutating func cachedKey(_ content: UnsafeBufferPointer<UInt8>, fingerprint: UInt64) -> (
        string: String, fingerprint: UInt64
    ) {
        if let key = recentKeys.lookUp(content, fingerprint: fingerprint, documentSize: count) {
            return (key, fingerprint)
        }
        let key = String(asciiBytes: content)
        recentKeys.keep(key, fingerprint: fingerprint, bytes: content)
        return (key, fingerprint)
    }

    /// The ASCII value string of 16 bytes or more (which a `String` keeps in storage of its own) with these bytes:
    /// from `recentValues` when it was read recently, else made anew.
    mutating func longASCIIValue(_ content: UnsafeBufferPointer<UInt8>) -> String {
        let (recent, fingerprint) = recentValues.lookUpLong(content, documentSize: count)
        if let recent { return recent }
        let string = String(asciiBytes: content)
        recentValues.keep(string, fingerprint: fingerprint, bytes: content)
        return string
    }

    /// Reads a string starting at its opening quote, as `readString` does, and returns where its content is (its
    /// offset in the input, or, with escapes, `count` plus its offset in the tape's buffer of decoded strings) and
    /// whether it is all ASCII.
    /// A key's `keyOffset`, where it starts in the input, is written before its bytes when it has escapes (see
    /// `TapeBuilder.pushKeyOffset`).
    mutating func readTapeString(_ tape: inout TapeBuilder, keyOffset: Int? = nil) throws(JSONSyntaxError)
        -> (offset: Int, length: Int, isASCII: Bool)
    {
        let (start, cursor, highBits) = try scanString()
        switch bytes[cursor] {
        case UInt8(ascii: "\""):
            position = cursor + 1
            if highBits != 0, !isWellFormedUTF8(UnsafeBufferPointer(start: bytes + start, count: cursor - start)) {
                throw invalidUTF8Error(in: start..<cursor)
            }
            return (start, cursor - start, highBits == 0)
        case UInt8(ascii: "\\"):
            let end = try assembleEscapedString(from: start, firstEscape: cursor)
            if let keyOffset { tape.pushKeyOffset(keyOffset) }
            let offset = count + tape.unescaped.count
            let content = scratch.withUnsafeBufferPointer { content -> (valid: Bool, isASCII: Bool) in
                guard isWellFormedUTF8(content) else { return (false, false) }
                tape.unescaped.push(contentsOf: content)
                return (true, isASCII(content))
            }
            guard content.valid else { throw invalidUTF8Error(in: start..<end) }
            return (offset, scratch.count, content.isASCII)
        default:
            position = cursor
            throw error(.controlCharacterInString, "expected a printable character or an escape inside a string")
        }
    }
}

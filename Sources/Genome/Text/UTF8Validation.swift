// Checking UTF-8, and finding the first ill-formed sequence. The standard library can say whether bytes are valid
// UTF-8 but not where they stop being so, and an error message should point at the offending byte: the readers
// call `firstInvalidUTF8` only once a string is known to be ill-formed. Both readers check each non-ASCII string,
// escaped ones too, with `isWellFormedUTF8` (below; JSON5 strings with `String(validating:)`).

/// The offset of the first byte that does not begin a well-formed UTF-8 sequence (Unicode's Table 3-7: no
/// overlong forms, no encoded surrogates, nothing above U+10FFFF), or nil when all of `bytes` is well-formed.
internal func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
    var index = 0
    while index < bytes.count {
        if index + 8 <= bytes.count,
            UnsafeRawPointer(bytes.baseAddress! + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
            index += 8
            continue
        }
        let lead = bytes[index]
        let length: Int
        var secondRange: ClosedRange<UInt8> = 0x80...0xBF
        switch lead {
        case 0x00...0x7F: index += 1; continue
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; secondRange = 0xA0...0xBF
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; secondRange = 0x80...0x9F
        case 0xF0: length = 4; secondRange = 0x90...0xBF
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; secondRange = 0x80...0x8F
        default: return index
        }
        guard index + length <= bytes.count, secondRange.contains(bytes[index + 1]) else { return index }
        for continuation in index + 2..<index + length where bytes[continuation] & 0xC0 != 0x80 {
            return index
        }
        index += length
    }
    return nil
}

/// Whether all of `bytes` is well-formed UTF-8, with fast paths for ASCII runs, two-byte sequences and the common
/// three-byte ones (most CJK text); the rarer leads go through `firstInvalidUTF8`'s table, one sequence at a time.
/// Both readers check their non-ASCII strings with it: `Node(json:)` of twitter.json, whose strings are largely
/// Japanese, costs a few percent less than with `String(validating:as:)`, and decoding it from the tape a little
/// less than with the standard library's `UTF8Span(validating:)` (Compare's twitter.json parse and decode rows).
@inline(__always)
internal func isWellFormedUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    let count = bytes.count
    var index = 0
    while index < count {
        if index &+ 8 <= count,
            UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self) & 0x8080_8080_8080_8080 == 0
        {
            index &+= 8
            continue
        }
        let lead = base[index]
        if lead < 0x80 {
            index &+= 1
            continue
        }
        if (lead >= 0xE1 && lead <= 0xEC) || (lead >= 0xEE && lead <= 0xEF) {
            guard index &+ 3 <= count,
                UInt16(littleEndian: UnsafeRawPointer(base + index + 1).loadUnaligned(as: UInt16.self)) & 0xC0C0
                    == 0x8080
            else { return false }
            index &+= 3
            // Such characters come in runs (Japanese, Chinese): take the next ones from one 32-bit load each, a
            // lead of E1 to EC or EE to EF and two continuation bytes, without testing for ASCII first. Anything
            // else goes back to the tests above.
            while index &+ 4 <= count {
                let word = UInt32(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt32.self))
                let next = UInt8(truncatingIfNeeded: word)
                guard word & 0x00C0_C0F0 == 0x0080_80E0, next != 0xE0, next != 0xED else { break }
                index &+= 3
            }
            continue
        }
        if lead >= 0xC2 && lead <= 0xDF {
            guard index &+ 2 <= count, base[index + 1] & 0xC0 == 0x80 else { return false }
            index &+= 2
            continue
        }
        // The rarer leads (E0, ED, F0 to F4) and the invalid ones: the general table, one sequence at a time.
        let length = lead >= 0xF0 ? 4 : 3
        guard lead == 0xE0 || lead == 0xED || (lead >= 0xF0 && lead <= 0xF4), index &+ length <= count,
            firstInvalidUTF8(UnsafeBufferPointer(start: base + index, count: length)) == nil
        else { return false }
        index &+= length
    }
    return true
}

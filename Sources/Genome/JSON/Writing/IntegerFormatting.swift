// Integers as decimal text, eight digits at a time.
//
// Ids and counts are most of the numbers in typical JSON. Dividing by ten once per digit makes each one a chain
// of dependent multiplications; instead the value is split into 8-digit halves whose digits are all computed side
// by side (`formattingEightDigits`, shared with the double formatter), and leading zeros are dropped by shifting.

/// Appends the decimal digits of `magnitude`, after a minus when `negative`.
internal func appendInteger(_ magnitude: UInt64, negative: Bool, to output: inout ScratchStack<UInt8>) {
    // Whole-word stores into spare room: at most a minus and twenty digits, plus slack for the last store.
    let base = UnsafeMutableRawPointer(output.uninitializedTop(room: 32))
    base.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self)
    let sign = negative ? 1 : 0
    let out = base + sign
    let length: Int
    if magnitude < 100_000_000 {
        length = storeWithoutLeadingZeros(eightDigits(magnitude), at: out)
    } else if magnitude < 10_000_000_000_000_000 {
        let (high, low) = magnitude.quotientAndRemainder(dividingBy: 100_000_000)
        let highLength = storeWithoutLeadingZeros(eightDigits(high), at: out)
        out.storeBytes(
            of: (eightDigits(low) | formattingAsciiZeros).littleEndian, toByteOffset: highLength, as: UInt64.self)
        length = highLength &+ 8
    } else {
        // Seventeen to twenty digits: up to four, then sixteen.
        let (top, rest) = magnitude.quotientAndRemainder(dividingBy: 10_000_000_000_000_000)
        let (high, low) = rest.quotientAndRemainder(dividingBy: 100_000_000)
        let topLength = storeWithoutLeadingZeros(eightDigits(top), at: out)
        out.storeBytes(
            of: (eightDigits(high) | formattingAsciiZeros).littleEndian, toByteOffset: topLength, as: UInt64.self)
        out.storeBytes(
            of: (eightDigits(low) | formattingAsciiZeros).littleEndian, toByteOffset: topLength &+ 8, as: UInt64.self)
        length = topLength &+ 16
    }
    output.didPush(sign &+ length)
}

/// The eight decimal digits of `value` (below 10^8), most significant in the lowest byte, as numbers 0...9.
@inline(__always)
private func eightDigits(_ value: UInt64) -> UInt64 {
    let high = value / 10_000
    return formattingEightDigits(high: high, low: value &- high &* 10_000)
}

/// Stores the digits of `digits` (from `eightDigits`) as characters, leading zeros dropped but at least one
/// digit kept; returns how many were stored. Writes eight bytes whatever the length.
@inline(__always)
private func storeWithoutLeadingZeros(_ digits: UInt64, at out: UnsafeMutableRawPointer) -> Int {
    // Leading zero digits are the zero bytes at the bottom; the last digit always stays.
    let leadingZeros = (digits | (1 &<< 56)).trailingZeroBitCount >> 3
    out.storeBytes(of: ((digits | formattingAsciiZeros) >> (leadingZeros &* 8)).littleEndian, as: UInt64.self)
    return 8 &- leadingZeros
}

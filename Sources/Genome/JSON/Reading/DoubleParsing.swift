// Decimal-to-binary conversion for JSON number literals that have a fraction or an exponent.
//
// Three tiers, cheapest first. Clinger's fast path settles short significands with small exponents using
// one exact floating-point operation. The Eisel-Lemire step settles nearly everything else, subnormals
// included, with a 128-bit multiply against a truncated power of five. What it cannot prove (more than 19
// significant digits whose cut-off part decides the rounding, or, very rarely, a product too close to a
// rounding boundary) goes to the standard library's parser, which is slow but correctly rounded.

/// `literal` is a complete JSON number literal that already matched the JSON grammar
/// `-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?` (so: ASCII only, no leading '+', no spaces).
/// Returns the correctly rounded (round-to-nearest, ties-to-even) Double; ±infinity when the magnitude
/// overflows; ±0 (sign kept) on underflow. `-0`, `-0.0`, `-0e5` must return -0.0.
internal func parseJSONDouble(_ literal: UnsafeRawBufferPointer) -> Double {
    let count = literal.count
    var index = 0
    let negative = count > 0 && literal[0] == UInt8(ascii: "-")
    if negative { index = 1 }

    // Digits accumulate with wrapping arithmetic: a significand of more than 19 digits is rebuilt below,
    // so the overflowed value is never used. The steps update these variables in place (`inout`) rather than
    // return tuples: that way the compiled code is no slower than one body would be, where returned tuples cost a
    // little on every number (Compare's canada.json parse row).
    var significand: UInt64 = 0
    let integerStart = index
    accumulateDigits(literal, at: &index, into: &significand)
    let integerDigits = index - integerStart

    var fractionDigits = 0
    if index < count && literal[index] == UInt8(ascii: ".") {
        index += 1
        let fractionStart = index
        accumulateFractionDigits(literal, at: &index, into: &significand)
        fractionDigits = index - fractionStart
    }

    let exponent = index < count ? exponentValue(literal, at: index) : 0
    var exponent10 = exponent - fractionDigits
    var tailIsNonZero = false
    if integerDigits + fractionDigits > 19 {
        keepNineteenSignificantDigits(
            literal, from: integerStart, digitCount: integerDigits + fractionDigits, significand: &significand,
            exponent10: &exponent10, tailIsNonZero: &tailIsNonZero)
    }

    return jsonDouble(
        significand: significand, exponent10: exponent10, negative: negative, tailIsNonZero: tailIsNonZero,
        literal: literal)
}

/// The correctly rounded Double for ±`significand` × 10^`exponent10`, where `significand` holds the literal's
/// first 19 significant digits and `tailIsNonZero` says whether a nonzero digit was cut off after them. The
/// reader calls this with the parts it accumulated while it checked the grammar, so a number is scanned once;
/// `literal` is read again only on the rare exact path.
internal func jsonDouble(
    significand: UInt64, exponent10: Int, negative: Bool, tailIsNonZero: Bool, literal: UnsafeRawBufferPointer
) -> Double {
    if significand == 0 {
        return negative ? -0.0 : 0.0
    }

    if !tailIsNonZero {
        if let value = clingerFastPath(significand, exponent10) {
            return negative ? -value : value
        }
    }

    // Outside the table the answer is certain: even 19 nines times 10^-343 is below half the smallest
    // subnormal, and any nonzero significand times 10^309 is beyond the largest finite Double.
    if exponent10 < powerOfFiveMinExponent {
        return negative ? -0.0 : 0.0
    }
    if exponent10 > powerOfFiveMaxExponent {
        return negative ? -Double.infinity : Double.infinity
    }

    return eiselLemireOrExact(
        literal, negative: negative, significand: significand, exponent10: exponent10, tailIsNonZero: tailIsNonZero)
}

/// The Double for `significand` × 10^`exponent10` from the Eisel-Lemire step when it can prove the rounding, and
/// otherwise from an exact method. `exponent10` is within the powers-of-five table.
@inline(__always)
private func eiselLemireOrExact(
    _ literal: UnsafeRawBufferPointer, negative: Bool, significand: UInt64, exponent10: Int, tailIsNonZero: Bool
) -> Double {
    if let bits = eiselLemire(significand, exponent10) {
        // With a nonzero cut-off part the value lies strictly between significand and significand + 1
        // (times the power of ten); if both ends round to the same Double, so does everything between.
        if !tailIsNonZero || eiselLemire(significand + 1, exponent10) == bits {
            let value = Double(bitPattern: bits)
            return negative ? -value : value
        }
    } else if !tailIsNonZero, let value = exactBinaryFraction(significand, exponent10) {
        return negative ? -value : value
    }
    return parseWithStandardLibrary(
        literal, negative: negative, significand: significand, exponent10: exponent10, truncated: tailIsNonZero)
}

/// Appends the decimal digits at `index` to `significand`, one byte at a time, and moves `index` past them.
@inline(__always)
private func accumulateDigits(_ literal: UnsafeRawBufferPointer, at index: inout Int, into significand: inout UInt64) {
    while index < literal.count {
        let digit = literal[index] &- UInt8(ascii: "0")
        if digit > 9 { break }
        significand = significand &* 10 &+ UInt64(digit)
        index += 1
    }
}

/// Appends the fraction's digits at `index` to `significand`, eight at a time while it can, and moves `index`
/// past them. The reader accumulates a fraction with it while it checks the grammar.
@inline(__always)
internal func accumulateFractionDigits(
    _ literal: UnsafeRawBufferPointer, at index: inout Int, into significand: inout UInt64
) {
    // Coordinates and measurements carry long fractions; eight digits per step roughly halves their cost
    // (Compare's canada.json parse row). (Taking the integer part and the last few digits in chunks too is
    // slower: the byte loops' predictable branches let the processor run ahead, while a chunk's digit count is a
    // data dependency.)
    if let base = literal.baseAddress {
        while literal.count - index >= 8 {
            let chunk = UInt64(littleEndian: base.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            guard isEightDigits(chunk) else { break }
            significand = significand &* 100_000_000 &+ valueOfEightDigits(chunk)
            index += 8
        }
    }
    accumulateDigits(literal, at: &index, into: &significand)
}

/// The value of the exponent whose 'e' or 'E' is at `marker`.
@inline(__always)
private func exponentValue(_ literal: UnsafeRawBufferPointer, at marker: Int) -> Int {
    let count = literal.count
    var index = marker + 1
    var exponentNegative = false
    if index < count && literal[index] == UInt8(ascii: "-") {
        exponentNegative = true
        index += 1
    } else if index < count && literal[index] == UInt8(ascii: "+") {
        index += 1
    }
    // Saturating far beyond any meaningful exponent keeps the later sums free of overflow while still
    // sending 1e-99999999999999999999 to zero and 1e99999999999999999999 to infinity.
    var magnitude = 0
    while index < count {
        if magnitude < exponentSaturation {
            magnitude = magnitude &* 10 &+ Int(literal[index] &- UInt8(ascii: "0"))
        }
        index += 1
    }
    return exponentNegative ? -magnitude : magnitude
}

/// For a literal of more than 19 digits from `start` (`digitCount`, leading zeros included): keeps the first
/// 19 significant digits in `significand`, moves `exponent10` to match, and records whether any digit cut off is
/// nonzero. Changes nothing when leading zeros leave 19 digits or fewer.
@inline(__always)
private func keepNineteenSignificantDigits(
    _ literal: UnsafeRawBufferPointer, from start: Int, digitCount: Int, significand: inout UInt64,
    exponent10: inout Int, tailIsNonZero: inout Bool
) {
    let count = literal.count
    var digitCount = digitCount
    // The grammar allows leading zeros only as "0.000…", and they do not count as significant.
    var position = start
    if literal[position] == UInt8(ascii: "0") {
        position += 2  // past "0."
        digitCount -= 1
        while position < count && literal[position] == UInt8(ascii: "0") {
            position += 1
            digitCount -= 1
        }
    }
    if digitCount > 19 {
        // Keep the first 19 significant digits; the cut-off part only needs to be known as zero or not.
        significand = 0
        var taken = 0
        while taken < 19 {
            let digit = literal[position] &- UInt8(ascii: "0")
            position += 1
            if digit > 9 { continue }  // the decimal point
            significand = significand &* 10 &+ UInt64(digit)
            taken += 1
        }
        exponent10 += digitCount - 19
        while position < count {
            let byte = literal[position]
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
            if byte != UInt8(ascii: "0") && byte != UInt8(ascii: ".") {
                tailIsNonZero = true
                break
            }
            position += 1
        }
    }
}

/// Far beyond any exponent that can matter (a literal would need about 2^40 digits to bring it back into
/// range), yet small enough that adding or subtracting digit counts can never overflow an `Int`.
internal let exponentSaturation = 1 << 40

@inline(__always)
private func isEightDigits(_ chunk: UInt64) -> Bool {
    // A digit byte has high nibble 3, and adding 6 leaves that nibble alone (0x3A...0x3F would bump it).
    // The +6 can carry into the next byte only out of a byte that is no digit, which already fails the test.
    let high = chunk & 0xF0F0_F0F0_F0F0_F0F0
    let plusSix = (chunk &+ 0x0606_0606_0606_0606) & 0xF0F0_F0F0_F0F0_F0F0
    return high | (plusSix >> 4) == 0x3333_3333_3333_3333
}

@inline(__always)
private func valueOfEightDigits(_ chunk: UInt64) -> UInt64 {
    // Bytes are little-endian, so the first (most significant) digit sits in the lowest byte. Neighbouring
    // digits first combine into two-digit values in the even bytes, then two multiplications place the four
    // pairs at 10^6, 10^4, 10^2 and 10^0 inside the upper 32 bits; no partial sum outgrows its lane.
    var value = chunk &- 0x3030_3030_3030_3030
    value = value &* 10 &+ (value >> 8)
    let pairs0And2 = (value & 0x0000_00FF_0000_00FF) &* (100 &+ (1_000_000 << 32))
    let pairs1And3 = ((value >> 16) & 0x0000_00FF_0000_00FF) &* (1 &+ (10_000 << 32))
    return (pairs0And2 &+ pairs1And3) >> 32
}

/// Powers of ten that a Double holds exactly; 10^22 is the last one (5^22 < 2^53 < 5^23).
private let exactPowersOfTen: [Double] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11,
    1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
]

/// When both the significand and the power of ten are exact Doubles, one IEEE multiplication or division
/// rounds the exact result once, which is the correctly rounded answer.
private func clingerFastPath(_ significand: UInt64, _ exponent10: Int) -> Double? {
    let maxExactSignificand: UInt64 = 1 << 53
    guard significand <= maxExactSignificand else { return nil }
    if exponent10 >= 0 {
        if exponent10 <= 22 {
            return Double(significand) * exactPowersOfTen[exponent10]
        }
        // "12e30" still qualifies if the surplus powers of ten can move into the significand exactly.
        if exponent10 <= 22 + 15 {
            let shifted = significand.multipliedReportingOverflow(by: UInt64(exactPowersOfTen[exponent10 - 22]))
            if !shifted.overflow && shifted.partialValue <= maxExactSignificand {
                return Double(shifted.partialValue) * exactPowersOfTen[22]
            }
        }
        return nil
    }
    if exponent10 >= -22 {
        return Double(significand) / exactPowersOfTen[-exponent10]
    }
    return nil
}

/// The bit pattern of `significand` × 10^`exponent10`, rounded to nearest with ties to even, or nil in the
/// rare case that the 128-bit approximation cannot prove the rounding.
/// Requires a nonzero significand and `exponent10` within the powers-of-five table.
private func eiselLemire(_ significand: UInt64, _ exponent10: Int) -> UInt64? {
    // The table holds T = 5^q · 2^(127 − ⌊q·log2 5⌋), truncated to 128 bits. Scaling the significand up to a
    // full 64 bits makes the 192-bit product w·T land in [2^190, 2^192), so its top word always carries the
    // 54 bits we need (53 for the Double plus a rounding bit). Every error in the computed product is a
    // shortfall: the true product is larger by a positive amount below w, counted in units of the lowest
    // word computed. That one-sidedness is what the checks below rely on.
    let leadingZeros = significand.leadingZeroBitCount
    let w = significand << leadingZeros
    guard let product = eiselLemireProduct(w, exponent10) else { return nil }
    return eiselLemireRounded(product, exponent10: exponent10, leadingZeros: leadingZeros)
}

/// The product of the full-width significand `w` and the table's entry for `exponent10`, as three words from the
/// top, as far as it needs computing, and whether it falls short of the exact product; nil when the shortfall
/// could change the rounding.
@inline(__always)
private func eiselLemireProduct(_ w: UInt64, _ exponent10: Int) -> (
    high: UInt64, middle: UInt64, low: UInt64, inexact: Bool
)? {
    let power = powersOfFive[exponent10 - powerOfFiveMinExponent]
    var (high, middle) = w.multipliedFullWidth(by: power.high)
    var low: UInt64 = 0
    // Skipping the table's low word costs less than w in units of `middle`, except for q in 0...27, whose
    // entries are exact with a zero low word.
    var inexact = !(0...27).contains(exponent10)
    if inexact {
        let belowMask: UInt64 = (1 << (9 + (high >> 63))) - 1
        // Only when the error could carry into the 54 kept bits does the low word of T need multiplying in.
        if high & belowMask == belowMask && middle > ~w {
            let (carryWord, lowWord) = w.multipliedFullWidth(by: power.low)
            let (sum, overflow) = middle.addingReportingOverflow(carryWord)
            middle = sum
            high &+= overflow ? 1 : 0
            low = lowWord
            // Entries up to 5^55 fit in 128 bits, so with both words multiplied in the product is exact.
            inexact = !(0...55).contains(exponent10)
            let newBelowMask: UInt64 = (1 << (9 + (high >> 63))) - 1
            if inexact && high & newBelowMask == newBelowMask && middle == .max && low > ~w {
                return nil
            }
        }
    }
    return (high, middle, low, inexact)
}

/// The bit pattern of the Double that the product rounds to, for a significand that was shifted left by
/// `leadingZeros` bits to make `w`.
@inline(__always)
private func eiselLemireRounded(
    _ product: (high: UInt64, middle: UInt64, low: UInt64, inexact: Bool), exponent10: Int, leadingZeros: Int
) -> UInt64 {
    let high = product.high
    let topBit = Int(high >> 63)
    let shift = 9 + topBit
    let mantissa54 = high >> UInt64(shift)
    let belowIsZero = high & ((1 << UInt64(shift)) - 1) == 0 && product.middle == 0 && product.low == 0
    // ⌊q·log2 10⌋ = (q · 217706) >> 16 throughout the table's range (the generator script checks every q);
    // the rest turns the product's scale into the exponent of one unit of the 54-bit mantissa.
    let exponent54 = ((exponent10 &* 217_706) >> 16) + 10 + topBit - leadingZeros

    // A normal result keeps 53 of the 54 bits. A subnormal one keeps fewer, since its unit is fixed at 2^-1074,
    // and rounding once at that position from the same bits avoids the double rounding of a second step.
    let dropped = max(1, -1074 - exponent54)
    if dropped > 54 {
        return 0  // below half the smallest subnormal
    }
    let halfBit: UInt64 = 1 << UInt64(dropped - 1)
    // Below the kept bits, the true value has what was computed plus the shortfall, so an inexact product
    // is never a tie. An exact one with nothing below the halfway bit is, and goes to the even neighbour.
    let isAboveHalf = product.inexact || !belowIsZero || mantissa54 & (halfBit - 1) != 0
    var mantissa = mantissa54 >> UInt64(dropped)
    if mantissa54 & halfBit != 0 && (isAboveHalf || mantissa & 1 != 0) {
        mantissa += 1
    }

    if dropped > 1 {
        // Subnormal: the exponent field is zero, and a mantissa that rounded up to 2^52 spills into it as the
        // smallest normal number, which is exactly the right encoding.
        return mantissa
    }
    var biasedExponent = exponent54 + 1 + 52 + 1023
    if mantissa == 1 << 53 {
        mantissa = 1 << 52
        biasedExponent += 1
    }
    if biasedExponent >= 0x7FF {
        return Double.infinity.bitPattern
    }
    return UInt64(biasedExponent) << 52 | (mantissa & ((1 << 52) - 1))
}

/// A significand that 5^-q divides makes significand × 10^q a binary fraction with a short denominator, so
/// converting the quotient and scaling by 2^q is exact apart from the one correct rounding of the conversion.
/// Only such values can sit exactly on a rounding boundary with q < 0, which is precisely where the table's
/// one-sided error keeps Eisel-Lemire from deciding; "9007199254740993.0" is one of them.
private func exactBinaryFraction(_ significand: UInt64, _ exponent10: Int) -> Double? {
    guard (-27)...(-1) ~= exponent10 else { return nil }
    // For 0 ≤ q ≤ 27 the table's high word is 5^q shifted left, and 5^q is odd.
    let entry = powersOfFive[-exponent10 - powerOfFiveMinExponent].high
    let divisor = entry >> UInt64(entry.trailingZeroBitCount)
    let (quotient, remainder) = significand.quotientAndRemainder(dividingBy: divisor)
    guard remainder == 0 else { return nil }
    return Double(quotient) * Double(bitPattern: UInt64(1023 + exponent10) << 52)
}

/// Significant digits handed to the standard library. Every midpoint between adjacent Doubles has at most
/// 768 significant digits, so once 800 are kept, the rest can only matter as "zero or not"; a single
/// nonzero digit appended in their place keeps the value on the same side of every rounding boundary.
private let maxFallbackDigits = 800

/// The exact but slow path. The literal is rewritten as "<significant digits>e<exponent>" so the standard
/// library never sees an exponent too long for it, a run of leading zeros, or an unboundedly long input.
private func parseWithStandardLibrary(
    _ literal: UnsafeRawBufferPointer, negative: Bool, significand: UInt64, exponent10: Int, truncated: Bool
) -> Double {
    var text = negative ? "-" : ""
    if truncated {
        var digits: [UInt8] = []
        digits.reserveCapacity(maxFallbackDigits + 1)
        var droppedNonZero = false
        for byte in literal {
            if byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E") { break }
            guard byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") else { continue }
            if digits.isEmpty && byte == UInt8(ascii: "0") { continue }
            if digits.count < maxFallbackDigits {
                digits.append(byte)
            } else if byte != UInt8(ascii: "0") {
                droppedNonZero = true
            }
        }
        if droppedNonZero {
            digits.append(UInt8(ascii: "1"))
        }
        text += String(decoding: digits, as: UTF8.self)
        // exponent10 scales the first 19 significant digits; each further digit kept moves it down by one.
        text += "e"
        text += String(exponent10 + 19 - digits.count)
    } else {
        text += String(significand)
        text += "e"
        text += String(exponent10)
    }
    // The rewritten literal always parses; NaN would only flag a broken invariant, never a real input.
    return Double(text) ?? .nan
}

// Shortest round-trip text for finite doubles, for the JSON writer, spelled byte for byte as `Double.description`
// spells it so that output can be checked against the standard library and stays a valid JSON number.
//
// The digits come from the Schubfach method (Raffaello Giulietti, "The Schubfach way to render doubles"):
// scale the value and both ends of its rounding interval by one power of ten, so that the decimals worth
// considering are the integers next to the scaled value, and pick among them with integer comparisons.
// The 128-bit powers of ten and their error analysis live in DoubleFormattingTable.swift and the script that
// writes it, scripts/generate-double-formatting-table.py.

/// Appends the shortest decimal text that reads back as exactly `value`, spelled exactly as Swift's
/// `Double.description` spells it ("1.0", "-0.0", "0.1", "1e-05", "1.2345678901234568e+17", "5e-324",
/// "1.7976931348623157e+308"). `value` must be finite (the caller checks). Never allocates except to grow `output`.
internal func appendShortestDouble(_ value: Double, to output: inout ScratchStack<UInt8>) {
    let bits = value.bitPattern
    let magnitudeBits = bits & 0x7FFF_FFFF_FFFF_FFFF

    if magnitudeBits == 0 {
        // The shortest-digits machinery has no digits for zero; Swift keeps the sign.
        if bits != 0 { output.push(UInt8(ascii: "-")) }
        output.push(UInt8(ascii: "0"))
        output.push(UInt8(ascii: "."))
        output.push(UInt8(ascii: "0"))
        return
    }

    let (decimal, decimalExponent) = shortestDecimal(ofNonzero: value)
    formattingAppend(
        decimal: decimal, exponent: decimalExponent, negative: bits >> 63 != 0,
        // Swift switches to exponential notation above 2^53, where doubles stop being dense in the integers.
        aboveExactIntegers: magnitudeBits > 0x4340_0000_0000_0000, to: &output)
}

/// The shortest decimal `digits * 10^exponent` that reads back as exactly `value`, a finite nonzero double; the
/// closest to it when several are that short. `digits` is below 10^17 and may end in zeros. The reader uses it
/// too, to keep a number as a `Double` only when the writer's text for that `Double` means the same value.
@inline(__always)
internal func shortestDecimal(ofNonzero value: Double) -> (digits: UInt64, exponent: Int) {
    let bits = value.bitPattern
    let fraction = bits & 0x000F_FFFF_FFFF_FFFF
    let biasedExponent = Int(truncatingIfNeeded: (bits & 0x7FFF_FFFF_FFFF_FFFF) >> 52)

    // value = significand * 2^binaryExponent exactly.
    let significand: UInt64
    let binaryExponent: Int
    if biasedExponent != 0 {
        significand = fraction | (1 << 52)
        binaryExponent = biasedExponent - 1075
    } else {
        significand = fraction
        binaryExponent = -1074
    }

    let integerShift = -binaryExponent
    if integerShift >= 0 && integerShift <= 52 && significand & ((1 &<< UInt64(integerShift)) &- 1) == 0 {
        // An integer below 2^53 is its own shortest form: a decimal near it with fewer digits would be a multiple
        // of ten, another integer, and its rounding interval is at most one unit wide. JSON is full of these, and
        // this skips the three wide multiplications.
        return (significand &>> UInt64(integerShift), 0)
    }
    return formattingShortestDecimal(
        significand: significand, binaryExponent: binaryExponent, lowerGapIsHalf: fraction == 0 && biasedExponent > 1)
}

/// The shortest decimal `digits * 10^exponent` that rounds to `significand * 2^binaryExponent`, the closest to
/// it when several are that short, the one with an even last digit on a tie. `digits` is below 10^17 and may
/// end in zeros.
private func formattingShortestDecimal(
    significand: UInt64, binaryExponent: Int, lowerGapIsHalf: Bool
) -> (digits: UInt64, exponent: Int) {
    // Work at the decimal exponent k where 10^k is at most the interval's width, so that at least one
    // multiple of 10^k lies in the interval, and at most one multiple of 10^(k + 1) does.
    let addend = lowerGapIsHalf ? formattingLog10ThreeQuartersAddend : 0
    let exponent = (binaryExponent &* formattingLog10Pow2Multiplier &+ addend) >> formattingLog10Pow2Shift
    let power = -exponent
    let index = (power &- formattingMinPower) &* 2
    let high = formattingPowersOfTen[index]
    let low = formattingPowersOfTen[index + 1]
    // Shifting the bounds left by 1...4 bits lines the product's top word up with units of 10^k / 4.
    let powerBits = (power &* formattingLog2Pow10Multiplier) >> formattingLog2Pow10Shift
    let shift = UInt64(truncatingIfNeeded: binaryExponent &+ powerBits &+ 1)

    // The value and the midpoints to its neighbours, in units of 2^(binaryExponent - 2).
    let center = significand &<< 2
    let lowerBound = center &- (lowerGapIsHalf ? 1 : 2)
    let upperBound = center &+ 2
    let scaledCenter = formattingScaleToOdd(high, low, center &<< shift)
    let scaledLower = formattingScaleToOdd(high, low, lowerBound &<< shift)
    let scaledUpper = formattingScaleToOdd(high, low, upperBound &<< shift)
    // A midpoint reads back as the even neighbour, so an odd significand's interval excludes its ends.
    let excludesEnds = significand & 1

    let floor = scaledCenter >> 2
    let ceiling = floor &+ 1
    // Which candidate wins depends on the digits, so branches would often be mispredicted: every test is
    // computed as a 0 or 1 and the results are combined arithmetically.
    //
    // One fewer digit: the multiples of 10^(k + 1) around the value. At most one of them can be in range.
    let shorterBelow = floor / 10 &* 10
    let shorterBelowFits = formattingNotAbove(scaledLower &+ excludesEnds, shorterBelow &<< 2)
    let shorterAboveFits = formattingNotAbove(((shorterBelow &+ 10) &<< 2) &+ excludesEnds, scaledUpper)
    let shorter = shorterBelow &+ (shorterBelowFits ^ 1) &* 10
    // Otherwise the integers next to the scaled value, at least one of which is in range: the nearer if both
    // are, the even one on an exact tie (an odd floor must be strictly nearer).
    let floorFits = formattingNotAbove(scaledLower &+ excludesEnds, floor &<< 2)
    let ceilingFits = formattingNotAbove((ceiling &<< 2) &+ excludesEnds, scaledUpper)
    let floorIsNearer = formattingNotAbove(scaledCenter &+ (floor & 1), (floor &<< 2) | 2)
    let nearest = floor &+ ((floorFits ^ 1) | (ceilingFits & (floorIsNearer ^ 1)))
    let useShorter = 0 &- (shorterBelowFits ^ shorterAboveFits)
    return (nearest ^ ((nearest ^ shorter) & useShorter), exponent)
}

/// 1 when `a <= b`, else 0, for values below 2^63: taken from the sign of the difference, which leaves the
/// compiler nothing to turn into a branch.
@inline(__always)
private func formattingNotAbove(_ a: UInt64, _ b: UInt64) -> UInt64 {
    ((b &- a) >> 63) ^ 1
}

/// The top 64 bits of the 192-bit product of the power (`high`, `low`) and `x`, made odd when any of the next
/// 68 bits is set. Every comparison of that against an even integer then matches the exact product's; the
/// generator script checks the bounds this relies on for every exponent.
@inline(__always)
private func formattingScaleToOdd(_ high: UInt64, _ low: UInt64, _ x: UInt64) -> UInt64 {
    let upper = high.multipliedFullWidth(by: x)
    let lower = low.multipliedFullWidth(by: x)
    let (middle, carry) = upper.low.addingReportingOverflow(lower.high)
    let integer = upper.high &+ (carry ? 1 : 0)
    let dropped = middle | (lower.low >> 60)
    // (x | -x) has its top bit set exactly when x is non-zero: arithmetic, not a branch on noisy bits.
    return integer | ((dropped | (0 &- dropped)) >> 63)
}

/// The decimal digits of two 4-digit numbers, one per byte, `high`'s in the lower four bytes, most significant
/// first, as numbers 0...9 rather than characters so that zero digits show up as zero bytes.
@inline(__always)
internal func formattingEightDigits(high: UInt64, low: UInt64) -> UInt64 {
    // Each number v, in its own 32-bit lane, becomes the fixed-point fraction v / 1000 with 28 fraction bits,
    // rounded up by less than 2^-15 so that the error stays below 0.03 after three multiplications by 10. Each
    // step then takes the next digit of both lanes from the integer bits: a short chain of cheap steps, where
    // dividing by 10 and 100 in lanes needs a long chain of full multiplications.
    var fraction = (high | (low << 32)) &* 268_436
    let fractionMask: UInt64 = 0x0FFF_FFFF_0FFF_FFFF
    let digitMask: UInt64 = 0x0000_000F_0000_000F
    var digits = (fraction >> 28) & digitMask
    fraction = (fraction & fractionMask) &* 10
    digits |= ((fraction >> 28) & digitMask) << 8
    fraction = (fraction & fractionMask) &* 10
    digits |= ((fraction >> 28) & digitMask) << 16
    fraction = (fraction & fractionMask) &* 10
    return digits | ((fraction >> 28) & digitMask) << 24
}

/// Added to digit bytes 0...9, makes them the characters "0"..."9".
internal let formattingAsciiZeros: UInt64 = 0x3030_3030_3030_3030

/// Appends `decimal * 10^exponent` in Swift's layout: plain decimal ("0.001", "12.5", "100.0") from 10^-4 up to
/// 2^53, exponential ("1e-05", "1.5e+300") outside that.
private func formattingAppend(
    decimal: UInt64, exponent: Int, negative: Bool, aboveExactIntegers: Bool, to output: inout ScratchStack<UInt8>
) {
    var digits = decimal
    var exponent = exponent
    formattingScaleToSeventeenDigits(&digits, &exponent)

    // Four-digit groups, each from quotients of the whole rather than from the last group's remainder: the
    // divisions run side by side instead of one after another.
    let above4 = digits / 10_000
    let above8 = digits / 100_000_000
    let above12 = digits / 1_000_000_000_000
    let leading = digits / 10_000_000_000_000_000
    let middle = formattingEightDigits(high: above12 &- leading &* 10_000, low: above8 &- above12 &* 10_000)
    let last = formattingEightDigits(high: above4 &- above8 &* 10_000, low: digits &- above4 &* 10_000)
    // The trailing zeros are the zero bytes at the top of the last word, and of the middle one if that is all
    // zeros.
    let lastZeros = last.leadingZeroBitCount >> 3
    let trailingZeros = lastZeros &+ (middle.leadingZeroBitCount >> 3) & (0 &- (lastZeros >> 3))
    let digitCount = 17 &- trailingZeros
    // Where the decimal point goes, counted in digits from the first: value = 0.ddd * 10^point.
    let point = exponent &+ 17

    let first = UInt8(truncatingIfNeeded: leading) | 0x30
    let middleText = middle | formattingAsciiZeros
    let lastText = last | formattingAsciiZeros

    // The text is assembled with whole-word stores at computed offsets, never reading back what was just
    // written, straight into the output's spare room, with slack for stores that run past the end of the text.
    do {
        let base = UnsafeMutableRawPointer(output.uninitializedTop(room: 32))
        // Signs alternate unpredictably in real data, so the minus is always written and then kept or not.
        base.storeBytes(of: UInt8(ascii: "-"), as: UInt8.self)
        var length = negative ? 1 : 0
        let out = base + length

        if point < -3 || aboveExactIntegers {
            length &+= formattingStoreExponential(
                first: first, middleText: middleText, lastText: lastText, digitCount: digitCount, point: point, to: out)
        } else if point <= 0 {
            length &+= formattingStoreBelowOne(
                first: first, middleText: middleText, lastText: lastText, digitCount: digitCount, point: point, to: out)
        } else if point >= digitCount {
            length &+= formattingStoreInteger(
                first: first, middleText: middleText, lastText: lastText, point: point, to: out)
        } else {
            length &+= formattingStorePointInside(
                first: first, middleText: middleText, lastText: lastText, digitCount: digitCount, point: point, to: out)
        }
        output.didPush(length)
    }
}

/// Scales `digits * 10^exponent` to exactly seventeen digits, so that the first digit is always in the same
/// place. The digit search leaves sixteen or seventeen; only subnormals and small integers are shorter.
@inline(__always)
private func formattingScaleToSeventeenDigits(_ digits: inout UInt64, _ exponent: inout Int) {
    if digits < 1_000_000_000_000_000 {
        var log10 = ((64 &- digits.leadingZeroBitCount) &* 1233) >> 12
        if digits < formattingSmallPowersOfTen[log10] { log10 &-= 1 }
        digits &*= formattingSmallPowersOfTen[16 &- log10]
        exponent &-= 16 &- log10
    } else {
        // Sixteen or seventeen digits, mixed unpredictably in general data: select rather than branch.
        let short = digits < 10_000_000_000_000_000
        digits = short ? digits &* 10 : digits
        exponent = short ? exponent &- 1 : exponent
    }
}

// The four layouts below write the text of seventeen digits (the `first`, then the eight-digit words
// `middleText` and `lastText`, whose last `17 - digitCount` digits are trailing zeros) with the decimal point
// `point` places after the first digit, at `out`; each returns the length of the text.

/// "d.ddde+XX": the first digit, a point, the rest, and an exponent that overwrites the point when there is no
/// rest.
@inline(__always)
private func formattingStoreExponential(
    first: UInt8, middleText: UInt64, lastText: UInt64, digitCount: Int, point: Int, to out: UnsafeMutableRawPointer
) -> Int {
    out.storeBytes(of: first, as: UInt8.self)
    out.storeBytes(of: UInt8(ascii: "."), toByteOffset: 1, as: UInt8.self)
    out.storeBytes(of: middleText.littleEndian, toByteOffset: 2, as: UInt64.self)
    out.storeBytes(of: lastText.littleEndian, toByteOffset: 10, as: UInt64.self)
    let end = digitCount == 1 ? 1 : digitCount &+ 1
    let power = point &- 1
    let magnitude = UInt64(truncatingIfNeeded: power < 0 ? -power : power)
    let hundreds = magnitude / 100
    let tens = (magnitude &- hundreds &* 100) / 10
    let ones = magnitude &- hundreds &* 100 &- tens &* 10
    var text: UInt64 = power < 0 ? 0x2D65 : 0x2B65  // "e-" or "e+", first byte lowest
    let length: Int
    if hundreds != 0 {
        text |= (0x30 | hundreds) << 16 | (0x30 | tens) << 24 | (0x30 | ones) << 32
        length = end &+ 5
    } else {
        text |= (0x30 | tens) << 16 | (0x30 | ones) << 24
        length = end &+ 4
    }
    out.storeBytes(of: text.littleEndian, toByteOffset: end, as: UInt64.self)
    return length
}

/// "0.000ddd": up to three zeros after the point, then the digits.
@inline(__always)
private func formattingStoreBelowOne(
    first: UInt8, middleText: UInt64, lastText: UInt64, digitCount: Int, point: Int, to out: UnsafeMutableRawPointer
) -> Int {
    out.storeBytes(of: (0x3030_3030_3030_2E30 as UInt64).littleEndian, as: UInt64.self)
    let start = 2 &- point
    out.storeBytes(of: first, toByteOffset: start, as: UInt8.self)
    out.storeBytes(of: middleText.littleEndian, toByteOffset: start &+ 1, as: UInt64.self)
    out.storeBytes(of: lastText.littleEndian, toByteOffset: start &+ 9, as: UInt64.self)
    return start &+ digitCount
}

/// "ddd000.0": the padding zeros are already there, as the seventeen places' trailing zeros.
@inline(__always)
private func formattingStoreInteger(
    first: UInt8, middleText: UInt64, lastText: UInt64, point: Int, to out: UnsafeMutableRawPointer
) -> Int {
    out.storeBytes(of: first, as: UInt8.self)
    out.storeBytes(of: middleText.littleEndian, toByteOffset: 1, as: UInt64.self)
    out.storeBytes(of: lastText.littleEndian, toByteOffset: 9, as: UInt64.self)
    out.storeBytes(of: (0x302E as UInt16).littleEndian, toByteOffset: point, as: UInt16.self)
    return point &+ 2
}

/// "ddd.ddd", with the point after place 1...16: the digits before it stay, the ones after it move up a place.
/// Masks pick each byte of the two 8-digit words from the digits as they are, the point, or the digits shifted up
/// by one place, for whichever word the point falls in.
@inline(__always)
private func formattingStorePointInside(
    first: UInt8, middleText: UInt64, lastText: UInt64, digitCount: Int, point: Int, to out: UnsafeMutableRawPointer
) -> Int {
    let bit = UInt64(truncatingIfNeeded: point &- 1) &<< 3
    let inLast = 0 &- (bit >> 6)  // all ones when the point falls in the last word
    let shift = bit & 63
    let before = (1 &<< shift) &- 1
    let after = ~(before | (0xFF &<< shift))
    let dot = 0x2E &<< shift
    let middleWord =
        (middleText & (before | inLast)) | (dot & ~inLast)
        | (((middleText &<< 8) | UInt64(first)) & after & ~inLast)
    let lastWord =
        (lastText & before & inLast) | (dot & inLast)
        | (((lastText &<< 8) | (middleText &>> 56)) & (after | ~inLast))
    out.storeBytes(of: first, as: UInt8.self)
    out.storeBytes(of: middleWord.littleEndian, toByteOffset: 1, as: UInt64.self)
    out.storeBytes(of: lastWord.littleEndian, toByteOffset: 9, as: UInt64.self)
    out.storeBytes(of: UInt8(truncatingIfNeeded: lastText >> 56), toByteOffset: 17, as: UInt8.self)
    return digitCount &+ 1
}

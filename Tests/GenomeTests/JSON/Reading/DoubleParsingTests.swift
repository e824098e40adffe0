// Tests for parseJSONDouble and jsonDouble, the decimal-to-Double conversion behind the JSON reader (every literal
// is also read by the reader, which must give the same double).
//
// Expected values come from three independent places: exact bit patterns worked out by hand or with the
// small big-integer type at the bottom of this file, Swift's own float literals, and the standard library's
// Double(String), which is correctly rounded on the platforms Genome supports.

import Testing

@testable import Genome

@Suite struct DoubleParsingTests {
    @Test func exactIntegersParseExactly() {
        var values: [UInt64] = Array(0...1000)
        for shift in 0...53 {
            values.append(1 << shift)
            values.append((1 << shift) - 1)
            values.append((1 << shift) + 1)
        }
        values.append(9_007_199_254_740_992)
        for value in values where value <= 1 << 53 {
            expectParses("\(value).0", as: Double(value))
            expectParses("\(value)e0", as: Double(value))
            expectParses("\(value)000e-3", as: Double(value))
            expectParses("-\(value).000", as: -Double(value))
        }
        expectParses("1e22", as: 1e22)
        expectParses("123456789012345678901234567890e-30", as: 123456789012345678901234567890e-30)
    }

    @Test func halfwaySignificandsRoundToEven() {
        expectParses("9007199254740993.0", as: 9_007_199_254_740_992)
        expectParses("9007199254740995.0", as: 9_007_199_254_740_996)
        expectParses("9007199254740993e0", as: 9_007_199_254_740_992)
        expectParses("9.007199254740995e15", as: 9_007_199_254_740_996)
        expectParses("90071992547409930e-1", as: 9_007_199_254_740_992)
        expectParses("18014398509481986.0", as: 18_014_398_509_481_984)
        expectParses("18014398509481990.0", as: 18_014_398_509_481_992)
        // Exact binary fractions above 2^53 with a fractional decimal part.
        expectParses("4503599627370496.5", as: 4_503_599_627_370_496)  // a tie; 2^52 + 1 is odd
        expectParses("2251799813685248.5", as: 2_251_799_813_685_248.5)  // exactly representable
        expectParses("4503599627370497.25", as: 4_503_599_627_370_497)
        expectParses("4503599627370497.75", as: 4_503_599_627_370_498)
        expectParses("9007199254740993.00000000000000000000", as: 9_007_199_254_740_992)
        // Just off the halfway point the tie no longer applies.
        expectParses("9007199254740993.000000000000000000001", as: 9_007_199_254_740_994)
        expectParses("9007199254740994.999999999999999999999", as: 9_007_199_254_740_994)
        // 1 + 2^-53 is halfway between 1 and its successor; 1 + 3·2^-53 is halfway above the successor.
        expectParses("1.00000000000000011102230246251565404236316680908203125", as: 1)
        expectParses("1.00000000000000033306690738754696212708950042724609375", as: 1.0000000000000004)
    }

    @Test func classicHardCasesRoundCorrectly() {
        expectParses("2.2250738585072011e-308", bits: 0x000F_FFFF_FFFF_FFFF)
        expectParses("2.2250738585072012e-308", bits: 0x0010_0000_0000_0000)
        expectParses("2.2250738585072014e-308", bits: 0x0010_0000_0000_0000)
        expectParses("4.9406564584124654e-324", bits: 1)
        // Half the smallest subnormal is 2.4703282292062327208…e-324: below it the result is zero, above it
        // the smallest subnormal.
        expectParses("2.4703282292062327e-324", bits: 0)
        expectParses("2.4703282292062328e-324", bits: 1)
        expectParses("1.7976931348623157e308", as: .greatestFiniteMagnitude)
        expectParses("1.7976931348623158e308", as: .greatestFiniteMagnitude)
        expectParses("1.7976931348623159e308", as: .infinity)
        expectParses("1e23", as: 1e23)
        expectParses("8.98846567431158e307", as: 8.98846567431158e307)
        expectParses("7.038531e-26", as: 7.038531e-26)
        expectParses("0.1", as: 0.1)
        expectParses("0.3", as: 0.3)
        // Just below the midpoint between the largest subnormal and the smallest normal number.
        expectParses("2.225073858507201136057409796709131975934819546351645648e-308", bits: 0x000F_FFFF_FFFF_FFFF)
        expectParses("2.225073858507201136057409796709131975934819546351645649e-308", bits: 0x0010_0000_0000_0000)
        expectParses("9007199254740991.4999999999999999999999999999999995", as: 9_007_199_254_740_991)
        for literal in [
            "2.2250738585072011e-308", "2.2250738585072012e-308", "4.9406564584124654e-324",
            "2.4703282292062327e-324", "2.4703282292062328e-324", "1.7976931348623157e308",
            "1.7976931348623158e308", "1.7976931348623159e308", "3.4028236692093846346337460743176821145e38",
            "1.4916681462400413e-154", "5.0216813883093447e-140", "4.9e-324", "-65.613616999999977",
        ] {
            expectMatchesStandardLibrary(literal)
        }
    }

    @Test func subnormalsRoundAtTheirOwnPosition() {
        expectParses("5e-324", bits: 1)
        expectParses("1e-323", bits: 2)
        expectParses("3e-324", bits: 1)  // 0.6 of the smallest subnormal
        expectParses("2.4e-324", bits: 0)
        expectParses("7.4e-324", bits: 1)  // 1.498 units
        expectParses("7.5e-324", bits: 2)  // 1.518 units
        expectParses("2.2250738585072009e-308", bits: 0x000F_FFFF_FFFF_FFFF)
        expectParses("2.2250738585072004e-308", bits: 0x000F_FFFF_FFFF_FFFE)
        expectParses("1.0e-310", bits: 0x0000_1268_8B70_E62B)
        expectParses("-1.0e-310", bits: 0x8000_1268_8B70_E62B)
        // Exact multiples of 2^-1074 and the midpoints between them.
        for units: UInt64 in [1, 2, 3, 4, 5, 1000, 123_456_789, (1 << 52) - 1, 1 << 52] {
            let value = Double(bitPattern: units)
            expectParses(exactDecimal(significand: BigUInt(units), binaryExponent: -1074), as: value)
            let midpoint = exactDecimal(significand: BigUInt(2 * units + 1), binaryExponent: -1075)
            let even = units % 2 == 0 ? units : units + 1
            expectParses(midpoint, bits: even)
        }
        expectParses(exactDecimal(significand: BigUInt(1), binaryExponent: -1075), bits: 0)
    }

    @Test func veryLongSignificandsRoundCorrectly() {
        let zeros = String(repeating: "0", count: 600)
        let nines = String(repeating: "9", count: 600)
        expectParses("1." + zeros + "1", as: 1)
        expectParses("0." + nines, as: 1)
        expectParses("1" + zeros + "e-600", as: 1)
        expectParses("0." + zeros + "123456789012345678901234567890e611", as: 1.2345678901234568e10)
        expectParses(String(repeating: "1", count: 400) + "e-380", as: 1.1111111111111111e19)
        // 1 + 2^-53 is a tie (to 1.0); the slightest excess, however far out, rounds up instead.
        let halfway = "1.00000000000000011102230246251565404236316680908203125"
        expectParses(halfway + zeros, as: 1)
        expectParses(halfway + zeros + "1", as: 1.0000000000000002)
        expectParses("1.00000000000000011102230246251565404236316680908203124" + nines, as: 1)
        // Midpoints with hundreds of digits: the one between the two largest subnormals has 768 significant
        // digits, the most any midpoint between Doubles has.
        let largestSubnormals = exactDecimal(significand: BigUInt((1 << 53) - 3), binaryExponent: -1075)
        #expect(largestSubnormals.count > 760)
        expectParses(largestSubnormals, bits: (1 << 52) - 2)
        expectParses(justAbove(largestSubnormals, zeros: 1500), bits: (1 << 52) - 1)
        expectParses(justBelow(largestSubnormals, nines: 1500), bits: (1 << 52) - 2)
        expectMatchesStandardLibrary(justAbove(largestSubnormals, zeros: 20))
    }

    @Test func negativeZeroFormsKeepTheirSign() {
        for literal in [
            "-0", "-0.0", "-0e5", "-0E-5", "-0.000e+12", "-0.0e99999999999999999999", "-0e-99999999999999999",
        ] {
            expectParses(literal, bits: (-0.0).bitPattern)
        }
        for literal in ["0", "0.0", "0e5", "0.000000000000000000000000000000", "0E-400"] {
            expectParses(literal, bits: 0)
        }
    }

    @Test func overflowBecomesSignedInfinity() {
        expectParses("1e309", as: .infinity)
        expectParses("-1e309", as: -.infinity)
        expectParses("1.8e308", as: .infinity)
        expectParses("-17976931348623159e292", as: -.infinity)
        expectParses("0.00001e314", as: .infinity)
        expectParses("0.00001e313", as: 1e308)
        // Halfway between the largest finite Double and 2^1024: ties to even, and the even side is infinity.
        let halfwayToInfinity = exactDecimal(significand: BigUInt((1 << 54) - 1), binaryExponent: 970)
        expectParses(halfwayToInfinity, as: .infinity)
        expectParses(justBelow(halfwayToInfinity, nines: 40), as: .greatestFiniteMagnitude)
        expectParses("-" + justBelow(halfwayToInfinity, nines: 40), as: -.greatestFiniteMagnitude)
    }

    @Test func underflowBecomesSignedZero() {
        expectParses("1e-400", bits: 0)
        expectParses("-1e-400", bits: (-0.0).bitPattern)
        expectParses("2e-324", bits: 0)
        expectParses("-2.4703282292062327e-324", bits: (-0.0).bitPattern)
        expectParses("9999999999999999999e-343", bits: 0)
        expectParses("-0.0000000000000000000000000000001e-300", bits: (-0.0).bitPattern)
    }

    @Test func hugeExponentsSaturateWithoutTrapping() {
        expectParses("1e-10000000000000000000", bits: 0)
        expectParses("123e99999999999999999", as: .infinity)
        expectParses("-123e99999999999999999", as: -.infinity)
        expectParses("1.5e999999999999999999999999999999999999999999999999", as: .infinity)
        expectParses("1.5e-999999999999999999999999999999999999999999999999", bits: 0)
        expectParses("1e00000000000000000000000000000000000000000000000010", as: 1e10)
        expectParses("0e99999999999999999999", bits: 0)
        expectParses("1" + String(repeating: "0", count: 400) + "e-99999999999999999999", bits: 0)
        expectParses("0." + String(repeating: "0", count: 400) + "1e99999999999999999999", as: .infinity)
    }

    @Test func exponentSpellingsAreEquivalent() {
        for literal in ["1.5e3", "1.5E3", "1.5e+3", "1.5E+3", "1.5e03", "1500e0", "15e2", "150000e-2", "1500.0"] {
            expectParses(literal, as: 1500)
        }
    }

    @Test func fastPathBoundariesMatchStandardLibrary() {
        for literal in [
            "9007199254740992e22", "9007199254740993e22", "9007199254740992e-22", "9007199254740993e-22",
            "1e-22", "1e-23", "123e-22", "123e-23", "4.5e37", "12e30", "9007199254740991e15", "9007199254740991e16",
            "1e37", "1e38", "999999999999999999e22",
        ] {
            expectMatchesStandardLibrary(literal)
        }
    }

    @Test func nineteenSignificantDigitsAreTheLimitBeforeTruncation() {
        for literal in [
            "1234567890123456789", "12345678901234567890", "18446744073709551615", "18446744073709551616",
            "9999999999999999999", "99999999999999999999", "99999999999999999999e-20",
            "0.0000000000000000000001234567890123456789", "0.00000000000000000000012345678901234567891",
            "1234567890123456789.0", "1234567890123456789.00000000001", "0.1000000000000000055511151231257827",
        ] {
            expectMatchesStandardLibrary(literal)
        }
    }

    @Test func randomBitPatternsRoundTripThroughEveryForm() {
        var generator = SeededGenerator(seed: 0x6765_6E6F_6D65)
        var checked = 0
        while checked < 200_000 {
            let value = Double(bitPattern: generator.next())
            guard value.isFinite else { continue }
            checked += 1
            let (negative, digits, exponent) = shortestDecimal(value)
            let sign = negative ? "-" : ""
            let description = value.description
            // Seventeen significant digits always identify a Double; pad the shortest digits out to that.
            let padded = digits + String(repeating: "0", count: 17 - digits.count)
            let scientificExponent = exponent + digits.count - 1
            let exponentText =
                scientificExponent >= 0 && checked % 2 == 0 ? "+\(scientificExponent)" : "\(scientificExponent)"
            let seventeen =
                "\(sign)\(padded.prefix(1)).\(padded.dropFirst())\(checked % 3 == 0 ? "E" : "e")\(exponentText)"
            var forms = [description, seventeen, "\(sign)\(digits)e\(exponent)"]
            if abs(exponent) <= 30 {
                forms.append(sign + positional(digits: digits, exponent: exponent))
            }
            for literal in forms {
                let parsed = parseDouble(literal)
                guard parsed.bitPattern == value.bitPattern, parsed.bitPattern == Double(literal)?.bitPattern else {
                    Issue.record("\(literal) parsed as \(parsed), expected \(value)")
                    return
                }
            }
            // A neighbouring 17-digit decimal names some nearby Double; only the standard library knows which.
            let nudged = UInt64(padded)! &+ generator.next() % 7 &- 3
            if nudged >= 10_000_000_000_000_000 && nudged < 100_000_000_000_000_000 {
                let nudgedText = String(nudged)
                let literal = "\(sign)\(nudgedText.prefix(1)).\(nudgedText.dropFirst())e\(scientificExponent)"
                guard parseDouble(literal).bitPattern == Double(literal)?.bitPattern else {
                    Issue.record("\(literal) parsed as \(parseDouble(literal)), expected \(Double(literal) ?? .nan)")
                    return
                }
            }
        }
    }

    @Test func randomMidpointsTieToEvenAndNeighboursRoundAway() {
        var generator = SeededGenerator(seed: 0x6D69_6470)
        for round in 0..<1500 {
            // Cover the whole range, with extra weight on subnormals and the largest binade.
            var bits = generator.next() & 0x7FFF_FFFF_FFFF_FFFF
            if round % 10 == 0 { bits &= 0x000F_FFFF_FFFF_FFFF }
            if round % 10 == 1 { bits |= 0x7FE0_0000_0000_0000 }
            if bits >= 0x7FEF_FFFF_FFFF_FFFF { continue }
            // The midpoint between this Double and the next one up, written exactly in decimal.
            let exponentField = Int(bits >> 52)
            let fraction = bits & 0x000F_FFFF_FFFF_FFFF
            let significand = exponentField == 0 ? fraction : fraction | 1 << 52
            let binaryExponent = (exponentField == 0 ? 1 : exponentField) - 1075
            let midpoint = exactDecimal(significand: BigUInt(2 * significand + 1), binaryExponent: binaryExponent - 1)
            let even = bits % 2 == 0 ? bits : bits + 1
            expectParses(midpoint, bits: even)
            expectParses(justAbove(midpoint, zeros: Int(generator.next() % 30)), bits: bits + 1)
            expectParses(justBelow(midpoint, nines: Int(generator.next() % 30)), bits: bits)
            expectParses("-" + midpoint, bits: even | 1 << 63)
        }
    }

    @Test func randomDecimalStringsMatchStandardLibrary() {
        var generator = SeededGenerator(seed: 0x7374_7269_6E67)
        let lengths = [1, 2, 5, 15, 16, 17, 18, 19, 20, 21, 25, 40]
        for _ in 0..<40_000 {
            let length = lengths[Int(generator.next() % UInt64(lengths.count))]
            var digits = String(1 + generator.next() % 9)
            for _ in 1..<length {
                digits += String(generator.next() % 10)
            }
            let exponent = Int(generator.next() % 700) - 360
            let point = Int(generator.next() % UInt64(length + 1))
            let literal: String
            if point == length {
                literal = "\(digits)e\(exponent)"
            } else if point == 0 {
                literal = "0.\(digits)e\(exponent)"
            } else {
                literal = "\(digits.prefix(point)).\(digits.dropFirst(point))E\(exponent)"
            }
            guard parseDouble(literal).bitPattern == Double(literal)?.bitPattern else {
                Issue.record("\(literal) parsed as \(parseDouble(literal)), expected \(Double(literal) ?? .nan)")
                return
            }
        }
    }

    @Test func powersOfFiveTableHoldsTruncatedPowers() {
        #expect(powersOfFive.count == powerOfFiveMaxExponent - powerOfFiveMinExponent + 1)
        for q in powerOfFiveMinExponent...powerOfFiveMaxExponent {
            let entry = powersOfFive[q - powerOfFiveMinExponent]
            let truncated = BigUInt(entry.high).shiftedLeft(by: 64) + BigUInt(entry.low)
            let nextUp = truncated + BigUInt(1)
            #expect(truncated.bitWidth == 128, "5^\(q)")
            let power = BigUInt.power(5, q.magnitude)
            if q >= 0 {
                // floor(5^q · 2^k): truncated · 2^-k ≤ 5^q < (truncated + 1) · 2^-k, with k = 128 − bit width.
                let shift = power.bitWidth - 128
                if shift <= 0 {
                    #expect(truncated == power.shiftedLeft(by: -shift), "5^\(q)")
                } else {
                    #expect(truncated.shiftedLeft(by: shift) <= power, "5^\(q)")
                    #expect(power < nextUp.shiftedLeft(by: shift), "5^\(q)")
                }
            } else {
                // floor(2^k / 5^-q) with k = 127 + bit width of 5^-q.
                let scale = BigUInt(1).shiftedLeft(by: 127 + power.bitWidth)
                #expect(truncated * power <= scale, "5^\(q)")
                #expect(scale < nextUp * power, "5^\(q)")
            }
        }
    }
}

// MARK: - Helpers

/// parseJSONDouble's value for `text`, checked against the reader's: the reader accumulates the parts of a literal
/// of up to 19 digits itself as it checks the grammar, and must round every literal the same way.
private func parseDouble(_ text: String, sourceLocation: SourceLocation = #_sourceLocation) -> Double {
    let direct = Array(text.utf8).withUnsafeBytes { parseJSONDouble($0) }
    if let read = (try? Node(json: text))?.double, read.bitPattern != direct.bitPattern {
        Issue.record(
            "the reader read \(text.prefix(80)) as \(read), parseJSONDouble as \(direct)",
            sourceLocation: sourceLocation)
    }
    return direct
}

private func expectParses(_ literal: String, bits: UInt64, sourceLocation: SourceLocation = #_sourceLocation) {
    let parsed = parseDouble(literal)
    #expect(
        parsed.bitPattern == bits,
        "\(literal.prefix(80)) parsed as \(parsed), expected \(Double(bitPattern: bits))",
        sourceLocation: sourceLocation)
}

private func expectParses(_ literal: String, as expected: Double, sourceLocation: SourceLocation = #_sourceLocation) {
    expectParses(literal, bits: expected.bitPattern, sourceLocation: sourceLocation)
}

private func expectMatchesStandardLibrary(_ literal: String, sourceLocation: SourceLocation = #_sourceLocation) {
    guard let expected = Double(literal) else {
        Issue.record("the standard library rejects \(literal)", sourceLocation: sourceLocation)
        return
    }
    expectParses(literal, bits: expected.bitPattern, sourceLocation: sourceLocation)
}

/// Sign, digits without leading or trailing zeros, and power of ten of `value.description`.
private func shortestDecimal(_ value: Double) -> (negative: Bool, digits: String, exponent: Int) {
    var text = Substring(value.description)
    let negative = text.first == "-"
    if negative { text = text.dropFirst() }
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
        exponent = Int(text[text.index(after: e)...])!
        text = text[..<e]
    }
    if let point = text.firstIndex(of: ".") {
        exponent -= text.distance(from: point, to: text.endIndex) - 1
        text.remove(at: point)
    }
    var digits = String(text.drop(while: { $0 == "0" }))
    while digits.count > 1 && digits.last == "0" {
        digits.removeLast()
        exponent += 1
    }
    return (negative, digits.isEmpty ? "0" : digits, exponent)
}

/// digits × 10^exponent written without an exponent.
private func positional(digits: String, exponent: Int) -> String {
    if exponent >= 0 {
        return digits + String(repeating: "0", count: exponent) + ".0"
    }
    let integerDigits = digits.count + exponent
    if integerDigits > 0 {
        return "\(digits.prefix(integerDigits)).\(digits.dropFirst(integerDigits))"
    }
    return "0." + String(repeating: "0", count: -integerDigits) + digits
}

/// significand × 2^binaryExponent, exactly, as a JSON number literal.
private func exactDecimal(significand: BigUInt, binaryExponent: Int) -> String {
    if binaryExponent >= 0 {
        return significand.shiftedLeft(by: binaryExponent).decimalString() + ".0"
    }
    // m · 2^-k = m · 5^k · 10^-k
    let digits = (significand * BigUInt.power(5, UInt(-binaryExponent))).decimalString()
    return "\(digits)e\(binaryExponent)"
}

/// The literal's value plus a tiny amount, by appending zeros and a one to its digits.
private func justAbove(_ literal: String, zeros: Int) -> String {
    let (digits, exponent) = splitLiteral(literal)
    let extra = zeros + 1
    return digits + String(repeating: "0", count: zeros) + "1e\(exponent - extra)"
}

/// The literal's value minus a tiny amount: one less in its last digit, followed by nines.
private func justBelow(_ literal: String, nines: Int) -> String {
    var (digits, exponent) = splitLiteral(literal)
    var characters = Array(digits.utf8)
    var index = characters.count - 1
    while characters[index] == UInt8(ascii: "0") {
        characters[index] = UInt8(ascii: "9")
        index -= 1
    }
    characters[index] -= 1
    digits = String(decoding: characters, as: UTF8.self)
    exponent -= nines + 1
    return digits + String(repeating: "9", count: nines + 1) + "e\(exponent)"
}

/// Digits and power of ten of an "<integer digits>(.0)?(e<exponent>)?" literal made by exactDecimal.
private func splitLiteral(_ literal: String) -> (digits: String, exponent: Int) {
    if let e = literal.firstIndex(of: "e") {
        return (String(literal[..<e]), Int(literal[literal.index(after: e)...])!)
    }
    return (String(literal.prefix(while: { $0 != "." })), 0)
}

/// Just enough arbitrary-precision arithmetic to write midpoints down exactly and to check the table.
private struct BigUInt: Comparable {
    /// Little-endian 32-bit limbs without high zero limbs; zero has none.
    var limbs: [UInt32]

    init(_ value: UInt64) {
        limbs = [UInt32(truncatingIfNeeded: value), UInt32(truncatingIfNeeded: value >> 32)]
        normalize()
    }

    private init(limbs: [UInt32]) {
        self.limbs = limbs
        normalize()
    }

    static func power(_ base: UInt32, _ exponent: UInt) -> BigUInt {
        // Multiply by the largest power of the base that fits in a limb for as long as possible.
        var chunk = base
        var chunkExponent: UInt = 1
        while case let (next, false) = chunk.multipliedReportingOverflow(by: base) {
            chunk = next
            chunkExponent += 1
        }
        var result = BigUInt(1)
        for _ in 0..<exponent / chunkExponent {
            result.multiply(by: chunk)
        }
        for _ in 0..<exponent % chunkExponent {
            result.multiply(by: base)
        }
        return result
    }

    var bitWidth: Int {
        guard let top = limbs.last else { return 0 }
        return limbs.count * 32 - top.leadingZeroBitCount
    }

    mutating func multiply(by factor: UInt32) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = UInt64(limbs[index]) * UInt64(factor) + carry
            limbs[index] = UInt32(truncatingIfNeeded: product)
            carry = product >> 32
        }
        if carry != 0 { limbs.append(UInt32(carry)) }
        normalize()
    }

    func shiftedLeft(by bits: Int) -> BigUInt {
        guard !limbs.isEmpty else { return self }
        var result = [UInt32](repeating: 0, count: bits / 32)
        let offset = UInt32(bits % 32)
        var carry: UInt32 = 0
        for limb in limbs {
            result.append(offset == 0 ? limb : limb << offset | carry)
            carry = offset == 0 ? 0 : limb >> (32 - offset)
        }
        result.append(carry)
        return BigUInt(limbs: result)
    }

    func decimalString() -> String {
        guard !limbs.isEmpty else { return "0" }
        var remaining = limbs
        var chunks: [UInt32] = []  // base 10^9, least significant first
        while !remaining.isEmpty {
            var remainder: UInt64 = 0
            for index in remaining.indices.reversed() {
                let current = remainder << 32 | UInt64(remaining[index])
                remaining[index] = UInt32(current / 1_000_000_000)
                remainder = current % 1_000_000_000
            }
            chunks.append(UInt32(remainder))
            while remaining.last == 0 { remaining.removeLast() }
        }
        var text = String(chunks.removeLast())
        for chunk in chunks.reversed() {
            let part = String(chunk)
            text += String(repeating: "0", count: 9 - part.count) + part
        }
        return text
    }

    static func + (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        var result: [UInt32] = []
        var carry: UInt64 = 0
        for index in 0..<max(lhs.limbs.count, rhs.limbs.count) {
            let left = index < lhs.limbs.count ? UInt64(lhs.limbs[index]) : 0
            let right = index < rhs.limbs.count ? UInt64(rhs.limbs[index]) : 0
            let sum = left + right + carry
            result.append(UInt32(truncatingIfNeeded: sum))
            carry = sum >> 32
        }
        result.append(UInt32(carry))
        return BigUInt(limbs: result)
    }

    static func * (lhs: BigUInt, rhs: BigUInt) -> BigUInt {
        var result = [UInt32](repeating: 0, count: lhs.limbs.count + rhs.limbs.count + 1)
        for (i, left) in lhs.limbs.enumerated() {
            var carry: UInt64 = 0
            for (j, right) in rhs.limbs.enumerated() {
                let product = UInt64(left) * UInt64(right) + UInt64(result[i + j]) + carry
                result[i + j] = UInt32(truncatingIfNeeded: product)
                carry = product >> 32
            }
            result[i + rhs.limbs.count] = UInt32(carry)
        }
        return BigUInt(limbs: result)
    }

    static func < (lhs: BigUInt, rhs: BigUInt) -> Bool {
        if lhs.limbs.count != rhs.limbs.count { return lhs.limbs.count < rhs.limbs.count }
        for index in lhs.limbs.indices.reversed() where lhs.limbs[index] != rhs.limbs[index] {
            return lhs.limbs[index] < rhs.limbs[index]
        }
        return false
    }

    private mutating func normalize() {
        while limbs.last == 0 { limbs.removeLast() }
    }
}

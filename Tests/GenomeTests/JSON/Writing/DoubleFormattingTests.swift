// The writer's double formatting must match `Double.description` byte for byte: fixed spellings for the cases
// where the layout or the digit search has an edge, then differential runs over random doubles.

import Testing

@testable import Genome

@Suite struct DoubleFormattingTests {
    @Test func zeroAndNegativeZero() {
        #expect(formatted(0.0) == "0.0")
        #expect(formatted(-0.0) == "-0.0")
    }

    @Test func integers() {
        let cases: [(Double, String)] = [
            (1, "1.0"), (-1, "-1.0"), (7, "7.0"), (10, "10.0"), (100, "100.0"), (12_345, "12345.0"),
            (123_456_789_012, "123456789012.0"), (1e15, "1000000000000000.0"),
            (9_007_199_254_740_991, "9007199254740991.0"), (9_007_199_254_740_992, "9007199254740992.0"),
            (-9_007_199_254_740_992, "-9007199254740992.0"),
            // Above 2^53 Swift switches to exponential notation even for integers.
            (9_007_199_254_740_994, "9.007199254740994e+15"), (1e16, "1e+16"),
            (1.2345678901234567e19, "1.2345678901234567e+19"),
        ]
        for (value, text) in cases {
            #expect(formatted(value) == text)
        }
        for magnitude in 0..<64 {
            let value = Double(UInt64(1) << magnitude) - 1
            #expect(formatted(value) == value.description)
            #expect(formatted(-value) == (-value).description)
        }
        for value in stride(from: -1000.0, through: 1000.0, by: 1.0) {
            #expect(formatted(value) == value.description)
        }
    }

    @Test func powersOfTenAroundTheNotationSwitchPoints() {
        let cases: [(Double, String)] = [
            (1e-5, "1e-05"), (1.5e-5, "1.5e-05"), (9.999999999999999e-5, "9.999999999999999e-05"), (1e-4, "0.0001"),
            (0.00012345, "0.00012345"), (1e-3, "0.001"), (0.1, "0.1"), (1e15, "1000000000000000.0"), (1e16, "1e+16"),
            (1e17, "1e+17"), (1e22, "1e+22"), (1e23, "1e+23"), (1e100, "1e+100"), (1e-7, "1e-07"),
        ]
        for (value, text) in cases {
            #expect(formatted(value) == text)
        }
        // Parsed rather than multiplied up, so that each is the double nearest to its power of ten.
        for exponent in -323...308 {
            checkAround(Double("1e\(exponent)")!)
        }
        // 2^53 is the largest value Swift still writes in plain decimal notation.
        checkAround(9_007_199_254_740_992)
    }

    @Test func subnormals() {
        #expect(formatted(Double.leastNonzeroMagnitude) == "5e-324")
        #expect(formatted(-Double.leastNonzeroMagnitude) == "-5e-324")
        #expect(formatted(Double.leastNonzeroMagnitude.nextUp) == "1e-323")
        #expect(formatted(Double.leastNormalMagnitude.nextDown) == "2.225073858507201e-308")
        #expect(formatted(Double.leastNormalMagnitude) == "2.2250738585072014e-308")
        var random = SeededGenerator(seed: 7)
        for _ in 0..<20_000 {
            let value = Double(bitPattern: random.next() & 0x800F_FFFF_FFFF_FFFF)
            #expect(formatted(value) == value.description)
        }
        for bits in UInt64(1)...1000 {
            let value = Double(bitPattern: bits)
            #expect(formatted(value) == value.description)
        }
    }

    @Test func largestFiniteDouble() {
        #expect(formatted(Double.greatestFiniteMagnitude) == "1.7976931348623157e+308")
        #expect(formatted(-Double.greatestFiniteMagnitude) == "-1.7976931348623157e+308")
        checkAround(Double.greatestFiniteMagnitude.nextDown)
    }

    @Test func powersOfTwoWhoseLowerGapIsHalfTheUpper() {
        // A power of two's lower neighbour is half as far away as its upper one, so its interval is lopsided.
        for exponent in -1074...1023 {
            checkAround(Double(sign: .plus, exponent: exponent, significand: 1))
        }
        #expect(formatted(9_007_199_254_740_992 * 2) == "1.8014398509481984e+16")
        #expect(formatted(0x1p-1022) == "2.2250738585072014e-308")
    }

    @Test func exactTiesRoundToAnEvenLastDigit() {
        // Both 17-digit neighbours of these are equally close; Swift keeps the even one.
        #expect(formatted(1_125_899_906_842_624.25) == "1125899906842624.2")
        #expect(formatted(1_125_899_906_842_624.75) == "1125899906842624.8")
        #expect(formatted(4_503_599_627_370_495.5) == "4503599627370495.5")
    }

    @Test func appendsAfterExistingBytes() {
        var output = ScratchStack<UInt8>(capacity: 4)
        "[1,".utf8.forEach { output.push($0) }
        appendShortestDouble(-0.5, to: &output)
        appendShortestDouble(0.0, to: &output)
        appendShortestDouble(1e300, to: &output)
        #expect(String(decoding: output.popArray(from: 0), as: UTF8.self) == "[1,-0.50.01e+300")
    }

    @Test func eightDigitConversionIsExactForEveryFourDigitLane() {
        // The two 4-digit lanes are independent, so pairing every value with another covers all 10^8 inputs.
        for value in UInt64(0)..<10_000 {
            let other = 9_999 - value
            let digits = formattingEightDigits(high: value, low: other)
            var expected: UInt64 = 0
            for (index, digit) in [
                value / 1000, value / 100 % 10, value / 10 % 10, value % 10,
                other / 1000, other / 100 % 10, other / 10 % 10, other % 10,
            ].enumerated() {
                expected |= digit << (8 * index)
            }
            #expect(digits == expected)
        }
    }

    @Test func randomBitPatternsMatchDescription() {
        var random = SeededGenerator(seed: 0x5EED)
        var mismatches: [String] = []
        var checked = 0
        while checked < 500_000 {
            let value = Double(bitPattern: random.next())
            guard value.isFinite else { continue }
            checked += 1
            compare(value, into: &mismatches)
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

    @Test func randomShortDecimalsMatchDescription() {
        // Numbers as people write them, like 1234.5678: a few digits over a power of ten, both exact, so the one
        // rounding in the division gives the same double as reading the text would.
        var random = SeededGenerator(seed: 0xDEC1)
        var mismatches: [String] = []
        var power = [1.0]
        for _ in 1...22 { power.append(power[power.count - 1] * 10) }
        for _ in 0..<100_000 {
            let digits = Double(random.next() % (random.next() % 2 == 0 ? 100_000_000 : 1_000_000_000_000_000))
            let scale = Int(random.next() % 23)
            var value = random.next() % 4 == 0 ? digits * power[scale] : digits / power[scale]
            if random.next() % 2 == 0 { value = -value }
            compare(value, into: &mismatches)
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) mismatches, first: \(mismatches.prefix(5))")
    }

    private func formatted(_ value: Double) -> String {
        var output = ScratchStack<UInt8>(capacity: 32)
        appendShortestDouble(value, to: &output)
        return String(decoding: output.popArray(from: 0), as: UTF8.self)
    }

    private func checkAround(_ value: Double, sourceLocation: SourceLocation = #_sourceLocation) {
        for candidate in [value.nextDown, value, value.nextUp, -value] where candidate.isFinite {
            #expect(formatted(candidate) == candidate.description, sourceLocation: sourceLocation)
        }
    }

    private func compare(_ value: Double, into mismatches: inout [String]) {
        let text = formatted(value)
        if text != value.description {
            mismatches.append("\(value.description) (0x\(String(value.bitPattern, radix: 16))) written as \(text)")
        }
    }
}

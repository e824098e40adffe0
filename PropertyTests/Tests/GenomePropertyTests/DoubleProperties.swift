// Doubles: every finite bit pattern round-trips exactly, sign of zero included; the writer spells a double as
// Swift's `description` does; and the reader rounds any decimal literal, however spelled, exactly as the C
// library's `strtod` (correctly rounded on glibc and Darwin) does.

import Genome
import PropertyBased
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite struct DoubleProperties {
    /// A double below 2^53 reads back as that `.double`; one beyond, which is an integer, may read back as the
    /// integer its shortest digits say (`1.2345678901234568e+18` is `.int`), whose nearest double is the same.
    @Test func finiteDoublesRoundTripBitForBit() async {
        await propertyCheck(count: 100_000, input: Generators.finiteDouble) { value in
            let written = try Node.number(.double(value)).serialized()
            let back = try Node(json: written)
            guard case .number(let read) = back, read.isDouble || value.magnitude >= 0x1p53 else {
                Issue.record("\(value) was written as \(written) and read back as \(brief(back))")
                return
            }
            #expect(
                read.doubleValue.bitPattern == value.bitPattern,
                "\(value) was written as \(written) and read back as \(brief(back))")
        }
    }

    /// Inside containers too, with every writing option (pretty printing puts whitespace around numbers).
    @Test func doublesInContainersRoundTripWithEveryWritingOption() async {
        await propertyCheck(count: 2_000, input: Generators.finiteDouble.array(of: 1...8)) { values in
            let node: Node = [
                "values": .array(values.map { .number(.double($0)) }), "first": .number(.double(values[0])),
            ]
            for options in allWritingOptions {
                expectRoundTrip(node, options: options)
            }
        }
    }

    /// The documented spelling: the shortest digits that read back as the same double, as `description` has them.
    @Test func doublesAreWrittenAsSwiftDescribesThem() async {
        await propertyCheck(count: 100_000, input: Generators.finiteDouble) { value in
            let written = try Node.number(.double(value)).serialized()
            #expect(written == value.description)
        }
    }

    /// A decimal literal with random digits and exponent, spelled several equivalent ways, reads to a number whose
    /// double is the same every time, and the one `strtod` gives: infinity or zero beyond `Double`'s range, where
    /// the node keeps the literal as an exact number.
    @Test func decimalLiteralsAreCorrectlyRoundedHoweverSpelled() async {
        await propertyCheck(count: 100_000, input: Generators.decimalLiteral) { literal in
            let expected = strtod(literal.spellings[0], nil)
            for spelling in literal.spellings {
                let node = try Node(json: spelling)
                guard case .number(let read) = node else {
                    Issue.record("\(spelling) read as \(brief(node)), not a number")
                    continue
                }
                #expect(
                    read.doubleValue.bitPattern == expected.bitPattern,
                    "\(spelling) read as \(brief(node)), but strtod gives \(expected)")
                #expect(read.isExact || expected.isFinite, "\(spelling) beyond Double's range read as \(brief(node))")
            }
        }
    }

    /// The hardest inputs for correct rounding: the exact decimal expansion of the midpoint between two adjacent
    /// doubles (up to 767 significant digits), which rounds to the one with an even significand, and the same
    /// digits followed by up to a thousand more that put it a hair above or below, which round away from or
    /// towards the lower double. These reach the reader's slow path and its cut-off at 800 digits.
    @Test func midpointsBetweenAdjacentDoublesRoundToEvenAndAHairOffRoundToTheNearer() async {
        await propertyCheck(count: 3_000, input: Generators.midpoint) { midpoint in
            let (lower, upper) = (midpoint.lower, midpoint.lower.nextUp)
            let even = lower.bitPattern & 1 == 0 ? lower : upper
            let cases = [(midpoint.exact, even), (midpoint.above, upper), (midpoint.below, lower)]
            for (literal, expected) in cases {
                let signed = midpoint.negative ? "-" + literal : literal
                let want = midpoint.negative ? -expected : expected
                let node = try Node(json: signed)
                guard case .number(let number) = node else {
                    Issue.record("\(signed.prefix(80))… read as \(brief(node))")
                    continue
                }
                let read = number.doubleValue
                #expect(
                    read.bitPattern == want.bitPattern,
                    "\(signed.prefix(60))…\(signed.suffix(30)) (\(signed.utf8.count) bytes) read as \(read), not \(want)"
                )
            }
        }
    }
}

/// One decimal value and several JSON spellings of it, all with a fraction or an exponent (so all are doubles).
struct DecimalLiteral: Sendable, CustomStringConvertible {
    var spellings: [String]
    var description: String { spellings.joined(separator: "  ") }
}

extension Generators {
    /// 1 to 40 significant digits, the first non-zero, times a power of ten from 10^-360 to 10^340; weighted
    /// towards 17 to 20 digits near halfway points, where rounding is hardest.
    static let decimalLiteral = Generator<DecimalLiteral, Shrink.None<DecimalLiteral>>(run: { rng in
        let count =
            Bool.random(using: &rng) ? Int.random(in: 1...40, using: &rng) : Int.random(in: 16...20, using: &rng)
        var digits = String(Int.random(in: 1...9, using: &rng))
        for _ in 1..<count {
            digits += String(Int.random(in: 0...9, using: &rng))
        }
        if count > 17 && Bool.random(using: &rng) {
            // Halfway-looking tails: ...5000000 or ...4999999.
            let tail =
                Bool.random(using: &rng)
                ? "5" + String(repeating: "0", count: 6) : "4" + String(repeating: "9", count: 6)
            digits = String(digits.prefix(count - min(count - 1, 7))) + tail
        }
        let exponent = Int.random(in: -360...340, using: &rng)
        let sign = Bool.random(using: &rng) ? "-" : ""
        let length = digits.count
        var spellings = [
            "\(sign)\(digits)e\(exponent)",
            "\(sign)\(digits)E+\(exponent)".replacingOccurrences(of: "+-", with: "-"),
            // One digit before the point: d.ddd × 10^(exponent + length - 1).
            "\(sign)\(digits.prefix(1)).\(digits.dropFirst())0e\(exponent + length - 1)",
            // Everything after the point, with leading zeros: 0.000ddd × 10^(exponent + length + 3).
            "\(sign)0.000\(digits)e\(exponent + length + 3)",
        ]
        if exponent >= -30 && exponent < 0 && -exponent < length {
            // No exponent at all: the point inside the digits.
            spellings.append("\(sign)\(digits.dropLast(-exponent)).\(digits.suffix(-exponent))")
        }
        return DecimalLiteral(spellings: spellings)
    })
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}

/// The midpoint between a double and the next one up, exactly, and a hair above and below it, as literals of
/// the form `<digits>e<exponent>`.
struct Midpoint: Sendable, CustomStringConvertible {
    var lower: Double
    var negative: Bool
    var exact: String
    var above: String
    var below: String
    var description: String { "between \(lower) and \(lower.nextUp)" }
}

extension Generators {
    static let midpoint = Generator<Midpoint, Shrink.None<Midpoint>>(run: { rng in
        var lower = abs(RandomJSON.finiteDouble(using: &rng))
        if lower == .greatestFiniteMagnitude { lower = lower.nextDown }  // its midpoint rounds to infinity
        // lower = S × 2^E, so the midpoint is (2S + 1) × 2^(E - 1).
        let isNormal = lower.exponentBitPattern != 0
        let significand = lower.significandBitPattern | (isNormal ? 1 << 52 : 0)
        let exponent = isNormal ? Int(lower.exponentBitPattern) - 1075 : -1074
        let (digits, power10) = exactDecimal(2 * significand + 1, timesPowerOfTwo: exponent - 1)
        let padding = String(repeating: "0", count: Int.random(in: 0...1_000, using: &rng))
        let nines = String(repeating: "9", count: padding.count)
        let tail = power10 - padding.count - 1
        return Midpoint(
            lower: lower, negative: Bool.random(using: &rng),
            exact: "\(digits)e\(power10)",
            above: "\(digits)\(padding)1e\(tail)",
            below: "\(decremented(digits))\(nines)9e\(tail)")
    })
}

/// `value × 2^power` written exactly as decimal digits times a power of ten: for a negative power,
/// `value × 5^-power` over `10^-power`.
private func exactDecimal(_ value: UInt64, timesPowerOfTwo power: Int) -> (digits: String, power10: Int) {
    // Little-endian limbs of nine decimal digits.
    var limbs: [UInt64] = [
        value % 1_000_000_000, value / 1_000_000_000 % 1_000_000_000, value / 1_000_000_000_000_000_000,
    ]
    func multiply(by factor: UInt64) {
        var carry: UInt64 = 0
        for index in limbs.indices {
            let product = limbs[index] * factor + carry
            limbs[index] = product % 1_000_000_000
            carry = product / 1_000_000_000
        }
        while carry > 0 {
            limbs.append(carry % 1_000_000_000)
            carry /= 1_000_000_000
        }
    }
    let (factor, steps) = power >= 0 ? (UInt64(2), power) : (UInt64(5), -power)
    for _ in 0..<steps {
        multiply(by: factor)
    }
    while limbs.count > 1 && limbs.last == 0 {
        limbs.removeLast()
    }
    var digits = String(limbs.last!)
    for limb in limbs.dropLast().reversed() {
        let text = String(limb)
        digits += String(repeating: "0", count: 9 - text.count) + text
    }
    return (digits, power >= 0 ? 0 : power)
}

/// A positive decimal digit string minus one (keeping its length; the result may start with "0" only when the
/// input was a single digit).
private func decremented(_ digits: String) -> String {
    var bytes = Array(digits.utf8)
    var index = bytes.count - 1
    while bytes[index] == UInt8(ascii: "0") {
        bytes[index] = UInt8(ascii: "9")
        index -= 1
    }
    bytes[index] -= 1
    if bytes.count > 1 && bytes[0] == UInt8(ascii: "0") {
        bytes.removeFirst()
    }
    return String(decoding: bytes, as: UTF8.self)
}

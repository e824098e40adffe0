import Foundation
import Genome
import GenomeFoundation
import Testing

// Every number edge, through both decoders and encoders: exact integers at and beyond 64 bits, integers written
// with a fraction or an exponent, correctly rounded doubles, floats at their limits, decimals of any length, and
// the coercions Foundation refuses.

@Suite struct NumberParityTests {
    static let integerTexts = [
        "0", "-0", "1", "-1", "127", "128", "-129", "255", "256", "32767", "65536", "2147483647", "2147483648",
        "4294967296", "9007199254740992", "9007199254740993", "-9007199254740993", "9223372036854775807",
        "9223372036854775808", "-9223372036854775808", "-9223372036854775809", "18446744073709551615",
        "18446744073709551616", "18446744073709551617", "1.0", "1.5", "-1.0", "1e2", "1E+2", "1e-2", "100e-2",
        "9007199254740993.0", "9007199254740993e0", "9.007199254740993e15", "1e19", "1e20", "0.0", "-0.0", "0e10",
        "123456789012345678901234567890",
    ]

    @Test(arguments: integerTexts)
    func fixedWidthIntegers(text: String) {
        expectSameDecoding(Int.self, from: text)
        expectSameDecoding(Int8.self, from: text)
        expectSameDecoding(Int16.self, from: text)
        expectSameDecoding(Int32.self, from: text)
        expectSameDecoding(Int64.self, from: text)
        expectSameDecoding(UInt.self, from: text)
        expectSameDecoding(UInt8.self, from: text)
        expectSameDecoding(UInt16.self, from: text)
        expectSameDecoding(UInt32.self, from: text)
        expectSameDecoding(UInt64.self, from: text)
        expectSameDecoding([String: Int64].self, from: #"{"n":\#(text)}"#)
        expectSameDecoding([UInt64].self, from: "[\(text)]")
    }

    /// Integers, except one written with an exponent that needs more than 64 bits, which JSONDecoder refuses for
    /// Int128 (see `DocumentedNumberDifferenceTests`).
    static let wideIntegerTexts =
        integerTexts.filter { $0 != "1e20" } + [
            "170141183460469231731687303715884105727", "170141183460469231731687303715884105728",
            "-170141183460469231731687303715884105728", "-170141183460469231731687303715884105729",
            "340282366920938463463374607431768211455", "340282366920938463463374607431768211456", "1.5e1",
        ]

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test(arguments: wideIntegerTexts)
    func wideIntegers(text: String) {
        expectSameDecoding(Int128.self, from: text)
        expectSameDecoding(UInt128.self, from: text)
        expectSameDecoding([Int128].self, from: "[\(text)]")
    }

    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func wideIntegersEncodeExactly() {
        for value in [Int128.max, .min, 0, -1, Int128(Int64.max) + 1] {
            expectSameRoundTrip(value)
            #expect(expectSameEncoding([value]) == "[\(value)]")
        }
        for value in [UInt128.max, 0, UInt128(UInt64.max) + 1] {
            expectSameRoundTrip(value)
            #expect(expectSameEncoding([value]) == "[\(value)]")
        }
    }

    static let floatingTexts = [
        "0", "-0", "0.1", "1.5", "-2.01e-3", "1e3", "0e-10", "3.141592653589793", "2.718281828459045235360287",
        "7.45673334164903e-115", "1.7976931348623157e308", "1.7976931348623159e308", "1e308", "1e309", "1e400",
        "-1e400", "4.9e-324", "2e-324", "1e-400", "2.2250738585072014e-308", "3.4028234663852886e38",
        "3.4028235677973366e38", "3.5e38", "1.1754943508222875e-38", "1e-50", "123456789012345678901234567890",
        "0.10000000000000000000000000001", "-65.613616999999977",
    ]

    @Test(arguments: floatingTexts)
    func floatingPoint(text: String) {
        expectSameDecoding(Double.self, from: text)
        expectSameDecoding(Float.self, from: text)
        expectSameDecoding([Double].self, from: "[\(text)]")
        expectSameDecoding([String: Float].self, from: #"{"f":\#(text)}"#)
    }

    @Test func extremeValuesRoundTrip() {
        expectSameRoundTrip([Float.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude, -0.0])
        expectSameRoundTrip([Double.greatestFiniteMagnitude, .leastNormalMagnitude, .leastNonzeroMagnitude, -0.0])
        expectSameRoundTrip([0.1, -55.66, -9.81, 0.000001, 1e21, 1e-7, 123456789.125])
        expectSameRoundTrip([UInt64.max, 6_032_314_514_195_021_674])
        expectSameRoundTrip([Int64.min, Int64.max])
    }

    static let decimalTexts = [
        "0", "1", "-1", "0.1", "1.234567891011121314", "-0.1234567891011121314", "123.4567891011121314e-100",
        "1234567891011121314e-100", "3.14159265358979323846264338327950288419",
        "440474310512876335.18692524723746578303827301433673643795",
        "23456789012000000000000000000000000000000000000000000000000000000000000000000",
        "18446744073709551616", "-9223372036854775809", "9007199254740993.0", "1e-130", "1e130",
        "0.30000000000000004", "1E+2",
    ]

    @Test(arguments: decimalTexts)
    func decimals(text: String) {
        expectSameDecoding(Decimal.self, from: text)
        expectSameDecoding([String: Decimal].self, from: #"{"d":\#(text)}"#)
    }

    @Test func decimalsEncodeAsFoundationWritesThem() {
        let values: [Decimal] =
            Self.decimalTexts.compactMap { Decimal(string: $0) } + [
                Decimal(sign: .plus, exponent: 127, significand: 1), Decimal(UInt64.max) + 1, Decimal(Int64.min) - 1,
                Decimal(string: "-65.613616999999977")!,
            ]
        for value in values {
            // Reading back 16 or 17 significant digits is a documented difference (see below).
            if value != Decimal(string: "-65.613616999999977")! { expectSameRoundTrip(value) }
            let genome = NodeEncoder()
            // The exact text, not only the same JSON value: a decimal's digits are the point.
            let foundationText = (try? JSONEncoder().encode([value])).map { String(decoding: $0, as: UTF8.self) }
            let genomeText = (try? genome.encodeJSON([value])).map { String(decoding: $0, as: UTF8.self) }
            #expect(genomeText == foundationText, "\(value)")
        }
    }

    @Test func bigIntegersKeepTheirDigitsThroughANode() throws {
        for text in ["18446744073709551616", "-18446744073709551617", "123456789012345678901234567890"] {
            let object = try JSONSerialization.jsonObject(with: Data("[\(text)]".utf8))
            let foundation = String(decoding: try JSONSerialization.data(withJSONObject: object), as: UTF8.self)
            #expect(try Node(json: "[\(text)]").serialized() == foundation)
            #expect(try Node(json: "[\(text)]").serialized() == "[\(text)]")
        }
    }

    @Test func typeCoercionsAreRefused() {
        expectSameDecoding([Int].self, from: "[false,true]")
        expectSameDecoding([UInt8].self, from: "[true]")
        expectSameDecoding([Double].self, from: "[false]")
        expectSameDecoding([Float].self, from: "[true]")
        expectSameDecoding([Bool].self, from: "[0,1]")
        expectSameDecoding([Bool].self, from: "[0.0]")
        expectSameDecoding([String].self, from: "[1]")
        expectSameDecoding([Int].self, from: #"["1"]"#)
    }

    @Test func numberFragmentsAtTheTop() {
        for text in ["0 ", "1.0 ", "0.1 ", "1e3 ", "-2.01e-3 ", "0", "1.0", "1e3", "-2.01e-3", "0e-10"] {
            expectSameDecoding(Double.self, from: text)
        }
        for text in [
            "0.", "1e ", "-2.01e- ", "+", "2.01e-1234", "+2.0q", "2s", "NaN", "nan", "Infinity", "inf", "-",
            "0x42", "1.e2", "01", "-01", ".5", " ",
        ] {
            expectSameDecoding(Float.self, from: text)
        }
    }

    @Test func nonFiniteValuesCannotBeWrittenByDefault() {
        for value in [Double.infinity, -.infinity, .nan] {
            expectSameEncoding(value)
            expectSameEncoding([value])
            expectSameEncoding(["key": value])
        }
        for value in [Float.infinity, -.infinity, .nan] {
            expectSameEncoding(value)
            expectSameEncoding(Float?.some(value))
        }
    }
}

/// Where Genome reads numbers differently from JSONDecoder, on purpose (CodableWithGenome.md, "Differences from
/// JSONDecoder and JSONEncoder"): each difference, pinned.
@Suite struct DocumentedNumberDifferenceTests {
    /// An integral value is an integer whatever its spelling, and Genome reads it exactly. JSONDecoder rounds these
    /// through Double, lands on 2^63 or 2^64, and reports them out of range.
    @Test func integralValuesWrittenWithAFractionAtTheEdgeOf64Bits() throws {
        for text in ["9223372036854775807.0", "9.223372036854775807e18"] {
            #expect(try NodeDecoder().decode(Int64.self, fromJSON: text) == .max)
            #expect(throws: DecodingError.self) { try JSONDecoder().decode(Int64.self, from: Data(text.utf8)) }
        }
        #expect(try NodeDecoder().decode([UInt64].self, fromJSON: "[18446744073709551615.0]") == [.max])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([UInt64].self, from: Data("[18446744073709551615.0]".utf8))
        }
    }

    /// A number with a fraction is never an integer. JSONDecoder drops the fraction of a literal with more than 16
    /// significant digits when it decodes an integer type (fuzzing found `90071941992547400.19`), or rounds it
    /// through `Double`; NodeDecoder says the number does not fit, with its path.
    @Test func longNumbersWithAFractionAreNotIntegers() throws {
        for (text, truncated) in [
            ("9007199254740993.5", Int64(9_007_199_254_740_993)), ("90071941992547400.19", 90_071_941_992_547_400),
            ("9007199254740991.5", 9_007_199_254_740_991), ("9.9999999999999999", 10), ("-0.99999999999999999", -1),
        ] {
            #expect(try JSONDecoder().decode(Int64.self, from: Data(text.utf8)) == truncated)
            let error = #expect(throws: DecodingError.self) {
                try NodeDecoder().decode([String: Int64].self, fromJSON: #"{"n":\#(text)}"#)
            }
            guard case .dataCorrupted(let context) = error else {
                Issue.record("expected dataCorrupted for \(text), got \(String(describing: error))")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == ["n"])
        }
    }

    /// JSONDecoder reads Int128 and UInt128 from digits only; Genome reads them from any spelling of an integer,
    /// as both read Int64 from `1e2`.
    @available(macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2, *)
    @Test func wideIntegersWrittenWithAnExponent() throws {
        #expect(try NodeDecoder().decode(Int128.self, fromJSON: "1e20") == 100_000_000_000_000_000_000)
        #expect(
            try NodeDecoder().decode(UInt128.self, fromJSON: "1e38") == UInt128("1" + String(repeating: "0", count: 38))
        )
        #expect(try NodeDecoder().decode(Int128.self, fromJSON: "-1.5e1") == -15)
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Int128.self, from: Data("1e20".utf8)) }
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(Int128.self, fromJSON: "1e39") }
    }

    /// A number of 16 or 17 significant digits is a Double in the node (a Double keeps 17 digits, and keeping the
    /// text of every such number would cost the reader on coordinate-heavy documents), so a Decimal reads the
    /// double's shortest digits. JSONDecoder keeps the literal's. From 18 digits on, both keep them.
    @Test func decimalsOfSixteenOrSeventeenDigits() throws {
        let text = "-65.613616999999977"
        #expect(try NodeDecoder().decode(Decimal.self, fromJSON: text) == Decimal(string: "-65.61361699999998"))
        #expect(try JSONDecoder().decode(Decimal.self, from: Data(text.utf8)) == Decimal(string: text))
        let longer = "-65.6136169999999771"
        #expect(try NodeDecoder().decode(Decimal.self, fromJSON: longer) == Decimal(string: longer))
        // Encoding a Decimal writes its digits, as JSONEncoder does.
        #expect(try NodeEncoder().encodeJSON([Decimal(string: text)!]) == Array("[\(text)]".utf8))
    }
}

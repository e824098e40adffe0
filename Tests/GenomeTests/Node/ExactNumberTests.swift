import Genome
import Testing

// Exact numbers (DESIGN.md, "Numbers"): which literals keep their text, how they compare and hash against the
// other cases, and how they convert.

@Suite struct ExactNumberTests {
    private func number(_ json: String) throws -> Node.Number {
        try #require(Node(json: json).number)
    }

    @Test(arguments: [
        // Integer literals beyond 64 bits.
        "18446744073709551616", "-9223372036854775809", "123456789012345678901234567890",
        // More significant digits than a double keeps.
        "0.1234567890123456789", "3.14159265358979323846264338327950288419", "1.0000000000000000001",
        // Integral values beyond 64 bits that no double is.
        "1e300", "12345678901234567e10",
        // Beyond Double's range.
        "1e400", "-1e-400", "2e-324",
    ])
    func literalsNoDoubleHoldsKeepTheirText(text: String) throws {
        let number = try number(text)
        #expect(number.isExact)
        #expect(number.description == text)
        #expect(try Node(json: "[\(text)]").serialized() == "[\(text)]")
    }

    @Test(arguments: [
        ("1.5", Node.Number.double(1.5)), ("0.1", .double(0.1)), ("1e20", .double(1e20)), ("-0", .double(-0.0)),
        ("0e999", .double(0)), ("12345678901234567", .int(12_345_678_901_234_567)),
        ("9007199254740993.0", .int(9_007_199_254_740_993)), ("9.007199254740993e15", .int(9_007_199_254_740_993)),
        ("18446744073709551615.0", .uint(.max)), ("1.00000000000000000000", .double(1)),
        ("-9.223372036854775808e18", .int(.min)),
    ])
    func literalsADoubleOrAnIntegerHoldsAreNotExact(text: String, expected: Node.Number) throws {
        let number = try number(text)
        #expect(!number.isExact)
        #expect(number == expected)
        switch (number, expected) {
        case (.double(let a), .double(let b)): #expect(a.bitPattern == b.bitPattern, "the sign of zero counts")
        case (.int, .int), (.uint, .uint): break
        default: Issue.record("\(text) read as \(number), expected the case of \(expected)")
        }
    }

    /// Fuzz finding: `18446744073709551616.0` is 2^64, a double, but the writer writes that double
    /// `1.8446744073709552e+19`, which means 18446744073709552000: a `.double` would change value on a round trip.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test(arguments: [
        ("18446744073709551616.0", Int128(1) << 64), ("1.8446744073709551616e19", Int128(1) << 64),
        ("1234567890123456768.0", 1_234_567_890_123_456_768), ("-9223372036854774784.0", -9_223_372_036_854_774_784),
    ])
    func integralDoublesWhoseShortestTextIsAnotherValueKeepTheirValue(text: String, value: Int128) throws {
        let node = try Node(json: text)
        guard case .number(let number) = node else {
            Issue.record("\(text) read as \(node)")
            return
        }
        if case .double = number { Issue.record("\(text) read as a double, which would be written as another value") }
        let again = try Node(json: node.serialized())
        #expect(again == node)
        #expect(try again.serialized() == node.serialized())
        #expect(number.exactly(Int128.self) == value)
    }

    @Test(arguments: ["1e22", "1e20", "4.5e15", "1.8446744073709552e19", "1e300"])
    func integralNumbersWithAnExponentSurviveARoundTrip(text: String) throws {
        let node = try Node(json: text)
        let again = try Node(json: node.serialized())
        #expect(again == node)
        #expect(node.double == Double(text))
    }

    @Test func equalValuesAreEqualAndHashAlikeWhateverTheirCase() throws {
        let groups: [[Node.Number]] = [
            [.int(1), .double(1), .exact(.init("1")!), .exact(.init("1.000")!), .exact(.init("0.1e1")!)],
            [.uint(.max), .exact(.init("18446744073709551615")!), .exact(.init("1.8446744073709551615e19")!)],
            // 2^64 and 2^130 are doubles: the exact texts equal them.
            [.double(0x1p64), .exact(.init("18446744073709551616")!)],
            [.double(0x1p130), .exact(.init("1361129467683753853853498429727072845824")!)],
            // 0.1's double, written out in full.
            [.double(0.1), .exact(.init("0.1000000000000000055511151231257827021181583404541015625")!)],
            [.double(0), .double(-0.0), .exact(.init("-0")!), .exact(.init("0e-5")!)],
            [.exact(.init("1e400")!), .exact(.init("10e399")!), .exact(.init("0.01e402")!)],
        ]
        for group in groups {
            for a in group {
                for b in group {
                    #expect(a == b, "\(a) == \(b)")
                    #expect(a.hashValue == b.hashValue, "\(a) and \(b) hash alike")
                }
            }
        }
        let distinct: [Node.Number] = [
            .double(0.1), .exact(.init("0.1000000000000000000001")!), .double(0x1p64),
            .exact(.init("18446744073709551617")!), .exact(.init("1e400")!), .exact(.init("1e401")!),
            .exact(.init("-1e400")!), .double(1e300), .exact(.init("1e300")!),
        ]
        for (i, a) in distinct.enumerated() {
            for (j, b) in distinct.enumerated() where i != j {
                #expect(a != b, "\(a) != \(b)")
            }
        }
        #expect(Set(groups.joined().map { Node.number($0) }).count == groups.count)
    }

    @Test func textThatIsNotAJSONNumberIsRejected() {
        for text in ["", "-", "01", "1.", ".5", "+1", "1e", "1e+", "0x10", " 1", "1 ", "NaN", "1_000", "١"] {
            #expect(Node.ExactNumber(text) == nil, "\(text)")
        }
        #expect(Node.ExactNumber("-0.5E+10")?.text == "-0.5E+10")
    }

    @Test func integersConvertExactlyOrNotAtAll() throws {
        #expect(try number("18446744073709551616").exactly(UInt64.self) == nil)
        #expect(try number("1e300").exactly(Int64.self) == nil)
        #expect(try number("1.0000000000000000001").exactly(Int.self) == nil, "not a whole number")
        #expect(try number("123456789012345678900e-2").exactly(Int64.self) == 1_234_567_890_123_456_789)
        #expect(Node.ExactNumber("-128")?.exactly(Int8.self) == -128)
        #expect(Node.ExactNumber("-129")?.exactly(Int8.self) == nil)
        #expect(Node.ExactNumber("-1")?.exactly(UInt8.self) == nil)
        #expect(Node.ExactNumber("-0")?.exactly(UInt8.self) == 0)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func integersConvertExactlyTo128Bits() throws {
        #expect(try number("-170141183460469231731687303715884105728").exactly(Int128.self) == .min)
        #expect(try number("170141183460469231731687303715884105728").exactly(Int128.self) == nil)
        #expect(try number("3.40282366920938463463374607431768211455e38").exactly(UInt128.self) == .max)
        #expect(Node(Int128.max) == .number(.exact(.init("170141183460469231731687303715884105727")!)))
        #expect(Node(UInt128(UInt64.max)) == .number(.uint(.max)), "what fits 64 bits stays a 64-bit case")
    }

    @Test func theDoubleIsCorrectlyRounded() throws {
        #expect(try number("0.1234567890123456789").doubleValue == 0.1234567890123456789)
        #expect(try number("123456789012345678901234567890").doubleValue == 1.2345678901234568e29)
        #expect(try number("1e400").doubleValue == .infinity)
        #expect(try number("-1e-400").doubleValue.sign == .minus)
        #expect(try Double.decode(Node(json: "0.1234567890123456789")) == 0.1234567890123456789)
        #expect(try NodeDecoder().decode(Float.self, fromJSON: "0.1234567890123456789") == 0.12345679)
    }

    @Test func decodingAnExactNumberIntoATypeThatCannotHoldItIsAnErrorWithItsPath() throws {
        struct Reading: Decodable { var value: Int64 }
        let error = try #require(throws: DecodingError.self) {
            try NodeDecoder().decode([Reading].self, fromJSON: #"[{"value":1},{"value":18446744073709551616}]"#)
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(error)")
            return
        }
        #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["1", "value"])
        #expect(throws: TypeMismatchError.self) { try Int64.decode(Node(json: "18446744073709551616")) }
        #expect(throws: TypeMismatchError.self) { try Float.decode(Node(json: "1e-50")) }
    }
}

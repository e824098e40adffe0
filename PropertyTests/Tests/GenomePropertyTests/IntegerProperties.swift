// Integers at the edges of every width read back exactly as the documented rules say: `.int` for `Int64`'s
// range, `.uint` above it up to `UInt64.max`, an exact number that keeps its digits beyond; and `exactly(_:)`
// converts to each width, `Int128` included, when, and only when, the value fits it.

import Genome
import PropertyBased
import Testing

@Suite struct IntegerProperties {
    @Test func edgeIntegersReadAsTheDocumentedCaseAndConvertExactly() async {
        await propertyCheck(count: 50_000, input: Generators.edgeInteger) { width, value in
            let literal = String(value)
            let node = try Node(json: literal)
            guard case .number(let number) = node else {
                Issue.record("\(literal) read as \(brief(node))")
                return
            }
            switch number {
            case .int(let read):
                #expect(Int128(read) == value, "\(literal) read as .int(\(read))")
                #expect(Int128(Int64.min)...Int128(Int64.max) ~= value, "\(literal) read as .int(\(read))")
            case .uint(let read):
                #expect(Int128(read) == value, "\(literal) read as .uint(\(read))")
                #expect(Int128(Int64.max) < value && value <= Int128(UInt64.max), "\(literal) read as .uint(\(read))")
            case .exact(let read):
                // Only integers beyond 64 bits are exact numbers, which keep the literal's digits.
                #expect(value < Int128(Int64.min) || value > Int128(UInt64.max), "\(literal) read as .exact(\(read))")
                #expect(read.text == literal, "\(literal) read as \(read)")
                #expect(read.doubleValue == Double(value), "\(literal): \(read.doubleValue) is not the nearest double")
            case .double(let read):
                Issue.record("\(literal), an integer literal, read as .double(\(read))")
            }
            expectExactConversions(number, of: value, literal: literal, width: width)
        }
    }

    /// Writing an integer gives its decimal digits, which read back as the same value.
    @Test func edgeIntegersWriteTheirDecimalDigits() async {
        await propertyCheck(count: 20_000, input: Generators.edgeInteger) { width, value in
            guard let exact = Int64(exactly: value).map(Node.init) ?? UInt64(exactly: value).map(Node.init) else {
                return  // beyond 64 bits: not a value a Node holds as an integer
            }
            let written = try exact.serialized()
            #expect(written == String(value), "\(width) edge \(value)")
            expectRoundTrip(exact, options: [])
        }
    }

    /// `-0` is the double `-0.0` (so its sign survives), which still converts to the integer 0.
    @Test func negativeZeroIsADoubleThatConvertsToZero() throws {
        let node = try Node(json: "-0")
        guard case .number(.double(let value)) = node else {
            Issue.record("-0 read as \(brief(node))")
            return
        }
        #expect(value.bitPattern == (-0.0 as Double).bitPattern)
        #expect(node.number?.exactly(Int8.self) == 0)
        #expect(node.number?.exactly(UInt64.self) == 0)
    }
}

/// For every width, `exactly(_:)` gives the value when it fits and nil otherwise. `int64Value` and `uint64Value`
/// agree.
private func expectExactConversions(_ number: Node.Number, of value: Int128, literal: String, width: IntegerWidth) {
    func check<T: FixedWidthInteger>(_ type: T.Type) {
        let expected = T(exactly: value)
        #expect(number.exactly(T.self) == expected, "\(literal) (\(width) edge) as \(T.self)")
    }
    check(Int8.self)
    check(Int16.self)
    check(Int32.self)
    check(Int64.self)
    check(Int.self)
    check(UInt8.self)
    check(UInt16.self)
    check(UInt32.self)
    check(UInt64.self)
    check(UInt.self)
    check(Int128.self)
    check(UInt128.self)
    #expect(number.int64Value == Int64(exactly: value), "\(literal).int64Value")
    #expect(number.uint64Value == UInt64(exactly: value), "\(literal).uint64Value")
}

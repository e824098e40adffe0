import Foundation
import GenomeFoundation
import GenomeOperators
import Testing

// One table of conversion rules, run against every way of decoding a value: a static `decode`, `json.decode`,
// `parse(json:path:decode:)`, `=>`, `map.extract`, `<~` and `NodeDecoder`. Each rule is written once (issue 12);
// this test is what keeps the entry points from drifting apart again.

/// What an entry point made of one input: a value, or the kind of failure.
private enum Outcome<Value: Equatable>: Equatable, CustomStringConvertible {
    case value(Value)
    case failed

    var description: String {
        switch self {
        case .value(let value): "\(value)"
        case .failed: "an error"
        }
    }
}

private struct Holder<Value: NodeDecodable>: MappableObject {
    let value: Value
    init(map: Map) throws { value = try map.extract("v") }
}

/// A value to bind over with `<~`, which the entry point under test must replace.
private protocol Placeholder { static var placeholder: Self { get } }
extension Int: Placeholder { static var placeholder: Int { 42 } }
extension Int8: Placeholder { static var placeholder: Int8 { 42 } }
extension UInt64: Placeholder { static var placeholder: UInt64 { 42 } }
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension Int128: Placeholder { static var placeholder: Int128 { 42 } }
@available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
extension UInt128: Placeholder { static var placeholder: UInt128 { 42 } }
extension Double: Placeholder { static var placeholder: Double { 42 } }
extension Float: Placeholder { static var placeholder: Float { 42 } }
extension Bool: Placeholder { static var placeholder: Bool { false } }
extension String: Placeholder { static var placeholder: String { "placeholder" } }

private struct Coded<Value: Decodable>: Decodable {
    let v: Value
}

/// The outcome of every entry point for the JSON text `literal` as the member `v`, by name.
private func outcomes<Value: NodeDecodable & Decodable & Equatable & Placeholder>(
    _ type: Value.Type, _ literal: String
) throws -> [String: Outcome<Value>] {
    let node = try Node(json: #"{"v":\#(literal)}"#)
    let value = node["v"]!
    func outcome(_ body: () throws -> Value) -> Outcome<Value> {
        do { return .value(try body()) } catch { return .failed }
    }
    return [
        "static decode": outcome { try Value.decode(value) },
        "json.decode": outcome { try node.decode("v") },
        "parse(json:path:)": outcome { try parse(json: node, path: ["v"], decode: Value.decode) },
        "=>": outcome { try node => "v" },
        "map.extract": outcome { try Holder<Value>(node: node).value },
        "<~": outcome {
            var bound = Value.placeholder
            try bound <~ Map(node: node)["v"]
            return bound
        },
        "NodeDecoder": outcome { try NodeDecoder().decode(Coded<Value>.self, from: node).v },
    ]
}

/// Every entry point gives `expected` for `literal`.
private func expectEveryEntryPoint<Value: NodeDecodable & Decodable & Equatable & Placeholder>(
    _ type: Value.Type, _ literal: String, gives expected: Value?, sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let want: Outcome<Value> = expected.map(Outcome.value) ?? .failed
    for (entryPoint, got) in try outcomes(type, literal).sorted(by: { $0.key < $1.key }) {
        #expect(got == want, "\(literal) as \(Value.self) through \(entryPoint)", sourceLocation: sourceLocation)
    }
}

@Suite struct ConversionRulesTests {
    @Test func integers() throws {
        try expectEveryEntryPoint(Int.self, "1", gives: 1)
        try expectEveryEntryPoint(Int.self, "-0", gives: 0)
        try expectEveryEntryPoint(Int.self, "1.0", gives: 1)
        try expectEveryEntryPoint(Int.self, "1e2", gives: 100)
        try expectEveryEntryPoint(Int.self, "1.5", gives: nil)
        try expectEveryEntryPoint(Int.self, "9007199254740993.0", gives: 9_007_199_254_740_993)
        try expectEveryEntryPoint(Int.self, "9223372036854775808", gives: nil)
        try expectEveryEntryPoint(Int.self, "1.00000000000000000000001", gives: nil)
        // A fraction its double rounds away is still a fraction (fuzzing, against JSONDecoder's truncation).
        try expectEveryEntryPoint(Int.self, "9007199254740993.5", gives: nil)
        try expectEveryEntryPoint(Double.self, "9007199254740993.5", gives: 9_007_199_254_740_994)
        // With 16 or 17 digits too, below 2^53: the nearest doubles are 10 and 9007199254740992.
        try expectEveryEntryPoint(Int.self, "9.9999999999999999", gives: nil)
        try expectEveryEntryPoint(Double.self, "9.9999999999999999", gives: 10)
        try expectEveryEntryPoint(Int.self, "-0.99999999999999999", gives: nil)
        try expectEveryEntryPoint(Int.self, "9007199254740991.5", gives: nil)
        try expectEveryEntryPoint(Int.self, "4503599627370495.5e0", gives: nil)
        try expectEveryEntryPoint(Int.self, "99999999999999.99e2", gives: 9_999_999_999_999_999)
        try expectEveryEntryPoint(Int.self, "\"1\"", gives: nil)
        try expectEveryEntryPoint(Int.self, "true", gives: nil)
        try expectEveryEntryPoint(Int.self, "null", gives: nil)
        try expectEveryEntryPoint(Int8.self, "127", gives: 127)
        try expectEveryEntryPoint(Int8.self, "300", gives: nil)
        try expectEveryEntryPoint(Int8.self, "-128.0", gives: -128)
        try expectEveryEntryPoint(UInt64.self, "18446744073709551615", gives: .max)
        try expectEveryEntryPoint(UInt64.self, "18446744073709551616", gives: nil)
        try expectEveryEntryPoint(UInt64.self, "-1", gives: nil)
        try expectEveryEntryPoint(UInt64.self, "1.8446744073709551615e19", gives: .max)
    }

    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func wideIntegers() throws {
        try expectEveryEntryPoint(Int128.self, "170141183460469231731687303715884105727", gives: .max)
        try expectEveryEntryPoint(Int128.self, "1e20", gives: 100_000_000_000_000_000_000)
        try expectEveryEntryPoint(Int128.self, "170141183460469231731687303715884105728", gives: nil)
        try expectEveryEntryPoint(UInt128.self, "340282366920938463463374607431768211455", gives: .max)
    }

    @Test func floatingPoint() throws {
        try expectEveryEntryPoint(Double.self, "1", gives: 1)
        try expectEveryEntryPoint(Double.self, "-0.0", gives: -0.0)
        try expectEveryEntryPoint(Double.self, "0.1", gives: 0.1)
        try expectEveryEntryPoint(Double.self, "9007199254740993", gives: 9_007_199_254_740_992)
        try expectEveryEntryPoint(Double.self, "1.7976931348623157e308", gives: .greatestFiniteMagnitude)
        try expectEveryEntryPoint(Double.self, "1e400", gives: nil)
        try expectEveryEntryPoint(Double.self, "1e-400", gives: nil)
        try expectEveryEntryPoint(Double.self, "0e-400", gives: 0)
        try expectEveryEntryPoint(Double.self, "\"1.5\"", gives: nil)
        try expectEveryEntryPoint(Float.self, "1.5", gives: 1.5)
        try expectEveryEntryPoint(Float.self, "3.4028235e38", gives: .greatestFiniteMagnitude)
        try expectEveryEntryPoint(Float.self, "3.5e38", gives: nil)
        try expectEveryEntryPoint(Float.self, "1e-50", gives: nil)
    }

    @Test func boolsAndStrings() throws {
        try expectEveryEntryPoint(Bool.self, "true", gives: true)
        try expectEveryEntryPoint(Bool.self, "1", gives: nil)
        try expectEveryEntryPoint(Bool.self, "\"true\"", gives: nil)
        try expectEveryEntryPoint(String.self, "\"e\\u0301\"", gives: "e\u{301}")
        try expectEveryEntryPoint(String.self, "1", gives: nil)
        try expectEveryEntryPoint(String.self, "null", gives: nil)
    }

    // MARK: Dates

    /// A count with the format that names it gives one date however it is read: the same in Genome's protocols
    /// as through `NodeDecoder` with the matching strategy, and an error in both outside the years 1 to 9999.
    @Test(arguments: [
        ("1714559400", Date(timeIntervalSince1970: 1_714_559_400), false),
        ("1714559400.25", Date(timeIntervalSince1970: 1_714_559_400.25), false),
        ("1714559400000", nil, false),
        ("1714559400000", Date(timeIntervalSince1970: 1_714_559_400), true),
        ("1e20", nil, true),
        ("\"2024-05-01T10:30:00Z\"", nil, false),
    ])
    func datesCountedSince1970(literal: String, expected: Date?, milliseconds: Bool) throws {
        let format: NodeDateFormat = milliseconds ? .millisecondsSince1970 : .secondsSince1970
        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = milliseconds ? .millisecondsSince1970 : .secondsSince1970
        let node = try Node(json: #"{"v":\#(literal)}"#)
        let results: [String: Date?] = [
            "format": try? format.date(from: node["v"]!),
            "json.decode(as:)": try? node.decode("v", as: format) as Date,
            "map.extract(as:)": try? Map(node: node).extract("v", as: format) as Date,
            "NodeDecoder": try? decoder.decode(Coded<Date>.self, from: node).v,
        ]
        for (entryPoint, date) in results {
            #expect(date == expected, "\(literal) through \(entryPoint)")
        }
    }

    /// Without a format, the two APIs differ by design, but never silently: Genome's protocols refuse a number
    /// (it does not say what it counts) and `NodeDecoder` reads seconds since 2001, as `JSONDecoder` does.
    @Test func aNumberWithoutAFormat() throws {
        let node = try Node(json: #"{"v":1714559400}"#)
        for read in [
            { try Date.decode(node["v"]!) }, { try node.decode("v") }, { try node => "v" },
            { try Holder<Date>(node: node).value },
        ] as [() throws -> Date] {
            let error = #expect(throws: TypeMismatchError.self) { try read() }
            #expect(error?.reason?.contains("`as: .secondsSince1970`") == true)
        }
        let foundation = try JSONDecoder().decode(Coded<Date>.self, from: Data(#"{"v":1714559400}"#.utf8)).v
        #expect(try NodeDecoder().decode(Coded<Date>.self, from: node).v == foundation)
        #expect(foundation == Date(timeIntervalSinceReferenceDate: 1_714_559_400))
    }
}

import Foundation
import Genome
import Testing

// @NonConformingFloat: NaN and the infinities as strings for one property, both ways (CodableWrappers'
// @NonConformingFloatCoding), whatever the coder's strategy, and in the static-decode API.

private enum Python: NonConformingFloatSpelling {
    static let positiveInfinity = "inf"
    static let negativeInfinity = "-inf"
    static let nan = "nan"
}

// CodableWrappers' README example, in Genome's spelling, with a spelling of one's own beside the built-in one.
private struct Measurement: Codable, Equatable {
    @NonConformingFloat<NonConformingFloatSpellings.JavaScript> var value: Double
    @NonConformingFloat<Python> var ratio: Double
}

@Suite struct NonConformingFloatTests {
    let decoder = NodeDecoder()

    @Test func eachSpellingIsReadAndWrittenBack() throws {
        let json = #"{"value": "Infinity", "ratio": "nan"}"#
        let measurement = try decoder.decode(Measurement.self, fromJSON: json)
        #expect(measurement.value == .infinity && measurement.ratio.isNaN)
        #expect(try NodeEncoder().encode(measurement) == ["value": "Infinity", "ratio": "nan"])
        #expect(
            String(decoding: try NodeEncoder().encodeJSON(measurement), as: UTF8.self)
                == #"{"value":"Infinity","ratio":"nan"}"#)
        let viaFoundation = try JSONDecoder().decode(Measurement.self, from: Data(json.utf8))
        #expect(viaFoundation == measurement)
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(
            String(decoding: try encoder.encode(measurement), as: UTF8.self) == #"{"ratio":"nan","value":"Infinity"}"#)
    }

    @Test(arguments: [
        (#""-Infinity""#, #""-inf""#, -Double.infinity, -Double.infinity), ("2.5", "-0.5", 2.5, -0.5),
        (#""NaN""#, #""inf""#, Double.nan, Double.infinity), ("1e308", "0", 1e308, 0),
    ])
    func numbersAndTheThreeStringsAreRead(value: String, ratio: String, expectedValue: Double, expectedRatio: Double)
        throws
    {
        let json = #"{"value": \#(value), "ratio": \#(ratio)}"#
        let expected = Measurement(value: expectedValue, ratio: expectedRatio)
        let measurement = try decoder.decode(Measurement.self, fromJSON: json)
        #expect(measurement == expected)
        #expect(try JSONDecoder().decode(Measurement.self, from: Data(json.utf8)) == expected)
        #expect(try decoder.decode(Measurement.self, from: NodeEncoder().encode(measurement)) == expected)
    }

    @Test(arguments: [#""inf""#, #""infinity""#, #""nan""#, #""""#, "true", "null", "[1]"])
    func anythingElseThrows(value: String) {
        let json = #"{"value": \#(value), "ratio": 1}"#
        #expect(throws: DecodingError.self) { try decoder.decode(Measurement.self, fromJSON: json) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Measurement.self, from: Data(json.utf8)) }
    }

    @Test func theCodersStrategiesDoNotApplyToTheProperty() throws {
        var lenient = NodeDecoder()
        lenient.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+Inf", negativeInfinity: "-Inf", nan: "NotANumber")
        do {
            _ = try lenient.decode(Measurement.self, fromJSON: #"{"value": "+Inf", "ratio": 1}"#)
            Issue.record("expected an error")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["value"])
            #expect(
                context.debugDescription
                    == #"Expected a number, "Infinity", "-Infinity" or "NaN" but found the string "+Inf"."#)
        }
        #expect(try lenient.decode(Measurement.self, fromJSON: #"{"value": "NaN", "ratio": 1}"#).value.isNaN)
    }

    @Test func inAnArrayOfModels() throws {
        let json = #"[{"value": 1, "ratio": "-inf"}, {"value": "NaN", "ratio": 0.25}]"#
        let measurements = try decoder.decode([Measurement].self, fromJSON: json)
        #expect(measurements == [Measurement(value: 1, ratio: -.infinity), Measurement(value: .nan, ratio: 0.25)])
        #expect(
            try NodeEncoder().encode(measurements) == [
                ["value": 1, "ratio": "-inf"], ["value": "NaN", "ratio": 0.25],
            ])
    }

    @Test func theStaticDecodeAPIReadsAndWritesTheSameSpellings() throws {
        let json = try Node(json: #"{"a": "-inf", "b": 3, "c": "Infinity"}"#)
        let a: NonConformingFloat<Python> = try json.decode("a")
        let b: NonConformingFloat<Python> = try json.decode("b")
        #expect(a.wrappedValue == -.infinity && b.wrappedValue == 3)
        #expect(try a.makeNode() == "-inf" && b.makeNode() == 3)
        #expect(throws: TypeMismatchError.self) { try json.decode("c") as NonConformingFloat<Python> }
    }
}

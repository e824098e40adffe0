import Foundation
import Genome
import Testing

// @LenientBool: a Bool from "yes"/"no", "1"/"0", "true"/"false" in any case and 0/1, as MetaCodable's ValueCoder
// reads one, under NodeDecoder, JSONDecoder and the static-decode API.

private struct Subscription: Codable, Equatable {
    @LenientBool var isActive: Bool
    @LenientBool var autoRenews: Bool
}

@Suite struct LenientBoolTests {
    let decoder = NodeDecoder()

    @Test func theExampleReadsYesAndNoInAnyCase() throws {
        let (subscription, report) = try RecoveryReport.collect {
            try decoder.decode(Subscription.self, fromJSON: #"{"isActive": "Yes", "autoRenews": "NO"}"#)
        }
        #expect(subscription == Subscription(isActive: true, autoRenews: false))
        #expect(report.map(\.formattedPath) == ["isActive", "autoRenews"])
        #expect(
            report.first?.description
                == "value coerced at isActive: typeMismatch: Expected to decode Bool but found a string instead.")
        #expect(try NodeEncoder().encode(subscription) == ["isActive": true, "autoRenews": false])
    }

    @Test(arguments: [
        (#""yes""#, true), (#""YES""#, true), (#""True""#, true), (#""1""#, true), ("1", true), ("true", true),
        (#""no""#, false), (#""nO""#, false), (#""FALSE""#, false), (#""0""#, false), ("0", false), ("false", false),
    ])
    func everySpellingReadsAsItsBool(text: String, value: Bool) throws {
        let json = #"{"isActive": \#(text), "autoRenews": true}"#
        #expect(try decoder.decode(Subscription.self, fromJSON: json).isActive == value)
        let data = Data(json.utf8)
        #expect(try JSONDecoder().decode(Subscription.self, from: data).isActive == value)
    }

    @Test(arguments: [#""maybe""#, "2", "0.5", #""""#, #"" yes""#, "null", "[true]", "{}"])
    func anythingElseIsATypeMismatchOrMissingValue(text: String) throws {
        let json = #"{"isActive": \#(text), "autoRenews": true}"#
        #expect(throws: DecodingError.self) { try decoder.decode(Subscription.self, fromJSON: json) }
        #expect(throws: DecodingError.self) { try JSONDecoder().decode(Subscription.self, from: Data(json.utf8)) }
    }

    @Test func aRealBoolIsNotReportedAndAMissingKeyThrows() throws {
        let (subscription, report) = try RecoveryReport.collect {
            try decoder.decode(Subscription.self, fromJSON: #"{"isActive": true, "autoRenews": false}"#)
        }
        #expect(subscription == Subscription(isActive: true, autoRenews: false) && report.isEmpty)
        #expect(throws: DecodingError.self) { try decoder.decode(Subscription.self, fromJSON: #"{"isActive": 1}"#) }
    }

    @Test func inAnArrayEachPathIsReportedUnderBothDecoders() throws {
        let json = #"[{"isActive": "y", "autoRenews": 0}]"#
        #expect(throws: DecodingError.self) { try decoder.decode([Subscription].self, fromJSON: json) }
        let good = #"[{"isActive": true, "autoRenews": false}, {"isActive": "yes", "autoRenews": 0}]"#
        let (first, nodeReport) = try RecoveryReport.collect { try decoder.decode([Subscription].self, fromJSON: good) }
        let (second, jsonReport) = try RecoveryReport.collect {
            try JSONDecoder().decode([Subscription].self, from: Data(good.utf8))
        }
        #expect(first == second && first.map(\.isActive) == [true, true])
        #expect(nodeReport.map(\.formattedPath) == ["[1].isActive", "[1].autoRenews"])
        #expect(jsonReport.map(\.formattedPath) == ["[1].isActive", "[1].autoRenews"])
        let encoded = try JSONEncoder().encode(second)
        #expect(try JSONDecoder().decode([Subscription].self, from: encoded) == second)
    }

    @Test func theStaticDecodeAPIReadsTheSameSpellings() throws {
        let json = try Node(json: #"{"a": "Yes", "b": false, "c": "nope"}"#)
        var report = RecoveryReport()
        let a: LenientBool = try RecoveryReport.collect(into: &report) { try json.decode("a") }
        let b: LenientBool = try json.decode("b")
        #expect(a.wrappedValue && !b.wrappedValue)
        #expect(report.map(\.kind) == [.valueCoerced])
        #expect(try a.makeNode() == true)
        do {
            _ = try json.decode("c") as LenientBool
            Issue.record("expected an error")
        } catch let error as TypeMismatchError {
            #expect(error.path.formattedPath == "c")
        }
    }
}

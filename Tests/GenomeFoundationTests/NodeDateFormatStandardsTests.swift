import Foundation
import Genome
import GenomeFoundation
import Testing

// The date formats BetterCodable names that NodeDateFormat did not have: a calendar day, RFC 2822 and RFC 3339,
// per property through DateValue and in the static-decode API.

private let mayNoon = Date(timeIntervalSince1970: 1_714_566_600)  // 2024-05-01T12:30:00Z
private let mayDay = Date(timeIntervalSince1970: 1_714_521_600)  // 2024-05-01T00:00:00Z

// BetterCodable's README example, in Genome's spelling: a model with a day, an e-mail date and an internet date.
private struct Release: Codable, Equatable {
    @DateValue<NodeDateFormat.YearMonthDay> var day: Date
    @DateValue<NodeDateFormat.RFC2822> var published: Date
    @DateValue<NodeDateFormat.RFC3339> var updated: Date
}

private struct Archive: Codable, Equatable {
    let releases: [Release]
    @OptionalDateValue<NodeDateFormat.YearMonthDay> var retired: Date?
}

@Suite struct NodeDateFormatStandardsTests {
    let decoder = NodeDecoder()

    @Test func theExampleReadsEachPropertyInItsFormatAndWritesItBack() throws {
        let json = #"""
            {"day": "2024-05-01", "published": "Wed, 01 May 2024 14:30:00 +0200", "updated": "2024-05-01 12:30:00Z"}
            """#
        let release = try decoder.decode(Release.self, fromJSON: json)
        #expect(release == Release(day: mayDay, published: mayNoon, updated: mayNoon))
        #expect(
            try NodeEncoder().encode(release) == [
                "day": "2024-05-01", "published": "Wed, 01 May 2024 12:30:00 +0000", "updated": "2024-05-01T12:30:00Z",
            ])
        #expect(try JSONDecoder().decode(Release.self, from: Data(json.utf8)) == release)
        let again = try JSONDecoder().decode(Release.self, from: JSONEncoder().encode(release))
        #expect(again == release)
    }

    @Test(arguments: [
        ("2024-05-01", 1_714_521_600), ("2024-02-29", 1_709_164_800), ("1969-12-31", -86_400),
        ("0001-01-01", -62_135_596_800), ("9999-12-31", 253_402_214_400),
    ])
    func aDayIsMidnightUTC(text: String, seconds: Int) throws {
        let date = try NodeDateFormat.yearMonthDay.date(from: .string(text))
        #expect(date == Date(timeIntervalSince1970: Double(seconds)))
        #expect(try NodeDateFormat.yearMonthDay.node(from: date) == .string(text))
        #expect(try NodeDateFormat.yearMonthDay.node(from: date.addingTimeInterval(86_399.9)) == .string(text))
    }

    @Test(arguments: [
        ("Wed, 01 May 2024 12:30:00 +0000", 1_714_566_600), ("1 May 2024 12:30 GMT", 1_714_566_600),
        ("wed, 01 may 2024 12:30:00 ut", 1_714_566_600), ("Wed, 01 May 2024 05:30:00 PDT", 1_714_566_600),
        ("Wed, 01 May 2024 08:00:00 -0430", 1_714_566_600), ("Thu, 02 May 2024 00:15:30 +1145", 1_714_566_630),
        ("Sat, 31 Dec 1966 23:59:60 Z", -94_694_400), ("Mon,  1 Jan  2024 00:00:00   EST", 1_704_085_200),
    ])
    func anRFC2822DateReadsItsZone(text: String, seconds: Int) throws {
        #expect(try NodeDateFormat.rfc2822.date(from: .string(text)) == Date(timeIntervalSince1970: Double(seconds)))
    }

    @Test(arguments: [
        ("2024-05-01T12:30:00Z", 1_714_566_600.0), ("2024-05-01t12:30:00z", 1_714_566_600),
        ("2024-05-01 14:30:00+02:00", 1_714_566_600), ("2024-05-01T12:30:00.250Z", 1_714_566_600.25),
    ])
    func anRFC3339DateTakesASpaceAndLowercaseLetters(text: String, seconds: Double) throws {
        #expect(try NodeDateFormat.rfc3339.date(from: .string(text)) == Date(timeIntervalSince1970: seconds))
    }

    @Test func writingGivesUTCInEachFormat() throws {
        let date = Date(timeIntervalSince1970: 1_714_566_600.75)
        #expect(try NodeDateFormat.rfc2822.node(from: date) == "Wed, 01 May 2024 12:30:00 +0000")
        #expect(try NodeDateFormat.rfc3339.node(from: date) == "2024-05-01T12:30:00.750Z")
        #expect(try NodeDateFormat.yearMonthDay.node(from: date) == "2024-05-01")
        let beforeEpoch = Date(timeIntervalSince1970: -1.5)
        #expect(try NodeDateFormat.rfc2822.node(from: beforeEpoch) == "Wed, 31 Dec 1969 23:59:58 +0000")
        #expect(try NodeDateFormat.yearMonthDay.node(from: beforeEpoch) == "1969-12-31")
    }

    @Test(arguments: [
        ("yearMonthDay", "2023-02-29"), ("yearMonthDay", "2024-5-1"), ("yearMonthDay", "2024-05-01T00:00:00Z"),
        ("yearMonthDay", "2024-13-01"), ("yearMonthDay", "+2024-05-01"), ("rfc2822", "Wed, 31 Apr 2024 12:30:00 +0000"),
        ("rfc2822", "Fri, 01 May 24 12:30:00 GMT"), ("rfc2822", "Wed 01 May 2024 12:30:00 GMT"),
        ("rfc2822", "Wed, 01 May 2024 24:00:00 GMT"), ("rfc2822", "Wed, 01 Mai 2024 12:30:00 GMT"),
        ("rfc2822", "Wed, 01 May 2024 12:30:00 +02:00"), ("rfc2822", "Wed, 01 May 2024 12:30:00 CET"),
        ("rfc2822", "Wed, 01 May 2024 12:30:00"), ("rfc3339", "2024-05-01"), ("rfc3339", "2024-05-01_12:30:00Z"),
        ("rfc3339", "2024-05-01 12:30:00"),
    ])
    func aStringNotInTheFormatIsAnError(format: String, text: String) throws {
        let formats = ["yearMonthDay": NodeDateFormat.yearMonthDay, "rfc2822": .rfc2822, "rfc3339": .rfc3339]
        let expectations = [
            "yearMonthDay": "a date in the format yyyy-MM-dd", "rfc2822": "an RFC 2822 date",
            "rfc3339": "an RFC 3339 date",
        ]
        do {
            _ = try formats[format]!.date(from: .string(text))
            Issue.record("expected an error for \(text)")
        } catch let error as TypeMismatchError {
            #expect(error.reason == "which is not \(expectations[format]!)")
        }
    }

    @Test func aWrongValueInAModelIsDataCorruptedAtItsPathUnderBothDecoders() throws {
        let json = #"{"releases": [{"day": "2024-05-01", "published": 1714566600, "updated": "2024-05-01T12:30:00Z"}]}"#
        for decode in [
            { try NodeDecoder().decode(Archive.self, fromJSON: json) },
            { try JSONDecoder().decode(Archive.self, from: Data(json.utf8)) },
        ] {
            do {
                _ = try decode()
                Issue.record("expected an error")
            } catch let DecodingError.dataCorrupted(context) {
                #expect(context.codingPath.map(\.stringValue) == ["releases", "Index 0", "published"])
                #expect(
                    context.debugDescription == "Expected a date but found a number, which is not an RFC 2822 date.")
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func anOptionalDayIsNilWhenMissingOrNull() throws {
        let empty = try decoder.decode(Archive.self, fromJSON: #"{"releases": [], "retired": null}"#)
        #expect(empty.retired == nil && empty.releases.isEmpty)
        let retired = try decoder.decode(Archive.self, fromJSON: #"{"releases": [], "retired": "2024-05-01"}"#)
        #expect(retired.retired == mayDay)
        #expect(try NodeEncoder().encode(retired)["retired"] == "2024-05-01")
    }

    @Test func theStaticDecodeAPIUsesTheSameFormats() throws {
        let json = try Node(json: #"{"day": "2024-05-01", "mail": "Wed, 01 May 2024 12:30:00 GMT", "bad": "May 1"}"#)
        let day: Date = try json.decode("day", as: .yearMonthDay)
        let mail: Date = try json.decode("mail", as: .rfc2822)
        #expect(day == mayDay && mail == mayNoon)
        #expect {
            try json.decode("bad", as: .rfc2822) as Date
        } throws: { error in
            "\(error)".contains(#"expected Date but found a string: "May 1", which is not an RFC 2822 date"#)
        }
    }
}

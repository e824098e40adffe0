import Foundation
import GenomeFoundation
import Testing

// Date in Genome's own protocols: the default format, every NodeDateFormat, the calls that choose one per field,
// and the errors for malformed dates.

private let whole = Date(timeIntervalSince1970: 1_700_000_000)  // 2023-11-14T22:13:20Z
private let quarter = Date(timeIntervalSince1970: 1_700_000_000.25)  // 2023-11-14T22:13:20.250Z

/// The description of the error `body` throws, which must be a `TypeMismatchError`.
private func mismatch<T>(_ body: () throws -> T) -> String? {
    #expect(throws: TypeMismatchError.self) { _ = try body() }.map(String.init(describing:))
}

extension NodeDateFormat {
    /// A date inside an object: `{"seconds": 1700000000}`.
    fileprivate static let tagged = NodeDateFormat.custom("a tagged date") { node in
        try Date(timeIntervalSince1970: node.decode("seconds"))
    } write: { date in
        ["seconds": try date.makeNode(as: .secondsSince1970)]
    }
}

private struct TaggedEvent: NodeDecodable {
    let at: Date
    static func decode(_ json: Node) throws -> TaggedEvent { try TaggedEvent(at: json.decode("at", as: .tagged)) }
}

@Suite struct NodeDateFormatTests {
    // MARK: Date on its own

    @Test func aDateReadsISO8601Strings() throws {
        #expect(try Date.decode("2023-11-14T22:13:20Z") == whole)
        #expect(try Date.decode("2023-11-14T22:13:20.250Z") == quarter)
        #expect(try Date.decode("2023-11-15T00:13:20+02:00") == whole)
        #expect(try Date.decode("2023-11-14T20:13:20.250-02:00") == quarter)
    }

    @Test func aNumberNeedsAFormatThatSaysWhatItCounts() {
        // Seconds since 1970 or 2001, or milliseconds: a guess would be a wrong date with no error.
        for number: Node in [1_700_000_000, 1_700_000_000.25, -86_400, 1_714_559_400_000] {
            let error = #expect(throws: TypeMismatchError.self) { try Date.decode(number) }
            #expect(
                error?.reason
                    == "which does not say its unit: decode it with `as: .secondsSince1970` or "
                    + "`as: .millisecondsSince1970`")
        }
    }

    @Test func aCountMustGiveADateInTheYears1To9999() throws {
        // A millisecond timestamp read as seconds would be in the year 56,302.
        #expect(
            mismatch { try NodeDateFormat.secondsSince1970.date(from: 1_714_559_400_000) }
                == "TypeMismatchError at (root): expected Date but found a number: 1714559400000, which as a number of "
                + "seconds since 1970 is after the year 9999 (a count of milliseconds needs `.millisecondsSince1970`)")
        #expect(
            mismatch { try NodeDateFormat.millisecondsSince1970.date(from: -1e17) }
                == "TypeMismatchError at (root): expected Date but found a number: -1e+17, which as a number of "
                + "milliseconds since 1970 is before the year 1")
        // The first and last seconds of the range are dates (Foundation's calendar is Julian before 1582).
        let first = try NodeDateFormat.secondsSince1970.date(from: -62_135_769_600)
        let last = try NodeDateFormat.secondsSince1970.date(from: 253_402_300_799.999)
        #expect(try first.makeNode() == "0001-01-01T00:00:00Z")
        #expect(try last.makeNode() == "9999-12-31T23:59:59.999Z")
        #expect(throws: TypeMismatchError.self) { try NodeDateFormat.secondsSince1970.date(from: 253_402_300_800) }
        #expect(throws: TypeMismatchError.self) { try NodeDateFormat.secondsSince1970.date(from: -62_135_769_601) }
    }

    @Test func aDateWritesISO8601InUTCWithMillisecondsOnlyWhenItHasThem() throws {
        #expect(try whole.makeNode() == "2023-11-14T22:13:20Z")
        #expect(try quarter.makeNode() == "2023-11-14T22:13:20.250Z")
        #expect(try Date(timeIntervalSince1970: -1.5).makeNode() == "1969-12-31T23:59:58.500Z")
        // Less than half a millisecond is rounded away, and so is the fraction.
        #expect(try Date(timeIntervalSince1970: 1_700_000_000.0004).makeNode() == "2023-11-14T22:13:20Z")
        #expect(try Date(timeIntervalSince1970: 1_700_000_000.9996).makeNode() == "2023-11-14T22:13:21Z")
    }

    @Test func writingRoundsMillisecondsWhereFoundationCutsThem() throws {
        // 1 700 000 000 123 milliseconds is a hair below .123 as a `Date`; Foundation's formatter writes ".122".
        let read = try NodeDateFormat.millisecondsSince1970.date(from: 1_700_000_000_123)
        #expect(read.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true)).hasSuffix(".122Z"))
        #expect(try read.makeNode() == "2023-11-14T22:13:20.123Z")
        #expect(try read.makeNode(as: .iso8601WithFractionalSeconds) == "2023-11-14T22:13:20.123Z")
    }

    @Test func datesRoundTripThroughMakeNodeToTheMillisecond() throws {
        for seconds in [0, 1_700_000_000, 1_700_000_000.25, 1_700_000_000.123, -1.5, 4_102_444_800.999] {
            let date = Date(timeIntervalSince1970: seconds)
            let back = try Date.decode(date.makeNode())
            #expect(abs(back.timeIntervalSince1970 - seconds) < 0.000_5, "\(seconds)")
            #expect(try back.makeNode() == date.makeNode(), "writing again gives the same text")
        }
        let now = Date()
        for format in [NodeDateFormat.default, .iso8601, .iso8601WithFractionalSeconds, .millisecondsSince1970] {
            let back = try format.date(from: format.node(from: now))
            #expect(abs(back.timeIntervalSince(now)) < 0.000_5)
        }
        // Seconds keep every digit of `timeIntervalSince1970`, which is itself off by rounding from the date's own
        // count since 2001.
        let seconds = try NodeDateFormat.secondsSince1970.date(from: NodeDateFormat.secondsSince1970.node(from: now))
        #expect(abs(seconds.timeIntervalSince(now)) < 0.000_001)
    }

    @Test func malformedDatesAreTypeMismatchesThatSayWhichFormatWasExpected() {
        #expect(
            mismatch { try Date.decode("yesterday") }
                == #"TypeMismatchError at (root): expected Date but found a string: "yesterday", which is not an ISO 8601 date"#
        )
        #expect(
            mismatch { try Date.decode(true) }
                == "TypeMismatchError at (root): expected Date but found a bool: true, which is not an ISO 8601 date")
        #expect(mismatch { try Date.decode(nil) } == "TypeMismatchError at (root): expected Date but found null")
        let error = #expect(throws: TypeMismatchError.self) { try Date.decode("2024-05-01") }
        #expect(error?.expectedType == "Date")
        #expect(error?.receivedKind == .string)
        #expect(error?.reason == "which is not an ISO 8601 date")
        #expect(error?.object == "2024-05-01")
    }

    @Test func iso8601IsStrict() {
        let rejected = [
            "2024-05-01",  // no time
            "2024-05-01T12:30:00",  // no time zone
            "2024-05-01 12:30:00Z",  // no T
            "2024-05-01T12:30:00Z tomorrow",  // more after the date
            "2024-05-01T12:30:00.Z",  // a point without digits
            "2023-02-29T12:30:00Z",  // not a leap year
            "2024-13-01T12:30:00Z",
            "2024-05-32T12:30:00Z",
            "2024-05-01T24:00:00Z",
            "2024-05-01T12:60:00Z",
            "2024-05-01T12:30:61Z",
            "20240501T123000Z",
            " 2024-05-01T12:30:00Z",
            "",
        ]
        for text in rejected {
            #expect(throws: TypeMismatchError.self, "\(text)") { try NodeDateFormat.iso8601.date(from: .string(text)) }
        }
        #expect(throws: Never.self) { try NodeDateFormat.iso8601.date(from: "2024-02-29T23:59:59.999Z") }
        #expect(throws: Never.self) { try NodeDateFormat.iso8601.date(from: "2024-05-01T12:30:00+0200") }
    }

    // MARK: Every format

    @Test func iso8601ReadsOnlyStrings() throws {
        #expect(try NodeDateFormat.iso8601.date(from: "2023-11-14T22:13:20.25Z") == quarter)
        #expect(try NodeDateFormat.iso8601.node(from: whole) == "2023-11-14T22:13:20Z")
        #expect(try NodeDateFormat.iso8601.node(from: quarter) == "2023-11-14T22:13:20.250Z")
        #expect(
            mismatch { try NodeDateFormat.iso8601.date(from: 1_700_000_000) }
                == "TypeMismatchError at (root): expected Date but found a number: 1700000000, which is not an "
                + "ISO 8601 date")
    }

    @Test func iso8601WithFractionalSecondsAlwaysWritesMilliseconds() throws {
        let format = NodeDateFormat.iso8601WithFractionalSeconds
        #expect(try format.node(from: whole) == "2023-11-14T22:13:20.000Z")
        #expect(try format.node(from: quarter) == "2023-11-14T22:13:20.250Z")
        #expect(try format.date(from: "2023-11-14T22:13:20Z") == whole)
        #expect(try format.date(from: "2023-11-14T22:13:20.250Z") == quarter)
    }

    @Test func secondsSince1970() throws {
        let format = NodeDateFormat.secondsSince1970
        #expect(try format.date(from: 1_700_000_000) == whole)
        #expect(try format.date(from: 1_700_000_000.25) == quarter)
        #expect(try format.node(from: whole) == .number(.int(1_700_000_000)), "a whole second is an integer")
        #expect(try format.node(from: whole).serialized() == "1700000000")
        #expect(try format.node(from: quarter) == .number(.double(1_700_000_000.25)))
        #expect(
            mismatch { try format.date(from: "2023-11-14T22:13:20Z") }
                == #"TypeMismatchError at (root): expected Date but found a string: "2023-11-14T22:13:20Z", which is "#
                + "not a number of seconds since 1970")
        #expect(throws: TypeMismatchError.self) { try format.date(from: .number(.double(.infinity))) }
    }

    @Test func millisecondsSince1970() throws {
        let format = NodeDateFormat.millisecondsSince1970
        #expect(try format.date(from: 1_700_000_000_000) == whole)
        #expect(try format.date(from: 1_700_000_000_250) == quarter)
        #expect(try format.date(from: 1_700_000_000_250.0) == quarter)
        #expect(try format.date(from: 1_700_000_000_123) == Date(timeIntervalSince1970: 1_700_000_000.123))
        #expect(try format.node(from: quarter) == .number(.int(1_700_000_000_250)))
        #expect(try format.node(from: Date(timeIntervalSince1970: 0.000_6)) == 1, "rounded to whole milliseconds")
        #expect(
            mismatch { try format.date(from: "soon") }
                == #"TypeMismatchError at (root): expected Date but found a string: "soon", which is not a number of "#
                + "milliseconds since 1970")
    }

    @Test func formattedWithADateFormatter() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd HH:mm"
        let format = NodeDateFormat.formatted(formatter)
        let date = Date(timeIntervalSince1970: 1_700_000_000 - 20)
        #expect(try format.date(from: "2023-11-14 22:13") == date)
        #expect(try format.node(from: date) == "2023-11-14 22:13")
        #expect(
            mismatch { try format.date(from: "14/11/2023") }
                == #"TypeMismatchError at (root): expected Date but found a string: "14/11/2023", which is not a "#
                + #"date in the format "yyyy-MM-dd HH:mm""#)

        // The error quotes the formatter's pattern as it is when the error happens.
        formatter.dateFormat = "dd.MM.yyyy"
        #expect(try format.node(from: date) == "14.11.2023")
        #expect(
            mismatch { try format.date(from: 3) }
                == #"TypeMismatchError at (root): expected Date but found a number: 3, which is not a date in the "#
                + #"format "dd.MM.yyyy""#)
    }

    @Test func formattedWithAFormatStyle() throws {
        let format = NodeDateFormat.formatted(Date.ISO8601FormatStyle().year().month().day())
        let day = Date(timeIntervalSince1970: 1_709_164_800)
        #expect(try format.date(from: "2024-02-29") == day)
        #expect(try format.node(from: day) == "2024-02-29")
        #expect(
            mismatch { try format.date(from: "29.02.2024") }
                == #"TypeMismatchError at (root): expected Date but found a string: "29.02.2024", which is not a "#
                + "date in the format style's format")

        let verbatim = NodeDateFormat.formatted(
            Date.VerbatimFormatStyle(
                format: "\(day: .twoDigits)/\(month: .twoDigits)/\(year: .defaultDigits)", timeZone: .gmt,
                calendar: Calendar(identifier: .gregorian)))
        #expect(try verbatim.node(from: day) == "29/02/2024")
        #expect(try verbatim.date(from: "29/02/2024") == day)
    }

    @Test func customFormats() throws {
        struct Unreadable: Error {}
        let days = NodeDateFormat.custom("a number of days since 1970") { node in
            if node == "boom" { throw Unreadable() }
            return (try? Int.decode(node)).map { Date(timeIntervalSince1970: Double($0) * 86_400) }
        } write: { date in
            Node(Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
        }
        #expect(try days.date(from: 2) == Date(timeIntervalSince1970: 172_800))
        #expect(try days.node(from: Date(timeIntervalSince1970: 200_000)) == 2)
        #expect(
            mismatch { try days.date(from: 1.5) }
                == "TypeMismatchError at (root): expected Date but found a number: 1.5, which is not a number of "
                + "days since 1970")
        #expect(mismatch { try days.date(from: nil) } == "TypeMismatchError at (root): expected Date but found null")
        #expect(throws: Unreadable.self) { try days.date(from: "boom") }

        // A Genome error thrown from a custom reader gains its path.
        let json: Node = ["events": [["at": ["seconds": 1]], ["at": ["sec": 2]]]]
        let error = #expect(throws: MissingKeyError.self) { let _: [TaggedEvent] = try json.decode("events") }
        #expect(error?.formattedPath == "events[1].at")
        #expect(try NodeDateFormat.tagged.node(from: whole) == ["seconds": 1_700_000_000])
    }

    // MARK: Choosing a format per field

    @Test func decodeAsAFormat() throws {
        let json: Node = ["created": 1_700_000_000_250, "updated": nil, "history": [1_700_000_000_000, nil]]
        let created: Date = try json.decode("created", as: .millisecondsSince1970)
        #expect(created == quarter)
        let updated: Date? = try json.decode("updated", as: .millisecondsSince1970)
        #expect(updated == nil)
        let history: [Date?] = try json.decode("history", as: .millisecondsSince1970)
        #expect(history == [whole, nil])
        #expect(throws: MissingKeyError.self) { let _: Date? = try json.decode("deleted", as: .iso8601) }
        #expect(throws: TypeMismatchError.self) { let _: Date = try json.decode("updated", as: .iso8601) }

        let maybe: Date? = try json.decodeIfPresent("deleted", as: .iso8601)
        #expect(maybe == nil)
        let null: Date? = try json.decodeIfPresent("updated", as: .iso8601)
        #expect(null == nil)
        let present: Date? = try json.decodeIfPresent("created", as: .millisecondsSince1970)
        #expect(present == quarter)
        let error = #expect(throws: TypeMismatchError.self) {
            let _: Date? = try json.decodeIfPresent("created", as: .iso8601)
        }
        #expect(error?.formattedPath == "created")
        #expect(throws: TypeMismatchError.self, "a step into a number still throws") {
            let _: Date? = try json.decodeIfPresent("created", "at", as: .iso8601)
        }
    }

    @Test func theFormatIsAFunctionForParse() throws {
        let json: Node = ["meta": ["created": 1_700_000_000_000]]
        let date = try parse(
            json: json, path: ["meta", "created"], decode: NodeDateFormat.millisecondsSince1970.date(from:))
        #expect(date == whole)
    }

    @Test func collectionsOfDatesCarryTheirPaths() throws {
        let json: Node = [
            "samples": [1_700_000_000_000, 1_700_000_000_250],
            "byName": ["start": "2023-11-14T22:13:20Z", "end": "later"],
            "series": [[1_700_000_000_000], [1_700_000_000_000, "x"]],
        ]
        let samples: [Date] = try json.decode("samples", as: .millisecondsSince1970)
        #expect(samples == [whole, quarter])
        #expect(try samples.makeNode(as: .millisecondsSince1970) == json["samples"])
        #expect(try samples.makeNode() == ["2023-11-14T22:13:20Z", "2023-11-14T22:13:20.250Z"])

        let byName = #expect(throws: TypeMismatchError.self) {
            let _: [String: Date] = try json.decode("byName", as: .iso8601)
        }
        #expect(byName?.formattedPath == "byName.end")
        #expect(byName?.rootObject == json)
        let series = #expect(throws: TypeMismatchError.self) {
            let _: [[Date]] = try json.decode("series", as: .millisecondsSince1970)
        }
        #expect(
            series?.description
                == #"TypeMismatchError at series[1][1]: expected Date but found a string: "x", which is not a number "#
                + "of milliseconds since 1970")
        #expect(throws: TypeMismatchError.self) { let _: [Date] = try json.decode("byName", as: .iso8601) }
        #expect(throws: TypeMismatchError.self) { let _: [String: Date] = try json.decode("samples", as: .iso8601) }

        let dictionary = ["b": whole, "a": quarter]
        #expect(try dictionary.makeNode(as: .secondsSince1970) == ["a": 1_700_000_000.25, "b": 1_700_000_000])
        #expect(try [whole, nil].makeNode(as: .secondsSince1970) == [1_700_000_000, nil])
    }

    @Test func formatsAreSendable() async throws {
        let format = NodeDateFormat.millisecondsSince1970
        let dates = try await withThrowingTaskGroup(of: Date.self) { group in
            for index in 0..<8 {
                group.addTask { try format.date(from: Node(1_700_000_000_000 + index)) }
            }
            return try await group.reduce(into: []) { $0.append($1) }
        }
        #expect(dates.count == 8)
    }

    // MARK: The Codable strategies share the same code

    @Test func codableStrategiesShareTheStrictParserAndTheRoundedMilliseconds() throws {
        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(throws: DecodingError.self) {
            try decoder.decode(Date.self, from: Node.string("2023-11-14T22:13:20Z tomorrow"))
        }
        #expect(throws: DecodingError.self) { try decoder.decode(Date.self, from: Node.string("2023-02-30T22:13:20Z")) }
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let read = try decoder.decode(Date.self, from: 1_700_000_000_123)
        var encoder = NodeEncoder()
        encoder.dateEncodingStrategy = .iso8601WithFractionalSeconds
        #expect(try encoder.encode(read) == "2023-11-14T22:13:20.123Z")
        encoder.dateEncodingStrategy = .iso8601
        #expect(try encoder.encode(read) == "2023-11-14T22:13:20Z")
        #expect(try encoder.encode(Date(timeIntervalSince1970: 1_700_000_000.9996)) == "2023-11-14T22:13:20Z")
    }
}

import Foundation
import Genome
import GenomeFoundation
import Testing

// DateValue and OptionalDateValue: a format per Codable property, with NodeDecoder and with Foundation's coders.

private let may = Date(timeIntervalSince1970: 1_714_566_600)  // 2024-05-01T12:30:00Z

private struct Event: Codable, Equatable {
    @DateValue<NodeDateFormat.MillisecondsSince1970> var created: Date
    @DateValue<NodeDateFormat.ISO8601> var updated: Date
    @DateValue<NodeDateFormat.SecondsSince1970> var seen: Date
    @OptionalDateValue<NodeDateFormat.ISO8601WithFractionalSeconds> var closed: Date?
}

private enum Tagged: DateValueFormat {
    static let format = NodeDateFormat.custom("a tagged date") { node in
        try Date(timeIntervalSince1970: node.decode("seconds"))
    } write: { date in
        ["seconds": try date.makeNode(as: .secondsSince1970)]
    }
}

private struct Stamp: Codable, Equatable {
    @DateValue<Tagged> var at: Date
}

/// Date wrappers in a model with nested keys, at a path and at a plain key.
private struct Account: Codable, Equatable {
    @DateValue<NodeDateFormat.ISO8601> var opened: Date
    @OptionalDateValue<NodeDateFormat.ISO8601> var closed: Date?
    @OptionalDateValue<NodeDateFormat.SecondsSince1970> var audited: Date?

    enum CodingKeys: String, NestedCodingKey {
        case opened = "dates.opened"
        case closed = "dates.closed"
        case audited
    }
}

struct DateValueTests {
    let json = #"{"created": 1714566600000, "updated": "2024-05-01T12:30:00Z", "seen": 1714566600}"#

    @Test func optionalDateValuesWorkInANestedCodingKeyModel() throws {
        let missing = try NodeDecoder().decode(
            Account.self, fromJSON: #"{"dates": {"opened": "2024-05-01T12:30:00Z"}}"#)
        #expect(missing == Account(opened: may, closed: nil, audited: nil))
        let present = try NodeDecoder().decode(
            Account.self,
            fromJSON:
                #"{"dates": {"opened": "2024-05-01T12:30:00Z", "closed": "2024-05-01T12:30:00Z"}, "audited": 1714566600}"#
        )
        #expect(present == Account(opened: may, closed: may, audited: may))
        #expect(
            try NodeEncoder().encode(present)
                == [
                    "dates": ["opened": "2024-05-01T12:30:00Z", "closed": "2024-05-01T12:30:00Z"],
                    "audited": 1714566600.0,
                ])
    }

    @Test func eachPropertyReadsItsOwnFormat() throws {
        let event = try NodeDecoder().decode(Event.self, fromJSON: json)
        #expect(event.created == may)
        #expect(event.updated == may)
        #expect(event.seen == may)
        #expect(event.closed == nil)
    }

    @Test func theDecodersDateStrategyDoesNotApply() throws {
        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(Event.self, fromJSON: json).created == may)
    }

    @Test func foundationsCodersReadAndWriteTheSame() throws {
        let event = try JSONDecoder().decode(Event.self, from: Data(json.utf8))
        #expect(event == (try NodeDecoder().decode(Event.self, fromJSON: json)))
        let written = try Node(json: Array(JSONEncoder().encode(event)))
        #expect(written == (try NodeEncoder().encode(event)))
        #expect(written["created"] == 1_714_566_600_000)
        #expect(written["updated"] == "2024-05-01T12:30:00Z")
        #expect(written["seen"] == 1_714_566_600)
        #expect(written["closed"] == .null)
    }

    @Test func anOptionalDateIsNilWhenMissingOrNullAndWrittenInItsFormat() throws {
        let missing = try NodeDecoder().decode(Event.self, fromJSON: json)
        #expect(missing.closed == nil)
        var withClosed = try Node(json: json)
        try withClosed.setValue("2024-05-01T12:30:00.250+00:00", at: ["closed"])
        let closed = try NodeDecoder().decode(Event.self, from: withClosed)
        #expect(closed.closed == may.addingTimeInterval(0.25))
        #expect(try NodeEncoder().encode(closed)["closed"] == "2024-05-01T12:30:00.250Z")
        try withClosed.setValue(.null, at: ["closed"])
        #expect(try NodeDecoder().decode(Event.self, from: withClosed).closed == nil)
    }

    @Test func aValueTheFormatCannotReadIsDataCorruptedAtItsPath() throws {
        let bad = #"{"created": 1714566600000, "updated": "yesterday", "seen": 1714566600}"#
        for decode in [
            { try NodeDecoder().decode(Event.self, fromJSON: bad) },
            { try JSONDecoder().decode(Event.self, from: Data(bad.utf8)) },
        ] {
            do {
                _ = try decode()
                Issue.record("expected an error")
            } catch DecodingError.dataCorrupted(let context) {
                #expect(context.codingPath.map(\.stringValue) == ["updated"])
                #expect(
                    context.debugDescription == "Expected a date but found a string, which is not an ISO 8601 date.")
            }
        }
        let milliseconds = #"{"created": 1714566600000, "updated": "2024-05-01T12:30:00Z", "seen": 1714566600000}"#
        do {
            _ = try NodeDecoder().decode(Event.self, fromJSON: milliseconds)
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["seen"])
            #expect(context.debugDescription.contains("millisecondsSince1970"))
        }
    }

    @Test func missingAndNullAreTheErrorsOfAnyNonOptionalProperty() {
        #expect {
            try NodeDecoder().decode(Event.self, fromJSON: #"{"updated": "2024-05-01T12:30:00Z", "seen": 1}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "created"
        }
        #expect {
            try NodeDecoder().decode(
                Event.self, fromJSON: #"{"created": null, "updated": "2024-05-01T12:30:00Z", "seen": 1}"#)
        } throws: { error in
            guard case DecodingError.valueNotFound(_, let context) = error else { return false }
            return context.codingPath.map(\.stringValue) == ["created"]
        }
    }

    @Test func aFormatOfYourOwnRoundTrips() throws {
        let stamp = try NodeDecoder().decode(Stamp.self, fromJSON: #"{"at": {"seconds": 1714566600}}"#)
        #expect(stamp.at == may)
        #expect(try NodeEncoder().encode(stamp) == ["at": ["seconds": 1_714_566_600]])
    }
}

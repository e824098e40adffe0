import Foundation
import GenomeFoundation
import Testing

// Date, Data, URL, UUID and Decimal through NodeDecoder and NodeEncoder, with every strategy, checked against
// what Foundation's JSONDecoder and JSONEncoder make of the same values.

private struct Stamped: Codable, Equatable {
    var at: Date
}

private let referenceDate = Date(timeIntervalSince1970: 1_700_000_000.25)

@Suite struct NodeCoderFoundationStrategyTests {
    // MARK: Dates

    @Test func deferredToDateIsTheDefaultAndMatchesFoundation() throws {
        let node = try NodeEncoder().encode(Stamped(at: referenceDate))
        #expect(node == ["at": .number(.double(referenceDate.timeIntervalSinceReferenceDate))])
        #expect(try NodeDecoder().decode(Stamped.self, from: node) == Stamped(at: referenceDate))
        #expect(try Node(json: JSONEncoder().encode(Stamped(at: referenceDate))) == node)
        #expect(NodeDecoder().dateDecodingStrategy.isDeferred)
    }

    @Test func secondsAndMillisecondsSince1970() throws {
        var encoder = NodeEncoder()
        var decoder = NodeDecoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        decoder.dateDecodingStrategy = .secondsSince1970
        #expect(try encoder.encode(referenceDate) == 1_700_000_000.25)
        #expect(try decoder.decode(Date.self, fromJSON: "1700000000.25") == referenceDate)
        encoder.dateEncodingStrategy = .millisecondsSince1970
        decoder.dateDecodingStrategy = .millisecondsSince1970
        #expect(try encoder.encode(referenceDate) == 1_700_000_000_250.0)
        #expect(try decoder.decode(Date.self, fromJSON: "1700000000250") == referenceDate)
    }

    /// The one deliberate difference from `JSONDecoder` here: a count Genome reads must give a date in the years 1
    /// to 9999, as in `NodeDateFormat` (a millisecond timestamp read as seconds would be the year 56,302;
    /// `JSONDecoder` gives that date). `.deferredToDate` is `Date`'s own `Decodable`, as in Foundation.
    @Test(arguments: ["secondsSince1970", "millisecondsSince1970"])
    func aCountOutsideTheYears1To9999IsDataCorrupted(strategyName: String) throws {
        let strategy: NodeDecoder.DateDecodingStrategy
        let foundationStrategy: JSONDecoder.DateDecodingStrategy
        switch strategyName {
        case "secondsSince1970": (strategy, foundationStrategy) = (.secondsSince1970, .secondsSince1970)
        default: (strategy, foundationStrategy) = (.millisecondsSince1970, .millisecondsSince1970)
        }
        let json = strategy.isMilliseconds ? #"{"at":1714559400000000}"# : #"{"at":1714559400000}"#
        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = strategy
        let error = #expect(throws: DecodingError.self) { try decoder.decode(Stamped.self, fromJSON: json) }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("expected dataCorrupted, got \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["at"])
        #expect(context.debugDescription.contains("is after the year 9999"), "\(context.debugDescription)")

        let foundation = JSONDecoder()
        foundation.dateDecodingStrategy = foundationStrategy
        let faraway = try foundation.decode(Stamped.self, from: Data(json.utf8)).at
        #expect(faraway > Date.distantFuture, "JSONDecoder gives the date")

        // Inside the range, both give the same date.
        let near = strategy.isMilliseconds ? #"{"at":1714559400000}"# : #"{"at":1714559400}"#
        #expect(
            try decoder.decode(Stamped.self, fromJSON: near) == foundation.decode(Stamped.self, from: Data(near.utf8)))
    }

    @Test func iso8601WithAndWithoutFractionalSeconds() throws {
        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(
            try decoder.decode(Date.self, fromJSON: #""2023-11-14T22:13:20Z""#)
                == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(try decoder.decode(Date.self, fromJSON: #""2023-11-14T22:13:20.250Z""#) == referenceDate)
        #expect(
            try decoder.decode(Date.self, fromJSON: #""2023-11-15T00:13:20+02:00""#)
                == Date(timeIntervalSince1970: 1_700_000_000))

        var encoder = NodeEncoder()
        encoder.dateEncodingStrategy = .iso8601
        #expect(try encoder.encode(referenceDate) == "2023-11-14T22:13:20Z")
        encoder.dateEncodingStrategy = .iso8601WithFractionalSeconds
        #expect(try encoder.encode(referenceDate) == "2023-11-14T22:13:20.250Z")

        // JSONEncoder's .iso8601 writes the same text.
        let foundation = JSONEncoder()
        foundation.dateEncodingStrategy = .iso8601
        var plain = NodeEncoder()
        plain.dateEncodingStrategy = .iso8601
        #expect(try Node(json: foundation.encode([referenceDate])) == plain.encode([referenceDate]))
    }

    @Test func malformedDatesReportTheirPath() throws {
        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            _ = try decoder.decode([Stamped].self, fromJSON: #"[{"at": "yesterday"}]"#)
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 0", "at"])
            #expect(context.debugDescription == "Expected date string to be ISO8601-formatted.")
        }
    }

    @Test func formattedAndCustomDates() throws {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "UTC")
        formatter.dateFormat = "yyyy-MM-dd"
        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = .formatted(formatter)
        let day = try decoder.decode(Date.self, fromJSON: #""2024-02-29""#)
        #expect(day == Date(timeIntervalSince1970: 1_709_164_800))
        #expect(throws: DecodingError.self) { try decoder.decode(Date.self, fromJSON: #""29/02/2024""#) }
        var encoder = NodeEncoder()
        encoder.dateEncodingStrategy = .formatted(formatter)
        #expect(try encoder.encode(day) == "2024-02-29")

        decoder.dateDecodingStrategy = .custom { decoder in
            Date(timeIntervalSince1970: Double(try decoder.singleValueContainer().decode(String.self))!)
        }
        #expect(try decoder.decode(Date.self, fromJSON: #""12""#) == Date(timeIntervalSince1970: 12))
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode("t=\(Int(date.timeIntervalSince1970))")
        }
        #expect(try encoder.encode([Date(timeIntervalSince1970: 12)]) == ["t=12"])
        encoder.dateEncodingStrategy = .custom { _, _ in }
        #expect(try encoder.encode([Date()]) == [[:]], "a custom strategy that encodes nothing writes {}")
    }

    // MARK: Data

    @Test func dataIsBase64ByDefaultAsInFoundation() throws {
        let data = Data([0, 1, 2, 253, 254, 255])
        #expect(try NodeEncoder().encode(data) == "AAEC/f7/")
        #expect(try NodeDecoder().decode(Data.self, fromJSON: #""AAEC/f7/""#) == data)
        #expect(try Node(json: JSONEncoder().encode([data])) == NodeEncoder().encode([data]))
        do {
            _ = try NodeDecoder().decode([Data].self, fromJSON: #"["not base64!"]"#)
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 0"])
            #expect(context.debugDescription == "Encountered Data is not valid Base64.")
        }
    }

    @Test func otherDataStrategies() throws {
        let data = Data([7, 8])
        var encoder = NodeEncoder()
        var decoder = NodeDecoder()
        encoder.dataEncodingStrategy = .deferredToData
        decoder.dataDecodingStrategy = .deferredToData
        #expect(try encoder.encode(data) == [7, 8])
        #expect(try decoder.decode(Data.self, fromJSON: "[7, 8]") == data)
        encoder.dataEncodingStrategy = .custom { data, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(data.map { String($0, radix: 16) }.joined())
        }
        decoder.dataDecodingStrategy = .custom { _ in Data([42]) }
        #expect(try encoder.encode(data) == "78")
        #expect(try decoder.decode(Data.self, fromJSON: "null") == Data([42]))
        encoder.dataEncodingStrategy = .base64
        decoder.dataDecodingStrategy = .base64
        #expect(try encoder.encode(data) == "Bwg=")
        #expect(decoder.dataDecodingStrategy.isBase64)
    }

    // MARK: URL, UUID, Decimal

    @Test func urlsAreStrings() throws {
        struct Link: Codable, Equatable { var href: URL }
        let link = Link(href: URL(string: "https://example.com/a?b=c")!)
        let node = try NodeEncoder().encode(link)
        #expect(node == ["href": "https://example.com/a?b=c"])
        #expect(try NodeDecoder().decode(Link.self, from: node) == link)
        #expect(try Node(json: JSONEncoder().encode(link)) == node)
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(Link.self, fromJSON: #"{"href": 1}"#) }
    }

    @Test func uuidsAreStrings() throws {
        let uuid = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!
        #expect(try NodeEncoder().encode([uuid]) == ["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"])
        #expect(try NodeDecoder().decode([UUID].self, fromJSON: #"["E621E1F8-C36C-495A-93FC-0C247A3E6E5F"]"#) == [uuid])
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(UUID.self, fromJSON: #""nope""#) }
    }

    @Test func decimalsAreNumbers() throws {
        #expect(try NodeDecoder().decode(Decimal.self, fromJSON: "12.34") == Decimal(string: "12.34"))
        #expect(
            try NodeDecoder().decode(Decimal.self, fromJSON: "0.1") == Decimal(string: "0.1"),
            "not 0.1000000000000000055511151231257827")
        #expect(try NodeDecoder().decode(Decimal.self, fromJSON: "18446744073709551615") == Decimal(UInt64.max))
        #expect(try NodeDecoder().decode(Decimal.self, fromJSON: "-9223372036854775808") == Decimal(Int64.min))
        #expect(try NodeDecoder().decode(Decimal.self, fromJSON: "1e-7") == Decimal(string: "0.0000001"))
        #expect(
            try NodeDecoder().decode(Decimal.self, fromJSON: "123456789012345") == Decimal(string: "123456789012345"))
        // More than 17 significant digits: an exact number in the node, an exact decimal.
        #expect(
            try NodeDecoder().decode(Decimal.self, fromJSON: "0.1234567890123456789")
                == Decimal(string: "0.1234567890123456789"))
        #expect(
            try NodeEncoder().encodeJSON(Decimal(string: "0.1234567890123456789")!)
                == Array("0.1234567890123456789".utf8))
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(Decimal.self, fromJSON: #""12""#) }

        #expect(try NodeEncoder().encode(Decimal(string: "12.34")!) == 12.34)
        #expect(try NodeEncoder().encode(Decimal(string: "18446744073709551615")!) == .number(.uint(.max)))
        #expect(try String(decoding: NodeEncoder().encodeJSON([Decimal(string: "0.1")!]), as: UTF8.self) == "[0.1]")
    }

    // MARK: Data in, Data out

    @Test func modelsDecodeFromDataAndEncodeToData() throws {
        let data = try NodeEncoder().encodeJSONData(Stamped(at: referenceDate))
        #expect(try NodeDecoder().decode(Stamped.self, fromJSON: data) == Stamped(at: referenceDate))
        #expect(try JSONDecoder().decode(Stamped.self, from: data) == Stamped(at: referenceDate))
        let pretty = try NodeEncoder().encodeJSONData(["a": 1], options: [.prettyPrinted])
        #expect(String(decoding: pretty, as: UTF8.self) == "{\n  \"a\": 1\n}")
    }
}

extension NodeDecoder.DateDecodingStrategy {
    fileprivate var isDeferred: Bool {
        if case .deferredToDate = self { return true }
        return false
    }

    fileprivate var isMilliseconds: Bool {
        if case .millisecondsSince1970 = self { return true }
        return false
    }
}

extension NodeDecoder.DataDecodingStrategy {
    fileprivate var isBase64: Bool {
        if case .base64 = self { return true }
        return false
    }
}

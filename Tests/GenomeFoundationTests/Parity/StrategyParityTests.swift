import Foundation
import Genome
import GenomeFoundation
import Testing

// Every strategy Foundation's JSON coders offer, set alike on both sides.

private let instant = Date(timeIntervalSince1970: 1_000)

@Suite struct DateAndDataStrategyParityTests {
    @Test func deferredToDate() {
        expectSameRoundTrip(instant)
        expectSameRoundTrip([instant])
        expectSameRoundTrip(Date?.some(instant))
    }

    @Test func secondsAndMillisecondsSince1970() {
        #expect(
            expectSameEncoding(instant) {
                $0.genome.dateEncodingStrategy = .secondsSince1970
                $0.foundation.dateEncodingStrategy = .secondsSince1970
            }.map { try? Node(json: $0) } == 1000)
        #expect(
            expectSameEncoding(instant) {
                $0.genome.dateEncodingStrategy = .millisecondsSince1970
                $0.foundation.dateEncodingStrategy = .millisecondsSince1970
            }.map { try? Node(json: $0) } == 1_000_000)
        for json in ["1000", "1000.5", "-1", "1e3", "\"1000\"", "null"] {
            expectSameDecoding(Date.self, from: json) {
                $0.genome.dateDecodingStrategy = .secondsSince1970
                $0.foundation.dateDecodingStrategy = .secondsSince1970
            }
            expectSameDecoding(Date.self, from: json) {
                $0.genome.dateDecodingStrategy = .millisecondsSince1970
                $0.foundation.dateDecodingStrategy = .millisecondsSince1970
            }
        }
    }

    @Test func iso8601() {
        expectSameEncoding([instant]) {
            $0.genome.dateEncodingStrategy = .iso8601
            $0.foundation.dateEncodingStrategy = .iso8601
        }
        for json in [#""1970-01-01T00:16:40Z""#, #""1970-01-01T01:16:40+01:00""#, #""not a date""#, "1000"] {
            expectSameDecoding(Date.self, from: json) {
                $0.genome.dateDecodingStrategy = .iso8601
                $0.foundation.dateDecodingStrategy = .iso8601
            }
        }
    }

    @Test func formatted() {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss"
        expectSameRoundTrip(
            instant,
            encoders: {
                $0.genome.dateEncodingStrategy = .formatted(formatter)
                $0.foundation.dateEncodingStrategy = .formatted(formatter)
            },
            decoders: {
                $0.genome.dateDecodingStrategy = .formatted(formatter)
                $0.foundation.dateDecodingStrategy = .formatted(formatter)
            })
        expectSameDecoding(Date.self, from: #""yesterday""#) {
            $0.genome.dateDecodingStrategy = .formatted(formatter)
            $0.foundation.dateDecodingStrategy = .formatted(formatter)
        }
    }

    @Test func customDateStrategies() {
        let write: @Sendable (Date, any Encoder) throws -> Void = { _, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(42)
        }
        #expect(
            expectSameEncoding(instant) {
                $0.genome.dateEncodingStrategy = .custom(write)
                $0.foundation.dateEncodingStrategy = .custom(write)
            } == "42")
        expectSameEncoding(["at": instant]) {
            $0.genome.dateEncodingStrategy = .custom(write)
            $0.foundation.dateEncodingStrategy = .custom(write)
        }
    }

    @Test func customStrategiesThatEncodeNothingWriteAnEmptyObject() {
        let nothing: @Sendable (Date, any Encoder) throws -> Void = { _, _ in }
        for value in [instant] {
            #expect(
                expectSameEncoding(value) {
                    $0.genome.dateEncodingStrategy = .custom(nothing)
                    $0.foundation.dateEncodingStrategy = .custom(nothing)
                } == "{}")
            expectSameEncoding(Date?.some(value)) {
                $0.genome.dateEncodingStrategy = .custom(nothing)
                $0.foundation.dateEncodingStrategy = .custom(nothing)
            }
            expectSameEncoding(["at": value]) {
                $0.genome.dateEncodingStrategy = .custom(nothing)
                $0.foundation.dateEncodingStrategy = .custom(nothing)
            }
        }
        let noData: @Sendable (Data, any Encoder) throws -> Void = { _, _ in }
        #expect(
            expectSameEncoding(Data([1])) {
                $0.genome.dataEncodingStrategy = .custom(noData)
                $0.foundation.dataEncodingStrategy = .custom(noData)
            } == "{}")
        expectSameEncoding([Data([1])]) {
            $0.genome.dataEncodingStrategy = .custom(noData)
            $0.foundation.dataEncodingStrategy = .custom(noData)
        }
    }

    @Test func aCustomStrategyThatThrowsAfterOpeningAContainer() {
        struct Refused: Error {}
        let refuse: @Sendable (Date, any Encoder) throws -> Void = { _, encoder in
            _ = encoder.unkeyedContainer()
            throw Refused()
        }
        struct Wrapper: Encodable {
            func encode(to encoder: any Encoder) throws {
                var outer = encoder.unkeyedContainer()
                var inner = outer.superEncoder().unkeyedContainer()
                try inner.encode(instant)
            }
        }
        expectSameEncoding(Wrapper()) {
            $0.genome.dateEncodingStrategy = .custom(refuse)
            $0.foundation.dateEncodingStrategy = .custom(refuse)
        }
    }

    @Test func aCustomDecodingStrategyThatThrowsLeavesTheDecoderUsable() {
        struct Refused: Error {}
        let refuse: @Sendable (any Decoder) throws -> Date = { _ in throw Refused() }
        expectSameDecoding(FirstOf<Date, Int>.self, from: "1") {
            $0.genome.dateDecodingStrategy = .custom(refuse)
            $0.foundation.dateDecodingStrategy = .custom(refuse)
        }
    }

    @Test func dataStrategies() {
        let bytes = Data([0xDE, 0xAD, 0xBE, 0xEF])
        #expect(expectSameEncoding(bytes) == #""3q2+7w==""#)
        expectSameRoundTrip(bytes)
        expectSameRoundTrip(
            bytes,
            encoders: {
                $0.genome.dataEncodingStrategy = .deferredToData; $0.foundation.dataEncodingStrategy = .deferredToData
            },
            decoders: {
                $0.genome.dataDecodingStrategy = .deferredToData; $0.foundation.dataDecodingStrategy = .deferredToData
            })
        for json in [#""3q2+7w==""#, #""3q2+7w""#, #""not base64!""#, "[1,2]", "12"] {
            expectSameDecoding(Data.self, from: json)
        }
    }

    @Test func infiniteDatesCannotBeWritten() {
        let never = Date(timeIntervalSince1970: .infinity)
        expectSameEncoding([never])
        expectSameEncoding([never]) {
            $0.genome.dateEncodingStrategy = .secondsSince1970
            $0.foundation.dateEncodingStrategy = .secondsSince1970
        }
        expectSameEncoding([never]) {
            $0.genome.dateEncodingStrategy = .millisecondsSince1970
            $0.foundation.dateEncodingStrategy = .millisecondsSince1970
        }
    }
}

/// Writes one value under a key given at run time.
private struct OneKey: Encodable {
    var key: String
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: AnyKey.self)
        try container.encode("value", forKey: AnyKey(key))
    }
}

/// Reads the key named by the member "expected" under the key strategy.
private struct FindKey: Decodable, Equatable {
    var found: Bool
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: AnyKey.self)
        let name = try container.decode(String.self, forKey: AnyKey("expected"))
        found = try container.decode(Bool.self, forKey: AnyKey(name))
    }
}

@Suite struct KeyStrategyParityTests {
    static let camelCaseKeys = [
        "", "a", "aA", "oneTwo", "myURL", "myURLValue", "thisIsAnXMLProperty", "endsWithX", "version4Thing",
        "partCAPS", "partCAPSLowerAGAIN", "dataPoint22", "dataPoint22Word", "already_snake", "_leading",
        "trailing_", "__both__", "_", "asdfĆqer", "ŠťastnýDen", "e\u{301}Acute", "cafe\u{301}Crème",
        "x\u{301}\u{302}Y\u{303}z", "🐧🐟", "🐧Penguin", "ÀlaCarte", "ǅemal", "ﬁneTuning",
    ]

    @Test(arguments: camelCaseKeys)
    func convertToSnakeCase(key: String) {
        expectSameEncoding(OneKey(key: key)) {
            $0.genome.keyEncodingStrategy = .convertToSnakeCase
            $0.foundation.keyEncodingStrategy = .convertToSnakeCase
        }
        // Byte for byte too: key conversion is about the exact characters.
        var genome = NodeEncoder()
        genome.keyEncodingStrategy = .convertToSnakeCase
        let foundation = JSONEncoder()
        foundation.keyEncodingStrategy = .convertToSnakeCase
        let genomeKeys = (try? genome.encode(OneKey(key: key)).object?.keys).map(Array.init)
        let foundationKeys = (try? Node(json: foundation.encode(OneKey(key: key))).object?.keys).map(Array.init)
        #expect(
            genomeKeys.map { $0.map { Array($0.unicodeScalars) } }
                == foundationKeys.map { $0.map { Array($0.unicodeScalars) } })
    }

    static let snakeCaseKeys: [(snake: String, camel: String)] = [
        ("", ""), ("a", "a"), ("ALLCAPS", "ALLCAPS"), ("ALL_CAPS", "allCaps"), ("snake_case", "snakeCase"),
        ("one_two_three", "oneTwoThree"), ("one_2_three", "one2Three"), ("snake_ćase", "snakeĆase"),
        ("__this_and_that", "__thisAndThat"), ("this__and__that", "thisAndThat"), ("this_aNd_that", "thisAndThat"),
        ("_one_two_", "_oneTwo_"), ("_", "_"), ("___", "___"), ("🐧_🐟", "🐧🐟"), ("e\u{301}_acute", "e\u{301}Acute"),
    ]

    @Test(arguments: snakeCaseKeys.indices)
    func convertFromSnakeCase(index: Int) {
        let (snake, camel) = Self.snakeCaseKeys[index]
        let json = try! Node.object(
            Node.Object([(key: "expected", value: .string(camel)), (key: snake, value: Node.bool(true))])
        ).serialized()
        expectSameDecoding(FindKey.self, from: json) {
            $0.genome.keyDecodingStrategy = .convertFromSnakeCase
            $0.foundation.keyDecodingStrategy = .convertFromSnakeCase
        }
    }

    @Test func dictionaryKeysAreNotConverted() {
        expectSameEncoding(["leaveMeAlone": 1]) {
            $0.genome.keyEncodingStrategy = .convertToSnakeCase
            $0.foundation.keyEncodingStrategy = .convertToSnakeCase
        }
        expectSameDecoding([String: Int].self, from: #"{"leave_me_alone":1}"#) {
            $0.genome.keyDecodingStrategy = .convertFromSnakeCase
            $0.foundation.keyDecodingStrategy = .convertFromSnakeCase
        }
        expectSameDecoding([String: Int].self, from: #"{"leave_me_alone":"x"}"#) {
            $0.genome.keyDecodingStrategy = .convertFromSnakeCase
            $0.foundation.keyDecodingStrategy = .convertFromSnakeCase
        }
    }

    @Test func errorPathsUnderAKeyStrategy() {
        struct Inner: Codable, Equatable { var intValue: Int }
        struct Outer: Codable, Equatable { var nestedValue: Inner }
        expectSameDecoding(
            [String: [String: Outer]].self,
            from: #"{"top_level":{"sub_level":{"nested_value":{"int_value":"nope"}}}}"#
        ) {
            $0.genome.keyDecodingStrategy = .convertFromSnakeCase
            $0.foundation.keyDecodingStrategy = .convertFromSnakeCase
        }
        struct Failing: Encodable { var someValue = Double.nan }
        expectSameEncoding(["key": ["sub_key": Failing()]]) {
            $0.genome.keyEncodingStrategy = .convertToSnakeCase
            $0.foundation.keyEncodingStrategy = .convertToSnakeCase
        }
    }

    @Test func customKeyStrategiesSeeTheSwiftPath() {
        struct Leaf: Encodable { var helloWorld = "x" }
        struct Middle: Encodable { var nestedValue = Leaf() }
        struct Top: Encodable { var outerValue = Middle() }
        let prefix: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            AnyKey(path.map(\.stringValue).joined(separator: "/") + "!")
        }
        expectSameEncoding(Top()) {
            $0.genome.keyEncodingStrategy = .custom(prefix)
            $0.foundation.keyEncodingStrategy = .custom(prefix)
        }
        let dropFour: @Sendable ([any CodingKey]) -> any CodingKey = { path in
            let key = path.last!.stringValue
            return key.count > 4 ? AnyKey(String(key.dropFirst(4))) : path.last!
        }
        struct Hello: Decodable, Equatable { var hello: String }
        expectSameDecoding(Hello.self, from: #"{"----hello":"test"}"#) {
            $0.genome.keyDecodingStrategy = .custom(dropFour)
            $0.foundation.keyDecodingStrategy = .custom(dropFour)
        }
    }

    @Test func twoMembersConvertedToOneKey() {
        struct Counted: Codable, Equatable {
            enum CodingKeys: String, CodingKey { case oneTwo, oneTwoThree }
            var oneTwo = "x"
            var keyCount = 0
            init() {}
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: CodingKeys.self)
                oneTwo = try container.decode(String.self, forKey: .oneTwo)
                keyCount = container.allKeys.count
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(oneTwo, forKey: .oneTwo)
                try container.encode("y", forKey: .oneTwoThree)
            }
        }
        let same: @Sendable ([any CodingKey]) -> any CodingKey = { _ in AnyKey("oneTwo") }
        expectSameDecoding(Counted.self, from: #"{"first":"a","second":"b"}"#) {
            $0.genome.keyDecodingStrategy = .custom(same)
            $0.foundation.keyDecodingStrategy = .custom(same)
        }
        expectSameDecoding(Counted.self, from: #"{"one_two":"a","oneTwo":"b"}"#) {
            $0.genome.keyDecodingStrategy = .convertFromSnakeCase
            $0.foundation.keyDecodingStrategy = .convertFromSnakeCase
        }
        expectSameEncoding(Counted()) {
            $0.genome.keyEncodingStrategy = .custom(same)
            $0.foundation.keyEncodingStrategy = .custom(same)
        }
    }
}

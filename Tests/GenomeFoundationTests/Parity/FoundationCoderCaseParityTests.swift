import Foundation
import Genome
import GenomeFoundation
import Testing

// Cases Foundation's own JSON coder tests exercise, written for Genome's parity harness: each runs through both
// coders and expects the same outcome.

@Suite struct FoundationCoderCaseParityTests {
    /// A missing key reached through `superDecoder(forKey:)` is `valueNotFound` when read, which a model may
    /// catch.
    @Test func aSuperDecoderForAMissingKeyReportsValueNotFound() {
        struct Optionally: Decodable, Equatable {
            enum CodingKeys: String, CodingKey { case a, nope }
            var a: Bool
            var nope: String?
            init(from decoder: any Decoder) throws {
                let keyed = try decoder.container(keyedBy: CodingKeys.self)
                a = try keyed.decode(Bool.self, forKey: .a)
                do {
                    nope = try keyed.superDecoder(forKey: .nope).singleValueContainer().decode(String.self)
                } catch DecodingError.valueNotFound {
                    nope = nil
                }
            }
        }
        expectSameDecoding(Optionally.self, from: #"{"a":true}"#)
        expectSameDecoding(Optionally.self, from: #"{"a":true,"nope":"here"}"#)
    }

    /// A container, or the top-level decoder, kept by the model and read after `init(from:)` returned.
    @Test func containersAndTheTopLevelDecoderCanBeReadLater() throws {
        struct KeepsContainer: Decodable {
            var container: any UnkeyedDecodingContainer
            init(from decoder: any Decoder) throws { container = try decoder.unkeyedContainer() }
            func first() throws -> Int {
                var copy = container
                return try copy.decode(Int.self)
            }
        }
        struct KeepsDecoder: Decodable {
            var decoder: any Decoder
            init(from decoder: any Decoder) throws { self.decoder = decoder }
            func first() throws -> Int {
                var unkeyed = try decoder.unkeyedContainer()
                return try unkeyed.decode(Int.self)
            }
        }
        let json = "[42]"
        #expect(try NodeDecoder().decode(KeepsContainer.self, fromJSON: json).first() == 42)
        #expect(try JSONDecoder().decode(KeepsContainer.self, from: Data(json.utf8)).first() == 42)
        #expect(try NodeDecoder().decode(KeepsDecoder.self, fromJSON: json).first() == 42)
        #expect(try JSONDecoder().decode(KeepsDecoder.self, from: Data(json.utf8)).first() == 42)
    }

    /// Super encoders in keyed and unkeyed containers take their place where they were asked for.
    @Test func superEncodersTakeTheirPlaces() {
        struct SuperEncoding: Encodable {
            enum CodingKeys: String, CodingKey { case firstSuper, secondSuper, unkeyed }
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: CodingKeys.self)
                var first = keyed.superEncoder(forKey: .firstSuper).singleValueContainer()
                var second = keyed.superEncoder(forKey: .secondSuper).singleValueContainer()
                try first.encode("First")
                try second.encode("Second")
                var unkeyed = keyed.nestedUnkeyedContainer(forKey: .unkeyed)
                try unkeyed.encode(0)
                let one = unkeyed.superEncoder()
                let two = unkeyed.superEncoder()
                try unkeyed.encode(42)
                var oneValue = one.singleValueContainer()
                var twoValue = two.singleValueContainer()
                try oneValue.encode("First")
                try twoValue.encode("Second")
            }
        }
        #expect(
            expectSameEncoding(SuperEncoding()).map { try? Node(json: $0) }
                == ["firstSuper": "First", "secondSuper": "Second", "unkeyed": [0, "First", "Second", 42]])
    }

    /// A custom strategy that opens a container and then throws leaves both encoders usable, and the error
    /// passes through.
    @Test func aStrategyThatThrowsAfterOpeningAContainer() {
        struct Wrapper<Value: Encodable>: Encodable {
            var value: Value
            func encode(to encoder: any Encoder) throws {
                var outer = encoder.unkeyedContainer()
                var inner = outer.superEncoder().unkeyedContainer()
                try inner.encode(value)
            }
        }
        struct Refused: Error {}
        expectSameEncoding(Wrapper(value: Date(timeIntervalSince1970: 0))) {
            let strategy: @Sendable (Date, any Encoder) throws -> Void = { _, encoder in
                _ = encoder.unkeyedContainer()
                throw Refused()
            }
            $0.genome.dateEncodingStrategy = .custom(strategy)
            $0.foundation.dateEncodingStrategy = .custom(strategy)
        }
        expectSameEncoding(Wrapper(value: Data([1]))) {
            let strategy: @Sendable (Data, any Encoder) throws -> Void = { _, encoder in
                _ = encoder.unkeyedContainer()
                throw Refused()
            }
            $0.genome.dataEncodingStrategy = .custom(strategy)
            $0.foundation.dataEncodingStrategy = .custom(strategy)
        }
    }

    /// A strategy that throws while decoding leaves the decoder usable for the next candidate.
    @Test func aDecodingStrategyThatThrowsLeavesTheDecoderUsable() {
        struct Refused: Error {}
        expectSameDecoding(FirstOf<Date, Int>.self, from: "1") {
            $0.genome.dateDecodingStrategy = .custom { _ in throw Refused() }
            $0.foundation.dateDecodingStrategy = .custom { _ in throw Refused() }
        }
    }

    @Test func keyedThenUnkeyedNestingRoundTrips() {
        struct Level1: Codable, Equatable {
            struct Level2: Codable, Equatable { var name: String }
            enum CodingKeys: String, CodingKey { case level2 }
            var level2: Level2
            init(level2: Level2) { self.level2 = level2 }
            init(from decoder: any Decoder) throws {
                var nested = try decoder.container(keyedBy: CodingKeys.self).nestedUnkeyedContainer(forKey: .level2)
                level2 = try nested.decode(Level2.self)
            }
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: CodingKeys.self)
                var nested = keyed.nestedUnkeyedContainer(forKey: .level2)
                try nested.encode(level2)
            }
        }
        expectSameRoundTrip(Level1(level2: .init(name: "level2")))
    }

    @Test func escapesAndControlCharactersRead() {
        for json in [
            #""\/test\/path""#, #""\\/test\\/path""#, #""\u00e9\u2265""#, #""42\u00e942\u226542""#, #""\uD834\uDD1E""#,
            #""\u0000\u0001\b\t\n\u000b\f\r\u001f""#, #""abc\u0000def""#,
        ] {
            expectSameDecoding(String.self, from: json)
        }
        for json in [#""\uD834""#, #""\uD834hello""#, #""\uD834\u1221""#, #""\uD8""#, #"["\h\e\l\l\o"]"#] {
            expectSameDecoding([String].self, from: json.hasPrefix("[") ? json : "[\(json)]")
        }
    }

    @Test func fragmentsWithGarbageAndWhitespace() {
        for json in ["tru_", "fals_", " ", ""] { expectSameDecoding(Bool.self, from: json) }
        expectSameDecoding(Bool?.self, from: "nul_")
        expectSameDecoding([String: Bool].self, from: "{\"v\"\n : true}")
        expectSameDecoding([String: Bool].self, from: "{\"v\"\r\n : true}")
        expectSameDecoding([String: Bool].self, from: "{\"v\"\r : true}")
        // A slice of a larger buffer reads only its own bytes.
        let slice = Data("3.141596".utf8)[0..<4]
        expectSameDecoding(Double.self, from: slice)
    }

    /// Foundation's JSONDecoder accepts one trailing comma by default; Genome reads RFC 8259 strictly and accepts
    /// it only with `allowsTrailingCommas` (or JSON5): a documented difference.
    @Test func trailingCommasAreADocumentedDifference() throws {
        let json = #"{"key" : [ true, ],}"#
        #expect(try JSONDecoder().decode([String: [Bool]].self, from: Data(json.utf8)) == ["key": [true]])
        #expect(throws: DecodingError.self) { try NodeDecoder().decode([String: [Bool]].self, fromJSON: json) }
        var lenient = NodeDecoder()
        lenient.readingOptions.allowsTrailingCommas = true
        #expect(try lenient.decode([String: [Bool]].self, fromJSON: json) == ["key": [true]])
    }
}

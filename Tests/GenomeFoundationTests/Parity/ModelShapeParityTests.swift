import Foundation
import Genome
import GenomeFoundation
import Testing

// Every shape of model, top-level and nested, through both coders: the same JSON out, the same values back.

@Suite struct ModelShapeParityTests {
    @Test func emptyStructAndClassEncodeAsEmptyObjects() {
        #expect(expectSameEncoding(Nothing()) == "{}")
        #expect(expectSameEncoding(NothingClass()) == "{}")
        expectSameRoundTrip(Nothing())
        expectSameRoundTrip(NothingClass())
    }

    @Test func singleValueTypesAtTheTop() {
        expectSameRoundTrip(Light.on)
        expectSameRoundTrip(Light.off)
        expectSameRoundTrip(Seconds(1_700_000_000.5))
        expectSameRoundTrip(Tally(42))
        #expect(expectSameEncoding(Light.on) == "true")
    }

    @Test func structuredTypesAtTheTop() {
        expectSameRoundTrip(PostalAddress())
        expectSameRoundTrip(PostalAddress(unit: "3B"))
        expectSameRoundTrip(Primes())
        expectSameRoundTrip(Lookup(["alpha": 1, "beta": 2]))
        expectSameRoundTrip(Firm())
    }

    @Test func nullableTypeAtTheTop() {
        #expect(expectSameEncoding(TriState.yes) == "true")
        #expect(expectSameEncoding(TriState.no) == "false")
        #expect(expectSameEncoding(TriState.unknown) == "null")
        expectSameRoundTrip(TriState.unknown)
        expectSameDecoding(TriState.self, from: "null")
        expectSameDecoding(TriState?.self, from: "null")
    }

    @Test func collectionsAtTheTop() {
        #expect(expectSameEncoding([1, 2, 3]) == "[1,2,3]")
        #expect(expectSameEncoding([Int]()) == "[]")
        #expect(expectSameEncoding([String: Int]()) == "{}")
        expectSameRoundTrip([[1], [], [2, 3]])
        expectSameRoundTrip(["a": [1: "one"]])  // Int-keyed dictionaries code as arrays of pairs
        expectSameRoundTrip([Int?.none, 1, nil])
        expectSameRoundTrip(Set(["x"]))
    }

    @Test func optionalsAtEveryLevel() {
        expectSameRoundTrip(Int?.some(3))
        expectSameDecoding(Int?.self, from: "null")
        expectSameDecoding([String: Int?].self, from: #"{"a":null,"b":1}"#)
        expectSameDecoding([[Int?]].self, from: "[[null,1],[]]")
        #expect(expectSameEncoding(Int?.none) == "null")
    }

    @Test func nestedModelsKeepTheirPaths() {
        expectSameDecoding(
            Firm.self,
            from:
                #"{"address":{"street":"a","city":"b","postcode":1,"country":"c"},"staff":[{"name":"n","email":"e"}]}"#)
        expectSameDecoding(
            Firm.self, from: #"{"address":{"street":"a","city":"b","postcode":"1","country":"c"},"staff":[]}"#)
        expectSameDecoding(Firm.self, from: #"{"address":null,"staff":[]}"#)
        expectSameDecoding(Firm.self, from: #"{"staff":[]}"#)
    }

    @Test func delayedUseOfAContainer() throws {
        // A model may keep a container and read from it after `init(from:)` returns.
        struct Deferred: Decodable {
            var elements: any UnkeyedDecodingContainer
            init(from decoder: any Decoder) throws { elements = try decoder.unkeyedContainer() }
            func first() throws -> Int {
                var copy = elements
                return try copy.decode(Int.self)
            }
        }
        #expect(try NodeDecoder().decode(Deferred.self, fromJSON: "[42]").first() == 42)
        #expect(try JSONDecoder().decode(Deferred.self, from: Data("[42]".utf8)).first() == 42)
    }

    @Test func repeatedNilChecksDoNotAdvance() {
        struct NilProbe: Decodable, Equatable {
            var values: [Int] = []
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                while !container.isAtEnd {
                    if try container.decodeNil() { continue }
                    _ = try container.decodeNil()  // asked twice: still not nil, still not consumed
                    values.append(try container.decode(Int.self))
                }
            }
        }
        expectSameDecoding(NilProbe.self, from: "[1, null, 2, 3]")
    }
}

@Suite struct DropInSpellingTests {
    @Test func decodeFromDataIsJSONDecodersSpelling() throws {
        let data = Data(#"{"street":"Main","city":"Springfield","postcode":12345,"country":"US"}"#.utf8)
        let genome = try NodeDecoder().decode(PostalAddress.self, from: data)
        let foundation = try JSONDecoder().decode(PostalAddress.self, from: data)
        #expect(genome == foundation)
        let inferred: PostalAddress = try NodeDecoder().decode(from: data)
        #expect(inferred == foundation)
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(PostalAddress.self, from: Data("{".utf8)) }
    }
}

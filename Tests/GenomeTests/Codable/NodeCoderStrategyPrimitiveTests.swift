import Genome
import Testing

// Per-type strategies for the primitives the containers have overloads for (Bool, String, the numbers): they
// apply in keyed and unkeyed containers, in arrays and at the top, as they do for any other type.

/// The strategy from the `setDecodingStrategy(_:)` documentation.
private struct LenientBool: NodeDecodingStrategy {
    func decode(from decoder: any Decoder) throws -> Bool {
        let container = try decoder.singleValueContainer()
        if let string = try? container.decode(String.self) { return string == "true" }
        return try container.decode(Bool.self)
    }
}

/// Shouts every string, so that a test sees that it ran.
private struct ShoutedString: NodeDecodingStrategy {
    func decode(from decoder: any Decoder) throws -> String {
        try decoder.singleValueContainer().decode(String.self).uppercased()
    }
}

/// Negates every `Bool`.
private struct NegatedBool: NodeDecodingStrategy {
    func decode(from decoder: any Decoder) throws -> Bool {
        try !decoder.singleValueContainer().decode(Bool.self)
    }
}

/// Writes every `Int` as a string.
private struct IntAsString: NodeEncodingStrategy {
    func encode(_ value: Int, to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(String(value))
    }
}

private struct Flags: Codable, Equatable {
    var on: Bool
    var maybe: Bool?
    var list: [Bool]
    var count: Int
    var counts: [Int]
}

@Suite struct PrimitiveStrategyTests {
    @Test func aDecodingStrategyForBoolAppliesEverywhere() throws {
        var decoder = NodeDecoder()
        decoder.setDecodingStrategy(LenientBool())
        let json = #"{"on":"true","maybe":"false","list":["true",false,"no"],"count":1,"counts":[2]}"#
        let flags = try decoder.decode(Flags.self, fromJSON: json)
        #expect(flags == Flags(on: true, maybe: false, list: [true, false, false], count: 1, counts: [2]))
        #expect(try decoder.decode(Bool.self, fromJSON: #""true""#))
        #expect(try decoder.decode([String: Bool].self, fromJSON: #"{"a":"true"}"#) == ["a": true])

        // Without the strategy, a string is not a Bool.
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(Flags.self, fromJSON: json) }
        decoder.removeDecodingStrategy(for: Bool.self)
        #expect(throws: DecodingError.self) { try decoder.decode(Flags.self, fromJSON: json) }
    }

    @Test func aStrategyRunsForValuesThatAreAlreadyOfItsType() throws {
        // The keyed containers read a string or a boolean straight from the document when no strategy applies;
        // with one, every value of its type goes through it, present, optional or in an array.
        struct Record: Decodable, Equatable {
            var name: String
            var nick: String?
            var on: Bool
            var off: Bool?
            var tags: [String]
        }
        var decoder = NodeDecoder()
        decoder.setDecodingStrategy(ShoutedString())
        decoder.setDecodingStrategy(NegatedBool())
        let json = #"{"name":"rover","nick":"ro","on":true,"off":false,"tags":["a","b"]}"#
        #expect(
            try decoder.decode(Record.self, fromJSON: json)
                == Record(name: "ROVER", nick: "RO", on: false, off: true, tags: ["A", "B"]))
        #expect(
            try NodeDecoder().decode(Record.self, fromJSON: json)
                == Record(name: "rover", nick: "ro", on: true, off: false, tags: ["a", "b"]))
    }

    @Test func anUnkeyedContainerAppliesTheStrategy() throws {
        struct Pair: Decodable, Equatable {
            var first: Bool
            var second: Bool?
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                first = try container.decode(Bool.self)
                second = try container.decodeIfPresent(Bool.self)
            }
        }
        var decoder = NodeDecoder()
        decoder.setDecodingStrategy(LenientBool())
        let pair = try decoder.decode(Pair.self, fromJSON: #"["true","false"]"#)
        #expect(pair.first && pair.second == false)
    }

    @Test func anEncodingStrategyForIntAppliesEverywhere() throws {
        var encoder = NodeEncoder()
        encoder.setEncodingStrategy(IntAsString())
        let node = try encoder.encode(Flags(on: true, maybe: nil, list: [], count: 3, counts: [4, 5]))
        #expect(node == ["on": true, "list": [], "count": "3", "counts": ["4", "5"]])
        #expect(try encoder.encode(7) == "7")
        #expect(try encoder.encode(["k": 8]) == ["k": "8"])
        encoder.removeEncodingStrategy(for: Int.self)
        #expect(try encoder.encode(7) == 7)
    }
}

// One decoder reads every input: `NodeDecoder.decode(_:fromJSON:)` the tape the reader writes for the bytes,
// `decode(_:from: Node)` the tape written from the node (JSONTape+Node.swift). Both must give the same value or the
// same error, message and coding path included, for every model and input: these cases reach every container
// operation, what needs a `Node` (a `Node` member, a strategy, a `CustomNodeDecodable` type, `superDecoder()`) and
// documents with repeated keys.

import Testing

@testable import Genome

private struct Inner: Codable, Equatable {
    var id: Int
    var tags: [String]
    var score: Double?
}

private struct Outer: Codable, Equatable {
    var name: String
    var inner: Inner
    var list: [Inner]
    var map: [String: Int]
    var raw: Node
    var flag: Bool
    var small: Int8
    var big: UInt64
    var ratio: Float
}

private enum Colour: String, Codable { case red, green }

/// Reads everything through the containers by hand: nested keyed and unkeyed containers, `decodeNil`,
/// `allKeys`, `contains`, `superDecoder` and `genomeNode`.
private struct Manual: Decodable, Equatable {
    var keys: [String]
    var hasMissing: Bool
    var first: Int
    var nils: Int
    var nested: [String]
    var superName: String
    var node: Node?
    var colour: Colour

    enum Keys: String, CodingKey { case a, b, c, missing, colour }
    enum NestedKeys: String, CodingKey { case x }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        keys = container.allKeys.map(\.stringValue).sorted()
        hasMissing = container.contains(.missing)
        var unkeyed = try container.nestedUnkeyedContainer(forKey: .a)
        first = try unkeyed.decode(Int.self)
        nils = 0
        while !unkeyed.isAtEnd {
            if try unkeyed.decodeNil() { nils += 1 } else { _ = try unkeyed.decode(Node.self) }
        }
        let nested = try container.nestedContainer(keyedBy: NestedKeys.self, forKey: .b)
        var inner = try nested.nestedUnkeyedContainer(forKey: .x)
        var strings: [String] = []
        while !inner.isAtEnd { strings.append(try inner.decode(String.self)) }
        self.nested = strings
        superName = try String(from: container.superDecoder(forKey: .c))
        node = decoder.genomeNode
        colour = try container.decode(Colour.self, forKey: .colour)
    }
}

/// Asks its object for the keys in `userInfo[.lookupOrder]`, in that order, and keeps what each gave: how a model
/// that skips members, goes back, asks twice or asks for a key that is not there meets the keyed container's
/// lookups.
private struct KeysInOrder: Decodable, Equatable {
    var found: [Int?]

    init(from decoder: any Decoder) throws {
        let order = decoder.userInfo[.lookupOrder] as? [String] ?? []
        let container = try decoder.container(keyedBy: AnyCodingKey.self)
        found = try order.map { try container.decodeIfPresent(Int.self, forKey: AnyCodingKey($0)) }
    }
}

extension CodingUserInfoKey {
    fileprivate static let lookupOrder = CodingUserInfoKey(rawValue: "lookupOrder")!
}

/// Decodes `text` both ways and expects the same outcome.
private func expectSameOutcome<T: Decodable & Equatable>(
    _ type: T.Type, _ text: String, decoder: NodeDecoder = NodeDecoder(),
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let fromTape = Result { try decoder.decode(T.self, fromJSON: text) }
    // From a node: read as `decode(_:fromJSON:)` reads, a syntax error wrapped as it wraps one.
    let fromNode = Result {
        let node: Node
        do throws(JSONSyntaxError) { node = try Node(json: text, options: decoder.readingOptions) } catch {
            throw CodingErrors.invalidJSON(error)
        }
        return try decoder.decode(T.self, from: node)
    }
    switch (fromTape, fromNode) {
    case (.success(let a), .success(let b)):
        // Described, so that NaN matches NaN.
        #expect(a == b || "\(a)" == "\(b)", "\(text)", sourceLocation: sourceLocation)
    case (.failure(let a), .failure(let b)):
        #expect("\(a)" == "\(b)", "\(text)", sourceLocation: sourceLocation)
    default:
        Issue.record("\(text): \(fromTape) against \(fromNode)", sourceLocation: sourceLocation)
    }
}

@Suite struct TapeDecoderTests {
    static let outer = """
        {"name":"n","inner":{"id":1,"tags":["a","b"],"score":null},"list":[{"id":2,"tags":[]},{"id":3,"tags":["\\u00e9"],"score":1.5}],
         "map":{"x":1,"y":2},"raw":{"any":[1,{"z":null}]},"flag":true,"small":-8,"big":18446744073709551615,"ratio":0.5}
        """

    @Test func modelsDecodeFromBytesAsFromTheirNode() throws {
        expectSameOutcome(Outer.self, Self.outer)
        let value = try NodeDecoder().decode(Outer.self, fromJSON: Self.outer)
        #expect(value.list[1].tags == ["é"] && value.big == .max && value.raw["any"]?[1]?["z"] == .null)
    }

    @Test(arguments: [
        #"{"name":1}"#,
        #"{"name":"n","inner":{"id":"1","tags":[]}}"#,
        #"{"name":"n","inner":{"id":1,"tags":["a",2]}}"#,
        #"{"name":"n","inner":{"id":1.5,"tags":[]}}"#,
        #"{"name":"n","inner":{"id":1,"tags":null}}"#,
        #"{"name":"n","inner":[],"list":[]}"#,
        #"{"name":"n","inner":{"id":1,"tags":[]},"list":[{"id":2,"tags":[]},{"tags":[]}]}"#,
        #"{"name":"n","inner":{"id":1,"tags":[]},"list":[],"map":{"x":"1"}}"#,
        #"{"name":"n","inner":{"id":1,"tags":[]},"list":[],"map":{},"raw":1,"flag":1}"#,
        #"{"name":"n","inner":{"id":1,"tags":[]},"list":[],"map":{},"raw":1,"flag":true,"small":300}"#,
        #"{"name":"n","inner":{"id":1,"tags":[]},"list":[],"map":{},"raw":1,"flag":true,"small":1,"big":-1}"#,
        #"{"name":"n","inner":{"id":1,"tags":[]},"list":[],"map":{},"raw":1,"flag":true,"small":1,"big":1,"ratio":1e300}"#,
        #"[1]"#, "null", "1", #""x""#, "{", #"{"name":"a\u0000"#, #"{"name":"n","name":1}"#,
    ])
    func errorsAreTheSameFromBytesAndFromANode(_ text: String) {
        expectSameOutcome(Outer.self, text)
        expectSameOutcome(Inner?.self, text)
        expectSameOutcome([Inner].self, text)
        expectSameOutcome([String: Node].self, text)
    }

    @Test func keysAreFoundInAnyOrderPastSkippedMembers() throws {
        // Members to look up, `k0` to `k7`, with others between them whose values are containers to step over.
        let text = """
            {"k0":0,"s0":{"a":[1,{"b":2}]},"k1":1,"k2":2,"s1":[[],{}],"k3":3,"k4":4,"s2":"x","k5":5,"s3":{},"k6":6,"k7":7}
            """
        let members = Dictionary(uniqueKeysWithValues: (0..<8).map { ("k\($0)", $0) })
        // The members, and keys the object lacks (some of them prefixes or extensions of its keys).
        let names = members.keys.sorted() + ["s", "k8", "k", "k00"]
        var random = SeededGenerator(seed: 0x6B65_7973)
        var orders = [names, names.reversed(), ["k7", "k0", "k6", "k1"], ["k2", "k2", "k8", "k2", "k5", "k3"]]
        for _ in 0..<200 {
            orders.append(
                (0..<Int.random(in: 1...12, using: &random)).map { _ in names.randomElement(using: &random)! })
        }
        for order in orders {
            var decoder = NodeDecoder()
            decoder.userInfo[.lookupOrder] = order
            let expected = order.map { members[$0] }
            let decoded = try decoder.decode(KeysInOrder.self, fromJSON: text)
            #expect(decoded.found == expected, "\(order)")
            expectSameOutcome(KeysInOrder.self, text, decoder: decoder)
        }
    }

    @Test func containerOperationsMatchFromEitherInput() {
        let text = #"{"colour":"red","a":[7,null,{"q":1},null],"b":{"x":["p","q"]},"c":"sup"}"#
        expectSameOutcome(Manual.self, text)
        expectSameOutcome(Manual.self, #"{"colour":"blue","a":[7],"b":{"x":[]},"c":"s"}"#)
        expectSameOutcome(Manual.self, #"{"colour":"red","a":[],"b":{"x":[]},"c":"s"}"#)
        expectSameOutcome(Manual.self, #"{"colour":"red","a":[1],"b":{"x":[1]},"c":"s"}"#)
        expectSameOutcome(Manual.self, #"{"colour":"red","a":[1],"b":{"y":[]}}"#)
        expectSameOutcome(Manual.self, #"{"colour":"red","a":{},"b":{"x":[]}}"#)
    }

    @Test func scalarsAtTheTopLevel() {
        for text in [
            "1", "-0", "1.5", "1e400", #""s""#, "true", "null", "[]", "{}", "18446744073709551616",
            "9.9999999999999999",
        ] {
            expectSameOutcome(Int.self, text)
            expectSameOutcome(Double.self, text)
            expectSameOutcome(String.self, text)
            expectSameOutcome(Bool?.self, text)
            expectSameOutcome(UInt64.self, text)
            expectSameOutcome(Node.self, text)
            expectSameOutcome([Int].self, text)
        }
    }

    @Test func everySettingDecodesAlikeFromEitherInput() {
        var strategies = NodeDecoder()
        strategies.nonConformingFloatDecodingStrategy = .convertFromString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        expectSameOutcome([Double].self, #"[1, "+inf", "-inf", 2.5]"#, decoder: strategies)
        expectSameOutcome(Inner.self, #"{"id":1,"tags":[],"score":"+inf"}"#, decoder: strategies)

        var lenient = NodeDecoder()
        lenient.readingOptions = .lenient
        expectSameOutcome([Double].self, "[1, NaN, /* c */ 2,]", decoder: lenient)

        var snake = NodeDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        expectSameOutcome(Inner.self, #"{"id":1,"tags":[]}"#, decoder: snake)

        // Repeated keys: the reader keeps the last value at the first position, from bytes as in a node.
        expectSameOutcome(Inner.self, #"{"id":1,"tags":[],"id":2}"#)
        #expect((try? NodeDecoder().decode(Inner.self, fromJSON: #"{"id":1,"tags":[],"id":2}"#))?.id == 2)
    }

    @Test func stringsComeOutAsTheyWentIn() throws {
        // Strings are made without validating their UTF-8 a second time, with the ASCII flag worked out word by
        // word: every length around the 8-byte words and the 15-byte small strings, all ASCII or with one
        // multi-byte character at each place, escaped or not.
        var strings: [String] = []
        for length in 0...40 {
            let ascii = String(repeating: "a", count: length)
            strings.append(ascii)
            for place in stride(from: 0, through: length, by: 3) {
                strings.append(String(ascii.prefix(place)) + "é" + String(ascii.dropFirst(place)))
                strings.append(String(ascii.prefix(place)) + "\n😀" + String(ascii.dropFirst(place)))
            }
        }
        let json = try Node.array(strings.map(Node.string)).serializedBytes()
        let decoded = try NodeDecoder().decode([String].self, fromJSON: json)
        #expect(decoded == strings)
        #expect(decoded.map { $0.count } == strings.map { $0.count })
        #expect(decoded.map { $0.utf8.count } == strings.map { $0.utf8.count })
    }

    @Test func containersKeptAfterTheRunStillReadTheDocument() throws {
        // A container holds its frame, the frame its decoder, and the decoder the tape: kept past the decode, they
        // still read the document, and a later decode does not reuse their frames.
        final class Keeper: Decodable, @unchecked Sendable {
            let keyed: KeyedDecodingContainer<Manual.Keys>
            let unkeyed: any UnkeyedDecodingContainer
            init(from decoder: any Decoder) throws {
                keyed = try decoder.container(keyedBy: Manual.Keys.self)
                unkeyed = try keyed.nestedUnkeyedContainer(forKey: .b)
            }
        }
        let kept = try NodeDecoder().decode(Keeper.self, fromJSON: #"{"a":"first","b":[10,20],"c":{"x":"é"}}"#)
        _ = try NodeDecoder().decode(Keeper.self, fromJSON: #"{"a":"other","b":[30],"c":null}"#)
        #expect(try kept.keyed.decode(String.self, forKey: .a) == "first")
        #expect(
            try kept.keyed.nestedContainer(keyedBy: Manual.NestedKeys.self, forKey: .c).decode(String.self, forKey: .x)
                == "é")
        var unkeyed = kept.unkeyed
        #expect(try unkeyed.decode(Int.self) == 10 && unkeyed.decode(Int.self) == 20 && unkeyed.isAtEnd)
    }

    @Test func keptContainersReadACopyOfTheInputNotTheCallersBuffer() throws {
        // The tape reads the caller's buffer in place. A decoder or container kept past the call must read a copy
        // of it: the caller may overwrite or free its buffer as soon as the call returns.
        final class Keeper: Decodable, @unchecked Sendable {
            let decoder: any Decoder
            let keyed: KeyedDecodingContainer<Manual.Keys>
            init(from decoder: any Decoder) throws {
                self.decoder = decoder
                keyed = try decoder.container(keyedBy: Manual.Keys.self)
            }
        }
        var input = Array(#"{"a":"plain","b":[10,20],"c":{"x":"caf\u00e9 \"quoted\""}}"#.utf8)
        let kept = try NodeDecoder().decode(Keeper.self, fromJSON: input)
        for index in input.indices { input[index] = UInt8(ascii: "?") }
        input = []
        #expect(try kept.keyed.decode(String.self, forKey: .a) == "plain")
        #expect(try kept.keyed.decode([Int].self, forKey: .b) == [10, 20])
        #expect(
            try kept.keyed.nestedContainer(keyedBy: Manual.NestedKeys.self, forKey: .c).decode(String.self, forKey: .x)
                == "café \"quoted\"")
        #expect(try kept.decoder.container(keyedBy: Manual.Keys.self).decode(String.self, forKey: .a) == "plain")
    }

    @Test func deepContainersKeptAmongRecycledSiblingsKeepTheirPaths() throws {
        // Frames are recycled level by level, and a free frame lets go of its parent so that the parent can be
        // recycled too. A container kept three levels down must keep its own frame and every frame above it.
        final class Leaf: Decodable, @unchecked Sendable {
            let container: KeyedDecodingContainer<Manual.NestedKeys>
            init(from decoder: any Decoder) throws {
                container = try decoder.container(keyedBy: Manual.NestedKeys.self)
            }
        }
        struct Middle: Decodable { let leaf: Leaf }
        struct Outer: Decodable { let middle: Middle }
        let json = (0..<5).map { #"{"middle":{"leaf":{"x":"v\#($0)"}}}"# }.joined(separator: ",")
        let outers = try NodeDecoder().decode([Outer].self, fromJSON: Array("[\(json)]".utf8))
        for (index, outer) in outers.enumerated() {
            let container = outer.middle.leaf.container
            #expect(container.codingPath.map(\.stringValue) == ["Index \(index)", "middle", "leaf"])
            #expect(try container.decode(String.self, forKey: .x) == "v\(index)")
        }
    }

    @Test func aDecoderKeptAfterTheRunStillReadsItsValue() throws {
        final class Keeper: Decodable, @unchecked Sendable {
            let decoder: any Decoder
            init(from decoder: any Decoder) throws {
                self.decoder = try decoder.container(keyedBy: Manual.Keys.self).superDecoder(forKey: .a)
            }
        }
        let kept = try NodeDecoder().decode(Keeper.self, fromJSON: #"{"a":[1,2,3]}"#)
        #expect(try [Int](from: kept.decoder) == [1, 2, 3])
    }
}

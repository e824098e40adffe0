import Foundation
import Genome
import Testing

// The containers' own behaviour: nested containers, super decoders and encoders, decodeNil, counts and indices,
// the encoder's key order and duplicate keys, and the per-type strategy hooks.

@Suite struct NodeCoderContainerTests {
    @Test func nestedContainersBothWays() throws {
        struct Flattened: Codable, Equatable {
            var x: Int
            var tags: [String]
            enum Keys: String, CodingKey { case point, tags, x }
            init(x: Int, tags: [String]) {
                self.x = x
                self.tags = tags
            }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                x = try container.nestedContainer(keyedBy: Keys.self, forKey: .point).decode(Int.self, forKey: .x)
                var list = try container.nestedUnkeyedContainer(forKey: .tags)
                var tags: [String] = []
                while !list.isAtEnd {
                    var inner = try list.nestedUnkeyedContainer()
                    tags.append(try inner.decode(String.self))
                }
                self.tags = tags
            }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var point = container.nestedContainer(keyedBy: Keys.self, forKey: .point)
                var list = container.nestedUnkeyedContainer(forKey: .tags)
                try point.encode(x, forKey: .x)  // written after its parent moved on
                for tag in tags {
                    var inner = list.nestedUnkeyedContainer()
                    try inner.encode(tag)
                }
            }
        }
        let value = Flattened(x: 3, tags: ["a", "b"])
        let node = try NodeEncoder().encode(value)
        #expect(node == ["point": ["x": 3], "tags": [["a"], ["b"]]])
        #expect(try NodeDecoder().decode(Flattened.self, from: node) == value)
        #expect(try JSONDecoder().decode(Flattened.self, from: Data(node.serializedBytes())) == value)
    }

    @Test func superDecoderOfAMissingKeyDecodesNull() throws {
        struct Model: Decodable {
            var inherited: Int?
            enum Keys: CodingKey { case other }
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                let superDecoder = try container.superDecoder()
                #expect(superDecoder.codingPath.map(\.stringValue) == ["super"])
                inherited = try Int?(from: superDecoder)
            }
        }
        #expect(try decoded(Model.self, "{}").inherited == nil)
        #expect(try decoded(Model.self, #"{"super": 4}"#).inherited == 4)
    }

    @Test func unkeyedContainerBookkeeping() throws {
        struct Probe: Decodable {
            var log: [String] = []
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                log.append("count \(container.count ?? -1)")
                log.append("nil \(try container.decodeNil()) at \(container.currentIndex)")
                log.append("nil \(try container.decodeNil()) at \(container.currentIndex)")
                _ = try? container.decode(String.self)  // fails: the element is not consumed
                log.append("after failure at \(container.currentIndex)")
                log.append("int \(try container.decode(Int.self))")
                let superDecoder = try container.superDecoder()
                log.append("super \(superDecoder.codingPath.map(\.stringValue)) \(try Bool(from: superDecoder))")
                log.append("end \(container.isAtEnd)")
                #expect(throws: DecodingError.self) { try container.decodeNil() }
            }
        }
        let log = try decoded(Probe.self, "[null, 7, true]").log
        #expect(
            log == [
                "count 3", "nil true at 1", "nil false at 1", "after failure at 1", "int 7",
                "super [\"Index 2\"] true", "end true",
            ])
    }

    @Test func keyedContainerLookups() throws {
        struct Probe: Decodable {
            enum Keys: String, CodingKey { case a, b, missing, n }
            var log: [String] = []
            init(from decoder: any Decoder) throws {
                let container = try decoder.container(keyedBy: Keys.self)
                log.append("keys \(container.allKeys.map(\.stringValue))")
                log.append("contains \(container.contains(.b)) \(container.contains(.missing))")
                log.append("nil \(try container.decodeNil(forKey: .n)) \(try container.decodeNil(forKey: .a))")
                log.append(
                    "out of order \(try container.decode(Int.self, forKey: .b)) \(try container.decode(Int.self, forKey: .a))"
                )
                log.append("ifPresent \(String(describing: try container.decodeIfPresent(Int.self, forKey: .missing)))")
                log.append("ifPresent \(String(describing: try container.decodeIfPresent(Int.self, forKey: .n)))")
                #expect(throws: DecodingError.self) { try container.decodeNil(forKey: .missing) }
                #expect(throws: DecodingError.self) { try container.decodeIfPresent(String.self, forKey: .a) }
            }
        }
        let log = try decoded(Probe.self, #"{"a": 1, "b": 2, "n": null, "other": 0}"#).log
        #expect(
            log == [
                "keys [\"a\", \"b\", \"n\"]", "contains true false", "nil true false", "out of order 2 1",
                "ifPresent nil", "ifPresent nil",
            ])
    }

    @Test func largeObjectsUseTheirIndex() throws {
        var object = Node.Object()
        for index in 0..<200 { object["key\(index)"] = Node(index) }
        let dictionary = try NodeDecoder().decode([String: Int].self, from: .object(object))
        #expect(dictionary.count == 200 && dictionary["key199"] == 199)
        struct Last: Decodable { var key199: Int; var key0: Int }
        let last = try NodeDecoder().decode(Last.self, from: .object(object))
        #expect(last.key199 == 199 && last.key0 == 0)
    }

    @Test func sortedKeyOrder() throws {
        struct Model: Encodable { var b = 1; var a = [2]; var c = ["z": 1, "y": 2] }
        var encoder = NodeEncoder()
        #expect(try NodeEncoder().encode(Model()).object?.keys == ["b", "a", "c"])
        encoder.keyOrder = .sorted
        #expect(try encodedJSON(Model(), encoder) == #"{"a":[2],"b":1,"c":{"y":2,"z":1}}"#)
    }

    @Test func aKeyEncodedTwiceKeepsItsFirstPlaceAndLastValue() throws {
        struct Twice: Encodable {
            enum Keys: CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .a)
                try container.encode(2, forKey: .b)
                try container.encode(3, forKey: .a)
            }
        }
        #expect(try encodedJSON(Twice()) == #"{"a":3,"b":2}"#)
    }

    @Test func valuesThatEncodeNothing() throws {
        struct Nothing: Encodable { func encode(to encoder: any Encoder) throws {} }
        #expect(try NodeEncoder().encode(["x": Nothing()]) == ["x": [:]], "nested: an empty object, as in Foundation")
        #expect(throws: EncodingError.self) { try NodeEncoder().encode(Nothing()) }
        do {
            _ = try NodeEncoder().encode(Nothing())
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.debugDescription == "Top-level Nothing did not encode any values.")
        }
    }

    @Test func scalarEncodings() throws {
        struct Scalars: Encodable {
            var float: Float = 0.1
            var big: UInt = .max
            var negative: Int8 = -5
            var nan = Double.nan
        }
        let node = try NodeEncoder().encode(Scalars())
        #expect(node["float"] == 0.1, "a Float keeps its shortest decimal")
        #expect(node["big"] == .number(.uint(.max)))
        #expect(node["negative"] == -5)
        #expect(node["nan"]?.double?.isNaN == true)
        // JSON has no spelling for NaN: as JSONEncoder does, encodeJSON throws at the value's coding path.
        let error = try #require(throws: EncodingError.self) { try NodeEncoder().encodeJSON(Scalars()) }
        guard case .invalidValue(_, let context) = error else {
            Issue.record("expected invalidValue, got \(error)")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["nan"])
    }

    @Test func perTypeStrategies() throws {
        struct Celsius: Codable, Equatable { var degrees: Double }
        struct FromFahrenheit: NodeDecodingStrategy {
            func decode(from decoder: any Decoder) throws -> Celsius {
                Celsius(degrees: (try decoder.singleValueContainer().decode(Double.self) - 32) * 5 / 9)
            }
        }
        struct ToFahrenheit: NodeEncodingStrategy {
            func encode(_ value: Celsius, to encoder: any Encoder) throws {
                var container = encoder.singleValueContainer()
                try container.encode(value.degrees * 9 / 5 + 32)
            }
        }
        var decoder = NodeDecoder()
        decoder.setDecodingStrategy(FromFahrenheit())
        #expect(decoder.decodingStrategy(for: Celsius.self) is FromFahrenheit)
        #expect(try decoder.decode([Celsius].self, fromJSON: "[212]") == [Celsius(degrees: 100)])
        decoder.removeDecodingStrategy(for: Celsius.self)
        #expect(try decoder.decode(Celsius.self, fromJSON: #"{"degrees": 5}"#) == Celsius(degrees: 5))

        var encoder = NodeEncoder()
        encoder.setEncodingStrategy(ToFahrenheit())
        #expect(try encoder.encode(["t": Celsius(degrees: 100)]) == ["t": 212.0])
        #expect(encoder.encodingStrategy(for: Celsius.self) is ToFahrenheit)
        encoder.removeEncodingStrategy(for: Celsius.self)
        #expect(try encoder.encode(Celsius(degrees: 1)) == ["degrees": 1.0])
    }

    @Test func lenientReadingOptions() throws {
        var decoder = NodeDecoder()
        #expect(throws: DecodingError.self) { try decoder.decode([Int].self, fromJSON: "[1,]") }
        decoder.readingOptions = .lenient
        #expect(try decoder.decode([Int].self, fromJSON: "[1,]") == [1])
    }

    @Test func escapedContainersKeepTheirPaths() throws {
        final class Keeper: @unchecked Sendable { var containers: [KeyedDecodingContainer<NodeCodingKey>] = [] }
        let keeper = Keeper()
        struct Element: Decodable {
            static let keeper = CodingUserInfoKey(rawValue: "keeper")!
            init(from decoder: any Decoder) throws {
                (decoder.userInfo[Self.keeper] as! Keeper).containers.append(
                    try decoder.container(keyedBy: NodeCodingKey.self))
            }
        }
        var decoder = NodeDecoder()
        decoder.userInfo[Element.keeper] = keeper
        _ = try decoder.decode([[Element]].self, fromJSON: #"[[{"a": 1}, {"a": 2}], [{"a": 3}]]"#)
        #expect(
            keeper.containers.map { $0.codingPath.map(\.stringValue) } == [
                ["Index 0", "Index 0"], ["Index 0", "Index 1"], ["Index 1", "Index 0"],
            ])
        #expect(
            try keeper.containers.map { try $0.decode(Int.self, forKey: NodeCodingKey(stringValue: "a")) } == [1, 2, 3])
    }
}

import Foundation
import Genome
import GenomeFoundation
import Testing

// Containers used in unusual orders. Foundation merges what a model writes twice under one key or into one
// encoder, and never traps on it; Genome must write the same JSON.

/// Writes under `key` twice, in one of the ways the Encoder protocol allows, then reads it back.
struct TwiceUnderOneKey: Encodable {
    enum First: CaseIterable { case value, keyed, unkeyed, nestedValue }
    enum Second: CaseIterable { case value, keyed, unkeyed, superEncoder }
    enum CodingKeys: String, CodingKey { case key, other }

    var first: First
    var second: Second

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch first {
        case .value: try container.encode(0, forKey: .key)
        case .keyed:
            var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .key)
            try nested.encode("first", forKey: .other)
        case .unkeyed:
            var nested = container.nestedUnkeyedContainer(forKey: .key)
            try nested.encode("first")
        case .nestedValue: try container.encode(["other": "first"], forKey: .key)
        }
        switch second {
        case .value: try container.encode(42, forKey: .key)
        case .keyed:
            var nested = container.nestedContainer(keyedBy: CodingKeys.self, forKey: .key)
            try nested.encode("second", forKey: .key)
        case .unkeyed:
            var nested = container.nestedUnkeyedContainer(forKey: .key)
            try nested.encode("second")
        case .superEncoder:
            var value = container.superEncoder(forKey: .key).singleValueContainer()
            try value.encode(42)
        }
    }
}

@Suite struct ContainerOrderParityTests {
    /// The orders JSONEncoder accepts. The other five (a value, then a nested container; a keyed container, then
    /// an unkeyed one, and the reverse) stop the process in JSONEncoder with a precondition failure.
    static let ordersFoundationAccepts: [(TwiceUnderOneKey.First, TwiceUnderOneKey.Second)] = [
        (.value, .value), (.value, .superEncoder), (.keyed, .value), (.keyed, .keyed), (.keyed, .superEncoder),
        (.unkeyed, .value), (.unkeyed, .unkeyed), (.unkeyed, .superEncoder), (.nestedValue, .value),
        (.nestedValue, .keyed), (.nestedValue, .superEncoder),
    ]

    @Test(arguments: ordersFoundationAccepts)
    func writingOneKeyTwice(first: TwiceUnderOneKey.First, second: TwiceUnderOneKey.Second) {
        expectSameEncoding(TwiceUnderOneKey(first: first, second: second))
    }

    /// Where JSONEncoder traps, Genome must not: the later container replaces what was written before, as a
    /// later value does (CodableWithGenome.md, "Differences from JSONDecoder and JSONEncoder").
    @Test(arguments: [
        (TwiceUnderOneKey.First.value, TwiceUnderOneKey.Second.keyed, ["key": ["key": "second"]] as Node),
        (.value, .unkeyed, ["key": ["second"]] as Node), (.keyed, .unkeyed, ["key": ["second"]] as Node),
        (.unkeyed, .keyed, ["key": ["key": "second"]] as Node), (.nestedValue, .unkeyed, ["key": ["second"]] as Node),
    ])
    func writingOneKeyTwiceWhereFoundationTraps(
        first: TwiceUnderOneKey.First, second: TwiceUnderOneKey.Second, expected: Node
    ) throws {
        #expect(try NodeEncoder().encode(TwiceUnderOneKey(first: first, second: second)) == expected)
    }

    @Test func twoNestedContainersUnderOneKeyAreMerged() {
        struct Split: Codable, Equatable {
            enum Top: String, CodingKey { case top }
            enum A: String, CodingKey { case a }
            enum B: String, CodingKey { case b }
            var a = "x"
            var b = "y"
            init() {}
            init(from decoder: any Decoder) throws {
                let top = try decoder.container(keyedBy: Top.self)
                a = try top.nestedContainer(keyedBy: A.self, forKey: .top).decode(String.self, forKey: .a)
                b = try top.nestedContainer(keyedBy: B.self, forKey: .top).decode(String.self, forKey: .b)
            }
            func encode(to encoder: any Encoder) throws {
                var top = encoder.container(keyedBy: Top.self)
                var first = top.nestedContainer(keyedBy: A.self, forKey: .top)
                try first.encode(a, forKey: .a)
                var second = top.nestedContainer(keyedBy: B.self, forKey: .top)
                try second.encode(b, forKey: .b)
            }
        }
        #expect(expectSameEncoding(Split()).map { try? Node(json: $0) } == ["top": ["a": "x", "b": "y"]])
        expectSameRoundTrip(Split())
    }

    @Test func aValueThenANestedContainerUnderOneKeyAreMerged() {
        struct Amended: Encodable {
            enum CodingKeys: String, CodingKey { case box, note }
            struct Box: Encodable { var size = 3 }
            func encode(to encoder: any Encoder) throws {
                var top = encoder.container(keyedBy: CodingKeys.self)
                try top.encode("n", forKey: .note)
                try top.encode(Box(), forKey: .box)
                var again = top.nestedContainer(keyedBy: CodingKeys.self, forKey: .box)
                try again.encode("added", forKey: .note)
            }
        }
        #expect(
            expectSameEncoding(Amended()).map { try? Node(json: $0) } == [
                "note": "n", "box": ["size": 3, "note": "added"],
            ])
    }

    @Test func aSingleValueObjectAmendedByAKeyedContainer() {
        struct Amended: Encodable {
            enum CodingKeys: String, CodingKey { case a }
            func encode(to encoder: any Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode(["a": "b", "other": "kept"])
                var keyed = encoder.container(keyedBy: CodingKeys.self)
                try keyed.encode("c", forKey: .a)
            }
        }
        #expect(expectSameEncoding(Amended()).map { try? Node(json: $0) } == ["a": "c", "other": "kept"])
    }

    @Test func aSingleValueArrayAmendedByAnUnkeyedContainer() {
        struct Amended: Encodable {
            func encode(to encoder: any Encoder) throws {
                var single = encoder.singleValueContainer()
                try single.encode([1, 2])
                var unkeyed = encoder.unkeyedContainer()
                try unkeyed.encode(3)
            }
        }
        expectSameEncoding(Amended())
    }

    @Test func aTypeThatEncodesNothing() {
        struct Silent: Encodable { func encode(to encoder: any Encoder) throws {} }
        expectSameEncoding(Silent())
        expectSameEncoding([Silent()])
        expectSameEncoding(["key": Silent()])
    }

    @Test func decodeIfPresentAtTheEndOfAnUnkeyedContainerIsNil() {
        struct Tail: Decodable, Equatable {
            var values: [Int?] = []
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                values.append(try container.decodeIfPresent(Int.self))
                values.append(try container.decodeIfPresent(Int.self))
                values.append(try container.decodeIfPresent(Int.self))
                values.append(try container.decodeIfPresent(Seconds.self).map { Int($0.value) })
                values.append(try container.decodeIfPresent([Int].self)?.first)
            }
        }
        expectSameDecoding(Tail.self, from: "[1]")
        expectSameDecoding(Tail.self, from: "[]")
        expectSameDecoding(Tail.self, from: "[1, null]")
    }

    @Test func decodingPastTheEndOfAnUnkeyedContainer() {
        struct Overrun: Decodable, Equatable {
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                _ = try container.decode(Int.self)
                _ = try container.decode(Seconds.self)
            }
        }
        expectSameDecoding(Overrun.self, from: "[1]")
    }

    @Test func aFailedAttemptLeavesTheDecoderUsable() {
        expectSameDecoding(FirstOf<[String], [Int]>.self, from: "[1,2,3]")
        expectSameDecoding(FirstOf<Int, String>.self, from: #""text""#)
        expectSameDecoding(FirstOf<PostalAddress, [String: String]>.self, from: #"{"street":"s"}"#)
    }

    @Test func aThrowInsideASuperEncoderLeavesTheEncoderConsistent() {
        struct Wrapper<Value: Encodable>: Encodable {
            var value: Value
            func encode(to encoder: any Encoder) throws {
                var outer = encoder.unkeyedContainer()
                var inner = outer.superEncoder().unkeyedContainer()
                try inner.encode(value)
            }
        }
        expectSameEncoding(Wrapper(value: [Float.infinity]))
        expectSameEncoding(Wrapper(value: [1.5]))
    }

    @Test func nestedContainersReportTheirCodingPaths() throws {
        struct PathProbe: Encodable {
            enum Top: Int, CodingKey { case a, b }
            enum Inner: Int, CodingKey { case one, two }
            final class Paths: @unchecked Sendable { var seen: [[String]] = [] }
            let paths: Paths
            func encode(to encoder: any Encoder) throws {
                func record(_ path: [any CodingKey]) {
                    paths.seen.append(path.map { $0.intValue.map(String.init) ?? $0.stringValue })
                }
                var top = encoder.container(keyedBy: Top.self)
                record(top.codingPath)
                var keyed = top.nestedContainer(keyedBy: Inner.self, forKey: .a)
                record(keyed.codingPath)
                record(keyed.nestedContainer(keyedBy: Inner.self, forKey: .one).codingPath)
                record(keyed.nestedUnkeyedContainer(forKey: .two).codingPath)
                var unkeyed = top.nestedUnkeyedContainer(forKey: .b)
                record(unkeyed.codingPath)
                record(unkeyed.nestedContainer(keyedBy: Inner.self).codingPath)
                record(unkeyed.nestedUnkeyedContainer().codingPath)
                let superEncoder = top.superEncoder(forKey: .a)
                record(superEncoder.codingPath)
                record(encoder.codingPath)
            }
        }
        let genome = PathProbe(paths: .init())
        let foundation = PathProbe(paths: .init())
        _ = try NodeEncoder().encode(genome)
        _ = try JSONEncoder().encode(foundation)
        #expect(!genome.paths.seen.isEmpty)
        #expect(genome.paths.seen == foundation.paths.seen)
    }
}

import Foundation
import Testing

@testable import Genome

// `encodeJSON(_:)`'s byte path (ByteEncoding.swift): models on the straight road are written without a `Node`,
// everything else takes a detour through one, and either way the bytes and errors are those of the way through a
// `Node`.

@Suite struct ByteEncodingTests {
    // MARK: The straight road

    struct Inner: Codable, Equatable {
        var a: Int
        var b: String?
        var c: [Double]
        var d: Bool
    }

    enum Colour: String, Codable { case red, green }

    struct Outer: Codable, Equatable {
        var name = "quote \" backslash \\ slash / tab \t control \u{1} é 😀"
        var inner = Inner(a: -3, b: nil, c: [0.1, -2.5e-300, 1e300], d: true)
        var list = [Inner(a: 1, b: "x", c: [], d: false), Inner(a: Int.min, b: "", c: [3], d: true)]
        var map = ["one": 1]
        var node: Node = ["k": [1, "two", nil, true], "e": [:]]
        var float: Float = 0.1
        var big = UInt64.max
        var small: Int8 = -128
        var empty: [Int] = []
        var nested = [["a"], [], ["b", "c"]]
        var colour = Colour.green
        var optional: Int? = nil
        var strings = ["x", "y"]
        var integers = [1, 2, 3]
        var doubles = [1.5, 2]
        var bools = [true]
        var wide: [Int64] = [Int64.max]
    }

    @Test func modelsOnTheStraightRoadAreWrittenWithoutANode() throws {
        let encoder = NodeEncoder()
        let direct = try #require(try encoder.straightJSON(Outer(), options: []), "the model took a detour")
        #expect(direct == (try encoder.encodeJSONThroughNode(Outer(), options: [])))
        #expect(try NodeDecoder().decode(Outer.self, fromJSON: direct) == Outer())
        expectBothPathsAgree([Outer(), Outer()])
        expectBothPathsAgree(["a": [Outer()]])
    }

    @Test func escapedSlashesOnTheStraightRoad() throws {
        let encoder = NodeEncoder()
        let direct = try #require(try encoder.straightJSON(Outer(), options: .escapesSlashes))
        #expect(direct == (try encoder.encodeJSONThroughNode(Outer(), options: .escapesSlashes)))
        #expect(String(decoding: direct, as: UTF8.self).contains(#"slash \/"#))
    }

    @Test func scalarsAndNodesAtTheTop() throws {
        expectBothPathsAgree(42)
        expectBothPathsAgree("text")
        expectBothPathsAgree(Optional<Int>.none)
        expectBothPathsAgree(Node.null)
        expectBothPathsAgree(Node(["a": 1]))
        expectBothPathsAgree([Int]())
        expectBothPathsAgree(Silent())
        #expect(try NodeEncoder().straightJSON(Wrapper(value: Silent()), options: []) == Array(#"{"value":{}}"#.utf8))
    }

    @Test func optionsTheBytePathDoesNotWriteGoThroughANode() throws {
        for options: Node.WritingOptions in [.prettyPrinted, .sortedKeys, [.prettyPrinted, .escapesSlashes]] {
            #expect(
                try NodeEncoder().encodeJSON(Outer(), options: options)
                    == (try NodeEncoder().encode(Outer()).serializedBytes(options)))
        }
        var sorted = NodeEncoder()
        sorted.keyOrder = .sorted
        #expect(try sorted.encodeJSON(Outer()) == (try sorted.encode(Outer()).serializedBytes()))
        #expect(
            String(decoding: try sorted.encodeJSON(Inner(a: 1, b: nil, c: [], d: true)), as: UTF8.self)
                == #"{"a":1,"c":[],"d":true}"#)
    }

    @Test func keysWrittenManyTimesAreTheSameFromTheCache() throws {
        // Enough keys that the run caches them, of every kind: short, long, escaped, made up at run time (equal
        // text in new storage each time, and new text in storage of the same size), and more than the cache holds.
        struct Members: Encodable {
            var names: [String]
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                for (index, name) in names.enumerated() { try container.encode(index, forKey: AnyCodingKey(name)) }
            }
        }
        let literals = ["id", "a long key well past fifteen bytes", "quote \" and \\ and \n", "é😀"]
        let madeUp = (0..<600).map { "key number \($0) of many, long enough for storage" }
        let value = (0..<200).map { index in
            Members(names: literals + [String(repeating: "k", count: 40) + "\(index % 7)", madeUp[index * 3 % 600]])
        }
        #expect(try NodeEncoder().straightJSON(value, options: []) != nil, "the straight road took a detour")
        expectBothPathsAgree(value)
        expectBothPathsAgree(Members(names: madeUp))
        var strategy = NodeEncoder()
        strategy.keyEncodingStrategy = .custom { path in
            AnyCodingKey(
                String(repeating: "x", count: 30) + "\(path.last!.stringValue.count % 5)" + path.last!.stringValue)
        }
        expectBothPathsAgree(value, strategy)
    }

    // MARK: Detours

    /// One way of encoding that the byte path leaves to the way through a `Node`.
    enum Detour: String, CaseIterable, Encodable, CustomTestStringConvertible {
        case nestedKeyedContainer, nestedUnkeyedContainer, nestedContainerInAnArray, superEncoder
        case keyWrittenTwice, valueEncodedTwice, containerAfterAScalar, objectAmendedByAContainer
        case writeToAFinishedContainer, keyedThenUnkeyed

        var testDescription: String { rawValue }

        enum Keys: String, CodingKey { case a, b, c }

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .nestedKeyedContainer:
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .a)
                var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .b)
                try container.encode(3, forKey: .c)
                try nested.encode("late", forKey: .a)
            case .nestedUnkeyedContainer:
                var container = encoder.container(keyedBy: Keys.self)
                var nested = container.nestedUnkeyedContainer(forKey: .a)
                try nested.encode(1)
                try container.encode(2, forKey: .b)
            case .nestedContainerInAnArray:
                var container = encoder.unkeyedContainer()
                try container.encode(0)
                var nested = container.nestedContainer(keyedBy: Keys.self)
                try nested.encode(true, forKey: .c)
                var deeper = container.nestedUnkeyedContainer()
                try deeper.encode("x")
            case .superEncoder:
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .a)
                try Inner(a: 2, b: nil, c: [], d: false).encode(to: container.superEncoder())
                try container.encode(3, forKey: .c)
            case .keyWrittenTwice:
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .a)
                try container.encode(2, forKey: .b)
                try container.encode([3], forKey: .a)
            case .valueEncodedTwice:
                var container = encoder.singleValueContainer()
                try container.encode(1)
                try container.encode("second")
            case .containerAfterAScalar:
                var single = encoder.singleValueContainer()
                try single.encode(1)
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(2, forKey: .b)
            case .objectAmendedByAContainer:
                var single = encoder.singleValueContainer()
                try single.encode(Inner(a: 1, b: nil, c: [], d: true))
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(2, forKey: .b)
            case .writeToAFinishedContainer:
                let keeper = ContainerKeeper()
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(keeper, forKey: .a)
                try keeper.container?.encode("late", forKey: .b)
                try container.encode(3, forKey: .c)
            case .keyedThenUnkeyed:
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode(1, forKey: .a)
                var unkeyed = encoder.unkeyedContainer()
                try unkeyed.encode(2)
            }
        }
    }

    /// Keeps the container it encodes itself into, for a write after its value has finished.
    final class ContainerKeeper: Encodable, @unchecked Sendable {
        var container: KeyedEncodingContainer<Detour.Keys>?
        func encode(to encoder: any Encoder) throws {
            container = encoder.container(keyedBy: Detour.Keys.self)
            try container?.encode(1, forKey: .a)
        }
    }

    @Test(arguments: Detour.allCases)
    func aDetourGivesTheBytesOfTheWayThroughANode(_ detour: Detour) throws {
        let value = Wrapper(value: [Wrapper(value: detour)])
        // A write to a container whose value has finished is lost on the tree path too: the byte path drops it
        // and goes on.
        if detour != .writeToAFinishedContainer {
            #expect(try NodeEncoder().straightJSON(value, options: []) == nil, "the byte path did not take a detour")
        }
        expectBothPathsAgree(value)
        expectBothPathsAgree(detour)
        // Where the detour comes after a long straight road, as it does at the end of a big array.
        expectBothPathsAgree(Array(repeating: Outer(), count: 20).map { _ in Wrapper(value: detour) })
    }

    @Test func aKeyStrategyThatMakesTwoKeysOne() throws {
        var encoder = NodeEncoder()
        encoder.keyEncodingStrategy = .custom { _ in AnyCodingKey("same") }
        #expect(try encoder.straightJSON(Inner(a: 1, b: "b", c: [], d: true), options: []) == nil)
        #expect(
            String(decoding: try encoder.encodeJSON(Inner(a: 1, b: "b", c: [], d: true)), as: UTF8.self)
                == #"{"same":true}"#)
    }

    @Test func aDetourCaughtByTheModelStillGivesTheNodesBytes() throws {
        struct Swallowing: Encodable {
            enum Keys: String, CodingKey { case a, b, c }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var nested = container.nestedContainer(keyedBy: Keys.self, forKey: .a)
                try? nested.encode(1, forKey: .b)
                try? container.encode(Inner(a: 2, b: nil, c: [], d: true), forKey: .b)
                try? container.encode(3, forKey: .c)
            }
        }
        expectBothPathsAgree(Wrapper(value: Swallowing()))
        #expect(
            String(decoding: try NodeEncoder().encodeJSON(Swallowing()), as: UTF8.self)
                == #"{"a":{"b":1},"b":{"a":2,"c":[],"d":true},"c":3}"#)
    }

    // MARK: Turning into a tree run halfway

    /// Every kind of value the writer spells (escapes, non-ASCII text, shortest doubles, a `Float`, the widest
    /// integers, nodes), written, then `then` opens a nested container, so that all of it is read back from the
    /// bytes into the open containers' frames.
    struct WrittenThenNested: Encodable {
        var then: Detour
        enum Keys: String, CodingKey { case first, second, list, last }
        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: Keys.self)
            try container.encode(Outer(), forKey: .first)
            var list = container.nestedUnkeyedContainer(forKey: .list)
            try list.encode(Outer())
            try list.encode(then)
            try container.encode([Outer()], forKey: .second)
            try container.encode(then, forKey: .last)
        }
    }

    @Test(arguments: Detour.allCases)
    func whatWasWrittenBeforeATreeRunIsReadBackAsItWas(_ detour: Detour) throws {
        expectBothPathsAgree(WrittenThenNested(then: detour))
        expectBothPathsAgree([WrittenThenNested(then: detour), WrittenThenNested(then: detour)])
        for options: Node.WritingOptions in [[], .escapesSlashes] {
            let direct = try NodeEncoder().encodeJSON(
                Wrapper(value: [WrittenThenNested(then: detour)]), options: options)
            let throughNode = try NodeEncoder().encodeJSONThroughNode(
                Wrapper(value: [WrittenThenNested(then: detour)]), options: options)
            #expect(direct == throughNode)
        }
    }

    /// Writes to a container other than the running value's: its parent's, while it runs.
    struct WritesToItsParent: Encodable {
        var keyed: Bool
        final class Parent: Encodable, @unchecked Sendable {
            var keyed: Bool
            init(keyed: Bool) { self.keyed = keyed }
            var container: KeyedEncodingContainer<Detour.Keys>?
            var list: (any UnkeyedEncodingContainer)?
            func encode(to encoder: any Encoder) throws {
                // The child writes through the stored copies, which share these containers' state.
                if keyed {
                    var mine = encoder.container(keyedBy: Detour.Keys.self)
                    container = mine
                    try mine.encode(1, forKey: .a)
                    try mine.encode(Child(parent: self), forKey: .b)
                    try mine.encode(3, forKey: .c)
                } else {
                    var mine = encoder.unkeyedContainer()
                    list = mine
                    try mine.encode(1)
                    try mine.encode(Child(parent: self))
                    try mine.encode(mine.count)
                }
                container = nil
                list = nil
            }
        }
        struct Child: Encodable {
            let parent: Parent
            func encode(to encoder: any Encoder) throws {
                var own = encoder.container(keyedBy: Detour.Keys.self)
                try own.encode("child", forKey: .a)
                try parent.container?.encode("from the child", forKey: .a)
                try parent.list?.encode("from the child")
                try parent.list?.encode(Inner(a: 5, b: nil, c: [], d: false))
                try own.encode(2, forKey: .b)
            }
        }
        func encode(to encoder: any Encoder) throws {
            var single = encoder.singleValueContainer()
            try single.encode(Parent(keyed: keyed))
        }
    }

    @Test func aValueThatWritesToItsParentWhileItRuns() throws {
        for keyed in [true, false] {
            expectBothPathsAgree(WritesToItsParent(keyed: keyed))
            expectBothPathsAgree(Wrapper(value: [WritesToItsParent(keyed: keyed), WritesToItsParent(keyed: keyed)]))
        }
        #expect(
            String(decoding: try NodeEncoder().encodeJSON(WritesToItsParent(keyed: true)), as: UTF8.self)
                == #"{"a":"from the child","b":{"a":"child","b":2},"c":3}"#)
    }

    @Test func aNodeTheWriterCannotSpellAfterTheStraightRoad() throws {
        // NaN inside a `Node` value: the writer refuses it where it stands, and the tree's writer reports it.
        let value = Wrapper(value: [Node(["ok": 1]), Node(["bad": .number(.double(.nan))])])
        expectBothPathsAgree(value)
        expectBothPathsAgree([value, value])
        #expect(throws: JSONWritingError.self) { try NodeEncoder().encodeJSON(value) }
    }

    // MARK: Limits and errors

    @Test func nestingPastTheWritersLimit() throws {
        var deep: Node = 1
        for _ in 0..<(JSONWritingError.maximumDepth - 1) { deep = [deep] }
        expectBothPathsAgree(deep)
        expectBothPathsAgree(Wrapper(value: deep))
        expectBothPathsAgree(Wrapper(value: Wrapper(value: deep)))
        #expect(throws: JSONWritingError.self) { try NodeEncoder().encodeJSON(Wrapper(value: [deep])) }
        #expect(throws: JSONWritingError.self) { try NodeEncoder().straightJSON(Wrapper(value: [deep]), options: []) }
    }

    @Test func containersNestedPastTheWritersLimit() throws {
        /// Arrays in arrays, each level through a container of its own.
        struct Nest: Encodable {
            var levels: Int
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                if levels > 1 { try container.encode(Nest(levels: levels - 1)) }
            }
        }
        // A stack big enough that the nesting limit, not the stack, is what stops the run.
        let (limit, beyond, straight) = runOnThread(stackSize: 256 << 20) {
            () -> (String, String, Bool) in
            func result(_ levels: Int) -> String {
                let outcomes = encodingOutcomes(Nest(levels: levels), NodeEncoder())
                return outcomes.direct == outcomes.throughNode ? outcomes.direct : "the paths differ"
            }
            let straight =
                (try? NodeEncoder().straightJSON(Nest(levels: JSONWritingError.maximumDepth), options: [])) != nil
            // The innermost array is empty, and the writer counts only the containers around it.
            return (result(JSONWritingError.maximumDepth + 1), result(JSONWritingError.maximumDepth + 2), straight)
        }
        #expect(limit.hasPrefix("bytes [[[") && limit.count == "bytes ".count + 2 * JSONWritingError.maximumDepth + 2)
        #expect(straight, "nesting at the limit took a detour")
        #expect(beyond.hasPrefix("error JSONWritingError at [0][0]"), "\(beyond.prefix(200))")
        #expect(beyond.hasSuffix("nested deeper than \(JSONWritingError.maximumDepth) levels"))
    }

    @Test func errorsAreTheWayThroughANodes() throws {
        struct Throwing: Encodable, Error {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try container.encode(1)
                throw self
            }
        }
        expectBothPathsAgree(Wrapper(value: [Inner(a: 1, b: nil, c: [1, .nan], d: true)]))
        expectBothPathsAgree(Wrapper(value: Float.infinity))
        expectBothPathsAgree(Wrapper(value: Node.number(.double(-.infinity))))
        expectBothPathsAgree(Wrapper(value: [Wrapper(value: Throwing())]))
        expectBothPathsAgree(Silent())
        var strings = NodeEncoder()
        strings.nonConformingFloatEncodingStrategy = .convertToString(
            positiveInfinity: "+inf", negativeInfinity: "-inf", nan: "nan")
        expectBothPathsAgree(Wrapper(value: [Double.nan, .infinity, -.infinity]), strings)
        #expect(try strings.straightJSON([Double.nan, 1], options: []) == Array(#"["nan",1.0]"#.utf8))
    }

    @Test func aFailureTheModelCatchesTakesBackWhatItWrote() throws {
        struct Failing: Encodable, Error {
            enum Keys: String, CodingKey { case x }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try container.encode("partly written", forKey: .x)
                throw self
            }
        }
        struct Recovering: Encodable {
            enum Keys: String, CodingKey { case a, b, list }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try? container.encode(Failing(), forKey: .a)
                try container.encode(1, forKey: .b)
                var list = container.nestedUnkeyedContainer(forKey: .list)
                try? list.encode(Failing())
                try list.encode(list.count)
            }
        }
        struct RecoveringOnTheStraightRoad: Encodable {
            enum Keys: String, CodingKey { case a, b }
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                try? container.encode(Failing(), forKey: .a)
                try? container.encode([Wrapper(value: Failing())], forKey: .a)
                try container.encode(1, forKey: .b)
            }
        }
        struct RecoveringInAnArray: Encodable {
            func encode(to encoder: any Encoder) throws {
                var container = encoder.unkeyedContainer()
                try? container.encode(Failing())
                try container.encode(container.count)
            }
        }
        expectBothPathsAgree(Recovering())
        let straight = try #require(try NodeEncoder().straightJSON(RecoveringOnTheStraightRoad(), options: []))
        #expect(String(decoding: straight, as: UTF8.self) == #"{"b":1}"#)
        let array = try #require(try NodeEncoder().straightJSON(RecoveringInAnArray(), options: []))
        #expect(String(decoding: array, as: UTF8.self) == "[0]")
    }

    @Test func aRunLeavesNothingAlive() throws {
        final class Watcher: Encodable, @unchecked Sendable {
            weak var encoder: AnyObject?
            func encode(to encoder: any Encoder) throws {
                self.encoder = encoder as AnyObject
                var container = encoder.container(keyedBy: Detour.Keys.self)
                try container.encode(1, forKey: .a)
            }
        }
        let watcher = Watcher()
        _ = try NodeEncoder().encodeJSON(watcher)
        #expect(watcher.encoder == nil, "the encoder outlived its run")
        _ = try NodeEncoder().encodeJSON(Wrapper(value: watcher))
        #expect(watcher.encoder == nil, "the encoder outlived its run")
    }

    /// However a run ends (a detour, an error at the top, an error inside a nested container or a super encoder),
    /// on either path, nothing it made stays alive: the frames of containers that never finished hold their
    /// encoders, and pending values hold their frames.
    @Test(arguments: [0, 1, 2, 3])
    func aRunThatThrowsLeavesNothingAlive(_ way: Int) throws {
        final class Failing: Encodable, @unchecked Sendable {
            weak var encoder: AnyObject?
            weak var inner: AnyObject?
            let way: Int
            init(_ way: Int) { self.way = way }
            struct Stop: Error {}
            func encode(to encoder: any Encoder) throws {
                self.encoder = encoder as AnyObject
                var container = encoder.container(keyedBy: Detour.Keys.self)
                try container.encode(1, forKey: .a)
                switch way {
                case 0:
                    _ = container.nestedContainer(keyedBy: Detour.Keys.self, forKey: .b)
                    try container.encode(Inner(a: 1, b: nil, c: [], d: true), forKey: .c)
                case 1:
                    throw Stop()
                case 2:
                    var nested = container.nestedUnkeyedContainer(forKey: .b)
                    try nested.encode(2)
                    throw Stop()
                default:
                    let superEncoder = container.superEncoder()
                    inner = superEncoder as AnyObject
                    var inside = superEncoder.container(keyedBy: Detour.Keys.self)
                    try inside.encode(3, forKey: .a)
                    throw Stop()
                }
            }
        }
        for path in ["bytes", "node"] {
            let failing = Failing(way)
            _ =
                try?
                (path == "bytes" ? NodeEncoder().encodeJSON(failing) : NodeEncoder().encode(failing).serializedBytes())
            #expect(failing.encoder == nil, "the encoder outlived its run (\(path))")
            #expect(failing.inner == nil, "the super encoder outlived its run (\(path))")
        }
    }

    // MARK: Random models

    /// A value that encodes itself through containers, chosen at random: objects with keys from a small set (so
    /// some repeat), arrays, scalars, nested containers, values through single value containers.
    indirect enum Shape: Encodable {
        case scalar(Node)
        case object([(String, Shape)], nestedAt: Int?)
        case array([Shape], nestedAt: Int?)
        case single(Shape)

        func encode(to encoder: any Encoder) throws {
            switch self {
            case .scalar(let node):
                var container = encoder.singleValueContainer()
                try container.encode(node)
            case .single(let shape):
                var container = encoder.singleValueContainer()
                try container.encode(shape)
            case .object(let members, let nestedAt):
                var container = encoder.container(keyedBy: AnyCodingKey.self)
                for (index, (key, shape)) in members.enumerated() {
                    if index == nestedAt {
                        var nested = container.nestedUnkeyedContainer(forKey: AnyCodingKey(key))
                        try nested.encode(shape)
                    } else {
                        try container.encode(shape, forKey: AnyCodingKey(key))
                    }
                }
            case .array(let elements, let nestedAt):
                var container = encoder.unkeyedContainer()
                for (index, shape) in elements.enumerated() {
                    if index == nestedAt {
                        var nested = container.nestedContainer(keyedBy: AnyCodingKey.self)
                        try nested.encode(shape, forKey: AnyCodingKey("n"))
                    } else {
                        try container.encode(shape)
                    }
                }
            }
        }

        static func random(depth: Int, using generator: inout some RandomNumberGenerator) -> Shape {
            let scalars: [Node] = [nil, true, 0, -7, 2.5, "s", "é\"\n", .number(.uint(UInt64.max))]
            let roll = depth > 3 ? 0 : Int.random(in: 0..<10, using: &generator)
            func nestedAt(_ count: Int) -> Int? {
                count > 0 && Int.random(in: 0..<6, using: &generator) == 0
                    ? Int.random(in: 0..<count, using: &generator) : nil
            }
            switch roll {
            case 0...3: return .scalar(scalars.randomElement(using: &generator)!)
            case 4...6:
                let count = Int.random(in: 0..<5, using: &generator)
                let members = (0..<count).map { _ in
                    (
                        ["a", "b", "c", "d", "e", "f", "g", "h"].randomElement(using: &generator)!,
                        random(depth: depth + 1, using: &generator)
                    )
                }
                return .object(members, nestedAt: nestedAt(count))
            case 7...8:
                let count = Int.random(in: 0..<5, using: &generator)
                let elements = (0..<count).map { _ in random(depth: depth + 1, using: &generator) }
                return .array(elements, nestedAt: nestedAt(count))
            default: return .single(random(depth: depth + 1, using: &generator))
            }
        }
    }

    @Test func randomModelsGiveTheSameBytesBothWays() throws {
        var generator = SeededGenerator(seed: 0x6E6F_6465)
        var straight = 0
        var detoured = 0
        for _ in 0..<400 {
            let shape = Shape.random(depth: 0, using: &generator)
            expectBothPathsAgree(shape)
            if try NodeEncoder().straightJSON(shape, options: []) == nil { detoured += 1 } else { straight += 1 }
        }
        // Both roads are taken, or the comparison above would prove less than it says.
        #expect(straight > 100 && detoured > 40, "straight \(straight), detoured \(detoured)")
    }
}

/// A value under the key `value`.
struct Wrapper<Value: Encodable>: Encodable {
    var value: Value
}

/// A type that encodes nothing: an empty object when nested, an error at the top.
struct Silent: Encodable {
    func encode(to encoder: any Encoder) throws {}
}

/// Expects `encodeJSON` (the byte path, detours included) and the way through a `Node` to agree, byte for byte or
/// error for error.
func expectBothPathsAgree<T: Encodable>(
    _ value: T, _ encoder: NodeEncoder = NodeEncoder(), sourceLocation: SourceLocation = #_sourceLocation
) {
    let outcomes = encodingOutcomes(value, encoder)
    #expect(
        outcomes.direct == outcomes.throughNode, "the byte path and the Node path differ",
        sourceLocation: sourceLocation)
}

/// What `encodeJSON` and the way through a `Node` give for `value`: `bytes …` or `error …`.
func encodingOutcomes<T: Encodable>(_ value: T, _ encoder: NodeEncoder) -> (direct: String, throughNode: String) {
    func result(_ body: () throws -> [UInt8]) -> String {
        do { return "bytes " + String(decoding: try body(), as: UTF8.self) } catch { return "error \(error)" }
    }
    return (result { try encoder.encodeJSON(value) }, result { try encoder.encodeJSONThroughNode(value, options: []) })
}

extension NodeEncoder {
    /// `encodeJSON`'s bytes when the run stayed on the straight road; nil when it turned into a tree run on the way
    /// (what these tests call a detour).
    func straightJSON<T: Encodable>(_ value: T, options: Node.WritingOptions) throws -> [UInt8]? {
        let (bytes, straight) = try writeJSON(value, options: options)
        return straight ? bytes : nil
    }
}

// `NodeDecoder` and `NodeEncoder` hand a keyed container out again once nobody holds it or its frame
// (KeyedContainerReuse.swift), each on both of its paths: the decoder from JSON (through the tape) and from a
// `Node`, the encoder to a `Node` and straight to JSON bytes. Reuse starts after a few containers, so every case
// here decodes or encodes well past that: each must read or write the same values, and report the same coding
// paths, as a container made anew would.

import Testing

@testable import Genome

private struct Point: Codable, Equatable {
    var x: Int
    var y: Int
}

private struct Label: Codable, Equatable {
    var text: String
}

private struct Size: Codable, Equatable {
    var width: Double
}

private struct Flags: Codable, Equatable {
    var on: Bool
}

private struct Holder: Codable, Equatable {
    var name: String
    var home: Point
}

/// Five nested models at one depth: more key types than a depth keeps boxes for.
private struct Shape: Codable, Equatable {
    var point: Point
    var label: Label
    var size: Size
    var flags: Flags
    var holder: Holder
    var corners: [Point]

    static func many(_ count: Int) -> [Shape] {
        (0..<count).map { index in
            Shape(
                point: Point(x: index, y: -index), label: Label(text: "shape \(index)"),
                size: Size(width: Double(index) / 4), flags: Flags(on: index.isMultiple(of: 2)),
                holder: Holder(name: "holder \(index)", home: Point(x: index * 10, y: index * 100)),
                corners: (0..<(index % 3)).map { Point(x: $0, y: index) })
        }
    }

    /// The JSON of `many(count)`, spelled out by hand.
    static func json(_ count: Int) -> String {
        let shapes = (0..<count).map { index in
            let corners = (0..<(index % 3)).map { #"{"x":\#($0),"y":\#(index)}"# }.joined(separator: ",")
            return #"{"point":{"x":\#(index),"y":\#(-index)},"label":{"text":"shape \#(index)"},"#
                + #""size":{"width":\#(Double(index) / 4)},"flags":{"on":\#(index.isMultiple(of: 2))},"#
                + #""holder":{"name":"holder \#(index)","home":{"x":\#(index * 10),"y":\#(index * 100)}},"#
                + #""corners":[\#(corners)]}"#
        }
        return "[" + shapes.joined(separator: ",") + "]"
    }
}

private struct Tree: Codable, Equatable {
    var value: Int
    var children: [Tree]

    static func make(depth: Int, value: inout Int) -> Tree {
        value += 1
        let own = value
        let children = depth == 0 ? [] : (0..<2).map { _ in make(depth: depth - 1, value: &value) }
        return Tree(value: own, children: children)
    }
}

private enum Keys: String, CodingKey { case x, y, inner, base }

@Suite struct KeyedContainerReuseTests {
    /// The two ways a `NodeDecoder` decodes: from JSON, through the tape, and from a `Node`.
    enum DecodingPath: CaseIterable {
        case tape
        case tree

        func decode<T: Decodable>(_ type: T.Type, _ json: [UInt8], with decoder: NodeDecoder = NodeDecoder()) throws
            -> T
        {
            switch self {
            case .tape: try decoder.decode(type, fromJSON: json)
            case .tree: try decoder.decode(type, from: Node(json: json))
            }
        }

        func decode<T: Decodable>(_ type: T.Type, _ json: String, with decoder: NodeDecoder = NodeDecoder()) throws
            -> T
        {
            try decode(type, Array(json.utf8), with: decoder)
        }

        /// The coding path of the type mismatch decoding `json` throws, or nil.
        func mismatchPath<T: Decodable>(_ type: T.Type, _ json: [UInt8]) -> [String]? {
            do {
                _ = try decode(type, json)
                return nil
            } catch let DecodingError.typeMismatch(_, context) {
                return context.codingPath.map(\.stringValue)
            } catch {
                return nil
            }
        }
    }

    @Test(arguments: DecodingPath.allCases)
    func containersHandedOutAgainReadTheirOwnObjects(path: DecodingPath) throws {
        let expected = Shape.many(24)
        #expect(try path.decode([Shape].self, Shape.json(24)) == expected)
        let dictionary = Dictionary(uniqueKeysWithValues: expected.map { ($0.label.text, $0) })
        #expect(try path.decode([String: Shape].self, NodeEncoder().encodeJSON(dictionary)) == dictionary)
    }

    @Test(arguments: DecodingPath.allCases)
    func aModelDecodedAgainAndAgainGetsTheBoxItsPredecessorHad(path: DecodingPath) throws {
        struct Element: Decodable {
            init(from decoder: any Decoder) throws {
                Record.of(decoder.userInfo).see(containerBox(try decoder.container(keyedBy: Keys.self)))
            }
        }
        let record = Record()
        var decoder = NodeDecoder()
        decoder.userInfo[Record.key] = record
        let json = "[" + Array(repeating: #"{"x":1}"#, count: 12).joined(separator: ",") + "]"
        _ = try path.decode([Element].self, json, with: decoder)
        // The first containers are made the plain way; from the first one kept on, each is handed out again.
        #expect(record.handedOutAgain == 12 - KeyedContainerReuse<DecodingFrame>.containersBeforeReuse - 1)
        #expect(record.previous == nil)
    }

    @Test(arguments: DecodingPath.allCases)
    func errorsAfterManyContainersHaveTheirPath(path: DecodingPath) throws {
        // Element 17's owner's home has a string for y: the path runs through boxes handed out many times.
        var node = try NodeEncoder().encode(Shape.many(24))
        node[17]?["holder"]?["home"]?["y"] = "high"
        #expect(path.mismatchPath([Shape].self, try node.serializedBytes()) == ["Index 17", "holder", "home", "y"])
    }

    @Test(arguments: DecodingPath.allCases)
    func aContainerKeptByOneElementIsNotHandedOutToTheNext(path: DecodingPath) throws {
        final class Keeper: Decodable, @unchecked Sendable {
            let container: KeyedDecodingContainer<Keys>
            init(from decoder: any Decoder) throws {
                container = try decoder.container(keyedBy: Keys.self)
            }
        }
        let json = "[" + (0..<12).map { #"{"x":\#($0),"y":"v\#($0)"}"# }.joined(separator: ",") + "]"
        let kept = try path.decode([Keeper].self, json)
        for (index, keeper) in kept.enumerated() {
            #expect(try keeper.container.decode(Int.self, forKey: .x) == index)
            #expect(try keeper.container.decode(String.self, forKey: .y) == "v\(index)")
            #expect(keeper.container.codingPath.map(\.stringValue) == ["Index \(index)"])
        }
    }

    @Test(arguments: DecodingPath.allCases)
    func aContainerKeptDeepDownKeepsThePathAboveIt(path: DecodingPath) throws {
        // The leaves' containers are kept; the containers above them are not, and would be handed out again if
        // the frames the leaves name as parents were taken for free.
        final class Leaf: Decodable, @unchecked Sendable {
            let container: KeyedDecodingContainer<Keys>
            init(from decoder: any Decoder) throws {
                container = try decoder.container(keyedBy: Keys.self)
            }
        }
        struct Middle: Decodable { let leaf: Leaf }
        struct Outer: Decodable { let middle: Middle }
        let outers = try path.decode([Outer].self, Nest.json(12))
        for (index, outer) in outers.enumerated() {
            let container = outer.middle.leaf.container
            #expect(container.codingPath.map(\.stringValue) == ["Index \(index)", "middle", "leaf"])
            #expect(try container.decode(Int.self, forKey: .x) == index)
        }
    }

    @Test(arguments: DecodingPath.allCases)
    func twoContainersOfOneTypeFromOneDecoderAreDistinct(path: DecodingPath) throws {
        struct Twice: Decodable, Equatable {
            var x: Int
            var inner: Int
            init(from decoder: any Decoder) throws {
                let first = try decoder.container(keyedBy: Keys.self)
                let second = try decoder.container(keyedBy: Keys.self)
                let nested = try first.nestedContainer(keyedBy: Keys.self, forKey: .inner)
                let nestedAgain = try second.nestedContainer(keyedBy: Keys.self, forKey: .inner)
                x = try second.decode(Int.self, forKey: .x)
                inner = try nested.decode(Int.self, forKey: .x)
                #expect(try first.decode(Int.self, forKey: .x) == x)
                #expect(try nestedAgain.decode(Int.self, forKey: .x) == inner)
                #expect(nestedAgain.codingPath.map(\.stringValue) == nested.codingPath.map(\.stringValue))
            }
        }
        let json = "[" + (0..<12).map { #"{"x":\#($0),"inner":{"x":\#($0 * 7)}}"# }.joined(separator: ",") + "]"
        let decoded = try path.decode([Twice].self, json)
        #expect(decoded.map(\.x) == Array(0..<12))
        #expect(decoded.map(\.inner) == (0..<12).map { $0 * 7 })
    }

    @Test(arguments: DecodingPath.allCases)
    func siblingContainersAliveAtOnceReadTheirOwnObjects(path: DecodingPath) throws {
        // An unkeyed container's nested keyed containers are siblings at one depth; all are alive at once here.
        struct Row: Decodable {
            var values: [Int] = []
            init(from decoder: any Decoder) throws {
                var elements = try decoder.unkeyedContainer()
                var open: [KeyedDecodingContainer<Keys>] = []
                while !elements.isAtEnd { open.append(try elements.nestedContainer(keyedBy: Keys.self)) }
                values = try open.map { try $0.decode(Int.self, forKey: .x) }
            }
        }
        let row = "[" + (0..<6).map { #"{"x":\#($0)}"# }.joined(separator: ",") + "]"
        let json = "[" + Array(repeating: row, count: 4).joined(separator: ",") + "]"
        let rows = try path.decode([Row].self, json)
        #expect(rows.map(\.values) == Array(repeating: Array(0..<6), count: 4))
    }

    @Test(arguments: DecodingPath.allCases)
    func keysConvertedByAStrategyAreThoseOfEachObject(path: DecodingPath) throws {
        // Odd elements list their members in the other order: a container handed out again with its predecessor's
        // converted keys would read one member for the other.
        struct Person: Decodable, Equatable {
            var firstName: String
            var lastSeen: Int
        }
        var decoder = NodeDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let people = (0..<12).map { index in
            index.isMultiple(of: 2)
                ? #"{"first_name":"p\#(index)","last_seen":\#(index)}"#
                : #"{"last_seen":\#(index),"first_name":"p\#(index)"}"#
        }
        let decoded = try path.decode([Person].self, "[" + people.joined(separator: ",") + "]", with: decoder)
        #expect(decoded == (0..<12).map { Person(firstName: "p\($0)", lastSeen: $0) })
    }

    @Test(arguments: DecodingPath.allCases)
    func aRecursiveModelDecodesAtEveryDepth(path: DecodingPath) throws {
        var counter = 0
        let tree = Tree.make(depth: 7, value: &counter)
        var node = try NodeEncoder().encode(tree)
        #expect(try path.decode(Tree.self, node.serializedBytes()) == tree)

        // A bad value in the last leaf: its path names every level.
        node["children"]?[1]?["children"]?[1]?["children"]?[0]?["value"] = "seven"
        #expect(
            path.mismatchPath(Tree.self, try node.serializedBytes())
                == ["children", "Index 1", "children", "Index 1", "children", "Index 0", "value"])
    }
}

/// What models under test saw, read through `userInfo`.
private final class Record: @unchecked Sendable {
    /// Whether `Recorded` values keep their containers, which are then never handed out again.
    let keepsContainers: Bool
    /// The box the latest container had, held weakly: a box made anew is a new object (the old one is gone once
    /// nobody holds it).
    weak var previous: KeyedContainerBox?
    /// Containers whose box was the one the container before them had.
    var handedOutAgain = 0
    var containers: [KeyedEncodingContainer<Keys>] = []
    var paths: [[String]] = []

    init(keepsContainers: Bool = false) {
        self.keepsContainers = keepsContainers
    }

    static let key = CodingUserInfoKey(rawValue: "record")!

    static func of(_ userInfo: [CodingUserInfoKey: Any]) -> Record {
        userInfo[key] as! Record
    }

    func see(_ box: KeyedContainerBox) {
        if box === previous { handedOutAgain += 1 }
        previous = box
    }
}

/// `{"x": x}`, encoded through a keyed container whose box, path and (if asked) self it records.
private struct Recorded: Encodable {
    let x: Int

    func encode(to encoder: any Encoder) throws {
        let record = Record.of(encoder.userInfo)
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(x, forKey: .x)
        record.see(containerBox(container))
        record.paths.append(container.codingPath.map(\.stringValue))
        if record.keepsContainers { record.containers.append(container) }
    }
}

/// `{"middle":{"leaf":{"x": x}}}`: a `Recorded` two levels down.
private struct Nest: Encodable {
    struct Middle: Encodable { let leaf: Recorded }
    let middle: Middle

    init(_ x: Int) {
        middle = Middle(leaf: Recorded(x: x))
    }

    static func json(_ count: Int) -> String {
        "[" + (0..<count).map { #"{"middle":{"leaf":{"x":\#($0)}}}"# }.joined(separator: ",") + "]"
    }
}

@Suite struct KeyedEncodingContainerReuseTests {
    /// The two ways a `NodeEncoder` encodes: a `Node` (then written) and straight to bytes.
    enum EncodingPath: CaseIterable {
        case tree
        case bytes

        fileprivate func json<T: Encodable>(_ value: T, record: Record = Record()) throws -> String {
            var encoder = NodeEncoder()
            encoder.userInfo[Record.key] = record
            switch self {
            case .tree: return String(decoding: try encoder.encode(value).serializedBytes(), as: UTF8.self)
            case .bytes: return String(decoding: try encoder.encodeJSON(value), as: UTF8.self)
            }
        }
    }

    @Test(arguments: EncodingPath.allCases)
    func containersHandedOutAgainWriteTheirOwnMembers(path: EncodingPath) throws {
        #expect(try path.json(Shape.many(24)) == Shape.json(24))
        let dictionary = Dictionary(uniqueKeysWithValues: Shape.many(24).map { ($0.label.text, $0) })
        let decoded = try NodeDecoder().decode([String: Shape].self, fromJSON: Array(path.json(dictionary).utf8))
        #expect(decoded == dictionary)
    }

    @Test(arguments: EncodingPath.allCases)
    func aModelEncodedAgainAndAgainGetsTheBoxItsPredecessorHad(path: EncodingPath) throws {
        let record = Record()
        let json = try path.json((0..<12).map(Recorded.init), record: record)
        #expect(json == "[" + (0..<12).map { #"{"x":\#($0)}"# }.joined(separator: ",") + "]")
        // The first containers are made the plain way; from the first one kept on, each is handed out again.
        #expect(record.handedOutAgain == 12 - KeyedContainerReuse<EncodingFrame>.containersBeforeReuse - 1)
        #expect(record.previous == nil)
    }

    @Test(arguments: EncodingPath.allCases)
    func pathsSeenInContainersHandedOutAgainAreTheirOwn(path: EncodingPath) throws {
        let record = Record()
        #expect(try path.json((0..<12).map(Nest.init), record: record) == Nest.json(12))
        #expect(record.handedOutAgain > 0)
        #expect(record.paths == (0..<12).map { ["Index \($0)", "middle", "leaf"] })
    }

    @Test func anErrorAfterManyContainersHasItsPath() throws {
        // JSON has no spelling for NaN: the error names the member, through boxes handed out many times.
        var shapes = Shape.many(24)
        shapes[17].size.width = .nan
        let encoder = NodeEncoder()
        let encodings: [([Shape]) throws -> [UInt8]] = [
            { try encoder.encodeJSON($0) }, { try encoder.encodeJSONThroughNode($0, options: []) },
        ]
        for encode in encodings {
            #expect {
                _ = try encode(shapes)
            } throws: { error in
                guard case EncodingError.invalidValue(_, let context) = error else { return false }
                return context.codingPath.map(\.stringValue) == ["Index 17", "size", "width"]
            }
        }
    }

    @Test(arguments: EncodingPath.allCases)
    func aContainerKeptByOneElementIsNotHandedOutToTheNext(path: EncodingPath) throws {
        let record = Record(keepsContainers: true)
        _ = try path.json((0..<12).map(Recorded.init), record: record)
        #expect(record.containers.map { $0.codingPath.map(\.stringValue) } == (0..<12).map { ["Index \($0)"] })
        let boxes = record.containers.map { ObjectIdentifier(containerBox($0)) }
        #expect(Set(boxes).count == 12)
    }

    @Test(arguments: EncodingPath.allCases)
    func aContainerKeptDeepDownKeepsThePathAboveIt(path: EncodingPath) throws {
        // The leaves' containers are kept; the containers above them are not, and would be handed out again if
        // the frames the leaves name as parents were taken for free.
        let record = Record(keepsContainers: true)
        #expect(try path.json((0..<12).map(Nest.init), record: record) == Nest.json(12))
        #expect(
            record.containers.map { $0.codingPath.map(\.stringValue) }
                == (0..<12).map { ["Index \($0)", "middle", "leaf"] })
    }

    @Test(arguments: EncodingPath.allCases)
    func twoContainersForOneValueFillOneObject(path: EncodingPath) throws {
        struct Twice: Encodable {
            let x: Int
            func encode(to encoder: any Encoder) throws {
                var first = encoder.container(keyedBy: Keys.self)
                var second = encoder.container(keyedBy: Keys.self)
                try first.encode(x, forKey: .x)
                try second.encode(x * 7, forKey: .y)
            }
        }
        let json = try path.json((0..<12).map(Twice.init))
        #expect(json == "[" + (0..<12).map { #"{"x":\#($0),"y":\#($0 * 7)}"# }.joined(separator: ",") + "]")
    }

    @Test(arguments: EncodingPath.allCases)
    func nestedContainersAndSuperEncodersInContainersHandedOutAgain(path: EncodingPath) throws {
        // Both detour from the byte path; their frames wait as pending members of a container handed out again.
        struct Nesting: Encodable {
            let x: Int
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                var inner = container.nestedContainer(keyedBy: Keys.self, forKey: .inner)
                try inner.encode(x, forKey: .x)
                var base = container.superEncoder(forKey: .base).container(keyedBy: Keys.self)
                try base.encode(-x, forKey: .y)
                try container.encode(x * 2, forKey: .x)
            }
        }
        let json = try path.json((0..<12).map(Nesting.init))
        let expected = (0..<12).map { #"{"inner":{"x":\#($0)},"base":{"y":\#(-$0)},"x":\#($0 * 2)}"# }
        #expect(json == "[" + expected.joined(separator: ",") + "]")
    }

    @Test(arguments: EncodingPath.allCases)
    func anErrorCaughtInsideAValueLeavesNoMembersBehind(path: EncodingPath) throws {
        // Every other child writes a member, then throws, and its parent catches the error and goes on. The
        // failed child's container, handed out again to the next child, must not carry that member along.
        struct Child: Encodable {
            struct Refused: Error {}
            let x: Int
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                if x.isMultiple(of: 2) {
                    try container.encode(x, forKey: .base)
                    throw Refused()
                }
                try container.encode(x, forKey: .x)
            }
        }
        struct Parent: Encodable {
            let x: Int
            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: Keys.self)
                do { try container.encode(Child(x: x), forKey: .inner) } catch is Child.Refused {}
                try container.encode(x, forKey: .y)
            }
        }
        let json = try path.json((0..<12).map(Parent.init))
        let expected = (0..<12).map { $0.isMultiple(of: 2) ? #"{"y":\#($0)}"# : #"{"inner":{"x":\#($0)},"y":\#($0)}"# }
        #expect(json == "[" + expected.joined(separator: ",") + "]")
    }

    @Test(arguments: EncodingPath.allCases)
    func aRecursiveModelEncodesAtEveryDepth(path: EncodingPath) throws {
        var counter = 0
        let tree = Tree.make(depth: 7, value: &counter)
        let json = try path.json(tree)
        #expect(try NodeDecoder().decode(Tree.self, fromJSON: Array(json.utf8)) == tree)
        #expect(json == (try EncodingPath.tree.json(tree)))
    }
}

// `NodeDecoder.decode(_:fromJSON:)` hands a keyed container out again once nobody holds it or its frame
// (KeyedContainerReuse.swift). It starts after a few containers, so every case here decodes well past that: each
// must read the same values, and report the same coding paths, as a container made anew would.

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

private enum Keys: String, CodingKey { case x, y, inner }

@Suite struct KeyedContainerReuseTests {
    private func shapes(_ count: Int) -> [Shape] {
        (0..<count).map { index in
            Shape(
                point: Point(x: index, y: -index), label: Label(text: "shape \(index)"),
                size: Size(width: Double(index) / 4), flags: Flags(on: index.isMultiple(of: 2)),
                holder: Holder(name: "holder \(index)", home: Point(x: index * 10, y: index * 100)),
                corners: (0..<(index % 3)).map { Point(x: $0, y: index) })
        }
    }

    @Test func containersHandedOutAgainReadTheirOwnObjects() throws {
        let expected = shapes(24)
        let json = try NodeEncoder().encodeJSON(expected)
        #expect(try NodeDecoder().decode([Shape].self, fromJSON: json) == expected)
        #expect(
            try NodeDecoder().decode(
                [String: Shape].self,
                fromJSON: NodeEncoder().encodeJSON(
                    Dictionary(uniqueKeysWithValues: expected.map { ($0.label.text, $0) }))
            ).count == 24)
    }

    @Test func aModelDecodedAgainAndAgainGetsTheBoxItsPredecessorHad() throws {
        // Each element compares its container's box with the one the element before it had, held weakly: a box
        // made anew would be a new object (the old one is gone once nobody holds it).
        final class Record: @unchecked Sendable {
            weak var previous: KeyedContainerBox?
            var handedOutAgain = 0
        }
        struct Element: Decodable {
            init(from decoder: any Decoder) throws {
                let record = decoder.userInfo[CodingUserInfoKey(rawValue: "record")!] as! Record
                let box = containerBox(try decoder.container(keyedBy: Keys.self))
                if box === record.previous { record.handedOutAgain += 1 }
                record.previous = box
            }
        }
        let record = Record()
        var decoder = NodeDecoder()
        decoder.userInfo[CodingUserInfoKey(rawValue: "record")!] = record
        let json = "[" + Array(repeating: #"{"x":1}"#, count: 12).joined(separator: ",") + "]"
        _ = try decoder.decode([Element].self, fromJSON: Array(json.utf8))
        // The first containers are made the plain way; from the first one kept on, each is handed out again.
        #expect(record.handedOutAgain == 12 - KeyedContainerReuse.containersBeforeReuse - 1)
        #expect(record.previous == nil)
    }

    @Test func errorsAfterManyContainersHaveTheTreeDecodersPath() throws {
        // Element 17's owner's home has a string for y: the path runs through boxes handed out many times.
        var node = try NodeEncoder().encode(shapes(24))
        node[17]?["holder"]?["home"]?["y"] = "high"
        let json = try node.serializedBytes()
        func path(_ body: () throws -> [Shape]) -> [String]? {
            do {
                _ = try body()
                return nil
            } catch let DecodingError.typeMismatch(_, context) {
                return context.codingPath.map(\.stringValue)
            } catch {
                return nil
            }
        }
        let fromTape = path { try NodeDecoder().decode([Shape].self, fromJSON: json) }
        #expect(fromTape == ["Index 17", "holder", "home", "y"])
        #expect(fromTape == path { try NodeDecoder().decode([Shape].self, from: node) })
    }

    @Test func aContainerKeptByOneElementIsNotHandedOutToTheNext() throws {
        final class Keeper: Decodable, @unchecked Sendable {
            let container: KeyedDecodingContainer<Keys>
            init(from decoder: any Decoder) throws {
                container = try decoder.container(keyedBy: Keys.self)
            }
        }
        let json = "[" + (0..<12).map { #"{"x":\#($0),"y":"v\#($0)"}"# }.joined(separator: ",") + "]"
        let kept = try NodeDecoder().decode([Keeper].self, fromJSON: Array(json.utf8))
        for (index, keeper) in kept.enumerated() {
            #expect(try keeper.container.decode(Int.self, forKey: .x) == index)
            #expect(try keeper.container.decode(String.self, forKey: .y) == "v\(index)")
            #expect(keeper.container.codingPath.map(\.stringValue) == ["Index \(index)"])
        }
    }

    @Test func aContainerKeptDeepDownKeepsThePathAboveIt() throws {
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
        let json = (0..<12).map { #"{"middle":{"leaf":{"x":\#($0)}}}"# }.joined(separator: ",")
        let outers = try NodeDecoder().decode([Outer].self, fromJSON: Array("[\(json)]".utf8))
        for (index, outer) in outers.enumerated() {
            let container = outer.middle.leaf.container
            #expect(container.codingPath.map(\.stringValue) == ["Index \(index)", "middle", "leaf"])
            #expect(try container.decode(Int.self, forKey: .x) == index)
        }
    }

    @Test func twoContainersOfOneTypeFromOneDecoderAreDistinct() throws {
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
        let decoded = try NodeDecoder().decode([Twice].self, fromJSON: Array(json.utf8))
        #expect(decoded.map(\.x) == Array(0..<12))
        #expect(decoded.map(\.inner) == (0..<12).map { $0 * 7 })
    }

    @Test func siblingContainersAliveAtOnceReadTheirOwnObjects() throws {
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
        let rows = try NodeDecoder().decode([Row].self, fromJSON: Array(json.utf8))
        #expect(rows.map(\.values) == Array(repeating: Array(0..<6), count: 4))
    }

    @Test func aRecursiveModelDecodesAtEveryDepth() throws {
        var counter = 0
        let tree = Tree.make(depth: 7, value: &counter)
        var node = try NodeEncoder().encode(tree)
        #expect(try NodeDecoder().decode(Tree.self, fromJSON: node.serializedBytes()) == tree)

        // A bad value in the last leaf: its path names every level, as the tree decoder's does.
        node["children"]?[1]?["children"]?[1]?["children"]?[0]?["value"] = "seven"
        let json = try node.serializedBytes()
        var tapePath: [String] = []
        var treePath: [String] = []
        do { _ = try NodeDecoder().decode(Tree.self, fromJSON: json) } catch let DecodingError.typeMismatch(_, context)
        {
            tapePath = context.codingPath.map(\.stringValue)
        }
        do { _ = try NodeDecoder().decode(Tree.self, from: node) } catch let DecodingError.typeMismatch(_, context) {
            treePath = context.codingPath.map(\.stringValue)
        }
        #expect(tapePath == ["children", "Index 1", "children", "Index 1", "children", "Index 0", "value"])
        #expect(tapePath == treePath)
    }
}

// Arrays and objects of every small size: the reader and NodeEncoder make containers of up to eight elements as
// array literals and larger ones another way, so each size on both sides of that line must keep every element,
// in order, with duplicate keys resolved as always.

import Testing

@testable import Genome

@Suite struct ContainerSizeTests {
    /// `JSONReader.read` starts its stack of nodes and its stack of open containers in one block aligned for nodes,
    /// the frames right after the nodes.
    @Test func theReadersStartingBlockSuitsBothStacks() {
        #expect(MemoryLayout<JSONReader.Frame>.alignment <= MemoryLayout<Node>.alignment)
        #expect(MemoryLayout<Node>.stride % MemoryLayout<JSONReader.Frame>.alignment == 0)
    }

    @Test(arguments: 0...12) func arraysKeepEveryElementInOrder(count: Int) throws {
        let elements = (0..<count).map { "\"e\($0)\"" }
        let node = try Node(json: "[\(elements.joined(separator: ","))]")
        #expect(node == .array((0..<count).map { .string("e\($0)") }))
        // Nested, so that each closes while its parent still collects elements on the same stack.
        let nested = try Node(json: "[[\(elements.joined(separator: ","))],\(count)]")
        #expect(nested == [.array((0..<count).map { .string("e\($0)") }), .number(.int(Int64(count)))])
    }

    @Test(arguments: 0...12) func objectsKeepEveryMemberInOrder(count: Int) throws {
        let members = (0..<count).map { "\"k\($0)\":\($0)" }
        let node = try Node(json: "{\(members.joined(separator: ","))}")
        let object = try #require(node.object)
        #expect(object.keys == (0..<count).map { "k\($0)" })
        #expect(object.values == (0..<count).map { .number(.int(Int64($0))) })
        // A repeated key keeps its first position and its last value, at every size.
        if count > 1 {
            let repeated = try Node(json: "{\(members.joined(separator: ",")),\"k0\":\"last\"}")
            #expect(repeated.object?.keys == object.keys)
            #expect(repeated["k0"] == "last")
        }
    }

    @Test(arguments: 0...12) func encodedDictionariesKeepEveryMember(count: Int) throws {
        let dictionary = Dictionary(uniqueKeysWithValues: (0..<count).map { ("k\($0)", $0) })
        let node = try NodeEncoder().encode(dictionary)
        #expect(node.object?.count == count)
        for (key, value) in dictionary {
            #expect(node[key] == .number(.int(Int64(value))))
        }
        let array = try NodeEncoder().encode(Array(0..<count))
        #expect(array == .array((0..<count).map { .number(.int(Int64($0))) }))
    }
}

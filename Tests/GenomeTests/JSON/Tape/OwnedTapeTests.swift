// Tapes that own their memory (JSONTape+OwnedCopies.swift): a `Node` written out as a tape, which is how
// `NodeDecoder.decode(_:from: Node)` reaches the one decoder, and a copy of one value of another tape, which a
// super decoder reads. Each must give back exactly the value it was made from.

import Testing

@testable import Genome

@Suite struct OwnedTapeTests {
    /// A value with every kind of entry: exact numbers, a non-finite `Double` built in code, strings with and
    /// without escapes, long and short, keys with multi-byte characters, and empty and nested containers.
    static let everything: Node = [
        "null": nil, "true": true, "false": false, "int": -42, "uint": .number(.uint(UInt64.max)),
        "double": 2.5, "infinity": .number(.double(.infinity)),
        "exact": .number(.exact(Node.ExactNumber("123456789012345678901234567890")!)),
        "short": "é", "long": "a string long enough to live on the heap, with \"quotes\" and \n a newline",
        "clé 🔑": ["nested": [[], [:], [1, [2, [3]]]]], "empty": "",
    ]

    @Test func aNodeWrittenAsATapeReadsBackAsTheSameNode() {
        let tape = JSONTape(node: Self.everything)
        #expect(tape.node(at: 0) == Self.everything)
        #expect(tape.end(of: 0) == tape.count)
        #expect(tape.node(at: 0)["clé 🔑"]?["nested"]?[2]?[1]?[1]?[0] == 3)
    }

    @Test func scalarsAndEmptyContainersAreOneEntry() {
        for node: Node in [nil, true, 1, "x", [], [:]] {
            let tape = JSONTape(node: node)
            #expect(tape.count == 1 && tape.node(at: 0) == node, "\(node)")
        }
    }

    @Test func aNodeDeeperThanTheStackWouldAllowIsWrittenWithoutRecursion() {
        var node: Node = 1
        for _ in 0..<100_000 { node = [node] }
        let tape = JSONTape(node: node)
        #expect(tape.count == 100_001 && tape.end(of: 0) == 100_001 && tape.end(of: 99_999) == 100_001)
        #expect(tape.kind(at: 100_000) == .int)
        // Taken apart by a loop: dropping a 100,000-deep node recursively would use up the test's stack.
        while case .array(let elements) = node, let first = elements.first { node = first }
    }

    @Test func aCopiedValueReadsBackAsItsValueWithItsOwnStrings() throws {
        let json = Array(#"{"a": [1, "x\u00e9\n", {"b": 12345678901234567890123}], "c": "after"}"#.utf8)
        let copied = try json.withUnsafeBufferPointer { buffer throws(JSONSyntaxError) -> Node in
            let tape = try JSONReader.readTape(buffer, options: .strict)
            // The value of "a": the entry after the object's first key.
            let copy = JSONTape(copying: 2, of: tape)
            #expect(copy.end(of: 0) == copy.count)
            return copy.node(at: 0)
        }
        #expect(copied == [1, "xé\n", ["b": .number(.exact(Node.ExactNumber("12345678901234567890123")!))]])
    }

    @Test func modelsDecodeFromANodeAsFromItsJSON() throws {
        struct Model: Decodable, Equatable {
            var name: String
            var tags: [String]
            var byKey: [String: Int]
            var nested: [Model]?
        }
        let json =
            #"{"name": "a name long enough to be on the heap", "tags": ["é", ""], "byKey": {"ü": 1},"#
            + #" "nested": [{"name": "b", "tags": [], "byKey": {}}]}"#
        let fromJSON = try NodeDecoder().decode(Model.self, fromJSON: json)
        let fromNode = try NodeDecoder().decode(Model.self, from: Node(json: json))
        #expect(fromJSON == fromNode && fromNode.byKey == ["ü": 1] && fromNode.nested?.first?.name == "b")
    }
}

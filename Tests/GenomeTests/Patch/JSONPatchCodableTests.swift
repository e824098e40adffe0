import Genome
import Testing

// A patch in a Codable model is its array of operations, through NodeDecoder and NodeEncoder.

private struct Change: Codable, Equatable {
    let id: Int
    let patch: JSONPatch
}

@Suite struct JSONPatchCodableTests {
    let patchNode: Node = [
        ["op": "add", "path": "/tags/-", "value": "new"],
        ["op": "remove", "path": "/a~1b"],
        ["op": "replace", "path": "/name", "value": ["first": "Rex"]],
        ["op": "move", "from": "/a", "path": "/b"],
        ["op": "copy", "from": "/b", "path": "/c"],
        ["op": "test", "path": "/d", "value": nil],
    ]

    @Test func aPatchEncodesAsItsArrayOfOperations() throws {
        let change = Change(id: 1, patch: try JSONPatch(patchNode))
        #expect(try NodeEncoder().encode(change) == ["id": 1, "patch": patchNode])
    }

    @Test func aPatchRoundTripsThroughNodeDecoderAndNodeEncoder() throws {
        let change = Change(id: 1, patch: try JSONPatch(patchNode))
        let node = try NodeEncoder().encode(change)
        #expect(try NodeDecoder().decode(Change.self, from: node) == change)
        let bytes = try NodeEncoder().encodeJSON(change)
        #expect(try NodeDecoder().decode(Change.self, fromJSON: bytes) == change)
    }

    @Test func anOperationRoundTripsOnItsOwn() throws {
        let operation = JSONPatch.Operation.copy(from: try JSONPointer("/a"), path: try JSONPointer("/b"))
        let node = try NodeEncoder().encode(operation)
        #expect(node == ["op": "copy", "path": "/b", "from": "/a"])
        #expect(try NodeDecoder().decode(JSONPatch.Operation.self, from: node) == operation)
    }

    @Test func aMalformedOperationIsDataCorruptedAtItsIndex() throws {
        let node: Node = ["id": 1, "patch": [["op": "remove", "path": "/a"], ["op": "add", "path": "/b"]]]
        do {
            _ = try NodeDecoder().decode(Change.self, from: node)
            Issue.record("decoded an add without a value")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["patch", "Index 1"])
            let underlying = context.underlyingError as? JSONPatchError
            #expect(underlying?.operationIndex == 1)
            #expect(underlying?.reason == .missingMember("value"))
        }
    }

    @Test func aPatchThatIsNoArrayIsDataCorrupted() throws {
        do {
            _ = try NodeDecoder().decode(Change.self, from: ["id": 1, "patch": ["op": "remove"]])
            Issue.record("decoded an object as a patch")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["patch"])
            #expect((context.underlyingError as? JSONPatchError)?.reason == .patchNotAnArray(found: .object))
        }
    }
}

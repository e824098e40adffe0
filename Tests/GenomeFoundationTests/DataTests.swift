import Foundation
import GenomeFoundation
import Testing

@Suite struct DataTests {
    @Test func nodeReadsFoundationData() throws {
        let data = Data(#"{"id": 18446744073709551615, "name": "é"}"#.utf8)
        let node = try Node(json: data)
        #expect(node["id"]?.uint64 == UInt64.max)
        #expect(node["name"] == "é")
    }

    @Test func nodeReadsASliceOfDataWithAnOffsetStart() throws {
        let data = Data("xx[1,2]".utf8).dropFirst(2)
        #expect(try Node(json: data) == [1, 2])
    }

    @Test func serializedDataRoundTripsThroughJSONSerialization() throws {
        let node: Node = ["a": [1, 2.5, "x"], "b": nil]
        let data = try node.serializedData()
        let foundation = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        #expect(foundation?["b"] is NSNull)
        #expect((foundation?["a"] as? [Any])?.count == 3)
        #expect(try Node(json: data) == node)
    }

    @Test func syntaxErrorsFromDataCarryTheirOffset() {
        #expect(throws: JSONSyntaxError.self) { try Node(json: Data("[1,]".utf8)) }
        do {
            _ = try Node(json: Data("[1,]".utf8))
        } catch {
            #expect(error.offset == 3)
        }
    }
}

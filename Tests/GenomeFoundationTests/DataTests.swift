import Foundation
import GenomeFoundation
import Testing

@Suite struct DataTests {
    struct Link: Codable, Equatable {
        let id: Int
        let url: String
    }

    @Test func encodeGivesDataWhereDataIsWanted() throws {
        let link = Link(id: 1, url: "https://example.com/a")
        var encoder = NodeEncoder()
        let data: Data = try encoder.encode(link)
        #expect(String(decoding: data, as: UTF8.self) == #"{"id":1,"url":"https://example.com/a"}"#)
        var body: Data?
        body = try encoder.encode(link)
        #expect(body == data)
        #expect(try NodeDecoder().decode(Link.self, from: data) == link)
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let pretty: Data = try encoder.encode(link)
        #expect(String(decoding: pretty, as: UTF8.self) == "{\n  \"id\": 1,\n  \"url\": \"https://example.com/a\"\n}")
        #expect(try encoder.encodeJSONData(link) == pretty)
    }

    @Test func encodeStillGivesANodeWhereNothingAsksForData() throws {
        let node = try NodeEncoder().encode(Link(id: 1, url: "a"))
        #expect(node == ["id": 1, "url": "a"])
        #expect(
            try NodeDecoder().decode(Link.self, from: NodeEncoder().encode(Link(id: 2, url: "b")))
                == Link(id: 2, url: "b"))
    }

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

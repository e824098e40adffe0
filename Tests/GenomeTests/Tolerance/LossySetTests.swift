import Foundation
import Genome
import Testing

// @LossySet: CodableWrappers' @LossySetDecoding, with its failures and every dropped element in the report, under
// NodeDecoder, JSONDecoder and the static-decode API.

// CodableWrappers' README example, in Genome's spelling.
private struct Article: Codable, Equatable {
    @LossySet var tags: Set<String>
}

private struct Point: Codable, Hashable, NodeDecodable {
    let x: Int
    let y: Int
    static func decode(_ json: Node) throws -> Point { try Point(x: json.decode("x"), y: json.decode("y")) }
}

private struct Shape: Codable, Equatable {
    @LossySet var corners: Set<Point>
}

@Suite struct LossySetTests {
    let decoder = NodeDecoder()

    @Test func theReadmeExampleKeepsWhatDecodesAndReportsTheRest() throws {
        let json = #"{"tags": ["swift", 7, "json", null, "swift"]}"#
        let (article, report) = try RecoveryReport.collect { try decoder.decode(Article.self, fromJSON: json) }
        #expect(article.tags == ["swift", "json"])
        #expect(article.$tags.failures.map(\.index) == [1, 3])
        #expect(report.map(\.formattedPath) == ["tags[1]", "tags[3]"])
        #expect(report.allSatisfy { $0.kind == .elementDropped })
        #expect(
            report.first?.description
                == "element dropped at tags[1]: typeMismatch: Expected to decode String but found number instead.")
        let written = try NodeEncoder().encode(article)
        let back = try decoder.decode(Article.self, from: written)
        #expect(back == article && back.$tags.failures.isEmpty)
    }

    @Test func modelsThatFailDeepInsideAreDroppedInArraysOfModelsToo() throws {
        let json =
            #"[{"corners": [{"x": 0, "y": 0}, {"x": 1}, {"x": 0, "y": 0}, {"x": 2, "y": "3"}]}, {"corners": []}]"#
        let (shapes, report) = try RecoveryReport.collect { try decoder.decode([Shape].self, fromJSON: json) }
        #expect(shapes.map(\.corners) == [[Point(x: 0, y: 0)], []])
        #expect(report.map(\.formattedPath) == ["[0].corners[1]", "[0].corners[3]"])
    }

    @Test func theValueMustBeAnArrayAndBeThere() {
        #expect(throws: DecodingError.self) { try decoder.decode(Article.self, fromJSON: #"{"tags": "swift"}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode(Article.self, fromJSON: #"{"tags": null}"#) }
        #expect(throws: DecodingError.self) { try decoder.decode(Article.self, fromJSON: "{}") }
    }

    @Test func underJSONDecoderAndJSONEncoderToo() throws {
        let json = Data(#"{"tags": ["a", false, "b"]}"#.utf8)
        let (article, report) = try RecoveryReport.collect { try JSONDecoder().decode(Article.self, from: json) }
        #expect(article.tags == ["a", "b"])
        #expect(report.map(\.formattedPath) == ["tags[1]"])
        let again = try JSONDecoder().decode(Article.self, from: JSONEncoder().encode(article))
        #expect(again == article)
    }

    @Test func theStaticDecodeAPIReadsTheSameWay() throws {
        let json = try Node(json: #"{"tags": ["a", 1, "a", "b"], "one": "a"}"#)
        var report = RecoveryReport()
        let tags = try Node(json: #"{"tags": ["a", 1, "a", "b"]}"#)
            .decode(as: [String: LossySet<String>].self, report: &report)["tags"]
        #expect(tags?.wrappedValue == ["a", "b"])
        #expect(tags?.failures.map(\.index) == [1])
        #expect(report.map(\.formattedPath) == ["tags[1]"])
        do {
            _ = try json.decode("one") as LossySet<String>
            Issue.record("expected an error")
        } catch let error as TypeMismatchError {
            #expect(error.description.contains("expected Set<String> but found a string"))
        }
    }
}

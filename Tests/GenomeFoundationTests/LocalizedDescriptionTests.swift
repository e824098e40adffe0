import Foundation
import Genome
import GenomeFoundation
import Testing

/// With GenomeFoundation, `localizedDescription`, which Foundation and UI code show to people, is each error's own
/// description rather than "The operation could not be completed. (Genome.MissingKeyError error 1.)".
@Suite struct LocalizedDescriptionTests {
    @Test func decodingErrorsDescribeThemselves() throws {
        var node: Node = ["owner": ["id": 1, "kind": "cat"]]
        let errors: [any Error] = [
            try #require(throws: MissingKeyError.self) { try node.decode("owner", "name") as String },
            try #require(throws: TypeMismatchError.self) { try node.decode("owner", "id") as String },
            try #require(throws: NodePathError.self) { try node.setValue(1, at: ["owner", "id", "deeper"]) },
        ]
        for error in errors {
            #expect(error.localizedDescription == "\(error)")
            #expect(error.localizedDescription.contains("owner"), "\(error.localizedDescription)")
        }
    }

    @Test func readingAndWritingErrorsDescribeThemselves() throws {
        let syntax = try #require(throws: JSONSyntaxError.self) { try Node(json: "[1,]") }
        #expect(syntax.localizedDescription == syntax.description)
        #expect(syntax.localizedDescription.contains("line 1, column 4"))
        let writing = try #require(throws: JSONWritingError.self) { try Node.number(.double(.nan)).serialized() }
        #expect(writing.localizedDescription == writing.description)
    }
}

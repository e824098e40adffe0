import Foundation
import Genome
import GenomeFoundation
import Testing

// `assumesTopLevelDictionary`: input that is the inside of an object.

@Suite struct TopLevelDictionaryParityTests {
    @Test(arguments: [
        #""x" : 42"#, #"{"x" : 42}"#, "", " ", #" "x":1, "y":2 "#, #""x" : 42}"#, #"{"x" : 42"#, #""x" 42"#, "42",
        #""x":[1,2],"y":{"z":null}"#,
    ])
    func membersWithoutBraces(json: String) {
        expectSameDecoding([String: Node].self, from: json) {
            $0.genome.assumesTopLevelDictionary = true
            $0.foundation.assumesTopLevelDictionary = true
        }
    }

    @Test func offByDefaultAndErrorsPointIntoTheInput() throws {
        #expect(throws: DecodingError.self) { try NodeDecoder().decode([String: Int].self, fromJSON: #""x" : 42"#) }
        var decoder = NodeDecoder()
        decoder.assumesTopLevelDictionary = true
        #expect(try decoder.decode([String: Int].self, fromJSON: #""x" : 42"#) == ["x": 42])
        #expect(try decoder.decode([String: Int].self, from: Data()) == [:])
        let error = try #require(throws: DecodingError.self) {
            try decoder.decode([String: Int].self, fromJSON: #""x" : 42,,"#)
        }
        guard case .dataCorrupted(let context) = error, let syntax = context.underlyingError as? JSONSyntaxError else {
            Issue.record("expected a syntax error, got \(error)")
            return
        }
        #expect(syntax.offset == 9 && syntax.line == 1 && syntax.column == 10, "\(syntax)")
    }
}

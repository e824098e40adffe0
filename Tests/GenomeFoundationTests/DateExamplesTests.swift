import Foundation
import Genome
import GenomeFoundation
import Testing

// BetterCodable's date wrappers, written with Genome: one date strategy per decoder rather than per property (see
// the table in CodableWithGenome.md).
@Suite struct DateExamplesTests {
    struct Release: Codable { let publishedAt: Date }

    @Test func iso8601AndTimestampsThroughTheDecodersStrategy() throws {
        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let iso = try decoder.decode(Release.self, fromJSON: #"{"publishedAt": "2023-03-01T12:00:00Z"}"#)
        decoder.dateDecodingStrategy = .secondsSince1970
        let seconds = try decoder.decode(Release.self, fromJSON: #"{"publishedAt": 1677672000}"#)
        decoder.dateDecodingStrategy = .millisecondsSince1970
        let milliseconds = try decoder.decode(Release.self, fromJSON: #"{"publishedAt": 1677672000000}"#)
        #expect(iso.publishedAt == seconds.publishedAt && seconds.publishedAt == milliseconds.publishedAt)
    }
}

import Foundation
import GenomeFoundation
import Testing

// `JSONPatch` and `JSONPointer` under Foundation's JSONEncoder and JSONDecoder: the same JSON as under Genome's
// coders, so a patch written by one reads with the other.

private struct Change: Codable, Equatable {
    let target: JSONPointer
    let patch: JSONPatch
}

@Suite struct PatchAndPointerFoundationCodingTests {
    private let change = Change(
        target: JSONPointer(tokens: ["a/b", "c~d"]),
        patch: [
            .add(path: JSONPointer(tokens: ["tags", "-"]), value: "new"),
            .remove(path: JSONPointer(tokens: ["a"])),
            .replace(path: JSONPointer(tokens: ["n"]), value: ["x": [1, 2.5, nil, true]]),
            .move(from: JSONPointer(tokens: ["a"]), path: JSONPointer(tokens: ["b"])),
            .copy(from: JSONPointer(tokens: ["b"]), path: JSONPointer(tokens: ["c"])),
            .test(path: JSONPointer(), value: 9_007_199_254_740_993),
        ])

    @Test func aPatchAndAPointerRoundTripThroughJSONEncoderAndJSONDecoder() throws {
        let data = try JSONEncoder().encode(change)
        #expect(try JSONDecoder().decode(Change.self, from: data) == change)
    }

    @Test func jsonEncoderWritesWhatNodeEncoderWrites() throws {
        let foundation = try Node(json: JSONEncoder().encode(change))
        #expect(foundation == (try NodeEncoder().encode(change)))
        #expect(foundation["target"] == "/a~1b/c~0d")
        #expect(foundation["patch"] == change.patch.node)
    }

    @Test func eachDecoderReadsWhatTheOtherEncoderWrote() throws {
        let byGenome = try NodeEncoder().encodeJSON(change)
        #expect(try JSONDecoder().decode(Change.self, from: Data(byGenome)) == change)
        let byFoundation = try JSONEncoder().encode(change)
        #expect(try NodeDecoder().decode(Change.self, fromJSON: byFoundation) == change)
    }

    @Test func jsonDecoderReportsAMalformedPatchWithThePatchError() throws {
        let json = #"{"target": "", "patch": [{"op": "remove", "path": "/a"}, {"op": "jump", "path": "/b"}]}"#
        do {
            _ = try JSONDecoder().decode(Change.self, from: Data(json.utf8))
            Issue.record("decoded an unknown operation")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["patch", "Index 1"])
            #expect((context.underlyingError as? JSONPatchError)?.reason == .unknownOperation("jump"))
        }
    }

    @Test func jsonDecoderReportsAMalformedPointerWithThePointerError() throws {
        do {
            _ = try JSONDecoder().decode(Change.self, from: Data(#"{"target": "a", "patch": []}"#.utf8))
            Issue.record("decoded a pointer without a leading slash")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["target"])
            #expect((context.underlyingError as? JSONPointerError)?.reason == .missingLeadingSlash)
        }
    }
}

import Genome
import Testing

// A pointer in a Codable model is its text, through NodeDecoder and NodeEncoder.

private struct Link: Codable, Equatable {
    let target: JSONPointer
}

@Suite struct JSONPointerCodableTests {
    @Test func aPointerEncodesAsItsEscapedText() throws {
        let link = Link(target: JSONPointer(tokens: ["a/b", "c~d", "0"]))
        #expect(try NodeEncoder().encode(link) == ["target": "/a~1b/c~0d/0"])
    }

    @Test func aPointerRoundTripsThroughNodeDecoderAndNodeEncoder() throws {
        for text in ["", "/", "/owner/login", "/a~1b/c~0d", "/items/-"] {
            let link = Link(target: try JSONPointer(text))
            let node = try NodeEncoder().encode(link)
            #expect(try NodeDecoder().decode(Link.self, from: node) == link)
        }
    }

    @Test func textThatIsNoPointerIsDataCorruptedWithThePointerError() throws {
        do {
            _ = try NodeDecoder().decode(Link.self, fromJSON: #"{"target": "owner/login"}"#)
            Issue.record("decoded a pointer without a leading slash")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["target"])
            #expect((context.underlyingError as? JSONPointerError)?.reason == .missingLeadingSlash)
        }
    }

    @Test func aPointerThatIsNoStringIsATypeMismatch() throws {
        do {
            _ = try NodeDecoder().decode(Link.self, fromJSON: #"{"target": 1}"#)
            Issue.record("decoded a number as a pointer")
        } catch DecodingError.typeMismatch(let type, let context) {
            #expect(type is String.Type)
            #expect(context.codingPath.map(\.stringValue) == ["target"])
        }
    }
}

// URL under NodeDecoder and NodeEncoder: a string, as JSON spells it and as JSONDecoder and JSONEncoder read and
// write it. (URL's own Codable uses a keyed container with "relative" and "base".)
import Foundation
import Genome

extension URL: CustomNodeDecodable {
    /// Decodes a URL from a string; a string `URL(string:)` rejects is `DecodingError.dataCorrupted`.
    public init(nodeDecoder decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let url = URL(string: string) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "Invalid URL string.")
        }
        self = url
    }
}

extension URL: CustomNodeEncodable {
    /// Encodes the URL as its absolute string.
    public func encode(nodeEncoder encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(absoluteString)
    }
}

extension URL: NodeDecodable {
    /// Reads a URL from a string: an absolute URL (`https://example.com/a?b=c`) or a relative reference
    /// (`/a/b`, `example.com`), as RFC 3986 spells them.
    ///
    /// - Throws: `TypeMismatchError` for anything but a string, and for a string that is not a URL, with the
    ///   reason "which is not a URL": an empty string, or one with a character a URL cannot hold, such as a
    ///   space. (Foundation's `URL(string:)` would percent-encode `not a url` into `not%20a%20url`; Genome does
    ///   not guess. `NodeDecoder` keeps `JSONDecoder`'s behaviour.)
    public static func decode(_ json: Node) throws -> URL {
        try decodeString(json, as: URL.self, expectation: "a URL") { string in
            URL(string: string, encodingInvalidCharacters: false)
        }
    }
}

extension URL: NodeRepresentable {
    /// The URL's absolute string.
    public func makeNode(in context: any Context) throws -> Node {
        .string(absoluteString)
    }
}

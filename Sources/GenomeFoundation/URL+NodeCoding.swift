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

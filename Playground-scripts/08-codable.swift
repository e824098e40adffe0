// An existing Codable model, unchanged, decoded and encoded through Genome: NodeDecoder and NodeEncoder are
// drop-ins for JSONDecoder and JSONEncoder. Errors are the DecodingErrors Swift code already catches.
import Foundation
import GenomeFoundation

// A model written for JSONDecoder, with nothing Genome-specific in it.
struct Repository: Codable {
    enum Visibility: String, Codable { case `public`, `private` }

    let id: Int64
    let fullName: String
    let visibility: Visibility
    let topics: [String]
    let stargazersCount: Int
    let homepage: URL?
    let pushedAt: Date
    let license: License?
    let extra: Node  // anything at all: Node is Codable

    struct License: Codable {
        let spdxId: String
    }
}

let json = """
    {
      "id": 9007199254740993,
      "full_name": "anviking/genome",
      "visibility": "public",
      "topics": ["json", "swift"],
      "stargazers_count": 1650,
      "homepage": "https://example.com/genome",
      "pushed_at": "2024-05-01T12:30:00Z",
      "license": {"spdx_id": "MIT"},
      "extra": {"anything": [1, "goes", null]}
    }
    """

// The same configuration a JSONDecoder would get.
var decoder = NodeDecoder()
decoder.keyDecodingStrategy = .convertFromSnakeCase
decoder.dateDecodingStrategy = .iso8601

let repository = try decoder.decode(Repository.self, fromJSON: json)
print("decoded:", repository.fullName, repository.id, repository.topics, repository.pushedAt.timeIntervalSince1970)
print("homepage:", repository.homepage?.host ?? "-", "| license:", repository.license?.spdxId ?? "-")
print("extra, as a node:", repository.extra)

// Encoding back: snake case keys, ISO 8601 dates, members in declaration order.
var encoder = NodeEncoder()
encoder.keyEncodingStrategy = .convertToSnakeCase
encoder.dateEncodingStrategy = .iso8601
let node = try encoder.encode(repository)
print("encoded:", try node.serialized())

// Foundation reads Genome's output, and the other way round.
let viaFoundation = JSONDecoder()
viaFoundation.keyDecodingStrategy = .convertFromSnakeCase
viaFoundation.dateDecodingStrategy = .iso8601
let fromFoundation = try viaFoundation.decode(Repository.self, from: node.serializedData())
print("JSONDecoder read it back:", fromFoundation.fullName)

// Errors: the DecodingError you already catch, with the full path and Foundation's words.
do {
    _ = try decoder.decode([Repository].self, fromJSON: "[\(json), {\"id\": 2}]")
} catch DecodingError.keyNotFound(let key, let context) {
    print("missing", key.stringValue, "at", context.codingPath.map(\.stringValue))
    print("  ", context.debugDescription)
}
do {
    _ = try decoder.decode([String: Int8].self, fromJSON: #"{"small": 300}"#)
} catch DecodingError.dataCorrupted(let context) {
    print("at", context.codingPath.map(\.stringValue), "-", context.debugDescription)
}
do {
    _ = try decoder.decode(Repository.self, fromJSON: "{\"id\": 1,")
} catch DecodingError.dataCorrupted(let context) {
    print(context.underlyingError.map { "\($0)" } ?? "")
}

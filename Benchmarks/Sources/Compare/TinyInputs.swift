import Foundation
import Genome

// Documents of a few bytes to a few kilobytes. Most JSON a server reads is this size, and there what counts is
// the fixed cost of a call, which the corpus files hide: these rows are that cost, in nanoseconds per call.

/// A small document with a name for the table.
struct TinyDocument {
    let name: String
    let text: String
    /// Calls per sample: enough for one sample to last far longer than the clock's resolution.
    let repetitions: Int

    var bytes: [UInt8] { Array(text.utf8) }
    var data: Data { Data(text.utf8) }
}

/// The small struct most APIs send, for the Codable rows.
struct Pet: Codable, Equatable, Sendable {
    let id: Int
    let name: String
    let ok: Bool
}

enum TinyInputs {
    static let pet = TinyDocument(
        name: "3-field struct", text: #"{"id":1,"name":"Rover","ok":true}"#, repetitions: 2000)

    /// One user, as a REST API returns it: about 400 bytes.
    static let user = #"""
        {"login":"octocat","id":583231,"node_id":"MDQ6VXNlcjU4MzIzMQ==","avatar_url":"https://avatars.githubusercontent.com/u/583231?v=4","type":"User","site_admin":false,"name":"The Octocat","company":"@github","blog":"https://github.blog","location":"San Francisco","email":null,"hireable":null,"bio":null,"public_repos":8,"followers":9001,"following":9,"created_at":"2011-01-25T18:44:36Z"}
        """#

    static let documents: [TinyDocument] = [
        TinyDocument(name: "0", text: "0", repetitions: 5000),
        TinyDocument(name: "[]", text: "[]", repetitions: 5000),
        TinyDocument(name: "{}", text: "{}", repetitions: 5000),
        TinyDocument(name: #"{"a":1}"#, text: #"{"a":1}"#, repetitions: 5000),
        TinyDocument(
            name: "5-member object", text: #"{"id":42,"name":"Rover","weight":3.5,"good":true,"tags":["a","b"]}"#,
            repetitions: 2000),
        pet,
        TinyDocument(name: "400-byte API response", text: user, repetitions: 1000),
        TinyDocument(
            name: "2 KB API response", text: "[" + Array(repeating: user, count: 5).joined(separator: ",") + "]",
            repetitions: 200),
    ]
}

extension Contest {
    /// Parse contests for every small document, and decode and encode contests for the 3-field struct.
    static func tiny() throws -> [Contest] {
        var contests = TinyInputs.documents.map { document in
            let bytes = document.bytes
            let data = document.data
            return Contest(
                input: document.name, size: bytes.count, operation: .parse,
                genome: { try timed(repeating: document.repetitions) { try Node(json: bytes) } },
                foundation: {
                    try timed(repeating: document.repetitions) {
                        try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
                    }
                })
        }
        let pet = TinyInputs.pet
        let bytes = pet.bytes
        let data = pet.data
        let nodeDecoder = NodeDecoder()
        let nodeEncoder = NodeEncoder()
        let jsonDecoder = JSONDecoder()
        let jsonEncoder = JSONEncoder()
        let value = try jsonDecoder.decode(Pet.self, from: data)
        guard try nodeDecoder.decode(Pet.self, fromJSON: bytes) == value else {
            throw DecodedModelsDiffer(file: pet.name, what: "NodeDecoder and JSONDecoder decode different models")
        }
        contests.append(
            Contest(
                input: pet.name, size: bytes.count, operation: .decode,
                genome: { try timed(repeating: pet.repetitions) { try nodeDecoder.decode(Pet.self, fromJSON: bytes) } },
                foundation: { try timed(repeating: pet.repetitions) { try jsonDecoder.decode(Pet.self, from: data) } }))
        contests.append(
            Contest(
                input: pet.name, size: bytes.count, operation: .encode,
                genome: { try timed(repeating: pet.repetitions) { try nodeEncoder.encodeJSON(value) } },
                foundation: { try timed(repeating: pet.repetitions) { try jsonEncoder.encode(value) } }))
        return contests
    }
}

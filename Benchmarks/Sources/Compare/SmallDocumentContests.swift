import Corpus
import Foundation
import Genome

// The small-document contests (`Corpus/SmallDocuments.swift`): the fixed cost of a call, in nanoseconds per call.

extension Contest {
    /// Parse contests for every small document, and decode and encode contests for the 3-field struct.
    static func tiny() throws -> [Contest] {
        var contests = SmallDocuments.all.map { document in
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
        let pet = SmallDocuments.pet
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

import CodableModels
import Corpus
import Foundation
import Genome

/// What is measured: bytes to tree, tree to compact bytes, bytes to a Codable model, or a model to bytes.
enum Operation: String {
    case parse
    case write
    case decode
    case encode
    /// Bytes to a model through `Node(json:)` and static `decode` functions (`NodeDecodable`).
    case decodeNative = "decode, NodeDecodable"
    /// Bytes to the citm_catalog model through `Node(json:)` and Genome's `Map` (`MappableObject`).
    case decodeMap = "decode, MappableObject"

    /// The Foundation API that Genome is measured against.
    var foundationAPI: String {
        switch self {
        case .parse, .write: "JSONSerialization"
        case .decode, .decodeNative, .decodeMap: "JSONDecoder"
        case .encode: "JSONEncoder"
        }
    }
}

/// The two decoders disagree about a document: a bug in one of them (or in the model), never a measurement.
struct DecodedModelsDiffer: Error, CustomStringConvertible {
    let file: String
    let what: String
    var description: String { "\(file): \(what)" }
}

/// One operation on one file, as a pair of closures that each run it once with one library and return
/// the time the operation itself took.
struct Contest {
    /// The input's name: a corpus file's, or a small document's.
    let input: String
    /// The input's size in bytes.
    let size: Int
    let operation: Operation
    let genome: () throws -> Duration
    let foundation: () throws -> Duration

    /// Parse and write contests for `file`.
    ///
    /// Each library gets its natural input (`[UInt8]` for Genome, `Data` for Foundation) and writes the tree
    /// it parsed itself, built once here, outside the timing.
    static func all(for file: CorpusFile) throws -> [Contest] {
        let node = try Node(json: file.bytes)
        let object = try JSONSerialization.jsonObject(with: file.data)
        return [
            Contest(
                input: file.name, size: file.size, operation: .parse,
                genome: { try timed { try Node(json: file.bytes) } },
                foundation: { try timed { try JSONSerialization.jsonObject(with: file.data) } }
            ),
            Contest(
                input: file.name, size: file.size, operation: .write,
                genome: { try timed { try node.serializedBytes() } },
                foundation: { try timed { try JSONSerialization.data(withJSONObject: object) } }
            ),
        ]
    }

    /// Decode and encode contests for `file`, when it has a full Codable model (twitter, citm_catalog, canada).
    ///
    /// Decoding: `NodeDecoder().decode(_:fromJSON:)` on `[UInt8]` against `JSONDecoder().decode(_:from:)` on `Data`.
    /// Encoding: `NodeEncoder().encodeJSON(_:)` (encode to a `Node`, then `serializedBytes()`) against
    /// `JSONEncoder().encode(_:)`, both compact with keys in encoding order. Before anything is timed, both
    /// decoders must produce equal models, and each encoder's output must decode back to that model.
    static func codable(for file: CorpusFile) throws -> [Contest] {
        guard let document = CodableDocument(rawValue: file.name) else { return [] }
        return try codable(for: file, model: document.modelType)
    }

    private static func codable<Model: Codable & NodeDecodable & Equatable & Sendable>(
        for file: CorpusFile, model: Model.Type
    ) throws -> [Contest] {
        let nodeDecoder = NodeDecoder()
        let nodeEncoder = NodeEncoder()
        let jsonDecoder = JSONDecoder()
        let jsonEncoder = JSONEncoder()
        let value = try nodeDecoder.decode(Model.self, fromJSON: file.bytes)
        guard try jsonDecoder.decode(Model.self, from: file.data) == value else {
            throw DecodedModelsDiffer(file: file.name, what: "NodeDecoder and JSONDecoder decode different models")
        }
        guard try Model.decode(Node(json: file.bytes)) == value else {
            throw DecodedModelsDiffer(file: file.name, what: "NodeDecodable and JSONDecoder decode different models")
        }
        guard try jsonDecoder.decode(Model.self, from: Data(nodeEncoder.encodeJSON(value))) == value else {
            throw DecodedModelsDiffer(file: file.name, what: "NodeEncoder's output does not decode to the model")
        }
        guard try nodeDecoder.decode(Model.self, fromJSON: jsonEncoder.encode(value)) == value else {
            throw DecodedModelsDiffer(file: file.name, what: "JSONEncoder's output does not decode to the model")
        }
        var contests = [
            Contest(
                input: file.name, size: file.size, operation: .decodeNative,
                genome: { try timed { try Model.decode(Node(json: file.bytes)) } },
                foundation: { try timed { try jsonDecoder.decode(Model.self, from: file.data) } }
            ),
            Contest(
                input: file.name, size: file.size, operation: .decode,
                genome: { try timed { try nodeDecoder.decode(Model.self, fromJSON: file.bytes) } },
                foundation: { try timed { try jsonDecoder.decode(Model.self, from: file.data) } }
            ),
            Contest(
                input: file.name, size: file.size, operation: .encode,
                genome: { try timed { try nodeEncoder.encodeJSON(value) } },
                foundation: { try timed { try jsonEncoder.encode(value) } }
            ),
        ]
        if Model.self == CitmCatalog.self {
            guard try MappedCitmCatalog(node: Node(json: file.bytes)).model == value as? CitmCatalog else {
                throw DecodedModelsDiffer(
                    file: file.name, what: "MappableObject and JSONDecoder decode different models")
            }
            contests.insert(
                Contest(
                    input: file.name, size: file.size, operation: .decodeMap,
                    genome: { try timed { try MappedCitmCatalog(node: Node(json: file.bytes)) } },
                    foundation: { try timed { try jsonDecoder.decode(Model.self, from: file.data) } }
                ), at: 1)
        }
        return contests
    }

    /// Runs the contest and returns both libraries' samples.
    ///
    /// The libraries alternate run by run, so that any drift during the measurement (CPU frequency, a noisy
    /// neighbour) affects both sides alike instead of whichever happened to go second.
    func run(warmupRuns: Int, runs: Int) throws -> (genome: Samples, foundation: Samples) {
        for _ in 0..<warmupRuns {
            _ = try genome()
            _ = try foundation()
        }
        var genomeSamples = Samples()
        var foundationSamples = Samples()
        for _ in 0..<runs {
            genomeSamples.append(try genome())
            foundationSamples.append(try foundation())
        }
        return (genomeSamples, foundationSamples)
    }
}

import Corpus
import Foundation
import Genome

/// What is measured: bytes to tree, or tree to compact bytes.
enum Operation: String {
    case parse
    case write
}

/// One operation on one file, as a pair of closures that each run it once with one library and return
/// the time the operation itself took.
struct Contest {
    let file: CorpusFile
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
                file: file, operation: .parse,
                genome: { try timed { try Node(json: file.bytes) } },
                foundation: { try timed { try JSONSerialization.jsonObject(with: file.data) } }
            ),
            Contest(
                file: file, operation: .write,
                genome: { try timed { try node.serializedBytes() } },
                foundation: { try timed { try JSONSerialization.data(withJSONObject: object) } }
            ),
        ]
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

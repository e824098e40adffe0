import Benchmark
import Corpus
import Foundation
import Genome

/// `write/<file>/Genome` and `write/<file>/Foundation`: a document tree to compact JSON bytes.
///
/// Each library writes the tree it parsed itself (in `setup`, not timed), so neither pays for converting the
/// other's representation. As for parsing, releasing the output happens after `stopMeasurement()`.
func registerWriteBenchmarks(file: String) {
    Benchmark("write/\(file)/Genome") { benchmark, node in
        benchmark.startMeasurement()
        let bytes = try node.serializedBytes()
        benchmark.stopMeasurement()
        blackHole(bytes)
    } setup: {
        try Node(json: Corpus.load(file).bytes)
    }

    Benchmark("write/\(file)/Foundation") { benchmark, tree in
        benchmark.startMeasurement()
        let data = try JSONSerialization.data(withJSONObject: tree)
        benchmark.stopMeasurement()
        blackHole(data)
    } setup: {
        try JSONSerialization.jsonObject(with: Corpus.load(file).data)
    }
}

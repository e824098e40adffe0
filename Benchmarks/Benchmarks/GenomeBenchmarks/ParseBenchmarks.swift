import Benchmark
import Corpus
import Foundation
import Genome

/// `parse/<file>/Genome` and `parse/<file>/Foundation`: bytes in memory to a document tree.
///
/// The file is read in `setup`, outside the measurement. Only building the tree is timed: the tree is
/// released after `stopMeasurement()`, the same way for both libraries, so the figure is parse cost
/// rather than parse-plus-teardown.
func registerParseBenchmarks(file: String) {
    Benchmark("parse/\(file)/Genome") { benchmark, input in
        benchmark.startMeasurement()
        let node = try Node(json: input.bytes)
        benchmark.stopMeasurement()
        blackHole(node)
    } setup: {
        try Corpus.load(file)
    }

    Benchmark("parse/\(file)/Foundation") { benchmark, input in
        benchmark.startMeasurement()
        let object = try JSONSerialization.jsonObject(with: input.data)
        benchmark.stopMeasurement()
        blackHole(object)
    } setup: {
        try Corpus.load(file)
    }
}

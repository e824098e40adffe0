import Benchmark
import CodableModels
import Corpus
import Foundation
import Genome

/// `decode/<file>/Genome` against `decode/<file>/Foundation`, and `encode/<file>/…`: bytes to a full Codable
/// model (`NodeDecoder().decode(_:fromJSON:)` against `JSONDecoder().decode(_:from:)`) and back to compact JSON
/// (`NodeEncoder().encodeJSON(_:)` against `JSONEncoder().encode(_:)`).
///
/// As for parsing, the input is prepared in `setup` and the result released after `stopMeasurement()`.
func registerCodableBenchmarks(file: String) {
    guard let document = CodableDocument(rawValue: file) else { return }
    registerCodableBenchmarks(file: file, model: document.modelType)
}

private func registerCodableBenchmarks<Model: Codable & Sendable>(file: String, model: Model.Type) {
    Benchmark("decode/\(file)/Genome") { benchmark, input in
        let decoder = NodeDecoder()
        benchmark.startMeasurement()
        let value = try decoder.decode(Model.self, fromJSON: input.bytes)
        benchmark.stopMeasurement()
        blackHole(value)
    } setup: {
        try Corpus.load(file)
    }

    Benchmark("decode/\(file)/Foundation") { benchmark, input in
        let decoder = JSONDecoder()
        benchmark.startMeasurement()
        let value = try decoder.decode(Model.self, from: input.data)
        benchmark.stopMeasurement()
        blackHole(value)
    } setup: {
        try Corpus.load(file)
    }

    Benchmark("encode/\(file)/Genome") { benchmark, value in
        let encoder = NodeEncoder()
        benchmark.startMeasurement()
        let bytes = try encoder.encodeJSON(value)
        benchmark.stopMeasurement()
        blackHole(bytes)
    } setup: {
        try JSONDecoder().decode(Model.self, from: Corpus.load(file).data)
    }

    Benchmark("encode/\(file)/Foundation") { benchmark, value in
        let encoder = JSONEncoder()
        benchmark.startMeasurement()
        let data = try encoder.encode(value)
        benchmark.stopMeasurement()
        blackHole(data)
    } setup: {
        try JSONDecoder().decode(Model.self, from: Corpus.load(file).data)
    }
}

import Benchmark
import Corpus
import Foundation
import Genome

/// `small/parse/<document>/Genome` against `…/Foundation` for every small document (`Corpus/SmallDocuments`),
/// and `small/decode/3-field struct/…` and `small/encode/3-field struct/…` against `JSONDecoder` and
/// `JSONEncoder`: the fixed cost of one call, with its allocations (`mallocCountTotal`, per call).
///
/// One call per iteration, so that the malloc count is per call; nanoseconds, since a call takes well under a
/// microsecond.
func registerSmallDocumentBenchmarks() {
    let configuration = Benchmark.Configuration(
        timeUnits: .nanoseconds, warmupIterations: 100, maxDuration: .seconds(1), maxIterations: 100_000)
    for document in SmallDocuments.all {
        let bytes = document.bytes
        let data = document.data
        Benchmark("small/parse/\(document.name)/Genome", configuration: configuration) { benchmark in
            benchmark.startMeasurement()
            let node = try Node(json: bytes)
            benchmark.stopMeasurement()
            blackHole(node)
        }
        Benchmark("small/parse/\(document.name)/Foundation", configuration: configuration) { benchmark in
            benchmark.startMeasurement()
            let object = try JSONSerialization.jsonObject(with: data, options: .fragmentsAllowed)
            benchmark.stopMeasurement()
            blackHole(object)
        }
    }

    let pet = SmallDocuments.pet
    let bytes = pet.bytes
    let data = pet.data
    let value = Pet(id: 1, name: "Rover", ok: true)
    Benchmark("small/decode/\(pet.name)/Genome", configuration: configuration) { benchmark in
        let decoder = NodeDecoder()
        benchmark.startMeasurement()
        let decoded = try decoder.decode(Pet.self, fromJSON: bytes)
        benchmark.stopMeasurement()
        blackHole(decoded)
    }
    Benchmark("small/decode/\(pet.name)/Foundation", configuration: configuration) { benchmark in
        let decoder = JSONDecoder()
        benchmark.startMeasurement()
        let decoded = try decoder.decode(Pet.self, from: data)
        benchmark.stopMeasurement()
        blackHole(decoded)
    }
    Benchmark("small/encode/\(pet.name)/Genome", configuration: configuration) { benchmark in
        let encoder = NodeEncoder()
        benchmark.startMeasurement()
        let encoded = try encoder.encodeJSON(value)
        benchmark.stopMeasurement()
        blackHole(encoded)
    }
    Benchmark("small/encode/\(pet.name)/Foundation", configuration: configuration) { benchmark in
        let encoder = JSONEncoder()
        benchmark.startMeasurement()
        let encoded = try encoder.encode(value)
        benchmark.stopMeasurement()
        blackHole(encoded)
    }
}

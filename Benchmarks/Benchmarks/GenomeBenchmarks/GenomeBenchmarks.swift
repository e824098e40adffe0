import Benchmark
import Corpus
import Foundation

// Entry point read by package-benchmark's generated boilerplate.
//
// Every case is registered twice, Genome then Foundation, under names that differ only in the last component
// (`parse/twitter.json/Genome`, `parse/twitter.json/Foundation`), so the two figures sort side by side.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, .throughput, .mallocCountTotal, .peakMemoryResident],
        // Fixed units, so the Genome and Foundation rows of a pair can be compared digit for digit
        // (left to itself the tool picks a unit per benchmark: μs for one, ms for the other).
        timeUnits: .microseconds,
        units: [.throughput: .count, .mallocCountTotal: .count, .peakMemoryResident: .mega],
        // Warm-up rounds keep first-touch page faults and lazy runtime setup out of the samples.
        warmupIterations: 2,
        // Fast cases stop at the iteration cap; the slowest (Foundation writing canada.json, about a second
        // per pass on Linux) still gets a few samples. The corpus benchmarks take about two minutes in all; the small
        // documents set their own configuration.
        maxDuration: .seconds(3),
        maxIterations: 1_000
    )

    // Fail the whole run up front, with the message that says where the corpus was looked for, rather than
    // once per benchmark from inside a setup closure.
    do {
        for file in Corpus.standardFiles { _ = try Corpus.url(of: file) }
    } catch {
        FileHandle.standardError.write(Data("error: \(error)\n".utf8))
        exit(1)
    }

    for file in Corpus.standardFiles {
        registerParseBenchmarks(file: file)
        registerWriteBenchmarks(file: file)
        registerCodableBenchmarks(file: file)
    }
    registerSmallDocumentBenchmarks()
}

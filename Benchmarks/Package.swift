// swift-tools-version: 6.1
import PackageDescription

// A package of its own, so that users of Genome never resolve package-benchmark and its dependencies.
let package = Package(
    name: "GenomeBenchmarks",
    platforms: [.macOS(.v15)],
    dependencies: [
        // Named explicitly: a path dependency otherwise takes its identity from the checkout folder name.
        .package(name: "Genome", path: ".."),
        // MallocInterposer backs the malloc metrics (mallocCountTotal) on Swift 6.3+. Naming it replaces the
        // default trait set, which drops RuntimeInterposer: that one only serves ARC metrics, which we do not record.
        .package(url: "https://github.com/ordo-one/package-benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // package-benchmark suite: `swift package benchmark`.
        .executableTarget(
            name: "GenomeBenchmarks",
            dependencies: [
                "Corpus",
                "CodableModels",
                .product(name: "Genome", package: "Genome"),
                .product(name: "Benchmark", package: "package-benchmark"),
            ],
            path: "Benchmarks/GenomeBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "package-benchmark")]
        ),
        // Plain timing table for the README: `swift run -c release Compare`.
        .executableTarget(
            name: "Compare",
            dependencies: ["Corpus", "CodableModels", .product(name: "Genome", package: "Genome")]
        ),
        // Streaming (issue 16): JSON Lines and `elements(at:)` on generated 1 GB files, throughput and peak memory
        // against the naive whole-document way: `swift run -c release StreamingBench [--smoke]`.
        .executableTarget(name: "StreamingBench", dependencies: [.product(name: "Genome", package: "Genome")]),
        // Locating and loading the shared JSON corpus, used by both executables.
        .target(name: "Corpus"),
        // Full models of twitter.json, citm_catalog.json and canada.json, for the decode and encode cases: Codable,
        // and NodeDecodable (static decode functions) and MappableObject (citm_catalog only) for Genome's own APIs.
        .target(name: "CodableModels", dependencies: [.product(name: "Genome", package: "Genome")]),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.0
import PackageDescription

// A package of its own, beside the library: the fuzz target has no `main` (libFuzzer supplies one), so it only
// links when built with `--sanitize=fuzzer`, and keeping it here means a plain `swift build` or `swift test` of
// Genome never sees it. Build and run it with `Fuzz/run.sh`; see Fuzz/README.md.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "GenomeFuzz",
    dependencies: [
        // Named explicitly: a path dependency otherwise takes its identity from the folder name.
        .package(name: "Genome", path: "..")
    ],
    targets: [
        // Every check made on one input, shared by the fuzz target and the replay tool.
        .target(
            name: "FuzzChecks",
            dependencies: [.product(name: "Genome", package: "Genome")],
            swiftSettings: swiftSettings
        ),
        // The libFuzzer target: `swift build -c release --product GenomeFuzz --sanitize=fuzzer --sanitize=address`.
        .executableTarget(name: "GenomeFuzz", dependencies: ["FuzzChecks"], swiftSettings: swiftSettings),
        // Runs the same checks over files without libFuzzer: to replay a crash or a corpus, to survey how Genome
        // and Foundation differ, and as the binary that valgrind checks for leaks.
        .executableTarget(
            name: "FuzzReplay",
            dependencies: ["FuzzChecks", .product(name: "Genome", package: "Genome")],
            swiftSettings: swiftSettings
        ),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.0
import PackageDescription

// Swift 6 language mode everywhere, plus the two upcoming features the house style asks for.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "Genome",
    // GenomeFoundation uses Foundation APIs from these releases (ISO 8601 format styles, strict URL parsing).
    platforms: [.macOS(.v14), .iOS(.v17), .tvOS(.v17), .watchOS(.v10), .visionOS(.v1)],
    products: [
        .library(name: "Genome", targets: ["Genome"]),
        .library(name: "GenomeOperators", targets: ["GenomeOperators"]),
        .library(name: "GenomeFoundation", targets: ["GenomeFoundation"]),
    ],
    targets: [
        // The C declarations Genome needs that Swift cannot make (thread-locals, atomics, a thread's stack
        // bounds; see its header): not a dependency, part of Genome.
        .target(name: "CGenomeShims"),
        .target(
            name: "Genome",
            dependencies: ["CGenomeShims"],
            // The coders' run-private state skips Swift's run-time exclusivity checks in release builds only, where
            // a benchmark shows what that buys (Sources/Genome/Codable/Shared/CodingPath.swift); debug builds, and so
            // every test run, keep the checks, which trap on any overlapping access.
            swiftSettings: swiftSettings + [.define("GENOME_UNCHECKED_EXCLUSIVITY", .when(configuration: .release))],
            // Debug builds call libm's rounding functions for `Int64(exactly: Double)` and friends; without
            // Foundation nothing else links libm on Linux.
            linkerSettings: [.linkedLibrary("m", .when(platforms: [.linux, .android]))]
        ),
        .target(name: "GenomeOperators", dependencies: ["Genome"], swiftSettings: swiftSettings),
        .target(name: "GenomeFoundation", dependencies: ["Genome"], swiftSettings: swiftSettings),
        // A process with Genome but not GenomeFoundation, run by GenomeFoundationTests (see its main.swift). A
        // test fixture, so it lives with the tests.
        .executableTarget(
            name: "FoundationBridgeProbe", dependencies: ["Genome"], path: "Tests/FoundationBridgeProbe",
            swiftSettings: swiftSettings),
        .testTarget(name: "GenomeTests", dependencies: ["Genome"], swiftSettings: swiftSettings),
        .testTarget(
            name: "GenomeOperatorsTests", dependencies: ["Genome", "GenomeOperators"], swiftSettings: swiftSettings),
        .testTarget(
            name: "GenomeFoundationTests",
            dependencies: ["Genome", "GenomeFoundation", "GenomeOperators", "FoundationBridgeProbe"],
            swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)

// Playground scripts import every module through one dynamic library, built only on request:
// two separate dynamic libraries would each carry a copy of Genome, and type checks would fail across them.
if Context.environment["GENOME_SCRIPTING"] != nil {
    package.products.append(
        .library(
            name: "GenomeScripting", type: .dynamic,
            targets: ["CGenomeShims", "Genome", "GenomeOperators", "GenomeFoundation"]))
}

// swift-tools-version: 6.1
import PackageDescription

// The `genome` command, a package of its own so that users of the library never resolve swift-argument-parser.
let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("MemberImportVisibility"),
]

let package = Package(
    name: "GenomeTools",
    platforms: [.macOS(.v14)],
    products: [
        .executable(name: "genome", targets: ["genome"])
    ],
    dependencies: [
        // Named explicitly: a path dependency otherwise takes its identity from the checkout folder name.
        .package(name: "Genome", path: ".."),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
    ],
    targets: [
        // Everything the command does, in a library so that the tests call it without spawning a process.
        .target(
            name: "GenomeCommand",
            dependencies: [
                .product(name: "Genome", package: "Genome"),
                .product(name: "GenomeFoundation", package: "Genome"),
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            swiftSettings: swiftSettings),
        .executableTarget(name: "genome", dependencies: ["GenomeCommand"], swiftSettings: swiftSettings),
        .testTarget(
            name: "GenomeCommandTests",
            dependencies: ["GenomeCommand", .product(name: "Genome", package: "Genome")],
            swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)

// swift-tools-version: 6.0
import PackageDescription

// Property-based tests for Genome, in a package of their own so that the library keeps no dependencies:
// `cd PropertyTests && swift test`.
let package = Package(
    name: "GenomePropertyTests",
    // The integer properties use Int128, new in these releases.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    dependencies: [
        // Named explicitly: a path dependency otherwise takes its identity from the folder name.
        .package(name: "Genome", path: ".."),
        .package(url: "https://github.com/x-sheep/swift-property-based", from: "2.0.1"),
    ],
    targets: [
        .testTarget(
            name: "GenomePropertyTests",
            dependencies: [
                .product(name: "Genome", package: "Genome"),
                .product(name: "PropertyBased", package: "swift-property-based"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("MemberImportVisibility"),
            ]
        )
    ],
    swiftLanguageModes: [.v6]
)

// ../shared beside the repository: JSONTestSuite and the benchmark corpus. Tests that need it are skipped, with
// the reason shown, when it is absent; CI checks that it is there before it runs any test.
import Foundation

enum SharedMaterial {
    /// The repository's root: this file is `Tools/Tests/GenomeCommandTests/Support/SharedMaterial.swift`.
    static let repository: URL = {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url
    }()

    static let shared = repository.deletingLastPathComponent().appendingPathComponent("shared")
    static let testParsing = shared.appendingPathComponent("JSONTestSuite/test_parsing")
    static let benchData = shared.appendingPathComponent("bench-data")

    static var hasTestSuite: Bool { FileManager.default.fileExists(atPath: testParsing.path) }
    static var hasBenchData: Bool { FileManager.default.fileExists(atPath: benchData.path) }
}

import Foundation
import Testing

// URL, Data and Decimal under NodeDecoder and NodeEncoder in a process without GenomeFoundation: an error that
// names GenomeFoundation, never JSON that differs from JSONEncoder's. The process is FoundationBridgeProbe, built
// beside this test bundle.

@Suite struct WithoutGenomeFoundationTests {
    @Test func foundationTypesNeedGenomeFoundationOrFail() throws {
        let directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        let candidates = [directory, directory.deletingLastPathComponent()].map {
            $0.appendingPathComponent("FoundationBridgeProbe")
        }
        let probe = try #require(
            candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) },
            "FoundationBridgeProbe is built with the tests, next to the test bundle")
        let process = Process()
        process.executableURL = probe
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let lines = output.split(separator: "\n").map(String.init)
        for type in ["URL", "Data", "Decimal"] {
            let encoded = lines.first {
                $0.hasPrefix("\(type) ") && !$0.contains("typeMismatch") && !$0.hasSuffix(" decoded")
            }
            #expect(
                encoded?.hasPrefix("\(type) invalidValue at [\"") == true
                    && encoded?.contains("GenomeFoundation") == true,
                "\(encoded ?? "no line for \(type)")")
            let decoded = lines.first { $0.hasPrefix("\(type) typeMismatch") || $0 == "\(type) decoded" }
            #expect(decoded?.contains("GenomeFoundation") == true, "\(decoded ?? "no decoding line for \(type)")")
        }
        // Date's own Codable writes what JSONEncoder's default strategy writes: no error.
        #expect(lines.contains(#"Date encoded {"at":0.0}"#))
        #expect(lines.contains("Date decoded"))
    }
}

// `genome validate` agrees with the library on every y_ (must accept) and n_ (must reject) file of JSONTestSuite,
// whether it reads the file whole or streams it as it does files over the whole-file limit.
import Foundation
import Genome
import GenomeCommand
import Testing

@Suite(.enabled(if: SharedMaterial.hasTestSuite, "../shared/JSONTestSuite is not beside the repository"))
struct JSONTestSuiteTests {
    static let files: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: SharedMaterial.testParsing.path)) ?? [])
        .filter { ($0.hasPrefix("y_") || $0.hasPrefix("n_")) && $0.hasSuffix(".json") }.sorted()

    @Test func theSuiteIsThere() {
        #expect(Self.files.count > 250)
    }

    @Test(arguments: [false, true])
    func validateAgreesWithTheLibrary(streaming: Bool) async throws {
        var validator = Validator()
        if streaming { validator.wholeFileLimit = 0 }
        var disagreements: [String] = []
        for name in Self.files {
            let path = SharedMaterial.testParsing.appendingPathComponent(name).path
            let bytes = try #require(FileManager.default.contents(atPath: path))
            let libraryAccepts = (try? Node(json: bytes)) != nil
            let captured = CapturedOutput()
            let errors = try await validator.validate(InputFile(path), console: captured.console)
            let accepted = errors == 0
            if accepted != libraryAccepts || accepted != name.hasPrefix("y_") {
                disagreements.append(name)
            }
            // Every rejection says where, in the compiler's form; an acceptance says nothing.
            if accepted {
                if !captured.error.isEmpty { disagreements.append(name + " (printed on success)") }
            } else if !captured.error.hasPrefix(path + ":") || !captured.error.contains(": error: ") {
                disagreements.append(name + " (message: \(captured.error))")
            }
        }
        #expect(disagreements == [])
    }
}

// End to end: models generated from the benchmark corpus, in every style, compile against Genome and decode the
// very files they came from; and `--check` reports the samples that models fail on. Everything goes in the one
// scratch package `--check` itself uses, one test at a time, so the tests pay for one build of Genome, and the
// package stays in the temporary directory, so a second run compiles only what changed.
import Foundation
import Genome
import Testing

@testable import GenomeCommand

@Suite(.serialized) struct ScratchPackageTests {
    /// Every file of the corpus, and the name of each one's root model. A file that is a top-level array
    /// (github_events.json, numbers.json and others) has its elements as the samples.
    static let corpus = [
        ("twitter.json", "Twitter"), ("citm_catalog.json", "Catalog"), ("canada.json", "Canada"),
        ("github_events.json", "Event"), ("gsoc-2018.json", "Gsoc"), ("instruments.json", "Instruments"),
        ("marine_ik.json", "MarineIK"), ("mesh.json", "Mesh"), ("numbers.json", "Numbers"),
        ("twitterescaped.json", "TwitterEscaped"), ("update-center.json", "UpdateCenter"),
    ]

    @Test(.enabled(if: SharedMaterial.hasBenchData, "../shared/bench-data is not beside the repository"))
    func modelsFromTheCorpusCompileAndDecodeTheirSamples() async throws {
        let directory = ModelChecker.scratchDirectory(for: SharedMaterial.repository.path)
        var targets: [String] = []
        var calls: [String] = []
        for (file, rootName) in Self.corpus {
            let sample = InputFile(SharedMaterial.benchData.appendingPathComponent(file).path)
            for style in ModelStyle.allCases {
                let generator = ModelGenerator(rootName: rootName, style: style)
                let source = try await generator.generate(from: [sample], commandLine: "genome generate")
                let module = rootName + style.rawValue.prefix(1).uppercased() + style.rawValue.dropFirst()
                let sources = directory.appendingPathComponent("Sources/\(module)")
                try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
                try writeIfChanged(source, to: sources.appendingPathComponent("Models.swift"))
                try writeIfChanged(
                    ModelChecker.checkFunction(rootName: rootName, style: style),
                    to: sources.appendingPathComponent("Check.swift"))
                targets.append(module)
                let layout = try generator.layouts(of: [sample])[0]
                calls.append("failures += \(module).checkSamples([\"\(layout)\", \(ModelWriter.literal(sample.path))])")
            }
        }
        try writeIfChanged(manifest(targets: targets), to: directory.appendingPathComponent("Package.swift"))
        let main = directory.appendingPathComponent("Sources/CorpusCheck")
        try FileManager.default.createDirectory(at: main, withIntermediateDirectories: true)
        let program =
            ["import Foundation"] + targets.map { "import \($0)" } + ["", "var failures: [String] = []"] + calls + [
                "for failure in failures { print(failure) }",
                "print(\"checked \\(\(targets.count)) modules\")",
                "exit(failures.isEmpty ? 0 : 1)",
            ]
        try writeIfChanged(program.joined(separator: "\n") + "\n", to: main.appendingPathComponent("main.swift"))

        let build = try run(["swift", "build", "--package-path", directory.path])
        #expect(build.status == 0, "\(build.output.split(separator: "\n").filter { $0.contains("error") }.prefix(20))")
        guard build.status == 0 else { return }
        let check = try run([directory.appendingPathComponent(".build/debug/CorpusCheck").path])
        #expect(check.output == "checked \(targets.count) modules\n")
        #expect(check.status == 0)
    }

    @Test func checkPassesOnTheSamplesTheModelsCameFrom() async throws {
        let scratch = Scratch()
        let lines = scratch.file(
            "events.jsonl", #"{"id": 1, "at": "2024-05-01T10:30:00Z"}"# + "\n" + #"{"id": 2.5}"# + "\n")
        // The third record holds itself in "next", so one of its models is a class with an initializer.
        let records = scratch.file(
            "records.json",
            #"[{"id": 3, "big": 18446744073709551615}, {"id": 4, "next": {"id": 5, "next": {"id": 6, "next": null}}}]"#)
        let result = await genome(
            "generate", "--check", "--style", "decodable", "--genome-package", SharedMaterial.repository.path, lines,
            records)
        #expect(result.error == "")
        #expect(result.status == 0)
        #expect(result.output.contains("    let id: Double\n    let at: Date?\n    let big: Double?\n"))
        #expect(result.output.contains("final class Next: NodeDecodable, Sendable {"))
    }

    @Test(arguments: ModelStyle.allCases)
    func tolerantModelsWithEnumsDecodeTheirSamples(style: ModelStyle) async throws {
        // "s" holds objects tagged by "type": a tagged enum in the codable style, one model in the others.
        let scratch = Scratch()
        let samples = scratch.file(
            "mixed.jsonl",
            #"{"n": 1, "b": true, "o": 1, "k": "x", "s": [{"type": "c", "r": 1}, {"type": "q", "side": 2}]}"# + "\n"
                + #"{"n": "2.5", "b": 1, "o": "4", "k": "x", "s": []}"# + "\n"
                + #"{"n": 3, "b": "false", "k": "x", "s": [{"type": "q", "side": 3}, {"type": "none"}]}"#)
        let result = await genome(
            "generate", "--tolerant", "--enums", "--check", "--style", style.rawValue, "--genome-package",
            SharedMaterial.repository.path, samples)
        #expect(result.error == "")
        #expect(result.status == 0)
        #expect(result.output.contains("coercing: .all") || result.output.contains("@Coerced var n: Double"))
        #expect(result.output.contains("enum K: String, "))
        #expect(result.output.contains("enum SElement: TaggedCodable, Sendable {") == (style == .codable))
    }

    @Test func checkReportsEverySampleThatFailsWithItsPlace() async throws {
        let scratch = Scratch()
        let lines = scratch.file("events.jsonl", #"{"id": 1}"# + "\n\n" + #"{"id": "two"}"# + "\n")
        let records = scratch.file("records.json", #"[{"id": 3}, {}]"#)
        let document = scratch.file("one.json", #"{"id": 4}"#)
        let source = """
            struct Root: Codable, Sendable {
                let id: Int
            }

            """
        let checker = ModelChecker(genomePackage: SharedMaterial.repository.path)
        let failures = try await checker.check(
            source: source, rootName: "Root", style: .codable, samples: [lines, records, document].map(InputFile.init),
            layouts: [.lines, .records, .document])
        #expect(failures.count == 2)
        #expect(failures.first?.hasPrefix("\(lines):3: error: ") == true)
        #expect(failures.last?.hasPrefix("\(records): element 1: error: ") == true)
        #expect(failures.last?.contains("id") == true)
    }

    @Test func checkReportsModelsThatDoNotCompile() async throws {
        let scratch = Scratch()
        let document = scratch.file("one.json", #"{"id": 4}"#)
        let checker = ModelChecker(genomePackage: SharedMaterial.repository.path)
        let failures = try await checker.check(
            source: "struct Root: Codable { let id: NoSuchType }\n", rootName: "Root", style: .codable,
            samples: [InputFile(document)], layouts: [.document])
        #expect(failures.first == "the generated models do not compile:")
        #expect(failures.dropFirst().contains { $0.contains("NoSuchType") })
    }

    private func manifest(targets: [String]) -> String {
        let genome = ModelWriter.literal(SharedMaterial.repository.path)
        let products =
            #".product(name: "Genome", package: "Genome"), .product(name: "GenomeFoundation", package: "Genome")"#
        let modelTargets = targets.map { "        .target(name: \"\($0)\", dependencies: [\(products)]),\n" }.joined()
        let names = targets.map { "\"\($0)\"" }.joined(separator: ", ")
        return """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "CorpusCheck",
                platforms: [.macOS(.v14)],
                dependencies: [.package(name: "Genome", path: \(genome))],
                targets: [
            \(modelTargets)        .executableTarget(name: "CorpusCheck", dependencies: [\(names)]),
                ],
                swiftLanguageModes: [.v6]
            )

            """
    }

    private func writeIfChanged(_ text: String, to url: URL) throws {
        if let existing = try? String(contentsOf: url, encoding: .utf8), existing == text { return }
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}

// `genome generate --check`: compiles the generated models with a small program that decodes every sample, in a
// scratch package that depends on Genome by path, runs it, and returns the samples that failed.
//
// The scratch package lives in the temporary directory under a name derived from the Genome checkout, so the
// second check reuses the first one's build of Genome and compiles only the models. A lock on a file in it keeps
// two checks from building there at once.
import Foundation
import Genome

/// Proves generated models on their samples.
struct ModelChecker {
    /// The root of the Genome package to compile against.
    let genomePackage: String

    /// The checkout this tool was built from: `Tools/Sources/GenomeCommand/Generate/` is four levels below it.
    static var defaultGenomePackage: String {
        var url = URL(fileURLWithPath: #filePath)
        for _ in 0..<5 { url.deleteLastPathComponent() }
        return url.path
    }

    /// The failures, one line each (`FILE: error: …`, `FILE:LINE: error: …` or `FILE: element N: error: …`);
    /// empty when every sample decodes.
    func check(
        source: String, rootName: String, style: ModelStyle, samples: [InputFile], layouts: [SampleLayout]
    ) async throws(ToolError) -> [String] {
        guard FileManager.default.fileExists(atPath: genomePackage + "/Package.swift") else {
            throw ToolError.usage("no Genome package at '\(genomePackage)': pass --genome-package")
        }
        let directory = Self.scratchDirectory(for: genomePackage)
        let sources = directory.appendingPathComponent("Sources/GenomeCheck")
        do {
            try FileManager.default.createDirectory(at: sources, withIntermediateDirectories: true)
        } catch {
            throw ToolError.usage("cannot create '\(sources.path)': \(error.localizedDescription)")
        }
        let lock = open(directory.appendingPathComponent(".lock").path, O_CREAT | O_RDWR, 0o644)
        if lock >= 0 { flock(lock, LOCK_EX) }
        defer {
            if lock >= 0 {
                flock(lock, LOCK_UN)
                close(lock)
            }
        }
        try write(Self.manifest(genomePackage: genomePackage), to: directory.appendingPathComponent("Package.swift"))
        try write(source, to: sources.appendingPathComponent("Models.swift"))
        try write(Self.program, to: sources.appendingPathComponent("main.swift"))
        try write(
            Self.checkFunction(rootName: rootName, style: style), to: sources.appendingPathComponent("Check.swift"))

        let build = try run(["swift", "build", "--package-path", directory.path, "--product", "GenomeCheck"])
        guard build.status == 0 else {
            let errors = build.output.split(separator: "\n").filter { $0.contains("error:") }.prefix(20)
            return ["the generated models do not compile:"] + errors.map(String.init)
        }
        var arguments = [directory.appendingPathComponent(".build/debug/GenomeCheck").path]
        for (file, layout) in zip(samples, layouts) {
            guard !file.isStandardInput else {
                throw ToolError.usage("--check needs sample files, not standard input")
            }
            arguments += ["\(layout)", file.path]
        }
        let decoded = try run(arguments)
        let failures = decoded.output.split(separator: "\n").map(String.init)
        if decoded.status != 0 && failures.isEmpty { return ["the check program failed (status \(decoded.status))"] }
        return failures
    }

    static func scratchDirectory(for genomePackage: String) -> URL {
        // FNV-1a: a stable name across runs, unlike `hashValue`.
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in genomePackage.utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3 }
        return FileManager.default.temporaryDirectory.appendingPathComponent(
            "genome-check-\(String(hash, radix: 16))")
    }

    private func write(_ text: String, to url: URL) throws(ToolError) {
        // Unchanged files keep their dates, so the build does not compile them again.
        if let existing = try? String(contentsOf: url, encoding: .utf8), existing == text { return }
        do {
            try text.write(to: url, atomically: true, encoding: .utf8)
        } catch {
            throw ToolError.usage("cannot write '\(url.path)': \(error.localizedDescription)")
        }
    }

    private func run(_ arguments: [String]) throws(ToolError) -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        do {
            try process.run()
        } catch {
            throw ToolError.usage("cannot run '\(arguments[0])': \(error.localizedDescription)")
        }
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    static func manifest(genomePackage: String) -> String {
        """
        // swift-tools-version: 6.0
        // Written by `genome generate --check`: the generated models and a program that decodes the samples.
        import PackageDescription

        let package = Package(
            name: "GenomeCheck",
            platforms: [.macOS(.v14)],
            dependencies: [.package(name: "Genome", path: \(ModelWriter.literal(genomePackage)))],
            targets: [
                .executableTarget(
                    name: "GenomeCheck",
                    dependencies: [
                        .product(name: "Genome", package: "Genome"),
                        .product(name: "GenomeFoundation", package: "Genome"),
                    ])
            ],
            swiftLanguageModes: [.v6]
        )

        """
    }

    /// The check program's main file, which calls ``checkFunction(rootName:style:)`` with its arguments.
    static var program: String {
        """
        // Written by `genome generate --check`: decodes each sample file with the generated models and prints one
        // line per failure. Arguments: pairs of a layout (lines, records, document) and a path.
        import Foundation

        let failures = checkSamples(Array(CommandLine.arguments.dropFirst()))
        for failure in failures { print(failure) }
        exit(failures.isEmpty ? 0 : 1)

        """
    }

    /// A public function, `checkSamples(_:)`, that decodes the samples named by its arguments (pairs of a layout
    /// and a path) with the models and returns one line per failure. Public, so that a program can call the
    /// functions of several model modules, one per style.
    static func checkFunction(rootName: String, style: ModelStyle) -> String {
        let decode =
            switch style {
            case .codable:
                """
                var decoder = NodeDecoder()
                    decoder.dateDecodingStrategy = .iso8601
                    _ = try decoder.decode(\(rootName).self, from: node)
                """
            case .decodable:
                "_ = try \(rootName).decode(node)"
            case .mappable:
                """
                let model = try \(rootName).decode(node)
                    // The two-way map writes the model back, and what it writes must read again.
                    _ = try \(rootName).decode(try model.makeNode())
                """
            }
        return """
            import Foundation
            import Genome
            import GenomeFoundation

            private func decodeSample(_ node: Node) throws {
                \(decode)
            }

            private func describe(_ error: any Error) -> String {
                "\\(error)".split(separator: "\\n").joined(separator: " ")
            }

            public func checkSamples(_ arguments: [String]) -> [String] {
                var failures: [String] = []
                for pair in stride(from: 0, to: arguments.count - 1, by: 2) {
                    let layout = arguments[pair]
                    let path = arguments[pair + 1]
                    guard let data = FileManager.default.contents(atPath: path) else {
                        failures.append("\\(path): error: cannot read the file")
                        continue
                    }
                    do {
                        switch layout {
                        case "lines":
                            let lines = data.split(separator: UInt8(ascii: "\\n"), omittingEmptySubsequences: false)
                            for (index, line) in lines.enumerated() where line.contains(where: { $0 > 0x20 }) {
                                do { try decodeSample(try Node(json: line)) } catch {
                                    failures.append("\\(path):\\(index + 1): error: \\(describe(error))")
                                }
                            }
                        case "records":
                            guard case .array(let records) = try Node(json: data) else { continue }
                            for (index, record) in records.enumerated() {
                                do { try decodeSample(record) } catch {
                                    failures.append("\\(path): element \\(index): error: \\(describe(error))")
                                }
                            }
                        default:
                            try decodeSample(try Node(json: data))
                        }
                    } catch {
                        failures.append("\\(path): error: \\(describe(error))")
                    }
                }
                return failures
            }

            """
    }
}

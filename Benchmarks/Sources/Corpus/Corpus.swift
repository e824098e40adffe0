import Foundation

/// The shared JSON benchmark corpus, read in place (it is never copied into the repository).
///
/// Its folder is `$GENOME_BENCH_DATA` when that is set, otherwise `../shared/bench-data` next to the Genome
/// package root. The default is found from this source file's location rather than the working directory,
/// because `swift package benchmark` and `swift run` start the executables from different directories.
public enum Corpus {
    /// The environment variable that overrides the corpus folder.
    public static let environmentVariable = "GENOME_BENCH_DATA"

    /// The files every run measures: the classic nativejson-benchmark trio, which between them stress strings
    /// and Unicode (twitter), many small objects and integers (citm_catalog) and floating-point numbers (canada).
    public static let standardFiles = ["twitter.json", "citm_catalog.json", "canada.json"]

    /// The corpus folder.
    ///
    /// An explicit `GENOME_BENCH_DATA` is used even if it is wrong, so that a typo fails loudly instead of
    /// silently measuring the default corpus.
    public static func directory() throws(CorpusError) -> URL {
        let fromEnvironment = ProcessInfo.processInfo.environment[environmentVariable].flatMap { $0.isEmpty ? nil : $0 }
        let candidate = fromEnvironment.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? defaultDirectory
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory), isDirectory.boolValue
        else {
            throw .directoryMissing(environmentValue: fromEnvironment, defaultPath: defaultDirectory.standardized.path)
        }
        return candidate
    }

    /// Every `.json` file in the corpus folder, sorted by name.
    public static func allFiles() throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory().path)
            .filter { $0.hasSuffix(".json") }
            .sorted()
    }

    /// The location of one corpus file, which must exist.
    public static func url(of name: String) throws -> URL {
        let url = try directory().appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw CorpusError.fileMissing(name: name, directory: url.deletingLastPathComponent().path)
        }
        return url
    }

    /// Reads one corpus file.
    public static func load(_ name: String) throws -> CorpusFile {
        CorpusFile(name: name, data: try Data(contentsOf: url(of: name)))
    }

    /// `../shared/bench-data` relative to the Genome package root, which is the parent of the first folder
    /// above this file that holds a `Package.swift` (the Benchmarks package).
    static var defaultDirectory: URL {
        var folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while folder.path != "/",
            !FileManager.default.fileExists(atPath: folder.appendingPathComponent("Package.swift").path)
        {
            folder.deleteLastPathComponent()
        }
        let genomeRoot = folder.deletingLastPathComponent()
        return genomeRoot.deletingLastPathComponent().appendingPathComponent("shared/bench-data", isDirectory: true)
    }
}

import ArgumentParser
import Genome

/// `genome generate [--name Root] [--style codable|decodable|mappable] [--check] SAMPLE...`
struct GenerateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "generate",
        abstract: "Generate Swift models from sample JSON, on standard output.",
        discussion: """
            Every sample counts: a member missing or null in some samples is optional, an integer in one and a \
            fraction in another is a Double, strings that are always ISO 8601 dates, URLs or UUIDs are Date, URL \
            or UUID. A .jsonl or .ndjson file holds one sample per line, and a top-level array one per element.
            """)

    @Option(help: "The root model's name.")
    var name = "Root"

    @Option(help: "codable (Codable, for NodeDecoder), decodable (NodeDecodable) or mappable (the two-way Map).")
    var style: ModelStyle = .codable

    @Flag(
        help: "Coerce members whose samples disagree on the kind (42 and \"42\", true and 1) with Genome's coercions.")
    var tolerant = false

    @Flag(help: "Make string members with a few values that repeat (at most 10) into enums with an unknown case.")
    var enums = false

    @Flag(help: "Read every sample file as JSON Lines, whatever its extension.")
    var lines = false

    @Flag(help: "Compile the models against Genome and decode every sample with them; report any that fail.")
    var check = false

    @Option(help: "The Genome package --check compiles against (default: the checkout this tool was built from).")
    var genomePackage: String?

    @Argument(help: "Sample files: JSON documents, JSON Lines, or top-level arrays of records.")
    var samples: [String]

    func validate() throws {
        guard SwiftNames.type(name, singular: false) == name, !SwiftNames.reservedTypes.contains(name) else {
            throw ValidationError(
                "--name must be an UpperCamelCase Swift type name that Swift does not use: '\(name)'.")
        }
    }

    func run() async throws {
        var generator = ModelGenerator(rootName: name, style: style, forceLines: lines)
        generator.tolerant = tolerant
        generator.enums = enums
        let files = samples.map(InputFile.init)
        let source = try await generator.generate(from: files, commandLine: commandLine)
        if check {
            let checker = ModelChecker(genomePackage: genomePackage ?? ModelChecker.defaultGenomePackage)
            let failures = try await checker.check(
                source: source, rootName: name, style: style, samples: files, layouts: generator.layouts(of: files))
            guard failures.isEmpty else {
                for failure in failures { Console.current.error(failure) }
                throw ExitCode(1)
            }
        }
        Console.current.output(source)
    }

    private var commandLine: String {
        var words = ["genome", "generate"]
        if name != "Root" { words += ["--name", name] }
        words += ["--style", style.rawValue]
        if tolerant { words.append("--tolerant") }
        if enums { words.append("--enums") }
        if lines { words.append("--lines") }
        return (words + samples.map { $0.split(separator: "/").last.map(String.init) ?? $0 }).joined(separator: " ")
    }
}

import ArgumentParser
import Genome

/// `genome diff A B`
struct DiffCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Print a JSON Patch (RFC 6902) that turns document A into document B.",
        discussion: "With --merge, print a JSON Merge Patch (RFC 7396) instead. Equal documents give [] (or {}).")

    @OptionGroup var layout: OutputOptions

    @Flag(help: "Print a JSON Merge Patch (RFC 7396) instead of a JSON Patch.")
    var merge = false

    @Argument(help: "The document to start from.")
    var source: String

    @Argument(help: "The document to arrive at.")
    var target: String

    func run() async throws {
        let from = try InputFile(source).readNode()
        let to = try InputFile(target).readNode()
        let result = merge ? Node.mergePatch(from: from, to: to) : JSONPatch(from: from, to: to).node
        Console.current.output(try layout.render(result))
    }
}

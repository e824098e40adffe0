import ArgumentParser
import Genome

/// `genome format [--indent N | --compact] [--sort-keys] [--in-place] FILE`
struct FormatCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "format",
        abstract: "Write a JSON document pretty (or compact), numbers and strings exactly as read.")

    @OptionGroup var layout: OutputOptions

    @Flag(help: "Read JSON5; the output is JSON.")
    var json5 = false

    @OptionGroup var target: RewrittenFile

    func run() async throws {
        try target.write(try InputFile(target.file).readNode(options: json5 ? .json5 : .strict), layout: layout)
    }
}

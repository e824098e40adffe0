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

    @Flag(help: "Replace the file with its formatted text instead of writing it to standard output.")
    var inPlace = false

    @Argument(help: "The file; - is standard input.")
    var file: String

    func validate() throws {
        if inPlace && file == "-" { throw ValidationError("--in-place needs a file, not standard input.") }
    }

    func run() async throws {
        let input = InputFile(file)
        let node = try input.readNode(options: json5 ? .json5 : .strict)
        let text = try layout.render(node)
        if inPlace {
            try input.replaceContents(with: Array(text.utf8))
        } else {
            Console.current.output(text)
        }
    }
}

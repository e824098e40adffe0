import ArgumentParser
import Genome

/// The document that `format`, `patch` and `merge-patch` read, and where their result goes: standard output, or
/// with `--in-place` back over the file.
struct RewrittenFile: ParsableArguments {
    @Flag(help: "Replace the file with the result instead of writing it to standard output.")
    var inPlace = false

    @Argument(help: "The document; - is standard input.")
    var file: String

    func validate() throws {
        if inPlace && file == "-" { throw ValidationError("--in-place needs a file, not standard input.") }
    }

    /// Writes `node` as `layout` says to standard output, or back over the file.
    func write(_ node: Node, layout: OutputOptions) throws(ToolError) {
        let text = try layout.render(node)
        if inPlace {
            try InputFile(file).replaceContents(with: Array(text.utf8))
        } else {
            Console.current.output(text)
        }
    }
}

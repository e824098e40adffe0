import ArgumentParser
import Genome

/// `genome patch PATCH FILE` (RFC 6902)
struct PatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patch",
        abstract: "Apply a JSON Patch (RFC 6902) to a document: all of it, or nothing.")

    @OptionGroup var layout: OutputOptions

    @Flag(help: "Replace the file with the patched document instead of writing it to standard output.")
    var inPlace = false

    @Argument(help: "The patch: an array of operations.")
    var patch: String

    @Argument(help: "The document; - is standard input.")
    var file: String

    func validate() throws {
        if inPlace && file == "-" { throw ValidationError("--in-place needs a file, not standard input.") }
    }

    func run() async throws {
        let patchFile = InputFile(patch)
        let input = InputFile(file)
        let operations: JSONPatch
        do {
            operations = try JSONPatch(try patchFile.readNode())
        } catch let error as JSONPatchError {
            throw ToolError.input("\(patchFile.displayName): \(error)")
        }
        let patched: Node
        do {
            patched = try operations.applied(to: try input.readNode())
        } catch let error as JSONPatchError {
            throw ToolError.input("\(patchFile.displayName): \(error)")
        }
        try write(patched, layout: layout, to: input, inPlace: inPlace)
    }
}

/// Writes a command's resulting document to standard output, or back over `file`.
func write(_ node: Node, layout: OutputOptions, to file: InputFile, inPlace: Bool) throws(ToolError) {
    let text = try layout.render(node)
    if inPlace {
        try file.replaceContents(with: Array(text.utf8))
    } else {
        Console.current.output(text)
    }
}

import ArgumentParser
import Genome

/// `genome merge-patch PATCH FILE` (RFC 7396)
struct MergePatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-patch",
        abstract: "Apply a JSON Merge Patch (RFC 7396): members replace, null removes, objects merge.")

    @OptionGroup var layout: OutputOptions

    @Flag(help: "Replace the file with the patched document instead of writing it to standard output.")
    var inPlace = false

    @Argument(help: "The merge patch: a JSON document.")
    var patch: String

    @Argument(help: "The document; - is standard input.")
    var file: String

    func validate() throws {
        if inPlace && file == "-" { throw ValidationError("--in-place needs a file, not standard input.") }
    }

    func run() async throws {
        let mergePatch = try InputFile(patch).readNode()
        let input = InputFile(file)
        try write(try input.readNode().applyingMergePatch(mergePatch), layout: layout, to: input, inPlace: inPlace)
    }
}

import ArgumentParser
import Genome

/// `genome patch PATCH FILE` (RFC 6902)
struct PatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "patch",
        abstract: "Apply a JSON Patch (RFC 6902) to a document: all of it, or nothing.")

    @OptionGroup var layout: OutputOptions

    @Argument(help: "The patch: an array of operations.")
    var patch: String

    @OptionGroup var target: RewrittenFile

    func run() async throws {
        let patchFile = InputFile(patch)
        let input = InputFile(target.file)
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
        try target.write(patched, layout: layout)
    }
}

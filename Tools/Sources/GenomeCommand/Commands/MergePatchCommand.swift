import ArgumentParser
import Genome

/// `genome merge-patch PATCH FILE` (RFC 7396)
struct MergePatchCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "merge-patch",
        abstract: "Apply a JSON Merge Patch (RFC 7396): members replace, null removes, objects merge.")

    @OptionGroup var layout: OutputOptions

    @Argument(help: "The merge patch: a JSON document.")
    var patch: String

    @OptionGroup var target: RewrittenFile

    func run() async throws {
        let mergePatch = try InputFile(patch).readNode()
        let input = InputFile(target.file)
        try target.write(try input.readNode().applyingMergePatch(mergePatch), layout: layout)
    }
}

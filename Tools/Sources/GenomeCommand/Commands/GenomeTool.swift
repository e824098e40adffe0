// The root command, and the one entry point both the executable and the tests call.
import ArgumentParser

/// `genome`: validate, format, query, patch and diff JSON, and generate Swift models from samples.
public struct GenomeTool: AsyncParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "genome",
        abstract: "Validate, format, query, patch and diff JSON; generate Swift models from sample JSON.",
        discussion: """
            Exit status: 0 on success; 1 when the input is at fault (a syntax error, a pointer that names nothing, \
            a patch that does not apply, models that fail --check); 2 for a usage or input/output error.
            """,
        subcommands: [
            ValidateCommand.self, FormatCommand.self, QueryCommand.self, PatchCommand.self, MergePatchCommand.self,
            DiffCommand.self, GenerateCommand.self,
        ])

    public init() {}

    /// Runs the command line `arguments` (without the program name), writing to `console`, and returns the exit
    /// status.
    public static func main(arguments: [String], console: Console) async -> Int32 {
        await Console.$current.withValue(console) {
            do {
                var command = try parseAsRoot(arguments)
                if var asyncCommand = command as? any AsyncParsableCommand {
                    try await asyncCommand.run()
                } else {
                    try command.run()
                }
                return 0
            } catch let error as ToolError {
                console.error(error.line)
                return error.status
            } catch {
                let code = exitCode(for: error)
                let message = fullMessage(for: error)
                if code == .success {
                    if !message.isEmpty { console.output(message + "\n") }
                } else if !message.isEmpty {
                    console.error(message)
                }
                // ArgumentParser's usage errors are 64 (EX_USAGE); this command says 2 for every usage error.
                return code == .validationFailure ? 2 : code.rawValue
            }
        }
    }
}

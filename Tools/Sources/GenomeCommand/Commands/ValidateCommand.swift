import ArgumentParser

/// `genome validate FILE...`
struct ValidateCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "validate",
        abstract: "Check that files are valid JSON; report each error as FILE:LINE:COLUMN: error: MESSAGE.",
        discussion: """
            Exits 0 when every file is valid and 1 otherwise, with one line per error on standard error. \
            Large files and JSON Lines are read in bounded memory.
            """)

    @Flag(help: "Read JSON5 (comments, trailing commas, unquoted keys, ...).")
    var json5 = false

    @Flag(help: "Read JSON Lines: one value per line; every bad line is reported with its number.")
    var lines = false

    @Argument(help: "The files to check; - is standard input.")
    var files: [String]

    func run() async throws {
        var validator = Validator()
        validator.json5 = json5
        validator.lines = lines
        let console = Console.current
        var errors = 0
        var unreadable = false
        // Every file is checked even after a failure, so one run reports everything.
        for path in files {
            do {
                errors += try await validator.validate(InputFile(path), console: console)
            } catch {
                console.error(error.line)
                unreadable = true
            }
        }
        if unreadable { throw ExitCode(2) }
        if errors > 0 { throw ExitCode(1) }
    }
}

// Where a command writes. The executable writes to the process's standard output and error; the tests capture
// both, so that they can check exactly what a user would see without spawning a process.
import Foundation

/// The two output streams of one run of the command.
public final class Console: Sendable {
    private let writeOutput: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void

    /// A console over the given writers.
    public init(output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        writeOutput = output
        writeError = error
    }

    /// The process's standard output and standard error.
    public static let standard = Console(
        output: { FileHandle.standardOutput.write(Data($0.utf8)) },
        error: { FileHandle.standardError.write(Data($0.utf8)) })

    /// Writes `text` as it is to standard output.
    public func output(_ text: String) { writeOutput(text) }

    /// Writes `line` and a line break to standard error.
    public func error(_ line: String) { writeError(line + "\n") }

    /// The console of the running command: the task-local lets ArgumentParser's `run()`, which takes no
    /// arguments, write where the caller of ``GenomeTool/main(arguments:console:)`` asked.
    @TaskLocal public static var current = Console.standard
}

/// Everything written to a console, kept in memory: what the tests read.
public final class CapturedOutput: @unchecked Sendable {
    // A lock, not a Mutex: the package supports macOS 14, and Mutex needs 15.
    private let lock = NSLock()
    private var outputText = ""
    private var errorText = ""

    /// An empty capture.
    public init() {}

    /// What was written to standard output.
    public var output: String { lock.withLock { outputText } }

    /// What was written to standard error.
    public var error: String { lock.withLock { errorText } }

    /// A console that writes here.
    public var console: Console {
        Console(
            output: { text in self.lock.withLock { self.outputText += text } },
            error: { text in self.lock.withLock { self.errorText += text } })
    }
}

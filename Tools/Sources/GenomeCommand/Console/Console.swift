// Where a command writes. The executable writes to the process's standard output and error; the tests capture
// both, so that they can check exactly what a user would see without spawning a process.
import Foundation

/// The two output streams of one run of the command.
public final class Console: Sendable {
    private let writeOutput: @Sendable (String) -> Void
    private let writeError: @Sendable (String) -> Void
    /// Whether progress is shown: only on a terminal, where it is erased again, so that standard error holds
    /// nothing but errors when it is a file or a pipe.
    let showsProgress: Bool

    /// A console over the given writers, without progress.
    public convenience init(output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void) {
        self.init(output: output, error: error, showsProgress: false)
    }

    init(
        output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void, showsProgress: Bool
    ) {
        writeOutput = output
        writeError = error
        self.showsProgress = showsProgress
    }

    /// The process's standard output and standard error.
    public static let standard = Console(
        output: { FileHandle.standardOutput.write(Data($0.utf8)) },
        error: { FileHandle.standardError.write(Data($0.utf8)) }, showsProgress: isatty(STDERR_FILENO) != 0)

    /// Replaces the progress line on standard error with `text`; nothing unless ``showsProgress``.
    func progress(_ text: String) {
        if showsProgress { writeError("\r\u{1B}[K" + text) }
    }

    /// Erases the progress line.
    func endProgress() {
        if showsProgress { writeError("\r\u{1B}[K") }
    }

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
    public var console: Console { console(showingProgress: false) }

    /// A console that writes here, with progress when asked.
    func console(showingProgress: Bool) -> Console {
        Console(
            output: { text in self.lock.withLock { self.outputText += text } },
            error: { text in self.lock.withLock { self.errorText += text } }, showsProgress: showingProgress)
    }
}

// Progress for long inputs: how many values of a file have been read, at most a few times a second, on a
// terminal only (see `Console.showsProgress`).
import Foundation

/// Counts the values read from one file and shows the count now and then.
struct ProgressReporter {
    /// Files smaller than this are read too fast for progress to help.
    static let minimumFileSize = 8 << 20

    private let console: Console
    private let name: String
    private let enabled: Bool
    private let interval: Duration
    private var count = 0
    private var lastShown = ContinuousClock.now

    /// A reporter for `file`, enabled when the console shows progress and the file is large (or is standard input),
    /// that shows the count at most once per `interval`.
    init(file: InputFile, size: Int?, console: Console, interval: Duration = .milliseconds(250)) {
        self.console = console
        name = file.displayName
        enabled = console.showsProgress && (size ?? Int.max) >= Self.minimumFileSize
        self.interval = interval
    }

    /// Counts one more value.
    mutating func advance() {
        count += 1
        guard enabled, count % 1_000 == 0 else { return }
        let now = ContinuousClock.now
        guard now - lastShown >= interval else { return }
        lastShown = now
        console.progress("genome: \(name): \(count) values read")
    }

    /// Erases the progress line, if one was shown.
    func finish() {
        if enabled { console.endProgress() }
    }
}

// Runs the command in-process, as the executable would, and captures what it prints.
import Foundation
import GenomeCommand

/// What one run of `genome` did.
struct RunResult: Equatable {
    var status: Int32
    var output: String
    var error: String
}

/// Runs `genome` with `arguments`.
func genome(_ arguments: String...) async -> RunResult {
    await genome(arguments)
}

/// Runs `genome` with `arguments`.
func genome(_ arguments: [String]) async -> RunResult {
    let captured = CapturedOutput()
    let status = await GenomeTool.main(arguments: arguments, console: captured.console)
    return RunResult(status: status, output: captured.output, error: captured.error)
}

/// A fresh directory for one test's files, removed when the value is dropped.
final class Scratch {
    let url: URL

    init() {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("genome-tests-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// Writes `text` to `name` in the directory and returns its path.
    @discardableResult
    func file(_ name: String, _ text: String) -> String {
        file(name, bytes: Array(text.utf8))
    }

    /// Writes `bytes` to `name` in the directory and returns its path.
    @discardableResult
    func file(_ name: String, bytes: [UInt8]) -> String {
        let path = url.appendingPathComponent(name).path
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        return path
    }

    /// The path of `name` in the directory, whether or not it exists.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// The text of `name` in the directory.
    func read(_ name: String) -> String {
        (try? String(contentsOfFile: path(name), encoding: .utf8)) ?? "<missing>"
    }
}

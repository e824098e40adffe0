// Reading samples for `genome generate`: every value of a JSON Lines file, every element of a top-level array
// (a file of records), or the one document of any other file. Lines and records stream through Genome's
// streaming reader, so a sample file of any size is read in bounded memory.
import Genome

/// How the samples of one file are laid out.
enum SampleLayout: Sendable, Equatable {
    /// One JSON value per line.
    case lines
    /// A top-level array whose elements are the samples.
    case records
    /// The whole file is one sample.
    case document
}

/// Reads the samples of files into a shape.
struct SampleReader {
    /// Reads files as JSON Lines whatever their names.
    var forceLines = false

    /// The layout of `file`: JSON Lines by its extension (`.jsonl`, `.ndjson`) or when asked, records when the
    /// first byte that is not whitespace is `[`, otherwise one document.
    func layout(of file: InputFile) throws(ToolError) -> SampleLayout {
        let lower = file.path.lowercased()
        if forceLines || lower.hasSuffix(".jsonl") || lower.hasSuffix(".ndjson") { return .lines }
        if file.isStandardInput { return .document }
        return try file.firstSignificantByte() == UInt8(ascii: "[") ? .records : .document
    }

    /// Adds every sample of `file` to `shape` and returns how many there were.
    func read(_ file: InputFile, into shape: ValueShape, each: (Node) throws(ToolError) -> Void = { _ in })
        async throws(ToolError) -> Int
    {
        var progress = ProgressReporter(file: file, size: try file.checkReadable(), console: Console.current)
        defer { progress.finish() }
        var count = 0
        let layout = try layout(of: file)
        guard layout != .document else {
            let node = try file.readNode()
            shape.add(node)
            try each(node)
            return 1
        }
        let stream =
            layout == .lines
            ? Node.lines(fromFileAtPath: file.openablePath)
            : Node.elements(at: JSONPointer(), fromFileAtPath: file.openablePath)
        do {
            for try await node in stream {
                shape.add(node)
                try each(node)
                count += 1
                progress.advance()
            }
        } catch let error as JSONStreamError {
            throw toolError(error, in: file)
        } catch let error as ToolError {
            throw error
        } catch {
            throw ToolError.usage("cannot read '\(file.displayName)': \(error)")
        }
        return count
    }

    private func toolError(_ error: JSONStreamError, in file: InputFile) -> ToolError {
        if let syntax = error.syntaxError {
            return ToolError(file.diagnostic(for: syntax), status: 1, isDiagnostic: true)
        }
        return ToolError.input("\(file.displayName): \(error.reason)")
    }
}

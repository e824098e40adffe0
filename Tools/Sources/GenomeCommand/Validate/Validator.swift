// `genome validate`: which reader checks a file, and how its errors are reported.
//
// A file up to `wholeFileLimit` bytes (and standard input, whose size is unknown) is read whole by `Node(json:)`,
// so the verdict and the message are exactly the library's. A larger strict JSON file is checked by the streaming
// reader in bounded memory: the elements of a top-level array one at a time, or the members of anything else
// one at a time, each read whole and dropped. JSON Lines always stream, one line at a time.
import Foundation
import Genome

/// Checks files and reports every error as `FILE:LINE:COLUMN: error: MESSAGE` on standard error.
public struct Validator: Sendable {
    /// Reads JSON5 instead of strict JSON.
    public var json5 = false
    /// Reads JSON Lines: one value per line, every bad line reported.
    public var lines = false
    /// Files larger than this are streamed rather than read whole. 64 MiB: a `Node` tree takes a few times its
    /// JSON's size, so a few hundred megabytes at most.
    public var wholeFileLimit = 64 << 20
    /// The largest single value (a line, an element, a member) the streaming reader gathers.
    public var maximumValueSize = 1 << 30

    /// A validator for strict JSON documents.
    public init() {}

    private var readingOptions: Node.ReadingOptions { json5 ? .json5 : .strict }

    private var streamingOptions: Node.StreamingOptions {
        Node.StreamingOptions(reading: readingOptions, maximumValueSize: maximumValueSize)
    }

    /// Checks one file, writes its errors to `console`, and returns how many there were.
    public func validate(_ file: InputFile, console: Console) async throws(ToolError) -> Int {
        let size = try file.checkReadable()
        if lines { return try await validateLines(file, size: size, console: console) }
        if let size, size > wholeFileLimit, !json5 {
            return try await validateStreaming(file, size: size, console: console)
        }
        let bytes = try file.readAll()
        do {
            _ = try Node(json: bytes, options: readingOptions)
            return 0
        } catch {
            console.error(file.diagnostic(for: error))
            return 1
        }
    }

    private func validateLines(_ file: InputFile, size: Int?, console: Console) async throws(ToolError) -> Int {
        var progress = ProgressReporter(file: file, size: size, console: console)
        defer { progress.finish() }
        // Keep every error: each is a few hundred bytes, and the user asked for every bad line.
        let report = JSONStreamReport(maximumKeptErrors: Int.max)
        let stream = Node.lines(fromFileAtPath: file.openablePath, options: streamingOptions)
            .skippingInvalidValues(reportingTo: report)
        do {
            for try await _ in stream { progress.advance() }
        } catch let error as JSONStreamError {
            emit(error, in: file, console: console)
            return report.skippedCount + 1
        } catch {
            throw ToolError.usage("cannot read '\(file.displayName)': \(error)")
        }
        for error in report.skipped { emit(error, in: file, console: console) }
        return report.skippedCount
    }

    private func validateStreaming(_ file: InputFile, size: Int, console: Console) async throws(ToolError) -> Int {
        var progress = ProgressReporter(file: file, size: size, console: console)
        defer { progress.finish() }
        // A top-level array streams its elements. Anything else is read through a pointer that names nothing,
        // so the streaming reader checks every member on the way, then says it found no such value.
        let pointer =
            try file.firstSignificantByte() == UInt8(ascii: "[") ? JSONPointer() : JSONPointer(tokens: [Self.noKey])
        do {
            let elements = Node.elements(at: pointer, fromFileAtPath: file.openablePath, options: streamingOptions)
            for try await _ in elements { progress.advance() }
            return 0
        } catch let error as JSONStreamError {
            if error.kind == .pointerNotFound { return 0 }
            emit(error, in: file, console: console)
            return 1
        } catch {
            throw ToolError.usage("cannot read '\(file.displayName)': \(error)")
        }
    }

    /// A key no document has in practice; if one did, the streaming check would stop at its value.
    private static let noKey = "\u{0}genome validate: no such key\u{0}"

    private func emit(_ error: JSONStreamError, in file: InputFile, console: Console) {
        if let syntax = error.syntaxError {
            console.error(file.diagnostic(for: syntax))
        } else if let line = error.line {
            console.error("\(file.displayName):\(line):1: error: \(error.reason)")
        } else {
            console.error("\(file.displayName): error: \(error.reason)")
        }
    }
}

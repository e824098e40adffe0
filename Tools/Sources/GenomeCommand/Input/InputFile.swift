// Reading the files named on the command line, `-` being standard input, and writing a file back in place.
import Foundation
import Genome

/// A file named on the command line.
public struct InputFile: Sendable, Hashable {
    /// The name as the user wrote it: `-` for standard input.
    public let path: String

    /// The file at `path`; `-` is standard input.
    public init(_ path: String) { self.path = path }

    /// Whether this is standard input.
    public var isStandardInput: Bool { path == "-" }

    /// The name used in messages: `<stdin>` for standard input, otherwise the path as given.
    public var displayName: String { isStandardInput ? "<stdin>" : path }

    /// A path the C library can open: standard input is `/dev/stdin`, so the streaming readers take it too.
    var openablePath: String { isStandardInput ? "/dev/stdin" : path }

    /// Checks that the file exists, is not a directory and can be read, and returns its size (nil for standard
    /// input or anything else that is not a regular file).
    @discardableResult
    func checkReadable() throws(ToolError) -> Int? {
        if isStandardInput { return nil }
        var status = stat()
        guard stat(path, &status) == 0 else { throw ToolError.usage("cannot read '\(path)': \(Self.errnoText())") }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw ToolError.usage("cannot read '\(path)': it is a directory") }
        guard access(path, R_OK) == 0 else { throw ToolError.usage("cannot read '\(path)': \(Self.errnoText())") }
        return (status.st_mode & S_IFMT) == S_IFREG ? Int(status.st_size) : nil
    }

    /// The whole file.
    func readAll() throws(ToolError) -> [UInt8] {
        try checkReadable()
        let handle: FileHandle?
        if isStandardInput {
            handle = FileHandle.standardInput
        } else {
            handle = FileHandle(forReadingAtPath: path)
        }
        guard let handle else { throw ToolError.usage("cannot read '\(path)': \(Self.errnoText())") }
        do {
            return [UInt8](try handle.readToEnd() ?? Data())
        } catch {
            throw ToolError.usage("cannot read '\(displayName)': \(error.localizedDescription)")
        }
    }

    /// The file read as one JSON (or JSON5) document. A syntax error, a file that is not UTF-8 included, is a
    /// ``ToolError`` with the compiler-style line `FILE:LINE:COLUMN: error: MESSAGE` and exit status 1.
    func readNode(options: Node.ReadingOptions = .strict) throws(ToolError) -> Node {
        let bytes = try readAll()
        do {
            return try Node(json: bytes, options: options)
        } catch {
            throw ToolError(diagnostic(for: error), status: 1, isDiagnostic: true)
        }
    }

    /// The compiler-style line for a syntax error in this file, which editors and CI turn into an annotation.
    func diagnostic(for error: JSONSyntaxError) -> String {
        "\(displayName):\(error.line):\(error.column): error: \(error.reason) but found \(error.found)"
    }

    /// Replaces the file's contents with `bytes`, through a temporary file beside it so that a failure halfway
    /// leaves the original whole.
    func replaceContents(with bytes: [UInt8]) throws(ToolError) {
        guard !isStandardInput else { throw ToolError.usage("--in-place needs a file, not standard input") }
        let url = URL(fileURLWithPath: path)
        do {
            try Data(bytes).write(to: url, options: .atomic)
        } catch {
            throw ToolError.usage("cannot write '\(path)': \(error.localizedDescription)")
        }
    }

    /// The first byte that is not JSON whitespace, or nil for a file of only whitespace.
    func firstSignificantByte() throws(ToolError) -> UInt8? {
        guard let handle = fopen(openablePath, "rb") else {
            throw ToolError.usage("cannot read '\(displayName)': \(Self.errnoText())")
        }
        defer { fclose(handle) }
        while true {
            let byte = fgetc(handle)
            if byte == EOF { return nil }
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            return UInt8(byte)
        }
    }

    private static func errnoText() -> String {
        let code = errno
        if code == ENOENT { return "no such file" }
        return String(cString: strerror(code))
    }
}

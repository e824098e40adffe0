/// A failure that ends the command with one line on standard error and a non-zero exit status.
///
/// The exit statuses are: 1 when the input is at fault (a syntax error, a pointer that names nothing, a patch that
/// does not apply, models that do not decode their samples) and 2 for a usage or input/output error (a missing
/// file, an unreadable one, an option that makes no sense).
public struct ToolError: Error, Sendable, Equatable {
    /// The line written to standard error, without the `genome: error: ` prefix.
    public let message: String
    /// The exit status.
    public let status: Int32
    /// Whether the message is a compiler-style `FILE:LINE:COLUMN: error: MESSAGE` line, written as it is so that
    /// editors and CI read it, rather than after `genome: error: `.
    public let isDiagnostic: Bool

    /// An error with the given message and exit status.
    public init(_ message: String, status: Int32, isDiagnostic: Bool = false) {
        self.message = message
        self.status = status
        self.isDiagnostic = isDiagnostic
    }

    /// The line written to standard error.
    public var line: String { isDiagnostic ? message : "genome: error: " + message }

    /// A usage or input/output error: exit status 2.
    public static func usage(_ message: String) -> ToolError { ToolError(message, status: 2) }

    /// An error in the input's content: exit status 1.
    public static func input(_ message: String) -> ToolError { ToolError(message, status: 1) }
}

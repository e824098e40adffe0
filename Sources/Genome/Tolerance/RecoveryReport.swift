internal import CGenomeShims

/// Every recovery one decoding call made, in the order it made them: what tolerant decoding did instead of
/// throwing, so that nothing is recovered silently when you ask.
///
/// Ask for it around any decoding, in either API:
///
/// ```swift
/// let (user, report) = try RecoveryReport.collect { try NodeDecoder().decode(User.self, fromJSON: text) }
/// if !report.isEmpty { print(report) }
/// // 2 recoveries:
/// //   default used at settings.theme: keyNotFound: No value associated with key "theme".
/// //   element dropped at posts[3]: keyNotFound: No value associated with key "title".
/// ```
///
/// `NodeDecoder` also takes it as an argument: `decoder.decode(User.self, fromJSON: text, report: &report)`; so
/// does a node, in the static-decode API: `json.decode(as: User.self, report: &report)`, which gives full paths
/// (inside `collect`, a static-decode recovery's path starts at the object or array it was made in).
///
/// While no report is collected and no ``ErrorLoggers`` logger is registered, tolerant decoding records nothing:
/// it costs nothing. While one is, every recovery also goes to the loggers.
public struct RecoveryReport: Sendable, CustomStringConvertible, RandomAccessCollection {
    /// The recoveries, in the order they were made.
    public var recoveries: [Recovery]

    /// An empty report.
    public init() {
        recoveries = []
    }

    /// Runs `body` and returns its result with every recovery made inside it. Reports nest: an inner `collect`
    /// keeps its own recoveries and hands them on to the outer one too.
    public static func collect<Result>(_ body: () throws -> Result) rethrows -> (value: Result, report: RecoveryReport)
    {
        let collector = RecoveryCollector(outer: RecoveryCollector.current)
        genome_recovery_observers_add(1)
        defer { genome_recovery_observers_add(-1) }
        let value = try RecoveryCollector.$current.withValue(collector) { try body() }
        return (value, collector.report)
    }

    /// Runs asynchronous `body` and returns its result with every recovery made inside it, in child tasks it
    /// starts and awaits too (they inherit the collecting report, as they inherit any task-local value).
    public static func collect<Result>(
        isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> Result
    ) async rethrows -> (value: Result, report: RecoveryReport) {
        let collector = RecoveryCollector(outer: RecoveryCollector.current)
        genome_recovery_observers_add(1)
        defer { genome_recovery_observers_add(-1) }
        let value = try await RecoveryCollector.$current.withValue(collector, operation: body, isolation: isolation)
        return (value, collector.report)
    }

    /// Runs `body` with `report` collecting: the `inout` form of ``collect(_:)``, which keeps what was recovered
    /// before an error.
    public static func collect<Result>(into report: inout RecoveryReport, _ body: () throws -> Result) rethrows
        -> Result
    {
        let collector = RecoveryCollector(outer: RecoveryCollector.current)
        genome_recovery_observers_add(1)
        defer {
            genome_recovery_observers_add(-1)
            report.recoveries += collector.report.recoveries
        }
        return try RecoveryCollector.$current.withValue(collector) { try body() }
    }

    public var startIndex: Int { recoveries.startIndex }
    public var endIndex: Int { recoveries.endIndex }
    public subscript(position: Int) -> Recovery { recoveries[position] }

    /// The recoveries of one kind.
    public func filter(_ kind: Recovery.Kind) -> [Recovery] {
        recoveries.filter { $0.kind == kind }
    }

    /// `No recoveries.`, or the count and one line per recovery, indented.
    public var description: String {
        if recoveries.isEmpty { return "No recoveries." }
        let heading = recoveries.count == 1 ? "1 recovery:" : "\(recoveries.count) recoveries:"
        return ([heading] + recoveries.map { "  \($0)" }).joined(separator: "\n")
    }
}

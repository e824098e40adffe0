/// The values a stream skipped, for a stream made with `skippingInvalidValues(reportingTo:)`.
///
/// ```swift
/// let report = JSONStreamReport()
/// let bytes = Array("1\n{oops\n3\n".utf8)
/// var lines = Node.lines(in: bytes).skippingInvalidValues(reportingTo: report)
/// while let node = try lines.next() { _ = node }   // 1, then 3
/// report.skippedCount            // 1
/// report.skipped.first?.line     // Optional(2)
/// ```
///
/// The report keeps the first ``maximumKeptErrors`` errors, in the order of the input, and counts the rest, so
/// that a stream of nothing but bad lines still runs in bounded memory. It is safe to read while the stream runs.
public final class JSONStreamReport: Sendable {
    private let state = LockedState<(errors: [JSONStreamError], count: Int)>(([], 0))

    /// How many errors ``skipped`` keeps.
    public let maximumKeptErrors: Int

    /// An empty report that keeps up to `maximumKeptErrors` errors.
    public init(maximumKeptErrors: Int = 1_000) {
        self.maximumKeptErrors = max(0, maximumKeptErrors)
    }

    /// The first ``maximumKeptErrors`` skipped values' errors, in input order.
    public var skipped: [JSONStreamError] { state.withLock { $0.errors } }

    /// How many values were skipped, kept or not.
    public var skippedCount: Int { state.withLock { $0.count } }

    internal func record(_ error: JSONStreamError) {
        state.withLock { state in
            state.count += 1
            if state.errors.count < maximumKeptErrors { state.errors.append(error) }
        }
    }
}

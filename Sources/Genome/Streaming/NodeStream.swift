// The asynchronous stream of `Node`s that `Node.lines(...)` and `Node.elements(at:...)` return. It is a
// description: every iteration opens the file (or iterates the caller's sequence) afresh.

/// The values of a JSON Lines stream, or the elements of an array inside a document, read from a file or an
/// `AsyncSequence` of byte chunks in bounded memory.
///
/// ```swift
/// let chunks = AsyncStream<[UInt8]> { continuation in
///     continuation.yield(Array("{\"id\": 1}\n{\"i".utf8))
///     continuation.yield(Array("d\": 2}\n".utf8))
///     continuation.finish()
/// }
/// for try await node in Node.lines(from: chunks) {
///     print(node["id"] ?? nil)   // 1, then 2
/// }
/// ```
///
/// Iteration runs in the caller's isolation and never moves to another thread; only
/// `decode(_:concurrently:)` with `concurrently: true` decodes elsewhere. It throws a
/// ``JSONStreamError`` for a value that is not valid JSON or too large (with its line or index and its byte offset
/// in the whole stream), `CancellationError` when the task is cancelled (checked before each chunk, and the file is
/// closed), and passes on the errors of the caller's sequence. After an error the stream ends, unless it was made
/// with ``skippingInvalidValues(reportingTo:)``.
public struct NodeStream: AsyncSequence, Sendable {
    /// A stream's values are nodes.
    public typealias Element = Node

    internal let makeSource: @Sendable () -> any ChunkSource
    internal let makeFramer: @Sendable (_ skipsInvalidValues: Bool) -> any ValueFramer
    internal let startError: JSONStreamError?
    internal let options: Node.StreamingOptions
    internal var report: JSONStreamReport?
    /// How many arrays and objects enclose each value: 0 for JSON Lines, the pointer's length plus one for the
    /// elements of an array. It counts against the nesting limit.
    internal let valueDepth: Int
    /// The values are JSON Lines, which a concurrent decode cuts into blocks of lines (`LineBlockCutter`).
    internal let isJSONLines: Bool

    internal init(
        options: Node.StreamingOptions, valueDepth: Int = 0, isJSONLines: Bool = false,
        startError: JSONStreamError? = nil,
        makeSource: @escaping @Sendable () -> any ChunkSource,
        makeFramer: @escaping @Sendable (_ skipsInvalidValues: Bool) -> any ValueFramer
    ) {
        self.options = options
        self.valueDepth = valueDepth
        self.isJSONLines = isJSONLines
        self.startError = startError
        self.makeSource = makeSource
        self.makeFramer = makeFramer
    }

    /// This stream, but a value that is not valid JSON, is too large, or (after `decode`) does not decode, is
    /// skipped and recorded in `report` instead of ending the stream.
    ///
    /// ```swift
    /// let report = JSONStreamReport()
    /// let chunks = AsyncStream<[UInt8]> { continuation in
    ///     continuation.yield(Array("1\n{oops\n3\n".utf8))
    ///     continuation.finish()
    /// }
    /// for try await node in Node.lines(from: chunks).skippingInvalidValues(reportingTo: report) {
    ///     print(node)   // 1, then 3
    /// }
    /// print(report.skipped.map(\.line))   // [Optional(2)]
    /// ```
    ///
    /// A problem in the document around the array of `elements(at:)` (a bracket missing after the array, say)
    /// still ends the stream: only whole elements can be skipped. So do a file that cannot be read and cancellation.
    public func skippingInvalidValues(reportingTo report: JSONStreamReport) -> NodeStream {
        var copy = self
        copy.report = report
        return copy
    }

    internal func makeReader() -> StreamReader {
        StreamReader(framer: makeFramer(report != nil), source: makeSource(), startError: startError)
    }

    /// What fills the batches of a concurrent decode.
    internal func makeBatchCutter() -> any BatchCutting {
        guard isJSONLines, startError == nil else { return FramedValueCutter(reader: makeReader()) }
        return LineBlockCutter(
            source: makeSource(), maximumValueSize: options.maximumValueSize, skipsInvalidValues: report != nil)
    }

    public func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(reader: makeReader(), options: options.reading, report: report)
    }

    /// Reads a ``NodeStream``'s values one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        private var reader: StreamReader
        private let options: Node.ReadingOptions
        private let report: JSONStreamReport?

        internal init(reader: StreamReader, options: Node.ReadingOptions, report: JSONStreamReport?) {
            self.reader = reader
            self.options = options
            self.report = report
        }

        /// The next value, or nil at the end of the stream.
        public mutating func next() async throws -> Node? {
            try await next(isolation: nil)
        }

        /// The next value, or nil at the end of the stream, read in the caller's isolation.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Node? {
            let options = options
            return try await reader.nextMade(isolation: actor, report: report) { bytes, value throws(JSONStreamError) in
                try value.read(bytes, options: options)
            }
        }
    }
}

@available(*, unavailable)
extension NodeStream.AsyncIterator: Sendable {}

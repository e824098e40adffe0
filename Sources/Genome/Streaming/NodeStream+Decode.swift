// `.decode(T.self)` on a stream: models instead of nodes, for `NodeDecodable` and `Decodable` types. A value is
// decoded from its bytes (a `Decodable` one straight from them, as `NodeDecoder.decode(_:fromJSON:)` does), and
// its errors say where it sits in the stream.

extension NodeStream {
    /// The stream's values decoded into `T` with its static `decode(_:)`, one at a time in the caller's isolation.
    ///
    /// ```swift
    /// struct Event: NodeDecodable {
    ///     let id: Int
    ///     static func decode(_ json: Node) throws -> Event { try Event(id: json.decode("id")) }
    /// }
    /// let chunks = AsyncStream<[UInt8]> { continuation in
    ///     continuation.yield(Array("{\"id\": 1}\n{\"id\": 2}\n".utf8))
    ///     continuation.finish()
    /// }
    /// for try await event in Node.lines(from: chunks).decode(Event.self) { print(event.id) }
    /// ```
    ///
    /// A value that does not decode is a ``JSONStreamError`` of kind ``JSONStreamError/Kind/decoding``, whose
    /// ``JSONStreamError/underlyingError`` is the error a single `T.decode(node)` throws, with the same path.
    public func decode<T: NodeDecodable & SendableMetatype>(_ type: T.Type) -> DecodedNodeStream<T> {
        DecodedNodeStream(base: self, decode: Self.nodeDecoding(T.self), concurrent: nil)
    }

    /// The stream's values decoded into `T` with its static `decode(_:)`; with `concurrently: true`, on every core.
    ///
    /// ```swift
    /// struct Reading: NodeDecodable, Sendable {
    ///     let value: Double
    ///     static func decode(_ json: Node) throws -> Reading { try Reading(value: json.decode("value")) }
    /// }
    /// let chunks = AsyncStream<[UInt8]> { continuation in
    ///     continuation.yield(Array("{\"value\": 1.5}\n{\"value\": 2}\n".utf8))
    ///     continuation.finish()
    /// }
    /// for try await reading in Node.lines(from: chunks).decode(Reading.self, concurrently: true) {
    ///     print(reading.value)   // 1.5, then 2.0: in input order
    /// }
    /// ```
    ///
    /// `concurrently: true` is an explicit opt-in to run your `decode(_:)` on other threads: the iterating task
    /// reads the input and cuts it into batches (blocks of whole lines, or framed elements), which are framed and
    /// decoded in detached tasks, as many at a time as there are cores (twice over). Results, and errors, still arrive in input order, and memory stays bounded by that
    /// window of batches. Task-locals and actor isolation of the caller do not reach `decode(_:)` then. With
    /// `concurrently: false`, nothing leaves the iterating task.
    public func decode<T: NodeDecodable & Sendable & SendableMetatype>(_ type: T.Type, concurrently: Bool)
        -> DecodedNodeStream<T>
    {
        let decode = Self.nodeDecoding(T.self)
        return DecodedNodeStream(base: self, decode: decode, concurrent: concurrently ? concurrentMaker(decode) : nil)
    }

    /// The stream's values decoded into the `Decodable` type `T` by `decoder`, one at a time in the caller's
    /// isolation.
    ///
    /// ```swift
    /// struct Order: Decodable { let id: Int; let total: Double }
    /// let chunks = AsyncStream<[UInt8]> { continuation in
    ///     continuation.yield(Array("{\"id\": 7, \"total\": 9.5}\n".utf8))
    ///     continuation.finish()
    /// }
    /// for try await order in Node.lines(from: chunks).decode(Order.self) { print(order.total) }
    /// ```
    ///
    /// Each value is decoded straight from its bytes, as ``NodeDecoder/decode(_:fromJSON:)-(_,Collection<UInt8>)``
    /// does, with the stream's reading options (the decoder's own `readingOptions` are not used). A value that does
    /// not decode is a ``JSONStreamError`` of kind ``JSONStreamError/Kind/decoding`` whose
    /// ``JSONStreamError/underlyingError`` is the `DecodingError`, with its `codingPath` inside the value.
    public func decode<T: Decodable & SendableMetatype>(_ type: T.Type, using decoder: NodeDecoder = NodeDecoder())
        -> DecodedNodeStream<T>
    {
        DecodedNodeStream(base: self, decode: codableDecoding(T.self, decoder), concurrent: nil)
    }

    /// The stream's values decoded into the `Decodable` type `T` by `decoder`; with `concurrently: true`, on every
    /// core. See `decode(_:concurrently:)` for what `concurrently` does.
    public func decode<T: Decodable & Sendable & SendableMetatype>(
        _ type: T.Type, using decoder: NodeDecoder = NodeDecoder(), concurrently: Bool
    ) -> DecodedNodeStream<T> {
        let decode = codableDecoding(T.self, decoder)
        return DecodedNodeStream(base: self, decode: decode, concurrent: concurrently ? concurrentMaker(decode) : nil)
    }

    /// For a type that is both `NodeDecodable` and `Decodable`: its `NodeDecodable` decoding.
    public func decode<T: NodeDecodable & Decodable & SendableMetatype>(_ type: T.Type) -> DecodedNodeStream<T> {
        DecodedNodeStream(base: self, decode: Self.nodeDecoding(T.self), concurrent: nil)
    }

    /// For a type that is both `NodeDecodable` and `Decodable`: its `NodeDecodable` decoding, on every core with
    /// `concurrently: true`.
    public func decode<T: NodeDecodable & Decodable & Sendable & SendableMetatype>(
        _ type: T.Type, concurrently: Bool
    ) -> DecodedNodeStream<T> {
        let decode = Self.nodeDecoding(T.self)
        return DecodedNodeStream(base: self, decode: decode, concurrent: concurrently ? concurrentMaker(decode) : nil)
    }

    private static func nodeDecoding<T: NodeDecodable & SendableMetatype>(_ type: T.Type) -> ValueDecoding<T> {
        { bytes, value, options throws(JSONStreamError) in
            let node = try value.read(bytes, options: options)
            do {
                return try T.decode(node)
            } catch {
                throw value.decodingError(error)
            }
        }
    }

    private func codableDecoding<T: Decodable & SendableMetatype>(
        _ type: T.Type, _ decoder: NodeDecoder
    ) -> ValueDecoding<T> {
        // Configured once: setting an option on a copy of a decoder for every value would copy its settings.
        var configured = decoder
        configured.readingOptions = options.reading
        configured.readingOptions.maximumDepth = Swift.max(0, options.reading.maximumDepth - valueDepth)
        let decoder = configured
        return { bytes, value, options throws(JSONStreamError) in
            if let problem = value.problem { throw problem }
            do {
                return try decoder.decode(T.self, fromJSON: bytes)
            } catch {
                // Only a failure pays for reading the bytes again, to tell a syntax error from a decoding one.
                _ = try value.read(bytes, options: options)
                throw value.decodingError(error)
            }
        }
    }

    private func concurrentMaker<T: Sendable>(_ decode: @escaping ValueDecoding<T>) -> ConcurrentDecodingMaker<T> {
        { stream in
            ConcurrentDecoding(cutter: stream.makeBatchCutter(), decode: decode, options: stream.options.reading)
        }
    }
}

/// Decodes one framed value from its bytes.
internal typealias ValueDecoding<T> =
    @Sendable (UnsafeBufferPointer<UInt8>, FramedValue, Node.ReadingOptions) throws(JSONStreamError) -> T

internal typealias ConcurrentDecodingMaker<T> = @Sendable (NodeStream) -> any DecodedValues<T>

/// Where a decoded stream's models come from when they are decoded on other threads.
internal protocol DecodedValues<Model>: AnyObject {
    associatedtype Model
    func next(isolation: isolated (any Actor)?, report: JSONStreamReport?) async throws -> Model?
}

/// A ``NodeStream``'s values decoded into models, in input order: see `NodeStream.decode(_:)`.
public struct DecodedNodeStream<Model>: AsyncSequence, Sendable {
    /// A decoded stream's values are models.
    public typealias Element = Model

    internal let base: NodeStream
    internal let decode: ValueDecoding<Model>
    internal let concurrent: ConcurrentDecodingMaker<Model>?

    internal init(base: NodeStream, decode: @escaping ValueDecoding<Model>, concurrent: ConcurrentDecodingMaker<Model>?)
    {
        self.base = base
        self.decode = decode
        self.concurrent = concurrent
    }

    /// This stream, but a value that is not valid JSON, is too large or does not decode is skipped and recorded
    /// in `report` instead of ending the stream. See ``NodeStream/skippingInvalidValues(reportingTo:)``.
    public func skippingInvalidValues(reportingTo report: JSONStreamReport) -> DecodedNodeStream {
        DecodedNodeStream(
            base: base.skippingInvalidValues(reportingTo: report), decode: decode, concurrent: concurrent)
    }

    public func makeAsyncIterator() -> AsyncIterator {
        if let concurrent {
            return AsyncIterator(mode: .concurrent(concurrent(base)), report: base.report)
        }
        return AsyncIterator(
            mode: .inline(base.makeReader(), decode, base.options.reading), report: base.report)
    }

    /// Reads a ``DecodedNodeStream``'s models one at a time.
    public struct AsyncIterator: AsyncIteratorProtocol {
        internal enum Mode {
            case inline(StreamReader, ValueDecoding<Model>, Node.ReadingOptions)
            case concurrent(any DecodedValues<Model>)
            case finished
        }
        private var mode: Mode
        private let report: JSONStreamReport?

        internal init(mode: Mode, report: JSONStreamReport?) {
            self.mode = mode
            self.report = report
        }

        /// The next model, or nil at the end of the stream.
        public mutating func next() async throws -> Model? {
            try await next(isolation: nil)
        }

        /// The next model, or nil at the end of the stream, read in the caller's isolation.
        public mutating func next(isolation actor: isolated (any Actor)?) async throws -> Model? {
            switch mode {
            case .concurrent(let values):
                return try await values.next(isolation: actor, report: report)
            case .finished:
                return nil
            case .inline(var reader, let decode, let options):
                // Taken out while it reads, so that its buffers have one owner and grow in place.
                mode = .finished
                defer { mode = .inline(reader, decode, options) }
                return try await reader.nextMade(isolation: actor, report: report) {
                    bytes, value throws(JSONStreamError) in try decode(bytes, value, options)
                }
            }
        }
    }
}

@available(*, unavailable)
extension DecodedNodeStream.AsyncIterator: Sendable {}

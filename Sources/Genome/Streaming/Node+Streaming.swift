// The entry points: `Node.lines(...)` for JSON Lines and `Node.elements(at:...)` for the elements of one array,
// from a file, from an `AsyncSequence` of chunks, or from bytes in memory.

extension Node {
    /// The values of a JSON Lines (NDJSON) file, one per line, read a chunk at a time.
    ///
    /// ```swift
    /// let path = "/tmp/genome-events.jsonl"
    /// for try await event in Node.lines(fromFileAtPath: path) {
    ///     print(event["type"] ?? nil)
    /// }
    /// ```
    ///
    /// Lines end at `\n`; a `\r` before it is dropped, a line of only spaces and tabs is skipped, and the last line
    /// needs no line break. The file is opened when iteration starts (an unreadable file is a
    /// ``JSONStreamError`` of kind ``JSONStreamError/Kind/unreadableFile``), read with the C library, and closed at
    /// the end, on an error, or when the task is cancelled. Memory stays bounded by the longest line.
    public static func lines(fromFileAtPath path: String, options: StreamingOptions = StreamingOptions()) -> NodeStream
    {
        let chunkSize = options.fileChunkSize
        return NodeStream(
            options: options, isJSONLines: true, makeSource: { FileChunkSource(path: path, chunkSize: chunkSize) },
            makeFramer: lineFramer(options))
    }

    /// The values of a JSON Lines (NDJSON) stream, one per line, from any `AsyncSequence` of byte collections:
    /// `[UInt8]`, `ArraySlice<UInt8>`, Foundation's `Data`, a NIO `ByteBuffer`'s readable bytes...
    ///
    /// ```swift
    /// let chunks = AsyncStream<[UInt8]> { continuation in
    ///     continuation.yield(Array("{\"a\": 1}\r\n\n{\"a\"".utf8))
    ///     continuation.yield(Array(": 2}".utf8))
    ///     continuation.finish()
    /// }
    /// for try await node in Node.lines(from: chunks) { print(node) }   // {"a":1}, then {"a":2}
    /// ```
    ///
    /// A line may be split across chunks anywhere, even inside a character. See ``lines(fromFileAtPath:options:)``
    /// for how lines end.
    public static func lines<Chunks: AsyncSequence & Sendable>(
        from chunks: Chunks, options: StreamingOptions = StreamingOptions()
    ) -> NodeStream where Chunks.Element: Collection<UInt8> {
        NodeStream(
            options: options, isJSONLines: true, makeSource: { SequenceChunkSource(chunks) },
            makeFramer: lineFramer(options))
    }

    /// The values of a JSON Lines (NDJSON) stream read from an `AsyncSequence` of single bytes, such as Foundation's
    /// `FileHandle.bytes` or `URLSession.bytes(for:)`, gathered into chunks of ``StreamingOptions/fileChunkSize``.
    public static func lines<Bytes: AsyncSequence & Sendable>(
        from bytes: Bytes, options: StreamingOptions = StreamingOptions()
    ) -> NodeStream where Bytes.Element == UInt8 {
        let chunkSize = options.fileChunkSize
        return NodeStream(
            options: options, isJSONLines: true,
            makeSource: { ByteSequenceChunkSource(bytes, chunkSize: chunkSize) }, makeFramer: lineFramer(options))
    }

    /// The values of JSON Lines held in memory, read one line at a time as ``LazyNodeStream/next()`` asks.
    ///
    /// ```swift
    /// var lines = Node.lines(in: Array("1\n\n[2]\r\n{\"three\": 3}".utf8))
    /// while let node = try lines.next() { print(node) }   // 1, [2], {"three":3}
    /// ```
    public static func lines<Bytes: Collection<UInt8>>(
        in bytes: Bytes, options: StreamingOptions = StreamingOptions()
    ) -> LazyNodeStream<Bytes> {
        LazyNodeStream(bytes: bytes, options: options, makeFramer: lineFramer(options))
    }

    /// The elements of the array at `pointer` inside the JSON document in a file, read a chunk at a time.
    ///
    /// ```swift
    /// let path = "/tmp/genome-export.json"   // {"meta": {...}, "items": [{...}, {...}, ...]}
    /// for try await item in Node.elements(at: try JSONPointer("/items"), fromFileAtPath: path) {
    ///     print(item["id"] ?? nil)
    /// }
    /// ```
    ///
    /// The whole document is still checked: a syntax error before, inside or after the array is an error, thrown
    /// when the stream reaches it (after the elements before it). Only the array's elements are kept, one at a time;
    /// other values are read and dropped. The pointer `""` names a top-level array. A pointer that names nothing is
    /// a ``JSONStreamError/Kind/pointerNotFound`` error at the end of the document; a value there that is not an
    /// array is a ``JSONStreamError/Kind/notAnArray`` error. On the pointer's path a key may appear only once.
    public static func elements(
        at pointer: JSONPointer, fromFileAtPath path: String, options: StreamingOptions = StreamingOptions()
    ) -> NodeStream {
        let chunkSize = options.fileChunkSize
        return NodeStream(
            options: options, valueDepth: pointer.tokens.count + 1,
            startError: ElementFramer.unsupportedOptions(options.reading),
            makeSource: { FileChunkSource(path: path, chunkSize: chunkSize) },
            makeFramer: elementFramer(pointer, options))
    }

    /// The elements of the array at `pointer` inside the JSON document that `chunks` carries, from any
    /// `AsyncSequence` of byte collections. See ``elements(at:fromFileAtPath:options:)``.
    ///
    /// ```swift
    /// let chunks = AsyncStream<[UInt8]> { continuation in
    ///     continuation.yield(Array("{\"data\": {\"items\": [1, [2], {\"th".utf8))
    ///     continuation.yield(Array("ree\": 3}]}}".utf8))
    ///     continuation.finish()
    /// }
    /// for try await node in Node.elements(at: try JSONPointer("/data/items"), from: chunks) { print(node) }
    /// ```
    public static func elements<Chunks: AsyncSequence & Sendable>(
        at pointer: JSONPointer, from chunks: Chunks, options: StreamingOptions = StreamingOptions()
    ) -> NodeStream where Chunks.Element: Collection<UInt8> {
        NodeStream(
            options: options, valueDepth: pointer.tokens.count + 1,
            startError: ElementFramer.unsupportedOptions(options.reading),
            makeSource: { SequenceChunkSource(chunks) }, makeFramer: elementFramer(pointer, options))
    }

    /// The elements of the array at `pointer` inside the JSON document held in memory, read one at a time as
    /// ``LazyNodeStream/next()`` asks. See ``elements(at:fromFileAtPath:options:)``.
    ///
    /// ```swift
    /// var items = Node.elements(at: JSONPointer(), in: Array("[1, 2, 3]".utf8))
    /// while let item = try items.next() { print(item) }
    /// ```
    public static func elements<Bytes: Collection<UInt8>>(
        at pointer: JSONPointer, in bytes: Bytes, options: StreamingOptions = StreamingOptions()
    ) -> LazyNodeStream<Bytes> {
        LazyNodeStream(
            bytes: bytes, options: options, startError: ElementFramer.unsupportedOptions(options.reading),
            makeFramer: elementFramer(pointer, options))
    }

    private static func lineFramer(_ options: StreamingOptions) -> @Sendable (Bool) -> any ValueFramer {
        let size = options.maximumValueSize
        return { skips in LineFramer(maximumValueSize: size, skipsInvalidValues: skips) }
    }

    private static func elementFramer(
        _ pointer: JSONPointer, _ options: StreamingOptions
    ) -> @Sendable (Bool) -> any ValueFramer {
        { skips in ElementFramer(pointer: pointer, options: options, skipsInvalidValues: skips) }
    }
}

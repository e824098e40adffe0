// A framer cuts a stream of bytes, fed a chunk at a time, into the bytes of single values: a line for JSON Lines,
// an element for `elements(at:)`. It keeps at most one value's bytes, so memory is bounded by the largest value,
// and it never recurses. The reader (`Node(json:)`) then reads those bytes as a document of its own.

/// Where a framed value sits in the stream, and how to read it.
internal struct FramedValue: Sendable {
    /// The line it starts on, for JSON Lines.
    var line: Int?
    /// Its index in the array, for `elements(at:)`.
    var index: Int?
    /// Its first byte in the whole stream.
    var start: StreamPosition
    /// How many arrays and objects enclose it, which counts against the nesting limit.
    var depth: Int
    /// Set when the value was dropped unread (too large) in a stream that skips invalid values.
    var problem: JSONStreamError?

    /// The value's bytes read into a `Node`, with errors placed in the whole stream.
    func read(_ bytes: UnsafeBufferPointer<UInt8>, options: Node.ReadingOptions) throws(JSONStreamError) -> Node {
        if let problem { throw problem }
        var options = options
        if depth > 0 { options.maximumDepth = max(0, options.maximumDepth - depth) }
        do throws(JSONSyntaxError) {
            return try Node(json: bytes, options: options)
        } catch {
            throw syntaxError(error)
        }
    }

    /// A stream error for the reader's `error` in this value.
    func syntaxError(_ error: JSONSyntaxError) -> JSONStreamError {
        let relocated = JSONSyntaxError(error, inValueAt: start)
        return JSONStreamError(
            .syntax, reason: "the value is not valid JSON", line: line, index: index, offset: relocated.offset,
            syntaxError: relocated)
    }

    /// A stream error for a decoding `error` of this value.
    func decodingError(_ error: any Error) -> JSONStreamError {
        JSONStreamError(
            .decoding, reason: "the value does not decode", line: line, index: index, offset: start.offset,
            underlyingError: error)
    }
}

/// Cuts values out of a stream fed in chunks.
internal protocol ValueFramer: Sendable {
    /// The bytes of the value `advance` or `finish` returned last; valid until the next call.
    var valueBytes: [UInt8] { get }

    /// Reads `chunk` from `position` on, which moves forward, until a value is complete (returned, with its bytes
    /// in `valueBytes`) or the chunk is used up (nil). `chunkOffset` is the stream offset of `chunk[0]`.
    mutating func advance(
        _ chunk: UnsafeBufferPointer<UInt8>, from position: inout Int, chunkOffset: Int
    ) throws(JSONStreamError) -> FramedValue?

    /// The input has ended at `streamLength` bytes: the last value if one is pending, or nil. Called until it
    /// returns nil.
    mutating func finish(streamLength: Int) throws(JSONStreamError) -> FramedValue?
}

/// Drops the bytes of a value a framer handed out, before it gathers the next. The buffer keeps its capacity for
/// the next value, unless one large value grew it past 1 MiB, or the input has ended.
internal func dropHandedOut(_ bytes: inout [UInt8], _ handedOut: inout Bool, atEnd: Bool = false) {
    guard handedOut else { return }
    bytes.removeAll(keepingCapacity: !atEnd && bytes.capacity <= 1 << 20)
    handedOut = false
}

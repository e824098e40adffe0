// Streams over bytes already in memory: nothing to wait for, so `next()` is synchronous. A contiguous collection
// is read in place; any other is copied a chunk at a time.

/// The values of JSON Lines, or the elements of an array, in bytes already in memory, read one at a time.
///
/// ```swift
/// var lines = Node.lines(in: Array("{\"id\": 1}\n{\"id\": 2}\n".utf8))
/// while let node = try lines.next() {
///     print(node["id"] ?? nil)   // 1, then 2
/// }
/// ```
///
/// `next()` throws a ``JSONStreamError`` as ``NodeStream`` does; after an error it returns nil, unless the stream
/// was made with ``skippingInvalidValues(reportingTo:)``. Only the value being read is held besides the input.
public struct LazyNodeStream<Bytes: Collection<UInt8>> {
    private let bytes: Bytes
    private var index: Bytes.Index
    private var framer: any ValueFramer
    private let makeFramer: @Sendable (Bool) -> any ValueFramer
    private let options: Node.ReadingOptions
    private var report: JSONStreamReport?
    private var startError: JSONStreamError?
    /// For a collection without contiguous storage, the chunk copied from it.
    private var chunk: [UInt8] = []
    private var position = 0
    private var chunkOffset = 0
    private var inputEnded = false
    private var done = false

    internal init(
        bytes: Bytes, options: Node.StreamingOptions, startError: JSONStreamError? = nil,
        makeFramer: @escaping @Sendable (Bool) -> any ValueFramer
    ) {
        self.bytes = bytes
        self.index = bytes.startIndex
        self.makeFramer = makeFramer
        self.framer = makeFramer(false)
        self.options = options.reading
        self.startError = startError
    }

    /// This stream, but a value that is not valid JSON or is too large is skipped and recorded in `report`,
    /// instead of ending the stream. See ``NodeStream/skippingInvalidValues(reportingTo:)``.
    public func skippingInvalidValues(reportingTo report: JSONStreamReport) -> LazyNodeStream {
        var copy = self
        copy.report = report
        copy.framer = makeFramer(true)
        return copy
    }

    /// The next value, or nil at the end.
    ///
    /// - Throws: ``JSONStreamError`` for a value that is not valid JSON or is too large, with its place in the
    ///   whole input.
    public mutating func next() throws(JSONStreamError) -> Node? {
        while let value = try nextFramed() {
            do throws(JSONStreamError) {
                return try framer.valueBytes.withUnsafeBufferPointer { buffer throws(JSONStreamError) in
                    try value.read(buffer, options: options)
                }
            } catch {
                guard let report else {
                    done = true
                    throw error
                }
                report.record(error)
            }
        }
        return nil
    }

    private mutating func nextFramed() throws(JSONStreamError) -> FramedValue? {
        if let startError {
            self.startError = nil
            done = true
            throw startError
        }
        do throws(JSONStreamError) {
            while !done {
                if inputEnded {
                    if let value = try framer.finish(streamLength: chunkOffset) { return value }
                    done = true
                    return nil
                }
                let input = bytes
                var at = position
                let offset = chunkOffset
                let contiguous = input.withContiguousStorageIfAvailable { buffer in
                    Result { () throws(JSONStreamError) in try framer.advance(buffer, from: &at, chunkOffset: offset) }
                }
                if let contiguous {
                    position = at
                    if let value = try contiguous.get() { return value }
                    chunkOffset = input.count
                    inputEnded = true
                    continue
                }
                if position < chunk.count {
                    let current = chunk
                    let value = try current.withUnsafeBufferPointer { buffer throws(JSONStreamError) in
                        try framer.advance(buffer, from: &at, chunkOffset: offset)
                    }
                    position = at
                    if let value { return value }
                    continue
                }
                chunkOffset += chunk.count
                let end = input.index(index, offsetBy: 64 << 10, limitedBy: input.endIndex) ?? input.endIndex
                chunk = Array(input[index..<end])
                index = end
                position = 0
                if chunk.isEmpty { inputEnded = true }
            }
            return nil
        } catch {
            done = true
            throw error
        }
    }
}

extension LazyNodeStream: Sendable where Bytes: Sendable, Bytes.Index: Sendable {}

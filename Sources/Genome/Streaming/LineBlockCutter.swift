// JSON Lines for a concurrent decode. The iterating task only cuts the input into blocks of whole lines: `memchr`
// finds the line feeds, and the bytes are copied once, a run of lines at a time. Each worker then frames its own
// block with a `LineFramer` and decodes it, so framing runs on every core. The iterating task then does about a
// tenth of the work it would do framing and copying each value itself: on 2 cores that is lost in the noise of
// StreamingBench's `lines-decode-concurrently` case, but it is the part that does not grow with the number of cores.
//
// A worker numbers its block's lines from 1; the delivering task, which sees the blocks in order, adds the lines of
// the blocks before (`JSONStreamError.movedDown(lines:)`). Offsets are the whole stream's from the start.
//
// A line longer than the size limit is cut after `maximumValueSize + 1` bytes, which is enough for the worker's
// framer to see it is too large, and the rest of it is dropped as it arrives; so a block holds at most its limit
// plus one line, and memory stays bounded.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

internal struct LineBlockCutter: BatchCutting {
    private let source: any ChunkSource
    private let maximumValueSize: Int
    private let skipsInvalidValues: Bool
    private var chunk: [UInt8] = []
    private var position = 0
    /// The stream offset of `chunk[0]`.
    private var chunkOffset = 0
    private var inputEnded = false
    /// The rest of a line over the size limit is being dropped, up to its line feed.
    private var dropping = false

    init(source: any ChunkSource, maximumValueSize: Int, skipsInvalidValues: Bool) {
        self.source = source
        self.maximumValueSize = maximumValueSize
        self.skipsInvalidValues = skipsInvalidValues
    }

    mutating func fill(
        _ batch: inout BatchInput, byteLimit: Int, valueLimit: Int, isolation: isolated (any Actor)?
    ) async -> BatchEnd {
        var lines = 0
        /// Where the line being gathered starts in `batch.bytes`.
        var lineStart = 0
        batch.blockOffset = chunkOffset + position
        defer {
            batch.lineFramer = LineFramer(
                maximumValueSize: maximumValueSize, skipsInvalidValues: skipsInvalidValues,
                lineStart: batch.blockOffset)
        }
        while true {
            if position == chunk.count {
                if inputEnded { return .inputEnded }
                do {
                    try Task.checkCancellation()
                    let next = try await source.nextChunk(isolation: isolation)
                    chunkOffset += chunk.count
                    position = 0
                    chunk = next ?? []
                    inputEnded = next == nil
                } catch {
                    stop()
                    return .failed(error)
                }
                continue
            }
            if dropping {
                dropping = !skipPastLineFeed()
                // The block starts after the dropped line.
                batch.blockOffset = chunkOffset + position
                continue
            }
            let full = takeLines(
                into: &batch.bytes, lines: &lines, lineStart: &lineStart, limits: (byteLimit, valueLimit))
            if full { return .full }
            if batch.bytes.count - lineStart > maximumValueSize {
                // Too large: keep enough for the worker to say so, and drop the rest as it arrives.
                batch.bytes.removeSubrange((lineStart + maximumValueSize + 1)...)
                dropping = true
                return .full
            }
        }
    }

    /// Appends the current chunk's whole lines to `bytes` until a limit is reached (true), then, if none was, the
    /// start of the line the chunk ends in.
    private mutating func takeLines(
        into bytes: inout [UInt8], lines: inout Int, lineStart: inout Int, limits: (bytes: Int, values: Int)
    ) -> Bool {
        chunk.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            var cut = position
            var full = false
            while cut < buffer.count, let found = memchr(base + cut, 0x0A, buffer.count - cut) {
                cut = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
                lines += 1
                if lines >= limits.values || bytes.count + cut - position >= limits.bytes {
                    full = true
                    break
                }
            }
            if cut > position {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[position..<cut]))
                lineStart = bytes.count
                position = cut
            }
            if !full && position < buffer.count {
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: buffer[position...]))
                position = buffer.count
            }
            return full
        }
    }

    /// Moves past the next line feed in the current chunk (true), or to the chunk's end (false).
    private mutating func skipPastLineFeed() -> Bool {
        chunk.withUnsafeBufferPointer { buffer in
            let base = buffer.baseAddress!
            guard let found = memchr(base + position, 0x0A, buffer.count - position) else {
                position = buffer.count
                return false
            }
            position = UnsafeRawPointer(found) - UnsafeRawPointer(base) + 1
            return true
        }
    }

    mutating func stop() {
        source.close()
    }
}

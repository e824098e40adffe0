// A concurrent decode (`ConcurrentDecoding`) hands batches of input to detached tasks. What goes into a batch
// depends on the input: JSON Lines are cut into blocks of whole lines that the worker frames itself
// (`LineBlockCutter`); the elements of an array are framed one by one by the iterating task, which alone can follow
// the document's structure (`FramedValueCutter`).

/// The iterating task's side of a concurrent decode: fills batches from the stream's input.
internal protocol BatchCutting {
    /// Adds input to `batch` (empty when called) until it holds about `byteLimit` bytes or `valueLimit` values, or
    /// the input ends or fails; what it added is decoded whatever the answer.
    mutating func fill(
        _ batch: inout BatchInput, byteLimit: Int, valueLimit: Int, isolation: isolated (any Actor)?
    ) async -> BatchEnd

    /// Stops reading and closes the source.
    mutating func stop()
}

/// What stopped a batch from growing.
internal enum BatchEnd {
    /// It is full; there is more input.
    case full
    case inputEnded
    /// The input failed (an unreadable file, a bad document around the array, the caller's sequence), or the task
    /// was cancelled (`CancellationError`).
    case failed(any Error)
}

/// The input of one batch, moved to the worker that decodes it.
internal struct BatchInput {
    var bytes: [UInt8] = []
    /// The values, with their ranges in `bytes`: framed by the iterating task, or by the worker (`frameLines()`).
    var values: [(FramedValue, Range<Int>)] = []
    /// For a block of lines, how the worker frames it; its lines are numbered from 1.
    var lineFramer: LineFramer?
    /// The stream offset of `bytes[0]`, for a block of lines.
    var blockOffset = 0
    /// How many lines the block held, once framed, so that the delivering task can number the next block's.
    private(set) var linesEnded = 0

    var isEmpty: Bool { bytes.isEmpty && values.isEmpty }

    /// Frames a block of lines into `values`, each the range of its line in `bytes` (without its line ending).
    /// Returns the error of a line over the size limit, in a stream that does not skip invalid values: the values
    /// framed before it are kept, and the block ends there.
    mutating func frameLines() -> JSONStreamError? {
        guard var framer = lineFramer else { return nil }
        lineFramer = nil
        defer { linesEnded = framer.linesEnded }
        // A block ends with a line feed, except the last one of the input and one cut short at the size limit.
        let endsMidLine = bytes.last != 0x0A
        let offset = blockOffset
        // Gathered apart from `values` (keeping its capacity), since `bytes` is borrowed meanwhile.
        var found: [(FramedValue, Range<Int>)] = []
        swap(&found, &values)
        defer { swap(&found, &values) }
        do throws(JSONStreamError) {
            try bytes.withUnsafeBufferPointer { all throws(JSONStreamError) in
                var position = 0
                while true {
                    var value = try framer.advance(all, from: &position, chunkOffset: offset)
                    if value == nil && endsMidLine { value = try framer.finish(streamLength: offset + all.count) }
                    guard let value else { return }
                    // The framer's copy of the line is the line itself, less a final `\r`: its bytes are read in
                    // place, where the block holds them.
                    let start = value.start.offset - offset
                    found.append((value, start..<start + framer.valueBytes.count))
                }
            }
            return nil
        } catch {
            return error
        }
    }

    /// Empties the batch for the next fill, keeping its buffers unless one large value grew them past 1 MiB.
    mutating func removeAll() {
        bytes.removeAll(keepingCapacity: bytes.capacity <= 1 << 20)
        values.removeAll(keepingCapacity: true)
        lineFramer = nil
        linesEnded = 0
    }
}

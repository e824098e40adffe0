// JSON Lines: a value per line. In JSON a raw line feed (0x0A) can only be whitespace, never part of a string or a
// number, so lines split at every 0x0A without looking inside them; `memchr` finds them. A `\r` before the line
// feed is dropped, a line of only whitespace is skipped, and the last line needs no line feed.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

internal struct LineFramer: ValueFramer {
    private let maximumValueSize: Int
    private let skipsInvalidValues: Bool
    private(set) var valueBytes: [UInt8] = []
    /// `valueBytes` holds a value handed out, to drop before gathering the next.
    private var handedOut = false
    /// The number of the line being gathered, and where it starts.
    private var lineNumber = 1
    private var lineStart = 0
    /// The line being gathered is over the size limit: its bytes are dropped until its end.
    private var oversized = false
    private var finished = false

    /// `lineStart` is the stream offset of the first line: a concurrent decode frames each block of lines on its
    /// own, numbering the block's lines from 1 (see `ConcurrentDecoding`).
    init(maximumValueSize: Int, skipsInvalidValues: Bool, lineStart: Int = 0) {
        self.maximumValueSize = maximumValueSize
        self.skipsInvalidValues = skipsInvalidValues
        self.lineStart = lineStart
    }

    /// How many lines have ended, blank ones included.
    var linesEnded: Int { lineNumber - 1 }

    mutating func advance(
        _ chunk: UnsafeBufferPointer<UInt8>, from position: inout Int, chunkOffset: Int
    ) throws(JSONStreamError) -> FramedValue? {
        dropHandedOut(&valueBytes, &handedOut)
        guard let base = chunk.baseAddress else { return nil }
        while position < chunk.count {
            let start = base + position
            let remaining = chunk.count - position
            guard let found = memchr(start, 0x0A, remaining) else {
                try gather(UnsafeBufferPointer(start: start, count: remaining))
                position = chunk.count
                return nil
            }
            let length = UnsafeRawPointer(found) - UnsafeRawPointer(start)
            try gather(UnsafeBufferPointer(start: start, count: length))
            position += length + 1
            if let value = endLine(nextLineStart: chunkOffset + position) { return value }
        }
        return nil
    }

    mutating func finish(streamLength: Int) throws(JSONStreamError) -> FramedValue? {
        dropHandedOut(&valueBytes, &handedOut, atEnd: true)
        guard !finished else { return nil }
        finished = true
        return endLine(nextLineStart: streamLength)
    }

    /// Adds bytes to the line being gathered, within the size limit.
    private mutating func gather(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONStreamError) {
        guard !oversized, !bytes.isEmpty else { return }
        guard valueBytes.count + bytes.count <= maximumValueSize else {
            let error = tooLarge()
            guard skipsInvalidValues else { throw error }
            oversized = true
            valueBytes.removeAll()
            return
        }
        valueBytes.append(contentsOf: bytes)
    }

    private func tooLarge() -> JSONStreamError {
        JSONStreamError(
            .valueTooLarge, reason: "the line is longer than the limit of \(counted(maximumValueSize, "bytes"))",
            line: lineNumber, offset: lineStart)
    }

    /// Ends the line being gathered; its value, unless it is blank.
    private mutating func endLine(nextLineStart: Int) -> FramedValue? {
        let number = lineNumber
        let start = lineStart
        lineNumber += 1
        lineStart = nextLineStart
        if oversized {
            oversized = false
            var value = FramedValue(
                line: number, start: StreamPosition(offset: start, line: number, column: 1), depth: 0)
            value.problem = JSONStreamError(
                .valueTooLarge, reason: "the line is longer than the limit of \(counted(maximumValueSize, "bytes"))",
                line: number, offset: start)
            handedOut = true
            return value
        }
        if valueBytes.last == UInt8(ascii: "\r") { valueBytes.removeLast() }
        if valueBytes.allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x0D }) {
            valueBytes.removeAll(keepingCapacity: true)
            return nil
        }
        handedOut = true
        return FramedValue(line: number, start: StreamPosition(offset: start, line: number, column: 1), depth: 0)
    }
}

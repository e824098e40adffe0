// The loop under every asynchronous stream: take a chunk from the source, let the framer cut values out of it,
// and hand out one framed value at a time. Cancellation is checked before every chunk, so a cancelled task stops
// within one chunk and the source (a file) is closed.

internal struct StreamReader {
    private var framer: any ValueFramer
    private let source: any ChunkSource
    private var chunk: [UInt8] = []
    private var position = 0
    /// The stream offset of `chunk[0]`.
    private var chunkOffset = 0
    private var inputEnded = false
    private var done = false
    /// An error to throw before reading anything (options the framer cannot honour).
    private var startError: JSONStreamError?

    init(framer: any ValueFramer, source: any ChunkSource, startError: JSONStreamError? = nil) {
        self.framer = framer
        self.source = source
        self.startError = startError
    }

    /// The bytes of the value `next` returned last.
    var valueBytes: [UInt8] { framer.valueBytes }

    /// The next value's place, with its bytes in `valueBytes`; nil at the end. After an error, nil.
    mutating func next(isolation: isolated (any Actor)?) async throws -> FramedValue? {
        do {
            return try await read(isolation: isolation)
        } catch {
            stop()
            throw error
        }
    }

    /// The next value made by `make` from a framed value's bytes. A value `make` rejects ends the stream with its
    /// error, or, with a `report`, is recorded there and skipped.
    mutating func nextMade<T>(
        isolation: isolated (any Actor)?, report: JSONStreamReport?,
        _ make: (UnsafeBufferPointer<UInt8>, FramedValue) throws(JSONStreamError) -> T
    ) async throws -> T? {
        while let value = try await next(isolation: isolation) {
            do throws(JSONStreamError) {
                return try framer.valueBytes.withUnsafeBufferPointer { bytes throws(JSONStreamError) in
                    try make(bytes, value)
                }
            } catch {
                guard let report else {
                    stop()
                    throw error
                }
                report.record(error)
            }
        }
        return nil
    }

    /// Stops reading and closes the source.
    mutating func stop() {
        done = true
        source.close()
    }

    private mutating func read(isolation: isolated (any Actor)?) async throws -> FramedValue? {
        if let startError {
            self.startError = nil
            throw startError
        }
        while !done {
            if position < chunk.count {
                let current = chunk
                var at = position
                let value = try current.withUnsafeBufferPointer { buffer throws(JSONStreamError) in
                    try framer.advance(buffer, from: &at, chunkOffset: chunkOffset)
                }
                position = at
                if let value { return value }
                continue
            }
            if inputEnded {
                if let value = try framer.finish(streamLength: chunkOffset) { return value }
                stop()
                return nil
            }
            try Task.checkCancellation()
            chunkOffset += chunk.count
            chunk = []
            position = 0
            if let next = try await source.nextChunk(isolation: isolation) {
                chunk = next
            } else {
                inputEnded = true
            }
        }
        return nil
    }
}

// Where a stream's bytes come from: a file (`FileChunkSource`) or a caller's `AsyncSequence` of byte collections.
// A source is made for each iteration and read only by the iterating task, in the caller's isolation.

/// Chunks of a stream's bytes, in order.
internal protocol ChunkSource: AnyObject {
    /// The next chunk, or nil at the end of the input. Never an empty chunk.
    func nextChunk(isolation: isolated (any Actor)?) async throws -> [UInt8]?
    /// Stops reading and lets go of what the source holds (closes a file). Called at the end, on an error and on
    /// cancellation; a later `nextChunk` returns nil.
    func close()
}

/// The chunks of a caller's `AsyncSequence`, copied into arrays.
internal final class SequenceChunkSource<Chunks: AsyncSequence>: ChunkSource where Chunks.Element: Collection<UInt8> {
    private var iterator: Chunks.AsyncIterator?

    init(_ chunks: Chunks) {
        iterator = chunks.makeAsyncIterator()
    }

    func nextChunk(isolation: isolated (any Actor)?) async throws -> [UInt8]? {
        while var current = iterator {
            // The iterator is taken out while it runs, so that it is never read and written at once.
            iterator = nil
            let chunk = try await current.next(isolation: isolation)
            guard let chunk else { return nil }
            iterator = current
            if !chunk.isEmpty { return Array(chunk) }
        }
        return nil
    }

    func close() {
        iterator = nil
    }
}

/// The bytes of a caller's `AsyncSequence` of single bytes (such as Foundation's `FileHandle.AsyncBytes`),
/// gathered into chunks.
internal final class ByteSequenceChunkSource<Bytes: AsyncSequence>: ChunkSource where Bytes.Element == UInt8 {
    private var iterator: Bytes.AsyncIterator?
    private let chunkSize: Int

    init(_ bytes: Bytes, chunkSize: Int) {
        iterator = bytes.makeAsyncIterator()
        self.chunkSize = chunkSize
    }

    func nextChunk(isolation: isolated (any Actor)?) async throws -> [UInt8]? {
        guard var current = iterator else { return nil }
        iterator = nil
        var chunk: [UInt8] = []
        chunk.reserveCapacity(min(chunkSize, 4096))
        while chunk.count < chunkSize, let byte = try await current.next(isolation: isolation) {
            chunk.append(byte)
        }
        if chunk.count == chunkSize { iterator = current }
        return chunk.isEmpty ? nil : chunk
    }

    func close() {
        iterator = nil
    }
}

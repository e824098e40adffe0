// Reading a file with the C library (open, read, close), so that the core needs no Foundation. The file is opened
// on the first read and closed at the end, on an error, on cancellation, or when the iterator goes away.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

internal final class FileChunkSource: ChunkSource {
    private let path: String
    private let chunkSize: Int
    private var descriptor: Int32 = -1
    private var closed = false

    init(path: String, chunkSize: Int) {
        self.path = path
        self.chunkSize = chunkSize
    }

    deinit {
        close()
    }

    func nextChunk(isolation: isolated (any Actor)?) async throws -> [UInt8]? {
        guard !closed else { return nil }
        if descriptor < 0 {
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else {
                let code = errno
                closed = true
                throw Self.error(path: path, code: code, operation: "open")
            }
        }
        var failure: Int32 = 0
        let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, count in
            count = 0
            while true {
                let result = read(descriptor, buffer.baseAddress, chunkSize)
                if result >= 0 {
                    count = result
                    return
                }
                guard errno == EINTR else {
                    failure = errno
                    return
                }
            }
        }
        if failure != 0 {
            close()
            throw Self.error(path: path, code: failure, operation: "read")
        }
        if chunk.isEmpty {
            close()
            return nil
        }
        return chunk
    }

    func close() {
        closed = true
        if descriptor >= 0 {
            closeDescriptor(descriptor)
            descriptor = -1
        }
    }

    private static func error(path: String, code: Int32, operation: String) -> JSONStreamError {
        JSONStreamError(
            .unreadableFile, reason: "the file cannot be read", offset: 0,
            underlyingError: FileReadError(
                path: path, code: code, operation: operation, systemMessage: String(cString: strerror(code))))
    }
}

/// The C library's `close`, which the source's own `close()` hides inside the class.
private func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
}

// `decode(_:concurrently: true)`: the iterating task reads the input and cuts it into values, as always; batches of
// values (their bytes copied together) are decoded in detached tasks; the results come back in input order.
//
// A window of batches is in flight at a time, twice the number of cores, so the readers keep every core busy and
// memory stays bounded: at most `window` batches of about `batchBytes` each, and their models. An error of the
// input (not a bad value) ends the stream after the batches before it are delivered.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

internal final class ConcurrentDecoding<Model: Sendable>: DecodedValues {
    fileprivate enum Outcome: Sendable {
        case model(Model)
        case failure(JSONStreamError)
    }

    private var reader: StreamReader
    private let decode: ValueDecoding<Model>
    private let options: Node.ReadingOptions
    private let window: Int
    private let batchBytes = 64 << 10
    private let batchValues = 1_024
    private var inFlight: [Task<DecodedBatch, Never>] = []
    private var inFlightHead = 0
    /// The batch being delivered, in reverse order, so that each model is moved out, never copied.
    private var ready: [Outcome] = []
    private var readerDone = false
    /// An error of the input, thrown once the batches before it are delivered.
    private var pendingError: (any Error)?
    private var stopped = false

    init(reader: StreamReader, decode: @escaping ValueDecoding<Model>, options: Node.ReadingOptions) {
        self.reader = reader
        self.decode = decode
        self.options = options
        window = 2 * max(1, processorCount())
    }

    deinit {
        for index in inFlightHead..<inFlight.count { inFlight[index].cancel() }
    }

    func next(isolation: isolated (any Actor)?, report: JSONStreamReport?) async throws -> Model? {
        while !stopped {
            if let outcome = ready.popLast() {
                switch outcome {
                case .model(let model):
                    return model
                case .failure(let error):
                    guard let report else {
                        stop()
                        throw error
                    }
                    report.record(error)
                    continue
                }
            }
            if Task.isCancelled {
                stop()
                throw CancellationError()
            }
            try await fill(isolation: isolation)
            guard inFlightHead < inFlight.count else {
                stop()
                if let pendingError { throw pendingError }
                return nil
            }
            let task = inFlight[inFlightHead]
            inFlightHead += 1
            if inFlightHead > 64 {
                inFlight.removeFirst(inFlightHead)
                inFlightHead = 0
            }
            let batch = await task.value
            // Taken from the box, the array has one owner, and reversing it moves its models.
            ready = batch.take()
            ready.reverse()
        }
        return nil
    }

    private func stop() {
        stopped = true
        reader.stop()
        for index in inFlightHead..<inFlight.count { inFlight[index].cancel() }
        inFlight.removeAll()
        inFlightHead = 0
        ready.removeAll()
    }

    /// Reads batches until the window is full or the input ends.
    private func fill(isolation: isolated (any Actor)?) async throws {
        while !readerDone && inFlight.count - inFlightHead < window {
            var bytes: [UInt8] = []
            var values: [(FramedValue, Range<Int>)] = []
            while bytes.count < batchBytes && values.count < batchValues {
                let value: FramedValue?
                do {
                    value = try await reader.next(isolation: isolation)
                } catch is CancellationError {
                    stop()
                    throw CancellationError()
                } catch {
                    pendingError = error
                    readerDone = true
                    break
                }
                guard let value else {
                    readerDone = true
                    break
                }
                let start = bytes.count
                bytes.append(contentsOf: reader.valueBytes)
                values.append((value, start..<bytes.count))
            }
            guard !values.isEmpty else { break }
            let decode = self.decode
            let options = self.options
            let batch = bytes
            let framed = values
            inFlight.append(
                Task.detached { () -> DecodedBatch in
                    var outcomes: [Outcome] = []
                    outcomes.reserveCapacity(framed.count)
                    batch.withUnsafeBufferPointer { all in
                        for (value, range) in framed {
                            if Task.isCancelled { break }
                            do throws(JSONStreamError) {
                                outcomes.append(
                                    .model(try decode(UnsafeBufferPointer(rebasing: all[range]), value, options)))
                            } catch {
                                outcomes.append(.failure(error))
                            }
                        }
                    }
                    return DecodedBatch(outcomes)
                })
        }
    }
}

extension ConcurrentDecoding {
    /// A decoded batch, handed from its task to the iterating one in a box: the task keeps its result, so an array
    /// returned directly would have two owners, and every model taken from it would be copied.
    fileprivate final class DecodedBatch: @unchecked Sendable {
        // @unchecked: written by the decoding task before it returns, then read once by the iterating task.
        private var outcomes: [Outcome]

        init(_ outcomes: [Outcome]) {
            self.outcomes = outcomes
        }

        func take() -> [Outcome] {
            defer { outcomes = [] }
            return outcomes
        }
    }
}

/// The number of cores online, for the size of the window.
private func processorCount() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}

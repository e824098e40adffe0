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
    private var inFlight: [Task<Batch, Never>] = []
    /// Batches delivered, kept to be filled again.
    private var spares: [Batch] = []
    private var inFlightHead = 0
    /// The batch being delivered, in reverse order (as its task leaves it), so that each model is moved out.
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
            batch.deliver(into: &ready)
            spares.append(batch)
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
            let batch = spares.popLast() ?? Batch()
            while batch.bytes.count < batchBytes && batch.values.count < batchValues {
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
                let start = batch.bytes.count
                batch.bytes.append(contentsOf: reader.valueBytes)
                batch.values.append((value, start..<batch.bytes.count))
            }
            guard !batch.values.isEmpty else { break }
            let decode = self.decode
            let options = self.options
            inFlight.append(
                Task.detached { () -> Batch in
                    batch.decode(decode, options)
                    return batch
                })
        }
    }
}

extension ConcurrentDecoding {
    /// A batch of values: filled by the iterating task, decoded by one detached task, then its outcomes taken by
    /// the iterating task, which keeps the batch to fill again. Reusing its arrays matters: a fresh 64 KiB buffer
    /// per batch, allocated on one thread and freed on another, cost more in `malloc` (and page faults) than the
    /// framing itself.
    fileprivate final class Batch: @unchecked Sendable {
        // @unchecked: used by one task at a time, handed over by starting the decoding task and awaiting its value.
        var bytes: [UInt8] = []
        var values: [(FramedValue, Range<Int>)] = []
        /// The models, or errors, in reverse input order.
        var outcomes: [Outcome] = []

        func decode(_ decode: ValueDecoding<Model>, _ options: Node.ReadingOptions) {
            outcomes.reserveCapacity(values.count)
            bytes.withUnsafeBufferPointer { all in
                // Backwards, so that the iterating task can move each model out with popLast(), in input order.
                for (value, range) in values.reversed() {
                    if Task.isCancelled {
                        outcomes.removeAll()
                        break
                    }
                    do throws(JSONStreamError) {
                        outcomes.append(.model(try decode(UnsafeBufferPointer(rebasing: all[range]), value, options)))
                    } catch {
                        outcomes.append(.failure(error))
                    }
                }
            }
        }

        /// Swaps the decoded outcomes into `ready` (which must be empty), and empties the batch for the next fill.
        func deliver(into ready: inout [Outcome]) {
            swap(&ready, &outcomes)
            bytes.removeAll(keepingCapacity: true)
            values.removeAll(keepingCapacity: true)
        }
    }
}

/// The number of cores online, for the size of the window.
private func processorCount() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}

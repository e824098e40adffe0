// `decode(_:concurrently: true)`: the iterating task reads the input and cuts it into batches (`BatchCutting`):
// blocks of whole lines for JSON Lines, framed values for `elements(at:)`. Each batch is framed, if need be, and
// decoded in a detached task; the results come back in input order.
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

    private var cutter: any BatchCutting
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
    /// The lines of the batches delivered, which the next batch's line numbers follow.
    private var linesDelivered = 0
    /// An error of the input, thrown once the batches before it are delivered.
    private var pendingError: (any Error)?
    private var stopped = false

    init(cutter: any BatchCutting, decode: @escaping ValueDecoding<Model>, options: Node.ReadingOptions) {
        self.cutter = cutter
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
            batch.deliver(into: &ready, linesBefore: linesDelivered)
            linesDelivered += batch.input.linesEnded
            batch.input.removeAll()
            spares.append(batch)
        }
        return nil
    }

    private func stop() {
        stopped = true
        cutter.stop()
        for index in inFlightHead..<inFlight.count { inFlight[index].cancel() }
        inFlight.removeAll()
        inFlightHead = 0
        ready.removeAll()
    }

    /// Reads batches until the window is full or the input ends.
    private func fill(isolation: isolated (any Actor)?) async throws {
        while !readerDone && inFlight.count - inFlightHead < window {
            let batch = spares.popLast() ?? Batch()
            switch await cutter.fill(&batch.input, byteLimit: batchBytes, valueLimit: batchValues, isolation: isolation)
            {
            case .full:
                break
            case .inputEnded:
                readerDone = true
            case .failed(let error as CancellationError):
                stop()
                throw error
            case .failed(let error):
                pendingError = error
                readerDone = true
            }
            guard !batch.input.isEmpty else { break }
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
    /// A batch: filled by the iterating task, decoded by one detached task, then its outcomes taken by the
    /// iterating task, which keeps the batch to fill again. Reusing its arrays matters: a fresh 64 KiB buffer per
    /// batch, allocated on one thread and freed on another, cost more in `malloc` (and page faults) than the
    /// framing itself.
    fileprivate final class Batch: @unchecked Sendable {
        // @unchecked: used by one task at a time, handed over by starting the decoding task and awaiting its value.
        var input = BatchInput()
        /// The models, or errors, in reverse input order.
        var outcomes: [Outcome] = []
        /// Where the errors are in `outcomes`, to number their lines on delivery without touching the models.
        var failures: [Int] = []

        func decode(_ decode: ValueDecoding<Model>, _ options: Node.ReadingOptions) {
            let framingError = input.frameLines()
            outcomes.reserveCapacity(input.values.count + 1)
            if let framingError { fail(framingError) }
            input.bytes.withUnsafeBufferPointer { all in
                // Backwards, so that the iterating task can move each model out with popLast(), in input order.
                for (value, range) in input.values.reversed() {
                    if Task.isCancelled {
                        outcomes.removeAll()
                        failures.removeAll()
                        break
                    }
                    do throws(JSONStreamError) {
                        outcomes.append(.model(try decode(UnsafeBufferPointer(rebasing: all[range]), value, options)))
                    } catch {
                        fail(error)
                    }
                }
            }
        }

        private func fail(_ error: JSONStreamError) {
            failures.append(outcomes.count)
            outcomes.append(.failure(error))
        }

        /// Swaps the decoded outcomes into `ready` (which must be empty), their line numbers placed after the
        /// `linesBefore` lines of the batches before.
        func deliver(into ready: inout [Outcome], linesBefore: Int) {
            if linesBefore > 0 {
                for index in failures {
                    if case .failure(let error) = outcomes[index] {
                        outcomes[index] = .failure(error.movedDown(lines: linesBefore))
                    }
                }
            }
            failures.removeAll(keepingCapacity: true)
            swap(&ready, &outcomes)
        }
    }
}

/// The number of cores online, for the size of the window.
private func processorCount() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}

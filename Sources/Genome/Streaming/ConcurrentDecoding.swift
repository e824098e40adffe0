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
    /// The batch being delivered.
    private var current: Batch?
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
            if let batch = current {
                if let error = batch.takeFailure() {
                    let placed = error.movedDown(lines: linesDelivered)
                    guard let report else {
                        stop()
                        throw placed
                    }
                    report.record(placed)
                    continue
                }
                if batch.hasModel { return batch.takeModel() }
                linesDelivered += batch.input.linesEnded
                batch.reset()
                spares.append(batch)
                current = nil
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
            current = await task.value
        }
        return nil
    }

    private func stop() {
        stopped = true
        cutter.stop()
        for index in inFlightHead..<inFlight.count { inFlight[index].cancel() }
        inFlight.removeAll()
        inFlightHead = 0
        current?.reset()
        current = nil
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
    /// A batch: filled by the iterating task, decoded by one detached task, then its models and errors taken one
    /// at a time by the iterating task, which keeps the batch to fill again. Reusing its buffers matters: a fresh
    /// 64 KiB buffer per batch, allocated on one thread and freed on another, cost more in `malloc` (and page
    /// faults) than the framing itself.
    ///
    /// The models live in raw storage, in input order, so that each is moved out as it is delivered. The delivering
    /// task runs once per model, and every use there of a generic type of its own (an enum of model or error, an
    /// array of those) costs a look-up in the Swift runtime's shared metadata cache, which the decoding threads use
    /// all the time: a moved-out `Model` needs none.
    fileprivate final class Batch: @unchecked Sendable {
        // @unchecked: used by one task at a time, handed over by starting the decoding task and awaiting its value.
        var input = BatchInput()
        private var models: UnsafeMutablePointer<Model>?
        private var capacity = 0
        /// Models decoded into `models`, and how many of them the delivering task has moved out.
        private var modelCount = 0
        private var modelsTaken = 0
        /// The errors in input order, each after the models decoded before it.
        private var failures: [(modelsBefore: Int, error: JSONStreamError)] = []
        private var failuresTaken = 0

        deinit {
            reset()
            models?.deallocate()
        }

        func decode(_ decode: ValueDecoding<Model>, _ options: Node.ReadingOptions) {
            let framingError = input.frameLines()
            if input.values.count > capacity {
                models?.deallocate()
                capacity = input.values.count
                models = .allocate(capacity: capacity)
            }
            var cancelled = false
            defer { if cancelled { dropOutcomes() } }
            input.bytes.withUnsafeBufferPointer { all in
                // `models` is nil only when there are no values, when the block's first line was too large.
                for (value, range) in input.values {
                    guard let models else { break }
                    if Task.isCancelled {
                        cancelled = true
                        return
                    }
                    do throws(JSONStreamError) {
                        (models + modelCount).initialize(
                            to: try decode(UnsafeBufferPointer(rebasing: all[range]), value, options))
                        modelCount += 1
                    } catch {
                        failures.append((modelCount, error))
                    }
                }
                if let framingError { failures.append((modelCount, framingError)) }
            }
        }

        /// The next error, when it comes before the next model.
        func takeFailure() -> JSONStreamError? {
            guard failuresTaken < failures.count, failures[failuresTaken].modelsBefore == modelsTaken else {
                return nil
            }
            failuresTaken += 1
            return failures[failuresTaken - 1].error
        }

        var hasModel: Bool { modelsTaken < modelCount }

        /// Moves the next model out.
        func takeModel() -> Model {
            modelsTaken += 1
            return (models! + modelsTaken - 1).move()
        }

        /// Empties the batch for the next fill, dropping what was not taken.
        func reset() {
            dropOutcomes()
            input.removeAll()
        }

        private func dropOutcomes() {
            if modelsTaken < modelCount, let models {
                (models + modelsTaken).deinitialize(count: modelCount - modelsTaken)
            }
            modelCount = 0
            modelsTaken = 0
            failures.removeAll(keepingCapacity: true)
            failuresTaken = 0
        }
    }
}

/// The number of cores online, for the size of the window.
private func processorCount() -> Int {
    Int(sysconf(Int32(_SC_NPROCESSORS_ONLN)))
}

// Debug builds count the documents the reader reads, for the tests that check that a document is read once,
// whatever the options (JSON5, repeated keys) and whatever is asked of it (a `Node`, a model). Release builds
// have none of this.

#if DEBUG
    /// The documents read while a test looks: set `counter` for the duration of a call with
    /// `ReadCounting.$counter.withValue(_:operation:)`. A task-local, so that tests running at once on other tasks
    /// count nothing here.
    internal enum ReadCounting {
        @TaskLocal static var counter: ReadCounter?

        /// Counts one document read, when a test is looking.
        static func countDocument() {
            counter?.documents += 1
        }
    }

    /// A count of documents read. Unchecked `Sendable`: a test hands it to one synchronous call on its own task, and
    /// reads it after that call has returned.
    internal final class ReadCounter: @unchecked Sendable {
        var documents = 0
    }
#endif

// Debug builds count the documents the reader reads, for the tests that check that a document is read once,
// whatever the options (JSON5, repeated keys) and whatever is asked of it (a `Node`, a model). Release builds
// have none of this.

#if DEBUG
    internal import CGenomeShims

    /// The documents read on the calling thread. A per-thread count in C (CGenomeShims.h) rather than a task-local:
    /// reading a task-local cost every document a debug build reads a few hundred instructions, which a tiny
    /// document notices, where this is one increment. Tests running at once on other threads count nothing here,
    /// and a synchronous call runs on the thread that made it.
    internal enum ReadCounting {
        /// Counts one document read.
        static func countDocument() {
            genome_count_document_read()
        }

        /// The value of `body`, and how many documents the reader read while it ran.
        static func counting<Value>(_ body: () throws -> Value) rethrows -> (Value, reads: Int) {
            let before = genome_documents_read()
            let value = try body()
            return (value, genome_documents_read() - before)
        }
    }
#endif

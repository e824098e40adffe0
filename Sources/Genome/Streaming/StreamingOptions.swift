extension Node {
    /// How ``Node/lines(from:options:)-(Chunks,_)``, ``Node/elements(at:from:options:)`` and their relatives read a stream.
    ///
    /// ```swift
    /// var options = Node.StreamingOptions()
    /// options.maximumValueSize = 1 << 20   // one value (a line, an element) of at most 1 MiB
    /// let small = Node.lines(in: Array("{\"a\": 1}\n".utf8), options: options)
    /// ```
    ///
    /// Memory stays bounded whatever the stream's size: a stream keeps one chunk, the value being gathered and the
    /// `Node` made from it, so its peak depends on the largest single value. A value larger than
    /// ``maximumValueSize`` is an error of kind ``JSONStreamError/Kind/valueTooLarge``, never an out-of-memory crash.
    public struct StreamingOptions: Sendable, Hashable {
        /// How each value is read: nesting depth, duplicate keys and the leniencies.
        ///
        /// JSON Lines reads each line on its own with these options, so a value must fit on its line: a JSON5
        /// string continued on the next line, or a block comment across lines, ends the line early and is a syntax
        /// error. ``Node/elements(at:from:options:)`` reads strict JSON, optionally with trailing commas and
        /// non-finite numbers; it rejects comments and JSON5 with an ``JSONStreamError/Kind/unsupportedOptions``
        /// error, because it must find where each value ends before reading it.
        public var reading: Node.ReadingOptions

        /// The largest single value, in bytes, that a stream gathers: a line, an array element, or a value the
        /// stream checks and skips on the way to the array. Larger is a ``JSONStreamError/Kind/valueTooLarge``
        /// error. The default is 16 MiB; a `Node` takes a few times its JSON's size, so the peak memory of a stream
        /// is a small multiple of this.
        public var maximumValueSize: Int

        /// How many bytes a stream over a file reads at a time. The default is 64 KiB.
        public var fileChunkSize: Int

        /// Options with the given settings.
        public init(
            reading: Node.ReadingOptions = .strict, maximumValueSize: Int = 16 << 20, fileChunkSize: Int = 64 << 10
        ) {
            self.reading = reading
            self.maximumValueSize = max(1, maximumValueSize)
            self.fileChunkSize = max(1, fileChunkSize)
        }
    }
}

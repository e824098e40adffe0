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
        /// is a small multiple of this. A size below 1 is raised to 1.
        public var maximumValueSize: Int {
            get { _maximumValueSize }
            set { _maximumValueSize = max(1, newValue) }
        }
        private var _maximumValueSize: Int

        /// How many bytes a stream over a file, or over single bytes, reads at a time. The default is 64 KiB; a
        /// size below 1 is raised to 1, and one above ``maximumFileChunkSize`` lowered to it.
        public var fileChunkSize: Int {
            get { _fileChunkSize }
            set { _fileChunkSize = Self.clampedChunkSize(newValue) }
        }
        private var _fileChunkSize: Int

        /// The largest ``fileChunkSize`` that can be set: 64 MiB. A file's chunk is allocated whole before it is
        /// read, so a size from a configuration file must not be able to ask for all of memory, and larger chunks
        /// read no faster.
        public static let maximumFileChunkSize = 64 << 20

        private static func clampedChunkSize(_ size: Int) -> Int {
            min(max(1, size), maximumFileChunkSize)
        }

        /// Options with the given settings, limited as the properties are.
        public init(
            reading: Node.ReadingOptions = .strict, maximumValueSize: Int = 16 << 20, fileChunkSize: Int = 64 << 10
        ) {
            self.reading = reading
            _maximumValueSize = max(1, maximumValueSize)
            _fileChunkSize = Self.clampedChunkSize(fileChunkSize)
        }
    }
}

// The JSON reader: bytes in, `Node` out.
//
// Design, in short:
// - It works on one contiguous buffer of UTF-8 bytes through an unsafe pointer and integer positions; it never
//   looks at `Character`s.
// - It never recurses. Open arrays and objects are frames on a heap stack and their elements wait on scratch
//   stacks; when a container closes its elements are moved into one exactly sized array. So nesting depth is
//   limited only by `ReadingOptions.maximumDepth`, never by the thread's stack, and each container costs one
//   allocation.
// - Strings without escapes are found with a word-at-a-time scan and become a `String` straight from the input
//   bytes; the standard library validates their UTF-8. Only escapes go through a scratch buffer.
// - A number is scanned once: integers are accumulated exactly, and other numbers as a significand and a power
//   of ten that `jsonDouble` rounds correctly.
// - Errors record an offset. Line, column and the snippet are worked out only when an error is made.
//
// This file holds the entry points and the reader's state; each part of the grammar has a JSONReader+*.swift file.

extension Node {
    /// Reads one JSON document from UTF-8 bytes: `[UInt8]`, `ArraySlice<UInt8>`, `Data`, `String.UTF8View`...
    ///
    /// A leading UTF-8 byte order mark is skipped, as RFC 8259 allows; nothing but whitespace may follow the
    /// value. Duplicate keys keep their first position and the last value, unless `options` rejects them.
    ///
    /// - Throws: ``JSONSyntaxError`` with the byte offset, line and column of the first problem.
    /// - Complexity: O(*n*) in the input's size.
    @inlinable  // so that a caller's `[UInt8]` reaches its contiguous storage without a generic dispatch
    public init(json bytes: some Collection<UInt8>, options: ReadingOptions = .strict) throws(JSONSyntaxError) {
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer in
            Result { () throws(JSONSyntaxError) in try JSONReader.read(buffer, options: options) }
        }
        if let contiguous {
            self = try contiguous.get()
        } else {
            self = try Array(bytes).withUnsafeBufferPointer { buffer in
                Result { () throws(JSONSyntaxError) in try JSONReader.read(buffer, options: options) }
            }.get()
        }
    }

    /// Reads one JSON document from text.
    ///
    /// - Throws: ``JSONSyntaxError`` with the byte offset (into the text's UTF-8), line and column of the first
    ///   problem.
    public init(json text: String, options: ReadingOptions = .strict) throws(JSONSyntaxError) {
        var text = text
        self = try text.withUTF8 { buffer in
            Result { () throws(JSONSyntaxError) in try JSONReader.read(buffer, options: options) }
        }.get()
    }
}

@usableFromInline
internal struct JSONReader: ~Copyable {
    /// An object key waiting for its object to close.
    struct PendingKey {
        var key: String
        /// See `keyFingerprint(_:)`.
        var fingerprint: UInt64
        var offset: Int
    }

    /// An open array or object.
    struct Frame {
        var valueStart: Int
        /// Where this object's keys start on the key stack; -1 for an array.
        var keyStart: Int
        var isObject: Bool { keyStart >= 0 }
    }

    let bytes: UnsafePointer<UInt8>
    let count: Int
    var position = 0
    let options: Node.ReadingOptions
    // Small to start: they double as a document needs, and a few hundred bytes come from the allocator's
    // per-thread cache, where 1 KiB would not (a small document would pay for it; Compare's `--small` parse rows).
    var values = ScratchStack<Node>(capacity: 16)
    var keys = ScratchStack<PendingKey>(capacity: 8)
    var frames = ScratchStack<Frame>(capacity: 8)
    /// Reused for strings with escapes.
    var scratch: [UInt8] = []
    /// ASCII keys read recently: documents repeat the same keys in object after object, and a key read again is
    /// the same `String` (past 15 bytes, no allocation). Each is linked to the two keys read after it last, which
    /// the reader tries first (`RecentStrings.predictedKey(at:available:)`).
    var recentKeys = RecentStrings(lookUpsBeforeSlots: 16, predictsSuccessors: true)
    /// Value strings of 16 bytes or more read recently: dates, URLs and names that repeat. Slots only after 64 of
    /// them, so that an API response of a few kilobytes does not make slots it has too few strings to fill.
    var recentValues = RecentStrings(lookUpsBeforeSlots: 64)

    private init(_ buffer: UnsafeBufferPointer<UInt8>, options: Node.ReadingOptions) {
        // An empty buffer may have no base address; point at a constant so `bytes` is always valid to form.
        self.bytes = buffer.baseAddress ?? UnsafePointer(Self.emptyInput)
        self.count = buffer.count
        var options = options
        if options.allowsJSON5 {
            // JSON5 includes these leniencies; setting them here keeps their checks to one flag each.
            options.allowsTrailingCommas = true
            options.allowsComments = true
            options.allowsNonFiniteNumbers = true
        }
        self.options = options
        #if DEBUG
            ReadCounting.countDocument()
        #endif
    }

    nonisolated(unsafe) private static let emptyInput = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

    @usableFromInline
    static func read(_ buffer: UnsafeBufferPointer<UInt8>, options: Node.ReadingOptions) throws(JSONSyntaxError) -> Node
    {
        var reader = JSONReader(buffer, options: options)
        // Two specialisations of the reading loop: in the strict one every JSON5 test is the constant `false`
        // and compiles away, so strict reading pays nothing for JSON5.
        return options.allowsJSON5
            ? try reader.readDocument(JSON5Grammar.self) : try reader.readDocument(StrictJSONGrammar.self)
    }

    /// Reads a document into a flat tape (JSONReader+Tape.swift), with any options: the same grammar, limits and
    /// errors as `read`, in two specialisations of the loop as there.
    static func readTape(_ buffer: UnsafeBufferPointer<UInt8>, options: Node.ReadingOptions) throws(JSONSyntaxError)
        -> JSONTape
    {
        var reader = JSONReader(buffer, options: options)
        return options.allowsJSON5
            ? try reader.readTapeDocument(JSON5Grammar.self) : try reader.readTapeDocument(StrictJSONGrammar.self)
    }
}

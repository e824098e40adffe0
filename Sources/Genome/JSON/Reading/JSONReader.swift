// The JSON reader: bytes in, a `Node` tree or a flat `JSONTape` out.
//
// Design, in short:
// - It works on one contiguous buffer of UTF-8 bytes through an unsafe pointer and integer positions; it never
//   looks at `Character`s.
// - One grammar loop reads both outputs (JSONReader+Structure.swift). It never recurses: open arrays and objects
//   are frames on a stack, so nesting depth is limited only by `ReadingOptions.maximumDepth`, never by the
//   thread's stack. A tree's elements wait on scratch stacks, and a closing bracket moves them into one exactly
//   sized array, so each container costs one allocation; a tape is one allocation for the whole document.
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
        // The error leaves through a variable rather than a `Result`: a debug build copies and destroys a `Result`
        // of this size through generic value witnesses, on every call (Compare's small parse rows in debug).
        var failure: JSONSyntaxError?
        let contiguous = bytes.withContiguousStorageIfAvailable { buffer -> Node? in
            do throws(JSONSyntaxError) {
                return try JSONReader.read(buffer, options: options)
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        if let contiguous, let node = contiguous {
            self = node
        } else {
            self = try Node(json: Array(bytes), options: options)
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
        /// Where it starts: its first element on the value stack (a tree), or its own entry (a tape).
        var start: Int
        /// Where this object's keys start on the key stack (a tree) or the key fingerprints (a tape); -1 for an
        /// array.
        var keyStart: Int
        var isObject: Bool { keyStart >= 0 }
    }

    let bytes: UnsafePointer<UInt8>
    let count: Int
    var position = 0
    let options: Node.ReadingOptions
    /// A tree's values, until their container closes (see `read`).
    var values: ScratchStack<Node>
    // Small to start: it doubles as a document needs, and a few hundred bytes come from the allocator's per-thread
    // cache, where 1 KiB would not (a small document would pay for it; Compare's `--small` parse rows).
    var keys = ScratchStack<PendingKey>(capacity: 8)
    /// The open containers, for either output.
    var frames: ScratchStack<Frame>
    /// Reused for strings with escapes.
    var scratch: [UInt8] = []
    /// ASCII keys read recently: documents repeat the same keys in object after object, and a key read again is
    /// the same `String` (past 15 bytes, no allocation). Each is linked to the two keys read after it last, which
    /// the reader tries first (`RecentStrings.predictedKey(at:available:)`).
    var recentKeys = RecentStrings(lookUpsBeforeSlots: 16, predictsSuccessors: true)
    /// Value strings of 16 bytes or more read recently: dates, URLs and names that repeat. Slots only after 64 of
    /// them, so that an API response of a few kilobytes does not make slots it has too few strings to fill.
    var recentValues = RecentStrings(lookUpsBeforeSlots: 64)

    private init(
        _ buffer: UnsafeBufferPointer<UInt8>, options: Node.ReadingOptions, values: consuming ScratchStack<Node>,
        frames: consuming ScratchStack<Frame>
    ) {
        // An empty buffer may have no base address; point at a constant so `bytes` is always valid to form.
        self.bytes = buffer.baseAddress ?? UnsafePointer(Self.emptyInput)
        self.count = buffer.count
        self.values = values
        self.frames = frames
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

    /// Reads a document into a `Node`. The stack of values and the stack of open containers start in one block on
    /// the call stack, so a small document costs no allocation for them (Compare's small parse rows); a bigger one
    /// moves them to the heap. The loop's tape builder is never made (see `read(_:options:room:)`).
    @usableFromInline
    static func read(_ buffer: UnsafeBufferPointer<UInt8>, options: Node.ReadingOptions) throws(JSONSyntaxError) -> Node
    {
        let byteCount = treeRoomBytes
        let alignment = 16
        #if DEBUG
            // A debug build runs `withUnsafeTemporaryAllocation`'s inner closure unspecialised, and looks up the
            // type of the `Result` it makes on every call; one block from the allocator costs it less (Compare's
            // small parse rows in debug).
            let room = UnsafeMutableRawBufferPointer.allocate(byteCount: byteCount, alignment: alignment)
            defer { room.deallocate() }
            return try read(buffer, options: options, room: room)
        #else
            return try withUnsafeTemporaryAllocation(byteCount: byteCount, alignment: alignment) {
                (room) throws(JSONSyntaxError) -> Node in try read(buffer, options: options, room: room)
            }
        #endif
    }

    /// The values and open containers a tree reader's stacks have room for before they move to the heap.
    private static var treeValueRoom: Int { 16 }
    private static var treeFrameRoom: Int { 8 }
    /// The room `read` takes: the two stacks' starts, then space for the tape builder that the loop takes and a
    /// tree never touches. Each part's size is a multiple of 8 bytes, the alignment of all three.
    private static var treeRoomBytes: Int {
        treeValueRoom * MemoryLayout<Node>.stride + treeFrameRoom * MemoryLayout<Frame>.stride
            + MemoryLayout<TapeBuilder>.stride
    }

    /// `read`, with its stacks starting in `room`.
    private static func read(
        _ buffer: UnsafeBufferPointer<UInt8>, options: Node.ReadingOptions, room: UnsafeMutableRawBufferPointer
    ) throws(JSONSyntaxError) -> Node {
        let valueBytes = treeValueRoom * MemoryLayout<Node>.stride
        let frameBytes = treeFrameRoom * MemoryLayout<Frame>.stride
        let values = room.baseAddress!.bindMemory(to: Node.self, capacity: treeValueRoom)
        let frames = (room.baseAddress! + valueBytes).bindMemory(to: Frame.self, capacity: treeFrameRoom)
        // The loop's tape, which a tree never reads or writes (`TreeOutput.buildsTape` is false), so it is never
        // made: a debug build would make and destroy its three stacks for every document (Compare's small parse
        // rows in debug). Room that is really there, so that a load the optimiser moves ahead of a `buildsTape`
        // test reads memory of this call's own, whose value it then ignores.
        let tape = (room.baseAddress! + valueBytes + frameBytes).bindMemory(to: TapeBuilder.self, capacity: 1)
        var reader = JSONReader(
            buffer, options: options,
            values: ScratchStack(startingIn: UnsafeMutableBufferPointer(start: values, count: treeValueRoom)),
            frames: ScratchStack(startingIn: UnsafeMutableBufferPointer(start: frames, count: treeFrameRoom)))
        // Two specialisations of the reading loop: in the strict one every JSON5 test is the constant `false`
        // and compiles away, so strict reading pays nothing for JSON5.
        if options.allowsJSON5 {
            try reader.readDocument(JSON5Grammar.self, TreeOutput.self, &tape.pointee)
        } else {
            try reader.readDocument(StrictJSONGrammar.self, TreeOutput.self, &tape.pointee)
        }
        // The one value left is the document. Popped on its own: wrapping it in an array to take it out again
        // would cost a small document an allocation and a look-up of the array's type metadata.
        return reader.values.pop()
    }

    /// Reads a document into a flat tape (JSON/Tape/JSONTape.swift), with any options: the same loop as `read`,
    /// so the same grammar, limits and errors, in two specialisations as there.
    ///
    /// The stacks of open containers and of the open objects' key fingerprints start on the call stack: a small
    /// document then costs two fewer allocations. Deeper or wider documents move them to the heap. The builder is
    /// a value of its own, not a field of the reader: the reader is copied whole into every non-mutating call the
    /// optimiser leaves in the loop, so it is kept small.
    static func readTape(_ buffer: UnsafeBufferPointer<UInt8>, options: Node.ReadingOptions) throws(JSONSyntaxError)
        -> JSONTape
    {
        try withUnsafeTemporaryAllocation(of: Frame.self, capacity: 16) { (frames) throws(JSONSyntaxError) in
            try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 32) { (keys) throws(JSONSyntaxError) in
                var reader = JSONReader(
                    buffer, options: options, values: ScratchStack(capacity: 1),
                    frames: ScratchStack(startingIn: frames))
                var tape = TapeBuilder(
                    reading: reader.bytes, count: reader.count, keyFingerprints: ScratchStack(startingIn: keys),
                    rejectsDuplicateKeys: options.rejectsDuplicateKeys)
                if options.allowsJSON5 {
                    try reader.readDocument(JSON5Grammar.self, TapeOutput.self, &tape)
                } else {
                    try reader.readDocument(StrictJSONGrammar.self, TapeOutput.self, &tape)
                }
                return tape.finish()
            }
        }
    }
}

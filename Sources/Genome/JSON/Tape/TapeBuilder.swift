// What the grammar loop (JSONReader+Structure.swift) writes a tape into while it reads: the entries, the
// fingerprints of the open objects' keys, and the strings and numbers that do not fit in an entry. An object's keys
// are checked for repeats when it closes (TapeBuilder+RepeatedKeys.swift), so a finished tape never repeats a key.

/// Everything a tape is built from, apart from the reader's position, options and stack of open containers.
internal struct TapeBuilder: ~Copyable {
    var entries: ScratchStack<TapeEntry>
    var keyFingerprints: ScratchStack<UInt64>
    let rejectsDuplicateKeys: Bool
    /// The input, which the strings without escapes point into.
    let input: UnsafePointer<UInt8>
    let inputCount: Int
    /// The strings with escapes, decoded, one after another: the one at `inputCount + k` starts at byte `k`.
    var unescaped = ScratchStack<UInt8>(capacity: 256)
    var exactNumbers: [Node.ExactNumber] = []

    /// A builder for the `count` bytes at `input`, with `keyFingerprints` as its stack of key fingerprints (which
    /// `JSONReader.readTape` starts in the caller's memory). It allocates nothing until something is appended.
    init(
        reading input: UnsafePointer<UInt8>, count: Int, keyFingerprints: consuming ScratchStack<UInt64>,
        rejectsDuplicateKeys: Bool
    ) {
        self.input = input
        inputCount = count
        entries = ScratchStack(capacity: Self.entryCapacity(forBytes: count))
        self.keyFingerprints = keyFingerprints
        self.rejectsDuplicateKeys = rejectsDuplicateKeys
    }

    /// The bytes of the string at `offset` (see `unescaped`).
    func stringBytes(at offset: Int, length: Int) -> UnsafeBufferPointer<UInt8> {
        offset < inputCount
            ? UnsafeBufferPointer(start: input + offset, count: length)
            : UnsafeBufferPointer(start: unescaped.base + (offset - inputCount), count: length)
    }

    /// The entries to allocate first for a document of `count` bytes. A value and its separator take two
    /// bytes at least, so a small document gets room for its most and never grows: one allocation. Past that,
    /// roughly one value per 8 bytes of typical JSON, and the stack grows (by `realloc`) if there are more.
    static func entryCapacity(forBytes count: Int) -> Int {
        count <= 2048 ? count / 2 + 2 : min(count / 8, 1 << 20)
    }

    @inline(__always)
    mutating func append(_ entry: TapeEntry) { entries.push(entry) }

    mutating func append(_ number: Node.Number) {
        switch number {
        case .int(let value): entries.push(TapeEntry(.int, payload: UInt64(bitPattern: value)))
        case .uint(let value): entries.push(TapeEntry(.uint, payload: value))
        case .double(let value): entries.push(TapeEntry(.double, payload: value.bitPattern))
        case .exact(let value):
            entries.push(TapeEntry(.exact, payload: UInt64(exactNumbers.count)))
            exactNumbers.append(value)
        }
    }

    /// Appends the entry of a string that is not a span of the input (a JSON5 string), its bytes copied to
    /// `unescaped`; returns where they are, as `stringBytes(at:length:)` takes them.
    @discardableResult
    mutating func append(copying string: String) -> (offset: Int, length: Int) {
        let offset = inputCount + unescaped.count
        var string = string
        let (length, isASCII) = string.withUTF8 { content in
            unescaped.push(contentsOf: content)
            return (content.count, Genome.isASCII(content))
        }
        entries.push(TapeEntry(string: offset, length: length, isASCII: isASCII))
        return (offset, length)
    }

    /// Writes where a key that is about to be copied to `unescaped` starts in the input, as a word just before its
    /// bytes: the duplicate-key error gives it (`keyOffset`). A key read in place needs none, its entry says where it
    /// is; keeping every key's offset instead would cost every object a little.
    mutating func pushKeyOffset(_ offset: Int) {
        withUnsafeBytes(of: offset) { unescaped.push(contentsOf: $0.assumingMemoryBound(to: UInt8.self)) }
    }

    /// Appends a value that only JSON5 has (`JSONReader.readJSON5OnlyValue()`): a string or a number.
    mutating func append(json5Value value: Node) {
        switch value {
        case .string(let string): append(copying: string)
        case .number(let number): append(number)
        default: preconditionFailure("a JSON5-only value is a string or a number")
        }
    }

    /// Closes the container `frame`, the innermost, whose last element was just completed and whose entry's payload
    /// has counted its elements so far. An object that repeats a key is rejected or resolved here
    /// (TapeBuilder+RepeatedKeys.swift).
    @inline(always)
    mutating func close(_ frame: JSONReader.Frame) throws(JSONSyntaxError) {
        var count = Int(truncatingIfNeeded: entries.base[frame.start].payload)
        if frame.isObject {
            count = try closeObject(frame)
        }
        let header = TapeEntry(frame.isObject ? .object : .array, count: count)
        entries.base[frame.start].header = header.header
        entries.base[frame.start].payload = UInt64(entries.count)
    }

    /// The finished tape, which takes the builder's memory.
    mutating func finish() -> JSONTape {
        let storage = entries.relinquishStorage()!
        return JSONTape(
            entries: storage, input: (input, inputCount), unescaped: unescaped.relinquishStorage(),
            exactNumbers: exactNumbers)
    }
}

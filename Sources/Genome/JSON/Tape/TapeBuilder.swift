// What the tape reader (JSONReader+Tape.swift) writes into while it reads: the entries, the open containers, the
// fingerprints of the open objects' keys, and the strings and numbers that do not fit in an entry. An object's keys
// are checked for repeats when it closes (TapeBuilder+RepeatedKeys.swift), so a finished tape never repeats a key.

/// An open array or object on the tape.
internal struct OpenTapeContainer {
    /// The index of its entry.
    var entry: Int
    /// Elements or members read so far, the current one included once it is complete.
    var count: Int
    /// Where its keys' fingerprints start on the fingerprint stack; -1 for an array.
    var keyStart: Int
    var isObject: Bool { keyStart >= 0 }
}

/// Everything the tape reader builds, apart from the reader's own position and options.
internal struct TapeBuilder: ~Copyable {
    var entries: ScratchStack<TapeEntry>
    var open: ScratchStack<OpenTapeContainer>
    var keyFingerprints: ScratchStack<UInt64>
    let rejectsDuplicateKeys: Bool
    /// The input, which the strings without escapes point into.
    let input: UnsafePointer<UInt8>
    let inputCount: Int
    /// The strings with escapes, decoded, one after another: the one at `inputCount + k` starts at byte `k`.
    var unescaped = ScratchStack<UInt8>(capacity: 256)
    var exactNumbers: [Node.ExactNumber] = []

    /// A builder for the `count` bytes at `input`, whose stacks of open containers and key fingerprints start
    /// in the caller's memory (see `readTapeDocument`).
    init(
        reading input: UnsafePointer<UInt8>, count: Int, open: UnsafeMutableBufferPointer<OpenTapeContainer>,
        keyFingerprints: UnsafeMutableBufferPointer<UInt64>, rejectsDuplicateKeys: Bool
    ) {
        self.input = input
        inputCount = count
        entries = ScratchStack(capacity: Self.entryCapacity(forBytes: count))
        self.open = ScratchStack(startingIn: open)
        self.keyFingerprints = ScratchStack(startingIn: keyFingerprints)
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

    /// Records the container whose entry was just appended as open.
    mutating func open(isObject: Bool) {
        open.push(
            OpenTapeContainer(
                entry: entries.count - 1, count: 0, keyStart: isObject ? keyFingerprints.count : -1))
    }

    /// Closes the innermost container, whose last element was just completed. An object that repeats a key is
    /// rejected or resolved here (TapeBuilder+RepeatedKeys.swift).
    @inline(__always)
    mutating func close() throws(JSONSyntaxError) {
        let container = open.pop()
        var count = container.count
        if container.isObject {
            count = try closeObject(container)
        }
        let header = TapeEntry(container.isObject ? .object : .array, count: count)
        entries.base[container.entry].header = header.header
        entries.base[container.entry].payload = UInt64(entries.count)
    }

    consuming func finish() -> JSONTape {
        let storage = entries.relinquishStorage()!
        return JSONTape(
            entries: storage, input: (input, inputCount), unescaped: unescaped.relinquishStorage(),
            exactNumbers: exactNumbers)
    }
}

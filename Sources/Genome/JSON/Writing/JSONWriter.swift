// The JSON writer: `Node` in, UTF-8 bytes out.
//
// It appends to one growable byte buffer, handed over as an array at the end. Strings are copied in runs between the bytes that need escaping, found eight at
// a time; numbers are formatted without going through `String` where possible. Open containers live on a heap
// stack, not the call stack, and an error's path is read off that stack, so writing pays nothing for it.

extension Node {
    /// The node as JSON text: compact by default, keys in insertion order.
    ///
    /// ```swift
    /// let node: Node = ["b": 1, "a": [true, nil]]
    /// try node.serialized()                            // {"b":1,"a":[true,null]}
    /// try node.serialized([.prettyPrinted, .sortedKeys])
    /// ```
    ///
    /// - Throws: ``JSONWritingError`` for NaN or an infinity, which JSON cannot spell.
    public func serialized(_ options: WritingOptions = []) throws(JSONWritingError) -> String {
        String(decoding: try serializedBytes(options), as: UTF8.self)
    }

    /// The node as UTF-8 encoded JSON; see ``serialized(_:)``.
    public func serializedBytes(_ options: WritingOptions = []) throws(JSONWritingError) -> [UInt8] {
        var writer = JSONWriter(options: options)
        try writer.write(self)
        return writer.finish()
    }
}

internal struct JSONWriter: ~Copyable {
    /// The bytes written so far; `finish()` hands them over as an array.
    private var output = ScratchStack<UInt8>(capacity: 1024)
    let pretty: Bool
    let sortedKeys: Bool
    let escapesSlashes: Bool
    let allowsNonFinite: Bool
    /// Writing stops soon after the output passes this many bytes: error descriptions quote only the start of a
    /// node, and should not pay for writing all of it.
    var byteLimit = Int.max
    /// Containers open around the node being written, outside this writer's own frames: NodeEncoder's byte path
    /// writes nodes into the middle of a document, and the depth limit counts the containers around them too.
    var enclosingDepth = 0

    /// An array or object being written: its elements and the position of the next one. Containers are kept
    /// on a heap stack rather than the call stack, so writing a deep node cannot overflow a thread's stack.
    private struct Frame {
        var elements: [Node] = []
        var entries: ContiguousArray<Node.Object.Entry> = []
        let isObject: Bool
        var next = 0
        var count: Int { isObject ? entries.count : elements.count }
    }

    init(options: Node.WritingOptions, allowsNonFinite: Bool = false) {
        pretty = options.contains(.prettyPrinted)
        sortedKeys = options.contains(.sortedKeys)
        escapesSlashes = options.contains(.escapesSlashes)
        self.allowsNonFinite = allowsNonFinite
    }

    /// The bytes written, which the writer gives up.
    consuming func finish() -> [UInt8] {
        output.popArray(from: 0)
    }

    mutating func write(_ root: Node) throws(JSONWritingError) {
        var frames: [Frame] = []
        if let opened = try open(root, frames: frames) { frames.append(opened) }
        while output.count <= byteLimit {
            // Move to the next element of the innermost open container, closing the containers that are done.
            // Fields are read in place: copying a `Frame` would retain and release its arrays for every element.
            guard let top = frames.indices.last else { return }
            let next = frames[top].next
            let isObject = frames[top].isObject
            guard next < frames[top].count else {
                frames.removeLast()
                newline(frames.count)
                output.push(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                continue
            }
            if next > 0 { output.push(UInt8(ascii: ",")) }
            newline(frames.count)
            frames[top].next = next + 1
            let opened: Frame?
            if isObject {
                writeString(frames[top].entries[next].key)
                output.push(UInt8(ascii: ":"))
                if pretty { output.push(UInt8(ascii: " ")) }
                opened = try open(frames[top].entries[next].value, frames: frames)
            } else {
                opened = try open(frames[top].elements[next], frames: frames)
            }
            if let opened { frames.append(opened) }
        }
    }

    /// Writes a scalar or an empty container whole; for any other container, writes its opening bracket and
    /// returns the frame for the caller to push. `frames` is only read, for an error's path.
    private mutating func open(_ node: borrowing Node, frames: borrowing [Frame]) throws(JSONWritingError) -> Frame? {
        switch node {
        case .null, .bool, .string, .number:
            guard writeScalar(node) else {
                throw JSONWritingError(kind: .nonFiniteNumber, path: path(of: frames), value: copy node)
            }
        case .array(let elements):
            if elements.isEmpty {
                append("[]")
            } else {
                guard enclosingDepth + frames.count < JSONWritingError.maximumDepth else { throw tooDeep(frames) }
                output.push(UInt8(ascii: "["))
                return Frame(elements: elements, isObject: false)
            }
        case .object(let object):
            if object.isEmpty {
                append("{}")
            } else {
                guard enclosingDepth + frames.count < JSONWritingError.maximumDepth else { throw tooDeep(frames) }
                output.push(UInt8(ascii: "{"))
                return Frame(entries: sortedKeys ? object.sortedEntries() : object.storedEntries, isObject: true)
            }
        }
        return nil
    }

    /// The path to the value being written: each open container's current element.
    private func path(of frames: borrowing [Frame]) -> [PathComponent] {
        frames.map { frame in
            frame.isObject ? .key(frame.entries[frame.next - 1].key) : .index(frame.next - 1)
        }
    }

    private func tooDeep(_ frames: borrowing [Frame]) -> JSONWritingError {
        JSONWritingError(kind: .tooDeeplyNested, path: path(of: frames), value: nil)
    }

    @inline(__always)
    private mutating func newline(_ depth: Int) {
        guard pretty else { return }
        output.push(UInt8(ascii: "\n"))
        let indent = output.uninitializedTop(room: 2 * depth)
        indent.initialize(repeating: UInt8(ascii: " "), count: 2 * depth)
        output.didPush(2 * depth)
    }

    @inline(__always)
    private mutating func append(_ literal: StaticString) {
        output.push(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }

    // MARK: - Numbers

    /// Writes a number; returns false, writing nothing, for a non-finite double that is not allowed.
    private mutating func writeNumber(_ number: Node.Number) -> Bool {
        switch number {
        case .int(let value):
            writeInteger(value)
        case .uint(let value):
            appendInteger(value, negative: false, to: &output)
        case .double(let value):
            if value.isFinite {
                writeFiniteDouble(value)
            } else if allowsNonFinite {
                var text = value.description
                text.withUTF8 { output.push(contentsOf: $0) }
            } else {
                return false
            }
        case .exact(let value):
            // Validated JSON number text: written back as it was read.
            var text = value.text
            text.withUTF8 { output.push(contentsOf: $0) }
        }
        return true
    }

    // MARK: - Strings

    /// Writes a string, quoted and escaped.
    mutating func writeString(_ string: String) {
        output.push(UInt8(ascii: "\""))
        withUTF8Bytes(of: string) { writeStringBytes($0) }
        output.push(UInt8(ascii: "\""))
    }

    private mutating func writeStringBytes(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard byteLimit < Int.max, bytes.count > byteLimit - output.count else { return writeEscaped(bytes) }
        let room = max(0, byteLimit - output.count) + 4  // past the limit, so the cut shows
        guard bytes.count > room else { return writeEscaped(bytes) }
        // Only the start is wanted: cut at a character boundary.
        var end = room
        while end > 0 && bytes[end] & 0xC0 == 0x80 { end -= 1 }
        writeEscaped(UnsafeBufferPointer(rebasing: bytes[..<end]))
    }

    private mutating func writeEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        // Without the option, the slash test repeats the quote test: one word for both cases, and no branch on
        // the option in the loop, where the compiler reloaded it for every word.
        let slash: UInt64 = escapesSlashes ? 0x2F2F_2F2F_2F2F_2F2F : 0x2222_2222_2222_2222
        var runStart = 0
        var cursor = 0
        while true {
            cursor = Self.firstToEscape(in: base, count: bytes.count, from: cursor, slash: slash)
            if cursor > runStart { writeRaw(base + runStart, count: cursor - runStart) }
            guard cursor < bytes.count else { return }
            writeEscape(base[cursor])
            cursor += 1
            runStart = cursor
        }
    }

    /// The index of the first byte from `start` that needs an escape, or `count`. Whole words are tested, the
    /// tail too: most strings, and most keys, are shorter than eight bytes, and a byte loop over them would be the
    /// larger part of writing twitter.json's strings (Compare's twitter.json write row).
    @inline(__always)
    private static func firstToEscape(
        in base: UnsafePointer<UInt8>, count: Int, from start: Int, slash: UInt64
    ) -> Int {
        @inline(__always) func special(_ word: UInt64) -> UInt64 {
            zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C) | zeroBytes(word ^ slash)
                | ((word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080)
        }
        let raw = UnsafeRawPointer(base)
        var cursor = start
        while cursor + 8 <= count {
            let found = special(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: cursor, as: UInt64.self)))
            if found != 0 { return cursor + found.trailingZeroBitCount / 8 }
            cursor += 8
        }
        let left = count - cursor
        if left == 0 { return count }
        if count >= 8 {
            // The last eight bytes, shifted so that the untested ones come first and 'A's fill the lanes above.
            // (Masking the tested lanes off instead would be wrong: a byte escaped just before `cursor` can set
            // a spurious flag in the lane above it.)
            let shift = UInt64(8 * (8 - left))
            let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self))
            let found = special(last &>> shift | 0x4141_4141_4141_4141 &<< (64 - shift))
            return found == 0 ? count : cursor + found.trailingZeroBitCount / 8
        }
        if left >= 4 {
            let found = special(loadFourToEight(raw + cursor, count: left))
            guard found != 0 else { return count }
            let lane = found.trailingZeroBitCount / 8
            return lane < 4 ? cursor + lane : count - 8 + lane
        }
        while cursor < count {
            let byte = base[cursor]
            let escaped = byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20
            if escaped || UInt64(byte) == slash & 0xFF { return cursor }
            cursor += 1
        }
        return count
    }

    private mutating func writeEscape(_ byte: UInt8) {
        output.push(UInt8(ascii: "\\"))
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.push(byte)
        case 0x08: output.push(UInt8(ascii: "b"))
        case 0x0C: output.push(UInt8(ascii: "f"))
        case 0x0A: output.push(UInt8(ascii: "n"))
        case 0x0D: output.push(UInt8(ascii: "r"))
        case 0x09: output.push(UInt8(ascii: "t"))
        default:
            let hexDigits: StaticString = "0123456789abcdef"
            append("u00")
            output.push(hexDigits.utf8Start[Int(byte >> 4)])
            output.push(hexDigits.utf8Start[Int(byte & 0xF)])
        }
    }
}

// MARK: - Writing piece by piece

/// A key as the writer wrote it: its fingerprint, and where its escaped bytes are in the output.
internal struct WrittenKey {
    let fingerprint: UInt64
    let start: Int
    let count: Int
}

// NodeEncoder's byte path (ByteEncoding.swift) writes a document as it encodes it, member by member, with the same
// formatting as `write(_:)`, so both paths give the same bytes.
extension JSONWriter {
    /// How many bytes are written.
    var byteCount: Int { output.count }

    /// The bytes written, which the writer gives up, leaving it empty.
    mutating func takeBytes() -> [UInt8] {
        output.popArray(from: 0)
    }

    mutating func writeByte(_ byte: UInt8) {
        output.push(byte)
    }

    /// Writes `array` as a JSON array, each element with `writeOne`. One access to the writer for the whole array:
    /// the encoder's writer is a property of a class, which a debug build checks for exclusive access at each use
    /// (Compare's canada.json encode row in debug).
    mutating func writeArray<Element>(_ array: [Element], _ writeOne: (inout JSONWriter, Element) -> Void) {
        writeByte(UInt8(ascii: "["))
        let count = array.count
        var index = 0
        while index < count {
            if index > 0 { writeByte(UInt8(ascii: ",")) }
            writeOne(&self, array[index])
            index += 1
        }
        writeByte(UInt8(ascii: "]"))
    }

    /// Writes `"key":`, and says where the key's escaped bytes are, with their fingerprint, for the check for keys
    /// written twice.
    mutating func writeKey(_ key: String) -> WrittenKey {
        let start = output.count + 1
        writeString(key)
        let count = output.count - 1 - start
        output.push(UInt8(ascii: ":"))
        let fingerprint = keyFingerprint(UnsafeBufferPointer(start: output.base + start, count: count))
        return WrittenKey(fingerprint: fingerprint, start: start, count: count)
    }

    /// Writes `count` bytes as they are. Up to 32 are copied with overlapping word loads and stores, which read
    /// nothing outside them: most strings and keys are that short, and a call to `memcpy` costs more than the copy.
    @inline(__always)
    mutating func writeRaw(_ source: UnsafePointer<UInt8>, count: Int) {
        guard count <= 32 else { return output.push(contentsOf: UnsafeBufferPointer(start: source, count: count)) }
        let target = UnsafeMutableRawPointer(output.uninitializedTop(room: 32))
        let from = UnsafeRawPointer(source)
        if count >= 16 {
            copyWords(from, to: target, offset: 0)
            copyWords(from, to: target, offset: count - 16)
        } else if count >= 8 {
            target.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
            target.storeBytes(
                of: from.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self), toByteOffset: count - 8,
                as: UInt64.self)
        } else if count >= 4 {
            target.storeBytes(of: from.loadUnaligned(as: UInt32.self), as: UInt32.self)
            target.storeBytes(
                of: from.loadUnaligned(fromByteOffset: count - 4, as: UInt32.self), toByteOffset: count - 4,
                as: UInt32.self)
        } else {
            for offset in 0..<count { target.storeBytes(of: source[offset], toByteOffset: offset, as: UInt8.self) }
        }
        output.didPush(count)
    }

    /// Copies the 16 bytes at `offset`, as two words.
    @inline(__always)
    private func copyWords(_ from: UnsafeRawPointer, to target: UnsafeMutableRawPointer, offset: Int) {
        target.storeBytes(
            of: from.loadUnaligned(fromByteOffset: offset, as: UInt64.self), toByteOffset: offset, as: UInt64.self)
        target.storeBytes(
            of: from.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self), toByteOffset: offset + 8,
            as: UInt64.self)
    }

    /// Calls `body` with the `count` bytes written from `start`.
    func withWrittenBytes<Result>(from start: Int, count: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
        -> Result
    {
        body(UnsafeBufferPointer(start: output.base + start, count: count))
    }

    /// The `count` bytes written from `start`, as a string.
    func writtenText(from start: Int, count: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: output.base + start, count: count), as: UTF8.self)
    }

    /// Writes a scalar node; returns false, writing nothing, for a container or a number JSON cannot spell.
    mutating func writeScalar(_ node: borrowing Node) -> Bool {
        switch node {
        case .null: append("null")
        case .bool(let value): writeBool(value)
        case .string(let value): writeString(value)
        case .number(let number): return writeNumber(number)
        case .array, .object: return false
        }
        return true
    }

    mutating func writeEmptyObject() {
        append("{}")
    }

    mutating func writeInteger(_ value: Int64) {
        appendInteger(value.magnitude, negative: value < 0, to: &output)
    }

    /// Writes a finite double as `write(_:)` writes `.number(.double(value))`.
    mutating func writeFiniteDouble(_ value: Double) {
        appendShortestDouble(value, to: &output)
    }

    mutating func writeBool(_ value: Bool) {
        append(value ? "true" : "false")
    }

    /// Drops the bytes written after the first `count`: what an encoding that failed halfway had written.
    mutating func truncate(to count: Int) {
        output.shrink(to: count)
    }
}

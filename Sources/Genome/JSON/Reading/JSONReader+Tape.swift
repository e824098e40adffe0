// The tape reader: the same grammar, limits and errors as `readValues` (JSONReader+Structure.swift), writing a
// flat `JSONTape` instead of a `Node` tree. It shares every token reader (numbers, literals, escapes, whitespace)
// and differs only where values go: a container is one entry, patched with its count and end when it closes, and
// a string is a span of the input, or, for one with escapes, of the tape's own buffer of decoded strings.
//
// JSON5 and `rejectsDuplicateKeys` are read by the tree reader only: its callers (`NodeDecoder`) check
// `supportsTape` first. The tape does not resolve repeated keys either; it flags any object that may have one
// (`mayRepeatKeys`), and a caller reads such a document as a tree instead.

extension JSONReader {
    /// Whether the tape reader reads documents with these options: everything but JSON5 and the rejection of
    /// duplicate keys.
    static func supportsTape(_ options: Node.ReadingOptions) -> Bool {
        !options.allowsJSON5 && !options.rejectsDuplicateKeys
    }

    /// An open array or object on the tape.
    struct OpenTapeContainer {
        /// The index of its entry.
        var entry: Int
        /// Elements or members read so far, the current one included once it is complete.
        var count: Int
        /// Where its keys' fingerprints start on the fingerprint stack; -1 for an array.
        var keyStart: Int
        var isObject: Bool { keyStart >= 0 }
    }

    /// Everything the tape reader builds, apart from the reader's own position and options.
    struct TapeBuilder: ~Copyable {
        var entries: ScratchStack<TapeEntry>
        var open: ScratchStack<OpenTapeContainer>
        var keyFingerprints: ScratchStack<UInt64>
        /// The input, which the strings without escapes point into.
        let input: UnsafePointer<UInt8>
        let inputCount: Int
        /// The strings with escapes, decoded, one after another: the one at `inputCount + k` starts at byte `k`.
        var unescaped = ScratchStack<UInt8>(capacity: 256)
        var exactNumbers: [Node.ExactNumber] = []
        var mayRepeatKeys = false

        /// A builder for the `count` bytes at `input`, whose stacks of open containers and key fingerprints start
        /// in the caller's memory (see `readTapeDocument`).
        init(
            reading input: UnsafePointer<UInt8>, count: Int, open: UnsafeMutableBufferPointer<OpenTapeContainer>,
            keyFingerprints: UnsafeMutableBufferPointer<UInt64>
        ) {
            self.input = input
            inputCount = count
            entries = ScratchStack(capacity: Self.entryCapacity(forBytes: count))
            self.open = ScratchStack(startingIn: open)
            self.keyFingerprints = ScratchStack(startingIn: keyFingerprints)
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

        /// Records the container whose entry was just appended as open.
        mutating func open(isObject: Bool) {
            open.push(
                OpenTapeContainer(
                    entry: entries.count - 1, count: 0, keyStart: isObject ? keyFingerprints.count : -1))
        }

        /// Closes the innermost container, whose last element was just completed.
        mutating func close() {
            let container = open.pop()
            let header = TapeEntry(container.isObject ? .object : .array, count: container.count)
            entries.base[container.entry].header = header.header
            entries.base[container.entry].payload = UInt64(entries.count)
            if container.isObject {
                if !mayRepeatKeys {
                    mayRepeatKeys = hasRepeatedFingerprint(
                        UnsafeBufferPointer(
                            start: keyFingerprints.base + container.keyStart,
                            count: keyFingerprints.count - container.keyStart))
                }
                keyFingerprints.discardMoved(from: container.keyStart)
            }
        }

        consuming func finish() -> JSONTape {
            let storage = entries.relinquishStorage()!
            return JSONTape(
                entries: storage, input: (input, inputCount), unescaped: unescaped.relinquishStorage(),
                exactNumbers: exactNumbers, mayRepeatKeys: mayRepeatKeys)
        }
    }

    mutating func readTapeDocument() throws(JSONSyntaxError) -> JSONTape {
        // The stack of open containers and the keys of the open objects start on the call stack: a small document
        // then costs two fewer allocations. Deeper or wider documents move them to the heap.
        try withUnsafeTemporaryAllocation(of: OpenTapeContainer.self, capacity: 16) { (open) throws(JSONSyntaxError) in
            try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 32) { (keys) throws(JSONSyntaxError) in
                var tape = TapeBuilder(reading: bytes, count: count, open: open, keyFingerprints: keys)
                if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
                    position = 3
                }
                try readTapeValues(&tape)
                try skipWhitespace(StrictJSONGrammar.self)
                if position < count {
                    throw error(.unexpectedContent, "expected the end of the document after the top-level value")
                }
                return tape.finish()
            }
        }
    }

    /// Reads the `{` or `[` at `position`. An empty container is written whole and false is returned; otherwise
    /// the container is left open on the tape for its elements, and true is returned.
    @inline(__always)
    private mutating func openTapeContainer(
        _ kind: TapeKind, closedBy closer: UInt8, _ tape: inout TapeBuilder
    ) throws(JSONSyntaxError) -> Bool {
        try checkDepth(tape.open.count)
        position += 1
        try skipWhitespace(StrictJSONGrammar.self)
        if position < count && bytes[position] == closer {
            position += 1
            tape.append(TapeEntry(kind, payload: UInt64(tape.entries.count + 1)))
            return false
        }
        tape.append(TapeEntry(kind))
        tape.open(isObject: kind == .object)
        return true
    }

    /// `readValues`, writing to the tape: one complete value with everything nested in it.
    private mutating func readTapeValues(_ tape: inout TapeBuilder) throws(JSONSyntaxError) {
        nextValue: while true {
            try skipWhitespace(StrictJSONGrammar.self)
            guard position < count else {
                throw error(.unexpectedEndOfInput, tape.open.isEmpty ? "expected a JSON value" : "expected a value")
            }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                if try openTapeContainer(.object, closedBy: UInt8(ascii: "}"), &tape) {
                    try readTapeKeyAndColon(&tape)
                    continue nextValue
                }
            case UInt8(ascii: "["):
                if try openTapeContainer(.array, closedBy: UInt8(ascii: "]"), &tape) {
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                let (offset, length, isASCII) = try readTapeString(&tape)
                tape.append(TapeEntry(string: offset, length: length, isASCII: isASCII))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                tape.append(try readNumber())
            case UInt8(ascii: "t"):
                try readLiteral("true")
                tape.append(TapeEntry(.trueLiteral))
            case UInt8(ascii: "f"):
                try readLiteral("false")
                tape.append(TapeEntry(.falseLiteral))
            case UInt8(ascii: "n"):
                try readLiteral("null")
                tape.append(TapeEntry(.null))
            case UInt8(ascii: "N") where options.allowsNonFiniteNumbers,
                UInt8(ascii: "I") where options.allowsNonFiniteNumbers:
                tape.append(try readNonFinite())
            default:
                throw error(.unexpectedCharacter, tape.open.isEmpty ? "expected a JSON value" : "expected a value")
            }

            // A value is complete: close every container that ends here, or move to the next element.
            while let container = tape.open.last {
                tape.open.base[tape.open.count - 1].count = container.count + 1
                try skipWhitespace(StrictJSONGrammar.self)
                guard position < count else {
                    throw missingSeparatorError(.unexpectedEndOfInput, inObject: container.isObject)
                }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    if options.allowsTrailingCommas {
                        try skipWhitespace(StrictJSONGrammar.self)
                        if position < count
                            && bytes[position] == (container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                        {
                            position += 1
                            tape.close()
                            continue
                        }
                    }
                    if container.isObject {
                        try readTapeKeyAndColon(&tape)
                    }
                    continue nextValue
                }
                guard byte == (container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw missingSeparatorError(.unexpectedCharacter, inObject: container.isObject)
                }
                position += 1
                tape.close()
            }
            return
        }
    }

    private mutating func readTapeKeyAndColon(_ tape: inout TapeBuilder) throws(JSONSyntaxError) {
        try skipWhitespace(StrictJSONGrammar.self)
        guard position < count else {
            throw error(.unexpectedEndOfInput, "expected a string key")
        }
        guard bytes[position] == UInt8(ascii: "\"") else {
            throw error(.unexpectedCharacter, "expected a string key")
        }
        let keyStart = position + 1
        if let (content, fingerprint) = scanPlainKey() {
            tape.append(TapeEntry(string: keyStart, length: content.count, isASCII: true))
            tape.keyFingerprints.push(fingerprint)
        } else {
            let (offset, length, isASCII) = try readTapeString(&tape)
            tape.append(TapeEntry(string: offset, length: length, isASCII: isASCII))
            tape.keyFingerprints.push(keyFingerprint(tape.stringBytes(at: offset, length: length)))
        }
        if takeColonAfterKey() { return }
        try skipWhitespace(StrictJSONGrammar.self)
        guard position < count else {
            throw error(.unexpectedEndOfInput, "expected ':' after an object key")
        }
        guard bytes[position] == UInt8(ascii: ":") else {
            throw error(.unexpectedCharacter, "expected ':' after an object key")
        }
        position += 1
    }

    /// Reads a string starting at its opening quote, as `readString` does, and returns where its content is (its
    /// offset in the input, or, with escapes, `count` plus its offset in the tape's buffer of decoded strings) and
    /// whether it is all ASCII.
    private mutating func readTapeString(_ tape: inout TapeBuilder) throws(JSONSyntaxError) -> (
        offset: Int, length: Int, isASCII: Bool
    ) {
        let (start, cursor, highBits) = try scanString()
        switch bytes[cursor] {
        case UInt8(ascii: "\""):
            position = cursor + 1
            if highBits != 0, !isWellFormedUTF8(UnsafeBufferPointer(start: bytes + start, count: cursor - start)) {
                throw invalidUTF8Error(in: start..<cursor)
            }
            return (start, cursor - start, highBits == 0)
        case UInt8(ascii: "\\"):
            let end = try assembleEscapedString(from: start, firstEscape: cursor)
            let offset = count + tape.unescaped.count
            let content = scratch.withUnsafeBufferPointer { content -> (valid: Bool, isASCII: Bool) in
                guard isWellFormedUTF8(content) else { return (false, false) }
                tape.unescaped.push(contentsOf: content)
                return (true, isASCII(content))
            }
            guard content.valid else { throw invalidUTF8Error(in: start..<end) }
            return (offset, scratch.count, content.isASCII)
        default:
            position = cursor
            throw error(.controlCharacterInString, "expected a printable character or an escape inside a string")
        }
    }
}

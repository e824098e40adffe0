// The tape reader: the one grammar loop, writing a flat `JSONTape` (JSON/Tape/JSONTape.swift). Strict JSON and
// JSON5, the leniencies, the depth limit and repeated keys are all read here, with the same errors as the tree
// reader (JSONReader+Structure.swift); it shares every token reader (numbers, literals, escapes, whitespace) and
// differs only where values go: a container is one entry, patched with its count and end when it closes, and a
// string is a span of the input, or, for one with escapes (and every JSON5 string), of the tape's own buffer of
// decoded strings.

extension JSONReader {
    mutating func readTapeDocument<Grammar: JSONGrammar>(_ grammar: Grammar.Type) throws(JSONSyntaxError) -> JSONTape {
        // The stack of open containers and the keys of the open objects start on the call stack: a small document
        // then costs two fewer allocations. Deeper or wider documents move them to the heap.
        try withUnsafeTemporaryAllocation(of: OpenTapeContainer.self, capacity: 16) { (open) throws(JSONSyntaxError) in
            try withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 32) { (keys) throws(JSONSyntaxError) in
                var tape = TapeBuilder(
                    reading: bytes, count: count, open: open, keyFingerprints: keys,
                    rejectsDuplicateKeys: options.rejectsDuplicateKeys)
                if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
                    position = 3
                }
                try readTapeValues(&tape, grammar)
                try skipWhitespace(grammar)
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
    private mutating func openTapeContainer<Grammar: JSONGrammar>(
        _ kind: TapeKind, closedBy closer: UInt8, _ tape: inout TapeBuilder, _ grammar: Grammar.Type
    ) throws(JSONSyntaxError) -> Bool {
        try checkDepth(tape.open.count)
        position += 1
        try skipWhitespace(grammar)
        if position < count && bytes[position] == closer {
            position += 1
            tape.append(TapeEntry(kind, payload: UInt64(tape.entries.count + 1)))
            return false
        }
        tape.append(TapeEntry(kind))
        tape.open(isObject: kind == .object)
        return true
    }

    /// One complete value with everything nested in it, onto the tape.
    ///
    /// The hottest loop of decoding. Its steps are `@inline(__always)`, so that it compiles to one body per
    /// grammar; in the strict one every `Grammar.isJSON5` is the constant `false` and its branch compiles away.
    private mutating func readTapeValues<Grammar: JSONGrammar>(_ tape: inout TapeBuilder, _ grammar: Grammar.Type)
        throws(JSONSyntaxError)
    {
        // Read once: a debug build does not specialise the loop, and asks the grammar through its witness table at
        // every use. In a release build this is the constant of the specialisation.
        let isJSON5 = Grammar.isJSON5
        nextValue: while true {
            try skipWhitespace(grammar)
            guard position < count else {
                throw error(.unexpectedEndOfInput, tape.open.isEmpty ? "expected a JSON value" : "expected a value")
            }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                if try openTapeContainer(.object, closedBy: UInt8(ascii: "}"), &tape, grammar) {
                    try readTapeKeyAndColon(&tape, grammar)
                    continue nextValue
                }
            case UInt8(ascii: "["):
                if try openTapeContainer(.array, closedBy: UInt8(ascii: "]"), &tape, grammar) {
                    continue nextValue
                }
            case UInt8(ascii: "\""):
                if isJSON5 {
                    tape.append(copying: try readJSON5String(isKey: false).string)
                } else {
                    let (offset, length, isASCII) = try readTapeString(&tape)
                    tape.append(TapeEntry(string: offset, length: length, isASCII: isASCII))
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                tape.append(isJSON5 ? try readJSON5Number() : try readNumber())
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
                guard isJSON5, try readJSON5OnlyValue(&tape) else {
                    throw error(.unexpectedCharacter, tape.open.isEmpty ? "expected a JSON value" : "expected a value")
                }
            }

            // A value is complete: close every container that ends here, or move to the next element.
            while let container = tape.open.last {
                tape.open.base[tape.open.count - 1].count = container.count + 1
                try skipWhitespace(grammar)
                guard position < count else {
                    throw missingSeparatorError(.unexpectedEndOfInput, inObject: container.isObject)
                }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    if options.allowsTrailingCommas {
                        try skipWhitespace(grammar)
                        if position < count
                            && bytes[position] == (container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                        {
                            position += 1
                            try tape.close()
                            continue
                        }
                    }
                    if container.isObject {
                        try readTapeKeyAndColon(&tape, grammar)
                    }
                    continue nextValue
                }
                guard byte == (container.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw missingSeparatorError(.unexpectedCharacter, inObject: container.isObject)
                }
                position += 1
                try tape.close()
            }
            return
        }
    }

    /// `readJSON5OnlyValue()` onto the tape: a single-quoted string, or a number starting with `+` or `.`. Returns
    /// false, moving nothing, when no JSON5 value starts at `position`.
    @inline(never)
    private mutating func readJSON5OnlyValue(_ tape: inout TapeBuilder) throws(JSONSyntaxError) -> Bool {
        switch try readJSON5OnlyValue() {
        case .string(let string)?: tape.append(copying: string)
        case .number(let number)?: tape.append(number)
        default: return false
        }
        return true
    }

    private mutating func readTapeKeyAndColon<Grammar: JSONGrammar>(_ tape: inout TapeBuilder, _ grammar: Grammar.Type)
        throws(JSONSyntaxError)
    {
        try skipWhitespace(grammar)
        guard position < count else {
            throw error(.unexpectedEndOfInput, Grammar.isJSON5 ? "expected a key" : "expected a string key")
        }
        if Grammar.isJSON5 {
            let keyOffset = position
            let (key, fingerprint) = try readJSON5Key()
            tape.pushKeyOffset(keyOffset)
            tape.append(copying: key)
            tape.keyFingerprints.push(fingerprint)
        } else {
            guard bytes[position] == UInt8(ascii: "\"") else {
                throw error(.unexpectedCharacter, "expected a string key")
            }
            let keyStart = position + 1
            if let (content, fingerprint) = scanPlainKey() {
                tape.append(TapeEntry(string: keyStart, length: content.count, isASCII: true))
                tape.keyFingerprints.push(fingerprint)
            } else {
                let (offset, length, isASCII) = try readTapeString(&tape, keyOffset: keyStart - 1)
                tape.append(TapeEntry(string: offset, length: length, isASCII: isASCII))
                tape.keyFingerprints.push(keyFingerprint(tape.stringBytes(at: offset, length: length)))
            }
        }
        if takeColonAfterKey() { return }
        try skipWhitespace(grammar)
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
    /// A key's `keyOffset`, where it starts in the input, is written before its bytes when it has escapes (see
    /// `TapeBuilder.pushKeyOffset`).
    private mutating func readTapeString(_ tape: inout TapeBuilder, keyOffset: Int? = nil) throws(JSONSyntaxError)
        -> (offset: Int, length: Int, isASCII: Bool)
    {
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
            if let keyOffset { tape.pushKeyOffset(keyOffset) }
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

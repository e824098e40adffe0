// The one grammar loop: a document read without recursion into either output, a `Node` tree or a flat `JSONTape`,
// with the same grammar, leniencies, limits and errors for both. Open arrays and objects are frames on a stack. A
// tree keeps their elements on the scratch stacks, and a closing bracket moves them into one exactly sized array or
// object; a tape writes a container as one entry, patched with its count and end when it closes
// (JSON/Tape/TapeBuilder.swift). Repeated keys are resolved or rejected, and the depth limit enforced, here.

/// What the grammar loop builds. A type rather than a flag, as `JSONGrammar` is: the compiler builds one loop per
/// output, with `buildsTape` a constant in each, so that each carries none of the other's code.
internal protocol JSONReaderOutput {
    static var buildsTape: Bool { get }
}

/// A `Node` tree (`Node(json:)`).
internal enum TreeOutput: JSONReaderOutput {
    static var buildsTape: Bool { false }
}

/// A flat `JSONTape` (`NodeDecoder`).
internal enum TapeOutput: JSONReaderOutput {
    static var buildsTape: Bool { true }
}

extension JSONReader {
    /// Reads the whole document into `Output`: the tree's one value on the value stack, or `tape`, which a tree
    /// leaves untouched.
    mutating func readDocument<Grammar: JSONGrammar, Output: JSONReaderOutput>(
        _ grammar: Grammar.Type, _ output: Output.Type, _ tape: inout TapeBuilder
    ) throws(JSONSyntaxError) {
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            position = 3
        }
        try readValues(grammar, output, &tape)
        try skipWhitespace(grammar)
        if position < count {
            throw error(.unexpectedContent, "expected the end of the document after the top-level value")
        }
    }

    /// Reads one complete value (with everything nested in it) into `Output`.
    ///
    /// The hottest loop in the library. Its steps below are `@inline(always)`, so that it compiles to one body
    /// per grammar and output, no slower than if they were written in it. A debug build, which specialises
    /// nothing, inlines them too, as `@_transparent`: so it makes no call per step, and has no debug variable for
    /// their parameters and locals, each of which costs it a `memset` on every call of the loop, dozens for a
    /// small document (Compare's small parse rows in debug). A release build keeps `@inline(always)`, because
    /// `@_transparent` inlines them before the optimiser weighs the loop's other calls, and changes what else it
    /// inlines (Compare's parse rows). In a release build `isJSON5` and `buildsTape` are
    /// constants and the branches not taken compile away. Each branch on the output calls the tree's stacks or
    /// the tape builder directly, never a generic output. The loop that closes containers stays here: as a
    /// function returning whether another element follows, it would slow every file a little (Compare's parse
    /// rows). Only its rare branches are functions of their own.
    private mutating func readValues<Grammar: JSONGrammar, Output: JSONReaderOutput>(
        _ grammar: Grammar.Type, _ output: Output.Type, _ tape: inout TapeBuilder
    ) throws(JSONSyntaxError) {
        // Read once: a debug build does not specialise the loop, and asks through the witness tables at every
        // use. In a release build these are the constants of the specialisation.
        let isJSON5 = Grammar.isJSON5
        let buildsTape = Output.buildsTape
        nextValue: while true {
            try skipWhitespace(grammar)
            guard position < count else {
                throw error(.unexpectedEndOfInput, frames.isEmpty ? "expected a JSON value" : "expected a value")
            }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                if try openContainer(isObject: true, &tape, grammar, buildsTape: buildsTape) {
                    try readKeyAndColon(&tape, grammar, buildsTape: buildsTape)
                    continue nextValue
                }
            case UInt8(ascii: "["):
                if try openContainer(isObject: false, &tape, grammar, buildsTape: buildsTape) { continue nextValue }
            case UInt8(ascii: "\""):
                if !buildsTape {
                    values.push(
                        .string(
                            isJSON5 ? try readJSON5String(isKey: false).string : try readString(isKey: false).string))
                } else if isJSON5 {
                    tape.append(copying: try readJSON5String(isKey: false).string)
                } else {
                    let (offset, length, isASCII) = try readTapeString(&tape)
                    tape.append(TapeEntry(string: offset, length: length, isASCII: isASCII))
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let number = isJSON5 ? try readJSON5Number() : try readNumber()
                if buildsTape { tape.append(number) } else { values.push(.number(number)) }
            case UInt8(ascii: "t"):
                try readLiteral("true")
                if buildsTape { tape.append(TapeEntry(.trueLiteral)) } else { values.push(.bool(true)) }
            case UInt8(ascii: "f"):
                try readLiteral("false")
                if buildsTape { tape.append(TapeEntry(.falseLiteral)) } else { values.push(.bool(false)) }
            case UInt8(ascii: "n"):
                try readLiteral("null")
                if buildsTape { tape.append(TapeEntry(.null)) } else { values.push(.null) }
            case UInt8(ascii: "N") where options.allowsNonFiniteNumbers,
                UInt8(ascii: "I") where options.allowsNonFiniteNumbers:
                let number = try readNonFinite()
                if buildsTape { tape.append(number) } else { values.push(.number(number)) }
            default:
                guard isJSON5, let value = try readJSON5OnlyValue() else {
                    throw error(.unexpectedCharacter, frames.isEmpty ? "expected a JSON value" : "expected a value")
                }
                if buildsTape { tape.append(json5Value: value) } else { values.push(value) }
            }

            // A value is complete: close every container that ends here, or move to the next element.
            while let frame = frames.last {
                if buildsTape {
                    // Until it closes, an open container's entry counts its elements in its payload.
                    tape.entries.base[frame.start].payload &+= 1
                }
                let isObject = frame.isObject
                try skipWhitespace(grammar)
                guard position < count else {
                    throw missingSeparatorError(.unexpectedEndOfInput, inObject: isObject)
                }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    if options.allowsTrailingCommas {
                        try skipWhitespace(grammar)
                        if position < count && bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                            position += 1
                            try close(frame, &tape, buildsTape: buildsTape)
                            continue
                        }
                    }
                    if isObject {
                        try readKeyAndColon(&tape, grammar, buildsTape: buildsTape)
                    }
                    continue nextValue
                }
                guard byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) else {
                    throw missingSeparatorError(.unexpectedCharacter, inObject: isObject)
                }
                position += 1
                try close(frame, &tape, buildsTape: buildsTape)
            }
            return
        }
    }

    /// Reads the `{` or `[` at `position`. Returns true when the container has elements: its frame is open, and its
    /// first element (for an object, its first key) comes next. Returns false when it was empty and is already
    /// written whole.
    #if DEBUG
        @_transparent
    #else
        @inline(always)
    #endif
    private mutating func openContainer<Grammar: JSONGrammar>(
        isObject: Bool, _ tape: inout TapeBuilder, _ grammar: Grammar.Type, buildsTape: Bool
    ) throws(JSONSyntaxError) -> Bool {
        try checkDepth(frames.count)
        position += 1
        try skipWhitespace(grammar)
        if position < count && bytes[position] == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
            position += 1
            if buildsTape {
                tape.append(TapeEntry(isObject ? .object : .array, payload: UInt64(tape.entries.count + 1)))
            } else {
                values.push(isObject ? .object(Node.Object()) : .array([]))
            }
            return false
        }
        if buildsTape {
            tape.append(TapeEntry(isObject ? .object : .array))
            frames.push(Frame(start: tape.entries.count - 1, keyStart: isObject ? tape.keyFingerprints.count : -1))
        } else {
            frames.push(Frame(start: values.count, keyStart: isObject ? keys.count : -1))
        }
        return true
    }

    /// Closes `frame`'s container, the innermost, whose closing bracket was just read.
    #if DEBUG
        @_transparent
    #else
        @inline(always)
    #endif
    private mutating func close(_ frame: Frame, _ tape: inout TapeBuilder, buildsTape: Bool) throws(JSONSyntaxError) {
        frames.removeLast()
        if buildsTape {
            try tape.close(frame)
        } else if frame.isObject {
            try closeObject(frame)
        } else {
            values.push(.array(values.popArray(from: frame.start)))
        }
    }

    /// Neither a comma nor the closing bracket after a member or element.
    private func missingSeparatorError(_ kind: JSONSyntaxError.Kind, inObject: Bool) -> JSONSyntaxError {
        error(
            kind,
            inObject ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element"
        )
    }

    /// Checks that one more container fits inside the `depth` already open.
    private func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        if depth >= options.maximumDepth {
            throw error(
                .tooDeeplyNested,
                "expected no more than \(options.maximumDepth) nested arrays and objects (ReadingOptions.maximumDepth)")
        }
    }

    #if DEBUG
        @_transparent
    #else
        @inline(always)
    #endif
    private mutating func readKeyAndColon<Grammar: JSONGrammar>(
        _ tape: inout TapeBuilder, _ grammar: Grammar.Type, buildsTape: Bool
    ) throws(JSONSyntaxError) {
        try skipWhitespace(grammar)
        guard position < count else {
            throw error(.unexpectedEndOfInput, Grammar.isJSON5 ? "expected a key" : "expected a string key")
        }
        guard bytes[position] == UInt8(ascii: "\"") || Grammar.isJSON5 else {
            throw error(.unexpectedCharacter, "expected a string key")
        }
        if buildsTape {
            try readTapeKey(&tape, isJSON5: Grammar.isJSON5)
        } else {
            let offset = position
            let (key, fingerprint) = Grammar.isJSON5 ? try readJSON5Key() : try readKey()
            keys.push(PendingKey(key: key, fingerprint: fingerprint, offset: offset))
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

    /// Reads the key at `position` (at its quote, in strict JSON) onto the tape, with the fingerprint that the tape
    /// checks for repeats when the object closes. In this file, as the loop's other steps are.
    #if DEBUG
        @_transparent
    #else
        @inline(always)
    #endif
    private mutating func readTapeKey(_ tape: inout TapeBuilder, isJSON5: Bool) throws(JSONSyntaxError) {
        if isJSON5 {
            let keyOffset = position
            let (key, fingerprint) = try readJSON5Key()
            tape.pushKeyOffset(keyOffset)
            tape.append(copying: key)
            tape.keyFingerprints.push(fingerprint)
            return
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

    /// Takes the colon after a key when it comes right away, as it nearly always does, and one space after it,
    /// as pretty-printed JSON and Python's default separators write it; returns false, having moved nothing, for
    /// anything else. (Compare's twitter.json and citm_catalog.json parse rows show it; a minified document pays a
    /// little for testing for the space.)
    @inline(__always)
    private mutating func takeColonAfterKey() -> Bool {
        guard position < count && bytes[position] == UInt8(ascii: ":") else { return false }
        position += 1
        if position < count && bytes[position] == UInt8(ascii: " ") {
            position += 1  // any further whitespace is skipped before the value, as always
        }
        return true
    }

    /// Moves a closed object's keys and values into a `Node.Object`, resolving duplicate keys.
    private mutating func closeObject(_ frame: Frame) throws(JSONSyntaxError) {
        let memberCount = keys.count - frame.keyStart
        let pendingKeys = keys.base + frame.keyStart
        let pendingValues = values.base + frame.start
        var index: [ExactKey: Int]? = nil
        var hasDuplicate = false
        if memberCount > Node.Object.indexThreshold {
            // Large objects need an index anyway; building it finds the duplicates too.
            var keyIndex = [ExactKey: Int](minimumCapacity: memberCount)
            for position in 0..<memberCount
            where keyIndex.updateValue(
                position, forKey: ExactKey(pendingKeys[position].key, fingerprint: pendingKeys[position].fingerprint))
                != nil
            {
                hasDuplicate = true
                if options.rejectsDuplicateKeys { throw duplicateKeyError(pendingKeys[position]) }
            }
            index = keyIndex
        } else if let repeated = firstRepeatedKey(
            count: memberCount, fingerprint: { pendingKeys[$0].fingerprint }, key: { pendingKeys[$0].key })
        {
            hasDuplicate = true
            if options.rejectsDuplicateKeys { throw duplicateKeyError(pendingKeys[repeated]) }
        }
        // Moves member `position` out of the scratch stacks.
        func entry(_ position: Int) -> Node.Object.Entry {
            let key = (pendingKeys + position).move()
            return Node.Object.Entry(
                key: key.key, value: (pendingValues + position).move(), fingerprint: key.fingerprint)
        }
        let entries =
            smallContiguousArray(count: memberCount, entry)
            ?? ContiguousArray(unsafeUninitializedCapacity: memberCount) { buffer, initialized in
                for position in 0..<memberCount {
                    (buffer.baseAddress! + position).initialize(to: entry(position))
                }
                initialized = memberCount
            }
        keys.discardMoved(from: frame.keyStart)
        values.discardMoved(from: frame.start)
        if hasDuplicate {
            values.push(.object(Node.Object(entries.lazy.map { ($0.key, $0.value) })))
        } else {
            values.push(.object(Node.Object(uniqueEntries: entries, index: index)))
        }
    }

    private func duplicateKeyError(_ key: PendingKey) -> JSONSyntaxError {
        JSONSyntaxError(
            .duplicateKey, reason: "expected unique keys in an object (ReadingOptions.rejectsDuplicateKeys)",
            found: "a second \(quoted(key.key))", offset: key.offset,
            in: UnsafeRawBufferPointer(start: bytes, count: count))
    }
}

// Arrays and objects without recursion: `readValues` keeps the open containers as frames on a heap stack and
// their elements on the scratch stacks, and a closing bracket moves its elements into one exactly sized array or
// object. Duplicate keys are resolved, and the depth limit enforced, here.

extension JSONReader {
    mutating func readDocument<Grammar: JSONGrammar>(_ grammar: Grammar.Type) throws(JSONSyntaxError) -> Node {
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            position = 3
        }
        try readValues(grammar)
        try skipWhitespace(grammar)
        if position < count {
            throw error(.unexpectedContent, "expected the end of the document after the top-level value")
        }
        // The one value left is the document. Popped on its own: wrapping it in an array to take it out again
        // would cost a small document an allocation and a look-up of the array's type metadata.
        return values.pop()
    }

    /// Reads one complete value (with everything nested in it) onto the value stack.
    ///
    /// The hottest loop in the library. Its steps below are `@inline(__always)`, so that it compiles to one body,
    /// no slower than if they were written in it. The loop that closes containers stays here: as a function
    /// returning whether another element follows, it would slow every file a little (Compare's parse rows). Only
    /// its rare branches are functions of their own.
    private mutating func readValues<Grammar: JSONGrammar>(_ grammar: Grammar.Type) throws(JSONSyntaxError) {
        nextValue: while true {
            try skipWhitespace(grammar)
            guard position < count else {
                throw error(.unexpectedEndOfInput, frames.isEmpty ? "expected a JSON value" : "expected a value")
            }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                if try openObject(grammar) { continue }
            case UInt8(ascii: "["):
                if try openArray(grammar) { continue }
            case UInt8(ascii: "\""):
                values.push(
                    .string(
                        Grammar.isJSON5
                            ? try readJSON5String(isKey: false).string
                            : try readString(isKey: false).string))
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                values.push(.number(Grammar.isJSON5 ? try readJSON5Number() : try readNumber()))
            case UInt8(ascii: "t"):
                try readLiteral("true")
                values.push(.bool(true))
            case UInt8(ascii: "f"):
                try readLiteral("false")
                values.push(.bool(false))
            case UInt8(ascii: "n"):
                try readLiteral("null")
                values.push(.null)
            case UInt8(ascii: "N") where options.allowsNonFiniteNumbers,
                UInt8(ascii: "I") where options.allowsNonFiniteNumbers:
                values.push(.number(try readNonFinite()))
            default:
                guard Grammar.isJSON5, let value = try readJSON5OnlyValue() else {
                    throw error(.unexpectedCharacter, frames.isEmpty ? "expected a JSON value" : "expected a value")
                }
                values.push(value)
            }

            // A value is complete: close every container that ends here, or move to the next element.
            while let frame = frames.last {
                try skipWhitespace(grammar)
                guard position < count else {
                    throw missingSeparatorError(.unexpectedEndOfInput, inObject: frame.isObject)
                }
                guard bytes[position] == UInt8(ascii: ",") else {
                    try close(frame)
                    continue
                }
                position += 1
                if options.allowsTrailingCommas, try isClosedAfterTrailingComma(frame, grammar) {
                    continue
                }
                if frame.isObject {
                    try readKeyAndColon(grammar)
                }
                continue nextValue
            }
            return
        }
    }

    /// Reads `{`. Returns true when the object has members: its frame is open and its first key read, so its first
    /// value comes next. Returns false when it was empty and is already on the value stack.
    @inline(__always)
    private mutating func openObject<Grammar: JSONGrammar>(_ grammar: Grammar.Type) throws(JSONSyntaxError) -> Bool {
        try checkDepth(frames.count)
        position += 1
        try skipWhitespace(grammar)
        if position < count && bytes[position] == UInt8(ascii: "}") {
            position += 1
            values.push(.object(Node.Object()))
            return false
        }
        frames.push(Frame(valueStart: values.count, keyStart: keys.count))
        try readKeyAndColon(grammar)
        return true
    }

    /// Reads `[`. Returns true when the array has elements: its frame is open and its first element comes next.
    /// Returns false when it was empty and is already on the value stack.
    @inline(__always)
    private mutating func openArray<Grammar: JSONGrammar>(_ grammar: Grammar.Type) throws(JSONSyntaxError) -> Bool {
        try checkDepth(frames.count)
        position += 1
        try skipWhitespace(grammar)
        if position < count && bytes[position] == UInt8(ascii: "]") {
            position += 1
            values.push(.array([]))
            return false
        }
        frames.push(Frame(valueStart: values.count, keyStart: -1))
        return true
    }

    /// Closes `frame`'s container at the `}` or `]` at `position`, or reports that neither a comma nor the right
    /// bracket is there.
    @inline(__always)
    private mutating func close(_ frame: Frame) throws(JSONSyntaxError) {
        let byte = bytes[position]
        if frame.isObject && byte == UInt8(ascii: "}") {
            position += 1
            frames.removeLast()
            try closeObject(frame)
        } else if !frame.isObject && byte == UInt8(ascii: "]") {
            position += 1
            frames.removeLast()
            values.push(.array(values.popArray(from: frame.valueStart)))
        } else {
            throw missingSeparatorError(.unexpectedCharacter, inObject: frame.isObject)
        }
    }

    /// Whether the comma just read is a trailing one, with `frame`'s closing bracket next (which then closes it on
    /// the next turn of the loop).
    @inline(__always)
    private mutating func isClosedAfterTrailingComma<Grammar: JSONGrammar>(_ frame: Frame, _ grammar: Grammar.Type)
        throws(JSONSyntaxError) -> Bool
    {
        try skipWhitespace(grammar)
        return position < count && bytes[position] == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// Neither a comma nor the closing bracket after a member or element. Shared with the tape reader.
    func missingSeparatorError(_ kind: JSONSyntaxError.Kind, inObject: Bool) -> JSONSyntaxError {
        error(
            kind,
            inObject ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element"
        )
    }

    /// Checks that one more container fits inside the `depth` already open. Shared with the tape reader.
    func checkDepth(_ depth: Int) throws(JSONSyntaxError) {
        if depth >= options.maximumDepth {
            throw error(
                .tooDeeplyNested,
                "expected no more than \(options.maximumDepth) nested arrays and objects (ReadingOptions.maximumDepth)")
        }
    }

    private mutating func readKeyAndColon<Grammar: JSONGrammar>(_ grammar: Grammar.Type) throws(JSONSyntaxError) {
        try skipWhitespace(grammar)
        guard position < count else {
            throw error(.unexpectedEndOfInput, Grammar.isJSON5 ? "expected a key" : "expected a string key")
        }
        guard bytes[position] == UInt8(ascii: "\"") || Grammar.isJSON5 else {
            throw error(.unexpectedCharacter, "expected a string key")
        }
        let offset = position
        let (key, fingerprint) = Grammar.isJSON5 ? try readJSON5Key() : try readKey()
        keys.push(PendingKey(key: key, fingerprint: fingerprint, offset: offset))
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

    /// Takes the colon after a key when it comes right away, as it nearly always does, and one space after it,
    /// as pretty-printed JSON and Python's default separators write it; returns false, having moved nothing, for
    /// anything else. (Compare's twitter.json and citm_catalog.json parse rows show it; a minified document pays a
    /// little for testing for the space.) Shared with the tape reader.
    @inline(__always)
    mutating func takeColonAfterKey() -> Bool {
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
        let pendingValues = values.base + frame.valueStart
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
        values.discardMoved(from: frame.valueStart)
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

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
// - Integers are accumulated exactly; anything else goes to `parseJSONDouble`, which rounds correctly.
// - Errors record an offset. Line, column and the snippet are worked out only when an error is made.

extension Node {
    /// Reads one JSON document from UTF-8 bytes: `[UInt8]`, `ArraySlice<UInt8>`, `Data`, `String.UTF8View`...
    ///
    /// A leading UTF-8 byte order mark is skipped, as RFC 8259 allows; nothing but whitespace may follow the
    /// value. Duplicate keys keep their first position and the last value, unless `options` rejects them.
    ///
    /// - Throws: ``JSONSyntaxError`` with the byte offset, line and column of the first problem.
    /// - Complexity: O(*n*) in the input's size.
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
    private var values = ScratchStack<Node>(capacity: 64)
    private var keys = ScratchStack<PendingKey>(capacity: 32)
    private var frames: [Frame] = []
    /// Reused for strings with escapes.
    var scratch: [UInt8] = []
    /// Recently read ASCII keys, by fingerprint. Documents repeat the same keys in object after object; handing
    /// out the same `String` again skips validating and (past 15 bytes) allocating a new one.
    var keyCache = ContiguousArray<(fingerprint: UInt64, key: String)>(repeating: (0, ""), count: 256)

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
    }

    nonisolated(unsafe) private static let emptyInput = UnsafeMutablePointer<UInt8>.allocate(capacity: 1)

    static func read(_ buffer: UnsafeBufferPointer<UInt8>, options: Node.ReadingOptions) throws(JSONSyntaxError) -> Node
    {
        var reader = JSONReader(buffer, options: options)
        // Two specialisations of the reading loop: in the strict one every JSON5 test is the constant `false`
        // and compiles away, so strict reading runs exactly the code it ran before JSON5 existed.
        return options.allowsJSON5
            ? try reader.readDocument(JSON5Grammar.self) : try reader.readDocument(StrictJSONGrammar.self)
    }

    // MARK: - Structure

    private mutating func readDocument<Grammar: JSONGrammar>(_ grammar: Grammar.Type) throws(JSONSyntaxError) -> Node {
        if count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF {
            position = 3
        }
        try readValues(grammar)
        try skipWhitespace(grammar)
        if position < count {
            throw error(.unexpectedContent, "expected the end of the document after the top-level value")
        }
        return values.popArray(from: 0)[0]
    }

    /// Reads one complete value (with everything nested in it) onto the value stack.
    private mutating func readValues<Grammar: JSONGrammar>(_ grammar: Grammar.Type) throws(JSONSyntaxError) {
        nextValue: while true {
            try skipWhitespace(grammar)
            guard position < count else {
                throw error(.unexpectedEndOfInput, frames.isEmpty ? "expected a JSON value" : "expected a value")
            }
            switch bytes[position] {
            case UInt8(ascii: "{"):
                try checkDepth()
                position += 1
                try skipWhitespace(grammar)
                if position < count && bytes[position] == UInt8(ascii: "}") {
                    position += 1
                    values.push(.object(Node.Object()))
                } else {
                    frames.append(Frame(valueStart: values.count, keyStart: keys.count))
                    try readKeyAndColon(grammar)
                    continue nextValue
                }
            case UInt8(ascii: "["):
                try checkDepth()
                position += 1
                try skipWhitespace(grammar)
                if position < count && bytes[position] == UInt8(ascii: "]") {
                    position += 1
                    values.push(.array([]))
                } else {
                    frames.append(Frame(valueStart: values.count, keyStart: -1))
                    continue nextValue
                }
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
                    throw error(
                        .unexpectedEndOfInput,
                        frame.isObject
                            ? "expected ',' or '}' after an object member"
                            : "expected ',' or ']' after an array element")
                }
                let byte = bytes[position]
                if byte == UInt8(ascii: ",") {
                    position += 1
                    if options.allowsTrailingCommas {
                        try skipWhitespace(grammar)
                        if position < count
                            && bytes[position] == (frame.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                        {
                            continue
                        }
                    }
                    if frame.isObject {
                        try readKeyAndColon(grammar)
                    }
                    continue nextValue
                } else if frame.isObject && byte == UInt8(ascii: "}") {
                    position += 1
                    frames.removeLast()
                    try closeObject(frame)
                } else if !frame.isObject && byte == UInt8(ascii: "]") {
                    position += 1
                    frames.removeLast()
                    values.push(.array(values.popArray(from: frame.valueStart)))
                } else {
                    throw error(
                        .unexpectedCharacter,
                        frame.isObject
                            ? "expected ',' or '}' after an object member"
                            : "expected ',' or ']' after an array element")
                }
            }
            return
        }
    }

    private func checkDepth() throws(JSONSyntaxError) {
        if frames.count >= options.maximumDepth {
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
        let (key, fingerprint) = Grammar.isJSON5 ? try readJSON5Key() : try readString(isKey: true)
        keys.push(PendingKey(key: key, fingerprint: fingerprint, offset: offset))
        try skipWhitespace(grammar)
        guard position < count else {
            throw error(.unexpectedEndOfInput, "expected ':' after an object key")
        }
        guard bytes[position] == UInt8(ascii: ":") else {
            throw error(.unexpectedCharacter, "expected ':' after an object key")
        }
        position += 1
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
        } else {
            if let repeated = firstRepeatedKey(
                count: memberCount, fingerprint: { pendingKeys[$0].fingerprint }, key: { pendingKeys[$0].key })
            {
                hasDuplicate = true
                if options.rejectsDuplicateKeys { throw duplicateKeyError(pendingKeys[repeated]) }
            }
        }
        let entries = ContiguousArray<Node.Object.Entry>(unsafeUninitializedCapacity: memberCount) {
            buffer, initialized in
            for position in 0..<memberCount {
                let key = (pendingKeys + position).move()
                (buffer.baseAddress! + position).initialize(
                    to: Node.Object.Entry(
                        key: key.key, value: (pendingValues + position).move(), fingerprint: key.fingerprint))
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

    // MARK: - Whitespace and comments

    @inline(__always)
    private mutating func skipWhitespace<Grammar: JSONGrammar>(_ grammar: Grammar.Type) throws(JSONSyntaxError) {
        // A local cursor stays in a register through runs of indentation; `position` is written when the loop
        // leaves or calls out (measured: about a tenth of reading pretty-printed citm_catalog.json).
        var cursor = position
        defer { position = cursor }
        while cursor < count {
            let byte = bytes[cursor]
            if byte > UInt8(ascii: " ") {
                // Most tokens are not preceded by whitespace at all: a comparison and a flag decide.
                guard byte == UInt8(ascii: "/") && options.allowsComments else {
                    guard Grammar.isJSON5 else { return }
                    position = cursor
                    guard skipJSON5Whitespace() else { return }
                    cursor = position
                    continue
                }
                position = cursor
                if Grammar.isJSON5 { try skipJSON5Comment() } else { try skipComment() }
                cursor = position
            } else if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r")
                || byte == UInt8(ascii: "\t")
            {
                cursor += 1
            } else if Grammar.isJSON5 && (byte == 0x0B || byte == 0x0C) {
                cursor += 1  // JSON5's vertical tab and form feed
            } else {
                return
            }
        }
    }

    mutating func skipComment() throws(JSONSyntaxError) {
        let start = position
        guard position + 1 < count else {
            position = count
            throw error(.unexpectedEndOfInput, "expected '//' or '/*' to start a comment")
        }
        switch bytes[position + 1] {
        case UInt8(ascii: "/"):
            position += 2
            while position < count && bytes[position] != UInt8(ascii: "\n") && bytes[position] != UInt8(ascii: "\r") {
                position += 1
            }
        case UInt8(ascii: "*"):
            position += 2
            while position + 1 < count {
                if bytes[position] == UInt8(ascii: "*") && bytes[position + 1] == UInt8(ascii: "/") {
                    position += 2
                    return
                }
                position += 1
            }
            position = start
            throw error(
                .unexpectedEndOfInput, "expected '*/' to close the comment that starts here",
                found: "the end of the input")
        default:
            position += 1
            throw error(.unexpectedCharacter, "expected '//' or '/*' to start a comment")
        }
    }

    // MARK: - Literals

    mutating func readLiteral(_ literal: StaticString) throws(JSONSyntaxError) {
        let expected = literal.utf8Start
        if position + 4 <= count && literal.utf8CodeUnitCount == 4
            && UnsafeRawPointer(bytes + position).loadUnaligned(as: UInt32.self)
                == UnsafeRawPointer(expected).loadUnaligned(as: UInt32.self)
        {
            position += 4
            return
        }
        for offset in 0..<literal.utf8CodeUnitCount {
            guard position + offset < count else {
                position += offset
                throw error(.unexpectedEndOfInput, "expected '\(literal)'")
            }
            guard bytes[position + offset] == expected[offset] else {
                position += offset
                throw error(.unexpectedCharacter, "expected '\(literal)'")
            }
        }
        position += literal.utf8CodeUnitCount
    }

    mutating func readNonFinite() throws(JSONSyntaxError) -> Node.Number {
        if bytes[position] == UInt8(ascii: "N") {
            try readLiteral("NaN")
            return .double(.nan)
        }
        try readLiteral("Infinity")
        return .double(.infinity)
    }

    // MARK: - Errors

    /// An error at the current position, describing the byte found there.
    func error(_ kind: JSONSyntaxError.Kind, _ reason: String, found: String? = nil) -> JSONSyntaxError {
        error(kind, reason, found: found ?? describeByte(at: position), at: position)
    }

    func error(_ kind: JSONSyntaxError.Kind, _ reason: String, found: String, at offset: Int) -> JSONSyntaxError {
        JSONSyntaxError(
            kind, reason: reason, found: found, offset: offset, in: UnsafeRawBufferPointer(start: bytes, count: count))
    }

    func describeByte(at offset: Int) -> String {
        guard offset < count else { return "the end of the input" }
        let byte = bytes[offset]
        switch byte {
        case 0x20...0x7E: return "'\(Character(Unicode.Scalar(byte)))'"
        case 0x0A: return "a line break"
        case 0x09: return "a tab"
        case 0..<0x20, 0x7F: return "the control character U+\(hex(byte, digits: 4))"
        default: return "the byte 0x\(hex(byte, digits: 2))"
        }
    }
}

extension JSONReader {
    // MARK: - Strings

    /// Reads a string starting at the opening quote; returns it with, for a key, its fingerprint (see
    /// `keyFingerprint(_:)`).
    mutating func readString(isKey: Bool) throws(JSONSyntaxError) -> (string: String, fingerprint: UInt64) {
        position += 1  // the opening quote
        let start = position
        let (cursor, highBits) = scanToStringStopper(from: start)
        guard cursor < count else {
            position = cursor
            throw error(.unexpectedEndOfInput, "expected '\"' to close the string that starts at byte \(start - 1)")
        }
        switch bytes[cursor] {
        case UInt8(ascii: "\""):
            position = cursor + 1
            let content = UnsafeBufferPointer(start: bytes + start, count: cursor - start)
            if highBits == 0 {
                return isKey ? cachedKey(content) : (String(decoding: content, as: UTF8.self), 0)
            }
            guard let string = String(validating: content, as: UTF8.self) else {
                throw invalidUTF8Error(in: start..<cursor)
            }
            return (string, isKey ? keyFingerprint(content) : 0)
        case UInt8(ascii: "\\"):
            return try readEscapedString(from: start, firstEscape: cursor)
        default:
            position = cursor
            throw error(.controlCharacterInString, "expected a printable character or an escape inside a string")
        }
    }

    /// Finds the first '"', '\\' or control byte from `start`, eight bytes at a time, and whether any byte before
    /// it is non-ASCII. Bytes >= 0x80 never look like the three stoppers, so multi-byte UTF-8 needs no special case.
    @inline(__always)
    private func scanToStringStopper(from start: Int) -> (stop: Int, highBits: UInt64) {
        var cursor = start
        var highBits: UInt64 = 0
        while cursor + 8 <= count {
            let word = UnsafeRawPointer(bytes + cursor).loadUnaligned(as: UInt64.self).littleEndian
            let stoppers =
                zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
                | ((word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080)
            if stoppers != 0 {
                let stop = stoppers.trailingZeroBitCount / 8
                // Only the bytes before the stopper count towards the non-ASCII flag.
                highBits |= word & (stop == 0 ? 0 : (UInt64.max >> (64 - 8 * stop))) & 0x8080_8080_8080_8080
                return (cursor + stop, highBits)
            }
            highBits |= word & 0x8080_8080_8080_8080
            cursor += 8
        }
        while cursor < count {
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") || byte < 0x20 { break }
            highBits |= UInt64(byte & 0x80)
            cursor += 1
        }
        return (cursor, highBits)
    }

    /// The key with these (ASCII) bytes, from the cache when it was read recently.
    mutating func cachedKey(_ content: UnsafeBufferPointer<UInt8>) -> (string: String, fingerprint: UInt64) {
        let fingerprint = keyFingerprint(content)
        let slot = Int(truncatingIfNeeded: fingerprint >> 7) & 255
        return keyCache.withUnsafeMutableBufferPointer { cache in
            if cache[slot].fingerprint == fingerprint {
                let cached = cache[slot].key
                let same = cached.utf8.withContiguousStorageIfAvailable { bytesEqual($0, content) } ?? false
                if same { return (cached, fingerprint) }
            }
            let key = String(decoding: content, as: UTF8.self)
            cache[slot] = (fingerprint, key)
            return (key, fingerprint)
        }
    }

    /// The slow path for strings with escapes: the content is assembled in `scratch`.
    private mutating func readEscapedString(from start: Int, firstEscape: Int) throws(JSONSyntaxError) -> (
        string: String, fingerprint: UInt64
    ) {
        scratch.removeAll(keepingCapacity: true)
        scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + start, count: firstEscape - start))
        var cursor = firstEscape
        while true {
            guard cursor < count else {
                position = cursor
                throw error(.unexpectedEndOfInput, "expected '\"' to close the string that starts at byte \(start - 1)")
            }
            let byte = bytes[cursor]
            if byte == UInt8(ascii: "\"") {
                break
            } else if byte == UInt8(ascii: "\\") {
                cursor = try readEscape(at: cursor)
                let (stop, _) = scanToStringStopper(from: cursor)
                scratch.append(contentsOf: UnsafeBufferPointer(start: bytes + cursor, count: stop - cursor))
                cursor = stop
            } else {
                position = cursor
                throw error(.controlCharacterInString, "expected a printable character or an escape inside a string")
            }
        }
        position = cursor + 1
        return try scratchString(copiedFrom: start..<cursor)
    }

    /// The string assembled in `scratch` from the input's `range`, with its fingerprint (see `keyFingerprint(_:)`).
    func scratchString(copiedFrom range: Range<Int>) throws(JSONSyntaxError) -> (string: String, fingerprint: UInt64) {
        // Escapes always produce well-formed UTF-8, so invalid bytes can only come from the raw input.
        let result: (String, UInt64)? = scratch.withUnsafeBufferPointer { content in
            guard let string = String(validating: content, as: UTF8.self) else { return nil }
            return (string, keyFingerprint(content))
        }
        guard let result else { throw invalidUTF8Error(in: range) }
        return result
    }

    /// Decodes the escape at `cursor` into `scratch`; returns the position after it.
    private mutating func readEscape(at cursor: Int) throws(JSONSyntaxError) -> Int {
        guard cursor + 1 < count else {
            position = cursor + 1
            throw error(.unexpectedEndOfInput, "expected an escape character after '\\'")
        }
        let simple: UInt8
        switch bytes[cursor + 1] {
        case UInt8(ascii: "\""): simple = UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): simple = UInt8(ascii: "\\")
        case UInt8(ascii: "/"): simple = UInt8(ascii: "/")
        case UInt8(ascii: "b"): simple = 0x08
        case UInt8(ascii: "f"): simple = 0x0C
        case UInt8(ascii: "n"): simple = 0x0A
        case UInt8(ascii: "r"): simple = 0x0D
        case UInt8(ascii: "t"): simple = 0x09
        case UInt8(ascii: "u"):
            return try readUnicodeEscape(at: cursor)
        default:
            position = cursor + 1
            throw error(.invalidEscape, "expected one of '\"', '\\', '/', 'b', 'f', 'n', 'r', 't' or 'u' after '\\'")
        }
        scratch.append(simple)
        return cursor + 2
    }

    /// Reads `\uXXXX` (and its low surrogate partner, when it is a high surrogate) at `cursor`.
    mutating func readUnicodeEscape(at cursor: Int) throws(JSONSyntaxError) -> Int {
        let unit = try readHex4(at: cursor + 2)
        var scalarValue = UInt32(unit)
        var next = cursor + 6
        switch unit {
        case 0xD800...0xDBFF:
            if next >= count || (next + 1 >= count && bytes[next] == UInt8(ascii: "\\")) {
                position = count
                throw error(
                    .unexpectedEndOfInput, "expected a low surrogate escape (\\uDC00-\\uDFFF) after the high surrogate")
            }
            guard next + 1 < count && bytes[next] == UInt8(ascii: "\\") && bytes[next + 1] == UInt8(ascii: "u") else {
                position = cursor
                throw error(
                    .loneSurrogate, "expected a low surrogate escape (\\uDC00-\\uDFFF) after the high surrogate",
                    found: "\\u\(hex(unit, digits: 4)) alone", at: cursor)
            }
            let low = try readHex4(at: next + 2)
            guard (0xDC00...0xDFFF).contains(low) else {
                throw error(
                    .loneSurrogate, "expected a low surrogate escape (\\uDC00-\\uDFFF) after the high surrogate",
                    found: "\\u\(hex(low, digits: 4))", at: next)
            }
            scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            next += 6
        case 0xDC00...0xDFFF:
            throw error(
                .loneSurrogate, "expected a high surrogate escape (\\uD800-\\uDBFF) before a low surrogate",
                found: "\\u\(hex(unit, digits: 4)) alone", at: cursor)
        default:
            break
        }
        // Every value here is a valid scalar: surrogates were paired above.
        let scalar = Unicode.Scalar(scalarValue)!
        scratch.append(contentsOf: UTF8.encode(scalar)!)
        return next
    }

    func readHex4(at offset: Int) throws(JSONSyntaxError) -> UInt16 {
        var value: UInt16 = 0
        for index in offset..<offset + 4 {
            guard index < count else {
                throw error(
                    .unexpectedEndOfInput, "expected four hex digits after '\\u'", found: "the end of the input",
                    at: count)
            }
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default:
                throw error(
                    .invalidEscape, "expected four hex digits after '\\u'", found: describeByte(at: index), at: index)
            }
            value = value << 4 | UInt16(digit)
        }
        return value
    }

    /// Finds the first ill-formed UTF-8 sequence in `range` of the input and reports it.
    func invalidUTF8Error(in range: Range<Int>) -> JSONSyntaxError {
        let offset = firstInvalidUTF8(UnsafeBufferPointer(start: bytes + range.lowerBound, count: range.count)) ?? 0
        let at = range.lowerBound + offset
        return error(.invalidUTF8, "expected well-formed UTF-8", found: describeByte(at: at), at: at)
    }
}

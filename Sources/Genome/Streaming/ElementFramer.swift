// `elements(at:)`: the elements of one array inside one document, found by a scanner that is fed a chunk at a
// time and keeps no more than one value.
//
// The scanner reads the document's structure itself only along the pointer's path: the objects and arrays that lead
// to the array, their keys, commas and colons, and what follows the document. Every other value it meets is
// gathered whole and handed to the reader:
// - an element of the array, to be returned;
// - any other value (a sibling of the path, a member after the array), to be checked and dropped, so that a syntax
//   error anywhere in the document is still an error.
// To gather a value it only needs to know where the value ends: it follows strings (and their escapes) and counts
// brackets; the reader then checks the value's grammar, its UTF-8, its escapes and its nesting. The scanner keeps a
// frame per container on the path, so it never recurses and holds at most the pointer's length in frames.
//
// It counts lines (at `\n`, `\r\n` and a lone `\r`, as `JSONSyntaxError` does) and the UTF-8 continuation bytes of
// the current line, so that every error has a line and a column in the whole document.

internal struct ElementFramer: ValueFramer {
    private let tokens: [String]
    private let pointerText: String
    private let options: Node.ReadingOptions
    private let maximumValueSize: Int
    private let skipsInvalidValues: Bool

    /// What the value being gathered is for.
    private enum Gathering {
        case none
        case element
        case skipped
        case key
    }

    /// What the scanner expects next, outside a gathered value.
    private enum Expectation {
        case documentStart
        case value
        case firstElementOrClose
        case firstKeyOrClose
        case key
        case colon
        case commaOrClose
        case documentEnd
    }

    /// An open array or object on the pointer's path (or the array itself, at `frames.count == tokens.count + 1`).
    private struct Frame {
        var isObject: Bool
        var count = 0
        /// The member or element being read is the next step of the path.
        var onPath = false
        /// The key of this level's token has been seen (for a repeated key on the path).
        var tokenSeen = false
        /// The keys seen, only when duplicate keys are rejected.
        var keys: Set<String>?
    }

    private(set) var valueBytes: [UInt8] = []
    private var handedOut = false
    private var keyBytes: [UInt8] = []
    private var frames: [Frame] = []
    private var expectation = Expectation.documentStart
    private var bomBytesSeen = 0

    private var gathering = Gathering.none
    private var gatheredDepth = 0
    private var inString = false
    private var escaped = false
    private var isScalar = false
    /// The element being gathered is over the size limit and dropped (in a stream that skips invalid values).
    private var oversized = false
    private var valueStart = StreamPosition(offset: 0, line: 1, column: 1)
    private var elementIndex = 0

    private var found = false
    private var arrayClosed = false
    /// A value on the path that is not a container: the pointer leads nowhere.
    private var deadEnd: (position: StreamPosition, kind: String)?

    // Line and column bookkeeping, in stream offsets.
    private var line = 1
    private var lineStart = 0
    private var continuationBytes = 0
    /// The offset just past the last `\r`, so that the `\n` of a `\r\n` does not count a second line.
    private var afterCarriageReturn = -1
    private var finished = false

    init(pointer: JSONPointer, options: Node.StreamingOptions, skipsInvalidValues: Bool) {
        tokens = pointer.tokens
        pointerText = pointer.description
        var reading = options.reading
        if reading.allowsJSON5 {
            reading.allowsTrailingCommas = true
            reading.allowsNonFiniteNumbers = true
        }
        self.options = reading
        maximumValueSize = options.maximumValueSize
        self.skipsInvalidValues = skipsInvalidValues
    }

    /// The error for options that `elements(at:)` cannot honour, if any.
    static func unsupportedOptions(_ options: Node.ReadingOptions) -> JSONStreamError? {
        guard options.allowsJSON5 || options.allowsComments else { return nil }
        return JSONStreamError(
            .unsupportedOptions,
            reason: "elements(at:) reads strict JSON (with trailing commas and non-finite numbers if asked), "
                + "not comments or JSON5; read the document with Node(json:options:) instead", offset: 0)
    }

    // MARK: Feeding

    mutating func advance(
        _ chunk: UnsafeBufferPointer<UInt8>, from position: inout Int, chunkOffset: Int
    ) throws(JSONStreamError) -> FramedValue? {
        dropHandedOut(&valueBytes, &handedOut)
        while position < chunk.count {
            if gathering != .none {
                if let value = try gather(chunk, from: &position, chunkOffset: chunkOffset) { return value }
                continue
            }
            let byte = chunk[position]
            let offset = chunkOffset + position
            switch byte {
            case 0x20, 0x09:
                position += 1
                continue
            case 0x0A, 0x0D:
                newline(byte, at: offset)
                position += 1
                continue
            default:
                break
            }
            if expectation == .documentStart {
                if try skipByteOrderMark(byte, chunk, position, chunkOffset) {
                    position += 1
                    continue
                }
                expectation = .value
            }
            try structural(byte, chunk, at: position, chunkOffset: chunkOffset)
            if gathering == .none { position += 1 }
        }
        return nil
    }

    mutating func finish(streamLength: Int) throws(JSONStreamError) -> FramedValue? {
        dropHandedOut(&valueBytes, &handedOut, atEnd: true)
        guard !finished else { return nil }
        if gathering != .none {
            if isScalar && gathering != .key {
                // A number or literal ends with the input; it may be the whole document, or an element before an
                // array that never closes (an error on the next call).
                if let value = try endGathered(at: streamLength) { return value }
                return try finish(streamLength: streamLength)
            }
            finished = true
            // A string or container cut short: the reader says exactly what is missing.
            let bytes = gathering == .key ? keyBytes : valueBytes
            let value = FramedValue(start: valueStart, depth: frames.count)
            _ = try bytes.withUnsafeBufferPointer { buffer throws(JSONStreamError) in
                try value.read(buffer, options: options)
            }
            throw endOfInputError(at: streamLength, expecting: "the end of the value")
        }
        finished = true
        switch expectation {
        case .documentEnd:
            break
        case .documentStart, .value:
            throw endOfInputError(at: streamLength, expecting: "expected a value")
        case .firstElementOrClose:
            throw endOfInputError(at: streamLength, expecting: "expected a value or ']'")
        case .firstKeyOrClose:
            throw endOfInputError(at: streamLength, expecting: "expected a key or '}'")
        case .key:
            throw endOfInputError(at: streamLength, expecting: "expected a key")
        case .colon:
            throw endOfInputError(at: streamLength, expecting: "expected ':' after a key")
        case .commaOrClose:
            let close = frames.last?.isObject == true ? "'}'" : "']'"
            throw endOfInputError(at: streamLength, expecting: "expected ',' or \(close)")
        }
        guard found else {
            if let deadEnd {
                throw JSONStreamError(
                    .pointerNotFound,
                    reason: "the document has no value at \(quoted(pointerText, limit: 200)): "
                        + "the path reaches \(deadEnd.kind)",
                    offset: deadEnd.position.offset)
            }
            throw JSONStreamError(
                .pointerNotFound, reason: "the document has no value at \(quoted(pointerText, limit: 200))",
                offset: 0)
        }
        return nil
    }

    // MARK: Structure along the path

    private mutating func skipByteOrderMark(
        _ byte: UInt8, _ chunk: UnsafeBufferPointer<UInt8>, _ position: Int, _ chunkOffset: Int
    ) throws(JSONStreamError) -> Bool {
        let mark: [UInt8] = [0xEF, 0xBB, 0xBF]
        if bomBytesSeen < 3 && byte == mark[bomBytesSeen] && (bomBytesSeen > 0 || chunkOffset + position == 0) {
            bomBytesSeen += 1
            // The mark is not a character a column counts.
            lineStart += 1
            return true
        }
        if bomBytesSeen > 0 && bomBytesSeen < 3 {
            throw syntaxError(
                .invalidUTF8, "expected well-formed UTF-8", found: describeStreamByte(byte), chunk, position,
                chunkOffset)
        }
        return false
    }

    private mutating func structural(
        _ byte: UInt8, _ chunk: UnsafeBufferPointer<UInt8>, at position: Int, chunkOffset: Int
    ) throws(JSONStreamError) {
        switch expectation {
        case .documentStart, .value:
            try startValue(byte, chunk, position, chunkOffset)
        case .firstElementOrClose:
            if byte == UInt8(ascii: "]") {
                closeContainer()
            } else {
                try startValue(byte, chunk, position, chunkOffset)
            }
        case .firstKeyOrClose, .key:
            if byte == UInt8(ascii: "\"") {
                startGathering(.key, scalar: false, at: chunkOffset + position)
            } else if byte == UInt8(ascii: "}") && (expectation == .firstKeyOrClose || options.allowsTrailingCommas) {
                closeContainer()
            } else {
                let what = expectation == .firstKeyOrClose ? "expected a key or '}'" : "expected a key"
                throw syntaxError(
                    .unexpectedCharacter, what, found: describeStreamByte(byte), chunk, position, chunkOffset)
            }
        case .colon:
            guard byte == UInt8(ascii: ":") else {
                throw syntaxError(
                    .unexpectedCharacter, "expected ':' after a key", found: describeStreamByte(byte), chunk,
                    position, chunkOffset)
            }
            expectation = .value
        case .commaOrClose:
            let isObject = frames[frames.count - 1].isObject
            if byte == UInt8(ascii: ",") {
                expectation = isObject ? .key : .value
                if !isObject && options.allowsTrailingCommas { expectation = .firstElementOrClose }
            } else if byte == (isObject ? UInt8(ascii: "}") : UInt8(ascii: "]")) {
                closeContainer()
            } else {
                let what =
                    isObject
                    ? "expected ',' or '}' after an object member" : "expected ',' or ']' after an array element"
                throw syntaxError(
                    .unexpectedCharacter, what, found: describeStreamByte(byte), chunk, position, chunkOffset)
            }
        case .documentEnd:
            throw syntaxError(
                .unexpectedContent, "expected the end of the input after the value", found: describeStreamByte(byte),
                chunk, position, chunkOffset)
        }
    }

    /// A value starts at `byte`: a container on the path is entered; anything else is gathered.
    private mutating func startValue(
        _ byte: UInt8, _ chunk: UnsafeBufferPointer<UInt8>, _ position: Int, _ chunkOffset: Int
    ) throws(JSONStreamError) {
        let offset = chunkOffset + position
        let depth = frames.count
        let isContainer = byte == UInt8(ascii: "[") || byte == UInt8(ascii: "{")
        let isStart =
            isContainer || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
            || byte == UInt8(ascii: ".") || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
            || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
            || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
        guard isStart else {
            throw syntaxError(
                .unexpectedCharacter, "expected a value", found: describeStreamByte(byte), chunk, position,
                chunkOffset)
        }
        if depth > 0 && !frames[depth - 1].isObject {
            // An element of an array on the path, or of the array itself.
            let index = frames[depth - 1].count
            frames[depth - 1].count += 1
            if depth == tokens.count + 1 {
                elementIndex = index
                startGathering(.element, scalar: !isContainer && byte != UInt8(ascii: "\""), at: offset)
                return
            }
            frames[depth - 1].onPath = ArrayPosition(tokens[depth - 1]) == .index(index)
        }
        let onPath = depth == 0 || frames[depth - 1].onPath
        if onPath && depth == tokens.count {
            guard byte == UInt8(ascii: "[") else {
                throw JSONStreamError(
                    .notAnArray,
                    reason: "the value at \(quoted(pointerText, limit: 200)) is \(Self.kindOfValue(byte)), "
                        + "not an array", offset: offset)
            }
            try push(isObject: false, chunk, position, chunkOffset)
            found = true
            return
        }
        if onPath && depth < tokens.count {
            if isContainer {
                try push(isObject: byte == UInt8(ascii: "{"), chunk, position, chunkOffset)
                return
            }
            deadEnd = (StreamPosition(offset: offset, line: line, column: column(at: offset)), Self.kindOfValue(byte))
        }
        startGathering(.skipped, scalar: !isContainer && byte != UInt8(ascii: "\""), at: offset)
    }

    private static func kindOfValue(_ byte: UInt8) -> String {
        switch byte {
        case UInt8(ascii: "{"): "an object"
        case UInt8(ascii: "["): "an array"
        case UInt8(ascii: "\""): "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): "a Boolean"
        case UInt8(ascii: "n"): "null"
        default: "a number"
        }
    }

    private mutating func push(
        isObject: Bool, _ chunk: UnsafeBufferPointer<UInt8>, _ position: Int, _ chunkOffset: Int
    ) throws(JSONStreamError) {
        guard frames.count < options.maximumDepth else {
            throw syntaxError(
                .tooDeeplyNested, "expected at most \(counted(options.maximumDepth, "levels")) of nesting",
                found: "a deeper \(isObject ? "object" : "array")", chunk, position, chunkOffset)
        }
        frames.append(Frame(isObject: isObject, keys: isObject && options.rejectsDuplicateKeys ? [] : nil))
        expectation = isObject ? .firstKeyOrClose : .firstElementOrClose
    }

    private mutating func closeContainer() {
        if frames.count == tokens.count + 1 { arrayClosed = true }
        frames.removeLast()
        expectation = frames.isEmpty ? .documentEnd : .commaOrClose
    }

    // MARK: Gathering a value

    private mutating func startGathering(_ kind: Gathering, scalar: Bool, at offset: Int) {
        gathering = kind
        isScalar = scalar
        gatheredDepth = 0
        inString = false
        escaped = false
        oversized = false
        valueStart = StreamPosition(offset: offset, line: line, column: column(at: offset))
    }

    /// Gathers bytes of the current value from `chunk`; the value once it ends.
    private mutating func gather(
        _ chunk: UnsafeBufferPointer<UInt8>, from position: inout Int, chunkOffset: Int
    ) throws(JSONStreamError) -> FramedValue? {
        let begin = position
        var index = position
        var ended = false
        if isScalar {
            while index < chunk.count {
                let byte = chunk[index]
                let isTokenByte =
                    (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9"))
                    || (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                    || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z")) || byte == UInt8(ascii: "-")
                    || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".")
                if !isTokenByte {
                    ended = true
                    break
                }
                index += 1
            }
        } else {
            let quote = UInt8(ascii: "\"")
            let backslash = UInt8(ascii: "\\")
            while index < chunk.count {
                if inString && !escaped {
                    index = skipPlainStringBytes(chunk, from: index)
                    if index == chunk.count { break }
                }
                let byte = chunk[index]
                index += 1
                if inString {
                    if escaped {
                        escaped = false
                    } else if byte == backslash {
                        escaped = true
                    } else if byte == quote {
                        inString = false
                        if gatheredDepth == 0 {
                            ended = true
                            break
                        }
                    } else if byte & 0xC0 == 0x80 {
                        continuationBytes += 1
                    }
                    continue
                }
                switch byte {
                case quote:
                    inString = true
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    gatheredDepth += 1
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    gatheredDepth -= 1
                    if gatheredDepth <= 0 { ended = true }
                case 0x0A, 0x0D:
                    newline(byte, at: chunkOffset + index - 1)
                default:
                    break
                }
                if ended { break }
            }
        }
        try keep(UnsafeBufferPointer(rebasing: chunk[begin..<index]))
        position = index
        guard ended else { return nil }
        return try endGathered(at: chunkOffset + index)
    }

    /// The first index from `start` on that holds a quote or a backslash, skipping the plain bytes of a string a
    /// word at a time and counting their UTF-8 continuation bytes for the column; it stops short, with fewer than
    /// eight bytes left, for the byte-by-byte loop to finish. Most of a document's bytes are inside strings, and
    /// this is where gathering a value spends its time.
    private mutating func skipPlainStringBytes(_ chunk: UnsafeBufferPointer<UInt8>, from start: Int) -> Int {
        guard let base = chunk.baseAddress else { return start }
        var index = start
        while index &+ 8 <= chunk.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            // A continuation byte is 0b10xxxxxx: its high bit set, and the bit below it clear.
            let continuation = word & ~(word &<< 1) & 0x8080_8080_8080_8080
            let stops = zeroBytes(word ^ 0x2222_2222_2222_2222) | zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
            guard stops != 0 else {
                continuationBytes &+= continuation.nonzeroBitCount
                index &+= 8
                continue
            }
            // Only the lowest flag of `zeroBytes` is exact, and only the bytes before it are plain.
            let plain = stops.trailingZeroBitCount / 8
            let before: UInt64 = plain == 0 ? 0 : ~0 &>> (64 &- 8 &* UInt64(plain))
            continuationBytes &+= (continuation & before).nonzeroBitCount
            return index &+ plain
        }
        return index
    }

    /// Adds gathered bytes to the value or key, within the size limit.
    private mutating func keep(_ bytes: UnsafeBufferPointer<UInt8>) throws(JSONStreamError) {
        guard !oversized, !bytes.isEmpty else { return }
        let kept = gathering == .key ? keyBytes.count : valueBytes.count
        guard kept + bytes.count <= maximumValueSize else {
            let what = gathering == .key ? "a key" : gathering == .element ? "the element" : "a value"
            let error = JSONStreamError(
                .valueTooLarge, reason: "\(what) is larger than the limit of \(counted(maximumValueSize, "bytes"))",
                index: gathering == .element ? elementIndex : nil, offset: valueStart.offset)
            guard skipsInvalidValues && gathering == .element else { throw error }
            oversized = true
            valueBytes.removeAll()
            return
        }
        if gathering == .key {
            keyBytes.append(contentsOf: bytes)
        } else {
            valueBytes.append(contentsOf: bytes)
        }
    }

    /// The gathered value has ended (`end` is the stream offset just past it).
    private mutating func endGathered(at end: Int) throws(JSONStreamError) -> FramedValue? {
        let kind = gathering
        gathering = .none
        let depth = frames.count
        expectation = depth == 0 ? .documentEnd : .commaOrClose
        switch kind {
        case .none:
            return nil
        case .element:
            var value = FramedValue(index: elementIndex, start: valueStart, depth: depth)
            if oversized {
                value.problem = JSONStreamError(
                    .valueTooLarge,
                    reason: "the element is larger than the limit of \(counted(maximumValueSize, "bytes"))",
                    index: elementIndex, offset: valueStart.offset)
                oversized = false
            }
            handedOut = true
            return value
        case .skipped:
            let value = FramedValue(start: valueStart, depth: depth)
            _ = try valueBytes.withUnsafeBufferPointer { buffer throws(JSONStreamError) in
                try value.read(buffer, options: options)
            }
            valueBytes.removeAll(keepingCapacity: valueBytes.capacity <= 1 << 20)
            return nil
        case .key:
            expectation = .colon
            let value = FramedValue(start: valueStart, depth: depth)
            let node = try keyBytes.withUnsafeBufferPointer { buffer throws(JSONStreamError) in
                try value.read(buffer, options: options)
            }
            keyBytes.removeAll(keepingCapacity: true)
            guard case .string(let key) = node else { return nil }
            try noteKey(key)
            return nil
        }
    }

    /// Records a key of an object on the path, and whether its member is the path's next step.
    private mutating func noteKey(_ key: String) throws(JSONStreamError) {
        let level = frames.count - 1
        if frames[level].keys != nil {
            guard frames[level].keys!.insert(key).inserted else {
                throw duplicateKey(key, "a key repeated in one object")
            }
        }
        // Every frame is on the path, so a member is the next step when its key is this level's token.
        frames[level].onPath = level < tokens.count && key == tokens[level]
        if frames[level].onPath {
            if frames[level].tokenSeen {
                throw duplicateKey(key, "a key on the pointer's path only once (its first value is already read)")
            }
            frames[level].tokenSeen = true
        }
    }

    private func duplicateKey(_ key: String, _ expected: String) -> JSONStreamError {
        let error = JSONSyntaxError(
            relocating: JSONSyntaxError(
                .duplicateKey, reason: "expected \(expected)", found: "the key \(quoted(key)) again", offset: 0,
                in: UnsafeRawBufferPointer(start: nil, count: 0)),
            offset: valueStart.offset, line: valueStart.line, column: valueStart.column)
        return JSONStreamError(
            .syntax, reason: "the document is not valid JSON", offset: valueStart.offset, syntaxError: error)
    }

    // MARK: Lines, columns and errors

    private mutating func newline(_ byte: UInt8, at offset: Int) {
        if byte == 0x0A && offset == afterCarriageReturn {
            lineStart = offset + 1
        } else {
            line += 1
            lineStart = offset + 1
        }
        continuationBytes = 0
        if byte == 0x0D { afterCarriageReturn = offset + 1 }
    }

    /// The column of `offset`, on the current line, at or after every byte counted so far.
    private func column(at offset: Int) -> Int {
        max(1, offset - lineStart - continuationBytes + 1)
    }

    private func syntaxError(
        _ kind: JSONSyntaxError.Kind, _ reason: String, found: String, _ chunk: UnsafeBufferPointer<UInt8>,
        _ position: Int, _ chunkOffset: Int
    ) -> JSONStreamError {
        let offset = chunkOffset + position
        let local = JSONSyntaxError(
            kind, reason: reason, found: found, offset: position, in: UnsafeRawBufferPointer(chunk))
        let error = JSONSyntaxError(relocating: local, offset: offset, line: line, column: column(at: offset))
        return JSONStreamError(
            .syntax, reason: "the document is not valid JSON", index: nil, offset: offset, syntaxError: error)
    }

    private func endOfInputError(at offset: Int, expecting reason: String) -> JSONStreamError {
        let local = JSONSyntaxError(
            .unexpectedEndOfInput, reason: reason, found: "the end of the input", offset: 0,
            in: UnsafeRawBufferPointer(start: nil, count: 0))
        let error = JSONSyntaxError(relocating: local, offset: offset, line: line, column: column(at: offset))
        return JSONStreamError(.syntax, reason: "the document is not valid JSON", offset: offset, syntaxError: error)
    }
}

// The flat document: what `NodeDecoder.decode(_:fromJSON:)` decodes from, instead of a `Node` tree.
//
// One entry of 16 bytes per value, in document order, in one allocation: a container's entry is followed by its
// elements (an object's by its keys and values, alternating) and records where it ends, so a reader can step over
// it. Strings stay in the input and are made into `String`s only when a model asks for one; a string with escapes
// is decoded once, into a buffer of the tape's own. Numbers are converted once, while reading.
//
// The input is borrowed: `NodeDecoder` reads and decodes within one call, while the caller's buffer is alive.
// Copying it would cost one allocation per call and a little of every decode (Compare's decode rows). A decoder or
// container that a model keeps past that call makes the tape copy its input then (`keepInput()`), so nothing the
// tape hands out can outlive the memory it reads.
//
// Built by `JSONReader.readTape` in the grammar loop that builds a `Node` tree (JSONReader+Structure.swift), so with
// the same grammar, limits and errors, and with every repeated key already resolved; `node(at:)` makes the `Node`
// of any entry, without recursion.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a tape entry holds.
internal enum TapeKind: UInt8, CaseIterable {
    case null
    case falseLiteral
    case trueLiteral
    /// `payload` is the `Int64`'s bits.
    case int
    /// `payload` is the `UInt64` (above `Int64.max`).
    case uint
    /// `payload` is the `Double`'s bits.
    case double
    /// `payload` indexes the tape's exact numbers (see `Node.Number.exact`).
    case exact
    /// `payload` is the offset of the UTF-8 bytes in the tape's text; the count is their length.
    case string
    /// `payload` is the index after the array's last entry; the count is its number of elements.
    case array
    /// `payload` is the index after the object's last entry; the count is its number of members.
    case object
}

/// One value of a tape.
internal struct TapeEntry {
    /// The kind in the low byte; then a string's `isASCII` bit (`asciiFlag`) and the bit of a string the tape holds
    /// as a `String` (`ownStringFlag`); from `countShift` up, a container's
    /// element or member count, or a string's length.
    var header: UInt64
    var payload: UInt64

    private static var asciiFlag: UInt64 { 1 << 8 }
    private static var ownStringFlag: UInt64 { 1 << 9 }
    private static var countShift: UInt64 { 10 }

    init(_ kind: TapeKind, count: Int = 0, payload: UInt64 = 0) {
        header = UInt64(kind.rawValue) | UInt64(truncatingIfNeeded: count) << Self.countShift
        self.payload = payload
    }

    /// A string's entry: `length` bytes at `offset` (see `TapeKind.string`).
    init(string offset: Int, length: Int, isASCII: Bool) {
        self.init(.string, count: length, payload: UInt64(truncatingIfNeeded: offset))
        if isASCII { header |= Self.asciiFlag }
    }

    /// The kind, or `.null` for a byte no entry is written with. A switch over the raw values as literals
    /// (`TapeEntryTests` checks them): a debug build would call the generated `rawValue` of each kind it tests,
    /// and a bit cast of the byte, which a debug build makes cheaply too, keeps an optimised build from folding
    /// the switch into its callers' own switches over the kind (Compare's canada.json decode row).
    @inline(__always) var kind: TapeKind {
        switch UInt8(truncatingIfNeeded: header) {
        case 1: .falseLiteral
        case 2: .trueLiteral
        case 3: .int
        case 4: .uint
        case 5: .double
        case 6: .exact
        case 7: .string
        case 8: .array
        case 9: .object
        default: .null
        }
    }
    @inline(__always) var count: Int { Int(truncatingIfNeeded: header >> Self.countShift) }
    /// A string's bytes are all ASCII: known from reading it, so making its `String` needs no second scan of them,
    /// which would show in Compare's twitter.json decode row.
    @inline(__always) var isASCII: Bool { header & Self.asciiFlag != 0 }

    /// A string the tape holds as a `String` (see `JSONTape.ownStrings`) of `length` UTF-8 bytes: `payload` indexes
    /// them.
    init(ownString index: Int, length: Int) {
        self.init(.string, count: length, payload: UInt64(index))
        header |= Self.ownStringFlag
    }

    @inline(__always) var isOwnString: Bool { header & Self.ownStringFlag != 0 }
}

/// A whole JSON document as a flat, read-only array of entries; see the top of this file.
///
/// Noncopyable, and no object of its own: the decoder that reads it (`DecoderImplementation`) holds it in a
/// stored property and frees it when it goes.
internal struct JSONTape: ~Copyable {
    private let entries: UnsafeMutablePointer<TapeEntry>
    /// The number of entries.
    let count: Int
    /// The input, which the strings without escapes point into: borrowed, or the tape's own copy once
    /// `ownsInput`.
    private var input: UnsafePointer<UInt8>
    let inputCount: Int
    private var ownsInput = false
    /// The strings with escapes, decoded: the one at offset `inputCount + k` starts at byte `k`.
    private let unescaped: UnsafeMutablePointer<UInt8>?
    private let unescapedCount: Int
    private let exactNumbers: [Node.ExactNumber]
    /// The strings of a tape written from a `Node` (JSONTape+OwnedCopies.swift), kept as the node's own `String`s:
    /// nothing to copy, and a model that asks for one gets it without a new one made. Nil for a tape the reader
    /// wrote.
    private let ownStrings: [String]?

    /// A tape of `entries` over `input`, which must stay alive and unchanged while the tape reads it, or until
    /// `keepInput()`. It takes over both `malloc`ed buffers.
    init(
        entries: (base: UnsafeMutablePointer<TapeEntry>, count: Int), input: (UnsafePointer<UInt8>, count: Int),
        unescaped: (base: UnsafeMutablePointer<UInt8>, count: Int)?, exactNumbers: [Node.ExactNumber],
        ownStrings: [String]? = nil
    ) {
        self.entries = entries.base
        self.count = entries.count
        (self.input, inputCount) = input
        self.unescaped = unescaped?.base
        unescapedCount = unescaped?.count ?? 0
        self.exactNumbers = exactNumbers
        self.ownStrings = ownStrings
    }

    deinit {
        entries.deinitialize(count: count)
        free(entries)
        free(unescaped)
        if ownsInput { free(UnsafeMutablePointer(mutating: input)) }
    }

    /// Copies the input into memory of the tape's own, for a tape that outlives the caller's buffer.
    mutating func keepInput() {
        guard !ownsInput else { return }
        guard let copy = malloc(max(inputCount, 1)) else {
            fatalError("JSONTape: out of memory for \(inputCount) bytes")
        }
        let bytes = copy.bindMemory(to: UInt8.self, capacity: max(inputCount, 1))
        bytes.initialize(from: input, count: inputCount)
        input = UnsafePointer(bytes)
        ownsInput = true
    }

    /// The entry at `index`, bounds-checked: indices come from the tape itself, and a wrong one must trap rather
    /// than read past it.
    @inline(__always)
    subscript(index: Int) -> TapeEntry {
        // One unsigned comparison: a negative index is above any count.
        precondition(UInt(bitPattern: index) < UInt(bitPattern: count), "JSONTape: entry index out of range")
        return entries[index]
    }

    @inline(__always)
    func kind(at index: Int) -> TapeKind { self[index].kind }

    /// The index after the value at `index` and everything inside it.
    @inline(__always)
    func end(of index: Int) -> Int {
        let entry = self[index]
        switch entry.kind {
        case .array, .object: return Int(truncatingIfNeeded: entry.payload)
        default: return index + 1
        }
    }

    /// The entry of the value whose key is `key` in the object at `object`, or nil when it has no such member or
    /// is not an object. Keys are compared byte for byte; the tape holds no object that repeats a key.
    func memberValue(in object: Int, key: UnsafeBufferPointer<UInt8>) -> Int? {
        guard kind(at: object) == .object else { return nil }
        return memberValue(key, from: object + 1, to: end(of: object))
    }

    /// `memberValue(in:key:)` for a key already compared with the one at `compared` (a key's entry in that
    /// object): looks after it to the object's end, then from the object's first key up to it. A model that skips
    /// members finds the next key it wants a few members on, without stepping again over every member before.
    func memberValue(in object: Int, key: UnsafeBufferPointer<UInt8>, after compared: Int) -> Int? {
        guard kind(at: object) == .object else { return nil }
        let end = end(of: object)
        precondition(compared > object && compared < end, "JSONTape: a key outside its object")
        return memberValue(key, from: self.end(of: compared + 1), to: end)
            ?? memberValue(key, from: object + 1, to: compared)
    }

    /// The entry of the value whose key is `key`, among the members whose keys are from the entry `start` to
    /// before `end` (each a key's entry, or `end`).
    @inline(__always)
    private func memberValue(_ key: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Int? {
        var index = start
        while index < end {
            if string(at: index, equals: key) { return index + 1 }
            index = self.end(of: index + 1)
        }
        return nil
    }

    // MARK: Strings

    /// The bytes of the string at `index` (a key or a value), for the duration of `body`. This and the next are
    /// inlined in a debug build too, as `withUTF8Bytes(of:_:)` is, so that it calls neither unspecialised.
    #if DEBUG
        @_transparent
    #else
        @inline(__always)
    #endif
    func withStringBytes<Result>(at index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withStringBytes(of: self[index], body)
    }

    /// The bytes of the string `entry` of this tape, for the duration of `body`.
    #if DEBUG
        @_transparent
    #else
        @inline(__always)
    #endif
    private func withStringBytes<Result>(of entry: TapeEntry, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
        -> Result
    {
        precondition(entry.kind == .string, "JSONTape: not a string")
        let offset = Int(truncatingIfNeeded: entry.payload)
        let length = entry.count
        if offset < inputCount {
            // With `offset` in the input, one unsigned comparison bounds `length` on both sides.
            precondition(
                offset >= 0 && UInt(bitPattern: length) <= UInt(bitPattern: inputCount &- offset),
                "JSONTape: string out of range")
            return body(UnsafeBufferPointer(start: input + offset, count: length))
        }
        if entry.isOwnString { return withOwnStringBytes(offset, body) }
        let place = offset - inputCount
        precondition(length >= 0 && place <= unescapedCount - length, "JSONTape: string out of range")
        return body(UnsafeBufferPointer(start: unescaped.map { $0 + place }, count: length))
    }

    /// The bytes of the own string at `index` of `ownStrings`. Not inlined: tapes the reader wrote have none.
    @inline(never)
    private func withOwnStringBytes<Result>(_ index: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        guard let ownStrings else { preconditionFailure("JSONTape: an own string in a tape without them") }
        var string = ownStrings[index]
        // Contiguous already, unless it is a bridged string, which this makes native once.
        return string.withUTF8(body)
    }

    /// The string at `index` (a key or a value). Its UTF-8 was validated when it was read.
    @inline(__always)
    func string(at index: Int) -> String {
        string(of: self[index])
    }

    /// The string `entry` of this tape.
    @inline(__always)
    func string(of entry: TapeEntry) -> String {
        if entry.isOwnString { return ownString(entry) }
        return withStringBytes(of: entry) { String(validatedUTF8: $0, isASCII: entry.isASCII) }
    }

    /// The own string of `entry` (see `ownStrings`). Not inlined: tapes the reader wrote have none.
    @inline(never)
    private func ownString(_ entry: TapeEntry) -> String {
        guard let ownStrings else { preconditionFailure("JSONTape: an own string in a tape without them") }
        return ownStrings[Int(truncatingIfNeeded: entry.payload)]
    }

    /// Whether the string at `index` is `key`, byte for byte.
    @inline(__always)
    func string(at index: Int, equals key: UnsafeBufferPointer<UInt8>) -> Bool {
        let entry = self[index]
        guard entry.count == key.count else { return false }
        return withStringBytes(of: entry) { bytesEqual($0, key) }
    }

    // MARK: Values

    /// The number at `index`, or nil when it holds something else.
    @inline(__always)
    func number(at index: Int) -> Node.Number? {
        let entry = self[index]
        switch entry.kind {
        case .int: return .int(Int64(bitPattern: entry.payload))
        case .uint: return .uint(entry.payload)
        case .double: return .double(Double(bitPattern: entry.payload))
        case .exact: return .exact(exactNumbers[Int(truncatingIfNeeded: entry.payload)])
        default: return nil
        }
    }

    /// The `Node` of the value at `index`: cheap for a number, a literal or a string; a container is built whole.
    @inline(__always)
    func node(at index: Int) -> Node {
        switch kind(at: index) {
        case .null: return .null
        case .falseLiteral: return .bool(false)
        case .trueLiteral: return .bool(true)
        case .int, .uint, .double, .exact: return .number(number(at: index)!)
        case .string: return .string(string(at: index))
        case .array, .object: return container(at: index)
        }
    }

    /// An open container while `container(at:)` builds one.
    private struct Building {
        /// Elements or members still to come before it closes.
        var remaining: Int
        var valueStart: Int
        /// Where its keys start on the key stack; -1 for an array.
        var keyStart: Int
        var isObject: Bool { keyStart >= 0 }
    }

    /// A key waiting for its object to close, with its fingerprint.
    private struct BuiltKey {
        var key: String
        var fingerprint: UInt64
    }

    /// Builds the array or object at `index` without recursion: values and keys wait on stacks until their
    /// container closes, as in the tree reader, and are then moved into one exactly sized array. Keys, and long
    /// value strings, read recently are the same `String` again, as in the tree reader (`RecentStrings`).
    @inline(never)
    private func container(at root: Int) -> Node {
        var values = ScratchStack<Node>(capacity: 16)
        var keys = ScratchStack<BuiltKey>(capacity: 8)
        var open = ScratchStack<Building>(capacity: 8)
        var recentKeys = RecentStrings(lookUpsBeforeSlots: 16)
        var recentValues = RecentStrings(lookUpsBeforeSlots: 64)
        var index = root
        var keyIsNext = false
        while true {
            if keyIsNext {
                keys.push(key(at: index, recent: &recentKeys))
                index += 1
            }
            let entry = self[index]
            switch entry.kind {
            case .array where entry.count > 0:
                open.push(Building(remaining: entry.count, valueStart: values.count, keyStart: -1))
                index += 1
                keyIsNext = false
                continue
            case .object where entry.count > 0:
                open.push(Building(remaining: entry.count, valueStart: values.count, keyStart: keys.count))
                index += 1
                keyIsNext = true
                continue
            case .array:
                values.push(.array([]))
            case .object:
                values.push(.object(Node.Object()))
            case .string where entry.count >= 16:
                values.push(.string(longString(at: index, recent: &recentValues)))
            default:
                values.push(node(at: index))
            }
            index += 1
            // A value is complete: close every container it completes.
            while open.count > 0 {
                let top = open.base + (open.count - 1)
                top.pointee.remaining -= 1
                guard top.pointee.remaining == 0 else { break }
                let closed = open.pop()
                values.push(
                    closed.isObject
                        ? .object(closeObject(&values, &keys, closed))
                        : .array(values.popArray(from: closed.valueStart)))
            }
            guard let top = open.last else { return values.pop() }
            keyIsNext = top.isObject
        }
    }

    /// The key at `index`, from `recent` when it was made recently.
    private func key(at index: Int, recent: inout RecentStrings) -> BuiltKey {
        let entry = self[index]
        if entry.isOwnString {
            return BuiltKey(key: ownString(entry), fingerprint: withStringBytes(of: entry) { keyFingerprint($0) })
        }
        return withStringBytes(of: entry) { bytes in
            let fingerprint = keyFingerprint(bytes)
            if let key = recent.lookUp(bytes, fingerprint: fingerprint, documentSize: inputCount) {
                return BuiltKey(key: key, fingerprint: fingerprint)
            }
            let key = String(validatedUTF8: bytes, isASCII: entry.isASCII)
            recent.keep(key, fingerprint: fingerprint, bytes: bytes)
            return BuiltKey(key: key, fingerprint: fingerprint)
        }
    }

    /// The value string of 16 bytes or more at `index`, from `recent` when it was made recently.
    private func longString(at index: Int, recent: inout RecentStrings) -> String {
        let entry = self[index]
        if entry.isOwnString { return ownString(entry) }
        return withStringBytes(of: entry) { bytes in
            let (string, fingerprint) = recent.lookUpLong(bytes, documentSize: inputCount)
            if let string { return string }
            let made = String(validatedUTF8: bytes, isASCII: entry.isASCII)
            recent.keep(made, fingerprint: fingerprint, bytes: bytes)
            return made
        }
    }

    /// Moves the keys and values of `object`, which has closed, into a `Node.Object`. The tape holds no object
    /// that repeats a key: the reader resolved them.
    private func closeObject(
        _ values: inout ScratchStack<Node>, _ keys: inout ScratchStack<BuiltKey>, _ object: Building
    ) -> Node.Object {
        let count = keys.count - object.keyStart
        let keyBase = keys.base + object.keyStart
        let valueBase = values.base + object.valueStart
        func entry(_ position: Int) -> Node.Object.Entry {
            let key = (keyBase + position).move()
            return Node.Object.Entry(key: key.key, value: (valueBase + position).move(), fingerprint: key.fingerprint)
        }
        let entries =
            smallContiguousArray(count: count, entry)
            ?? ContiguousArray(unsafeUninitializedCapacity: count) { buffer, initialized in
                for position in 0..<count {
                    (buffer.baseAddress! + position).initialize(to: entry(position))
                }
                initialized = count
            }
        keys.discardMoved(from: object.keyStart)
        values.discardMoved(from: object.valueStart)
        return Node.Object(uniqueEntries: entries, index: nil)
    }
}

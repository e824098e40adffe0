// The byte path's cache of keys it has written: a model writes the same few keys over and over (every status of
// twitter.json has the same 23), so each is escaped and fingerprinted once per run and then copied.
//
// Entries are found by the key's two words. Equal words are the same string: a short string holds its bytes in
// them, and a longer one points to its storage, which the entry keeps alive so that no other string can take its
// place. A different string with the same text only misses, and is escaped again. (The words are the one
// `unsafeBitCast` here. The cache saves a few percent of encoding twitter.json or citm_catalog.json; see Compare's
// encode rows.)

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

internal struct WrittenKeyCache: ~Copyable {
    /// One key as written: `"escaped":`, in `text`. All zeros is an empty slot: no string has those words.
    private struct Entry {
        var words: (UInt64, UInt64)
        var fingerprint: UInt64
        var textStart: Int
        var textCount: Int
    }

    /// A document writes this many keys before the cache is made: a small one never pays for it.
    private static let keysBeforeCaching = 64
    /// Slots, in sets of `ways`: a key goes into the first slot of its set, and the keys there move down one, so
    /// up to `ways` keys that pick the same set all stay. (With fewer ways, the few keys of a model that happened to
    /// share a set were escaped again each time they took turns, and which keys shared one changed with where the
    /// binary put their text: Compare's twitter.json encode row moved by 3% between builds.)
    private static let slotCount = 256
    private static let ways = 4
    /// Past this many bytes of keys, no more are added: keys made up at run time would otherwise grow it forever.
    private static let textLimit = 64 << 10

    private var slots: UnsafeMutablePointer<Entry>?
    /// The key of each slot, which keeps a longer key's storage, whose address is in its words, alive.
    private var keys: UnsafeMutablePointer<String>?
    private var text = ScratchStack<UInt8>(capacity: 2048)
    private var keysWritten = 0

    init() {}

    deinit {
        slots?.deallocate()
        if let keys {
            keys.deinitialize(count: Self.slotCount)
            keys.deallocate()
        }
    }

    /// Writes `"key":` to `writer`, and gives the key's fingerprint and where its escaped bytes are.
    @inline(__always)
    mutating func write(_ key: String, to writer: inout JSONWriter) -> WrittenKey {
        guard let slots, let keys else { return writeUncached(key, to: &writer) }
        let words = unsafeBitCast(key, to: (UInt64, UInt64).self)
        let index = Self.firstSlot(for: words)
        // A `while` loop and the words compared one by one: a debug build would make a range's iterator and call
        // the standard library's generic tuple `==` for every key (Compare's encode rows in debug).
        var slot = index
        while slot < index + Self.ways {
            let entry = slots[slot]
            if entry.words.0 == words.0 && entry.words.1 == words.1 {
                let start = writer.byteCount + 1
                writer.writeRaw(text.base + entry.textStart, count: entry.textCount)
                return WrittenKey(fingerprint: entry.fingerprint, start: start, count: entry.textCount - 3)
            }
            slot += 1
        }
        let written = writer.writeKey(key)
        let count = written.count + 3
        if text.count + count <= Self.textLimit {
            let textStart = text.count
            writer.withWrittenBytes(from: written.start - 1, count: count) { text.push(contentsOf: $0) }
            let last = index + Self.ways - 1
            (keys + last).deinitialize(count: 1)
            (keys + index + 1).moveInitialize(from: keys + index, count: Self.ways - 1)
            (slots + index + 1).moveInitialize(from: slots + index, count: Self.ways - 1)
            slots[index] = Entry(words: words, fingerprint: written.fingerprint, textStart: textStart, textCount: count)
            (keys + index).initialize(to: key)
        }
        return written
    }

    private mutating func writeUncached(_ key: String, to writer: inout JSONWriter) -> WrittenKey {
        keysWritten += 1
        // Two words a string: true of every 64-bit platform; elsewhere keys are not cached.
        if keysWritten == Self.keysBeforeCaching && MemoryLayout<String>.size == 16 {
            let slots = UnsafeMutablePointer<Entry>.allocate(capacity: Self.slotCount)
            slots.initialize(
                repeating: Entry(words: (0, 0), fingerprint: 0, textStart: 0, textCount: 0), count: Self.slotCount)
            let keys = UnsafeMutablePointer<String>.allocate(capacity: Self.slotCount)
            keys.initialize(repeating: "", count: Self.slotCount)
            self.slots = slots
            self.keys = keys
        }
        return writer.writeKey(key)
    }

    /// The first of the `ways` slots of the set for a key with these words.
    @inline(__always)
    private static func firstSlot(for words: (UInt64, UInt64)) -> Int {
        Int(
            truncatingIfNeeded: ((words.0 &+ words.1 &* 0x9E37_79B9_7F4A_7C15) &* 0xBF58_476D_1CE4_E5B9)
                >> (64 - slotCount.trailingZeroBitCount)) & (slotCount - ways)
    }
}

// Documents repeat strings: the same keys in object after object, and long values (dates, URLs, names) wherever
// the same user or post appears again. In twitter.json, 1,206 of the 2,336 value strings of 16 bytes or more
// repeat one read before. The reader keeps the strings it made recently and hands the same `String` out again: no
// validation, no allocation, and one storage fewer for the tree to free.

/// Strings the reader made recently, found by the fingerprint of the input bytes they were made from:
/// `keyFingerprint(_:)` for keys, which need it anyway, and `longStringFingerprint(_:)` for long values. A value
/// with escapes is found by its bytes as written, escapes and all, which always decode to the same string.
///
/// The slots are made only after a number of look-ups (`init(lookUpsBeforeSlots:)`), and in proportion to the
/// document (`setCount(forDocumentOf:)`): making and freeing 512 slots would cost a small document more than the
/// cache saves it. They come in sets of two, so that two strings whose fingerprints pick the same set both stay.
/// (Fed twitter.json's 94 keys in order, 256 single slots miss about thirty times as often as 256 sets of two,
/// and make long keys again.) A string is handed out again only when its bytes are equal, so fingerprints that
/// collide cost a comparison, never a wrong string.
///
/// The slots are raw memory that the cache owns, like `ScratchStack`'s, read and written in place: a cache never
/// used costs a nil check when the reader is done, where an empty array would cost a call to release it (Compare's
/// `--small` parse row for `[]`), and a look-up needs no closure.
struct RecentStrings: ~Copyable {
    private struct Slot {
        var fingerprint: UInt64
        /// The input bytes the string was made from (nil in an empty slot). The input stays in place, unchanged,
        /// while the reader runs, so a look-up compares bytes with bytes and never reaches into the `String`: a
        /// key longer than 15 bytes would cost a retain and a release to be compared through its `utf8` view.
        var source: UnsafePointer<UInt8>?
        var string: String
        /// The number of bytes at `source`, -1 in an empty slot. In 32 bits, beside the successors, so that a
        /// slot takes 40 bytes, not 48, which makes the slots cheaper to make for a small document (Compare's
        /// `--small` 400-byte API response parse row).
        var count: Int32
        /// For a key, the slot of the key that came next the last time this one was read, and of the other key
        /// that came next before that, or -1 (see `predictedKey(at:available:)`). Those slots may hold other
        /// strings since: a prediction only says which bytes to compare first. (There are 512 slots at most.)
        var successor: Int16
        var alternate: Int16
    }

    /// nil until the slots are made; then `2 * (mask + 1)` initialized slots, a set of two per fingerprint.
    private var slots: UnsafeMutablePointer<Slot>?
    private var mask = 0
    /// Strings still to look up before the slots are made.
    private var lookUpsBeforeSlots: Int
    /// Whether the cache links each string to the one it is asked for next (`predictedKey(at:available:)`).
    private let predictsSuccessors: Bool
    /// The slot of the string found or kept last, or -1: its successor is the next prediction.
    private var previous = -1

    /// Sets of two slots for a document of `byteCount` bytes: one per 32 bytes, a power of two from 16 to 256
    /// (at about 8 KB). A small document's few repeats fit a small cache, and a big one's repay a big one.
    static func setCount(forDocumentOf byteCount: Int) -> Int {
        min(256, max(16, 1 << (Int.bitWidth - (byteCount / 32).leadingZeroBitCount)))
    }

    /// The set of a string with this fingerprint, when there are `mask + 1` sets (a power of two).
    @inline(__always)
    static func set(of fingerprint: UInt64, mask: Int) -> Int {
        Int(truncatingIfNeeded: fingerprint >> 7) & mask
    }

    /// A cache whose slots are made at the first look-up after `lookUpsBeforeSlots`; one that
    /// `predictsSuccessors` also links each string to the next (for keys).
    init(lookUpsBeforeSlots: Int, predictsSuccessors: Bool = false) {
        self.lookUpsBeforeSlots = lookUpsBeforeSlots
        self.predictsSuccessors = predictsSuccessors
    }

    deinit {
        if let slots {
            slots.deinitialize(count: 2 * (mask + 1))
            slots.deallocate()
        }
    }

    /// The string made recently from exactly `bytes`, whose fingerprint is `fingerprint`, if there is one.
    @inline(__always)
    mutating func lookUp(_ bytes: UnsafeBufferPointer<UInt8>, fingerprint: UInt64, documentSize: Int) -> String? {
        let slots: UnsafeMutablePointer<Slot>
        if let made = self.slots {
            slots = made
        } else {
            guard lookUpsBeforeSlots == 0 else {
                lookUpsBeforeSlots &-= 1
                return nil
            }
            slots = makeSlots(documentSize: documentSize)
        }
        let firstIndex = Self.set(of: fingerprint, mask: mask) &<< 1
        let first = slots + firstIndex
        if Self.slot(first, holds: bytes, fingerprint: fingerprint) {
            follow(to: firstIndex, in: slots)
            return first.pointee.string
        }
        let second = first + 1
        if Self.slot(second, holds: bytes, fingerprint: fingerprint) {
            follow(to: firstIndex &+ 1, in: slots)
            return second.pointee.string
        }
        return nil
    }

    /// The key that followed the previous one the last time that one was read, or the time before, when the
    /// `available` bytes from `start` begin with its bytes and a closing quote; with its fingerprint and its length
    /// in bytes.
    ///
    /// Documents repeat their objects' keys in the same order, so most keys are the one that came after the key
    /// before them last time: one comparison of bytes then replaces the scan, the fingerprint and the look-up. A
    /// strict reader keeps only plain keys (no quote, backslash, control or non-ASCII byte), so the bytes of one
    /// of them and then a quote are a whole, valid key.
    @inline(__always)
    mutating func predictedKey(at start: UnsafePointer<UInt8>, available: Int) -> (
        string: String, fingerprint: UInt64, count: Int
    )? {
        guard previous >= 0, let slots else { return nil }
        let links = slots + previous
        let first = Int(links.pointee.successor)
        if first >= 0, Self.slot(slots + first, beginsInputAt: start, available: available) {
            previous = first
            return Self.key(in: slots + first)
        }
        // Where a key has two usual successors (an object's last key, followed by either of two objects' first),
        // the other one: with it, about 19 in 20 of twitter.json's keys are predicted, 4 in 5 without.
        let second = Int(links.pointee.alternate)
        if second >= 0, Self.slot(slots + second, beginsInputAt: start, available: available) {
            links.pointee.alternate = links.pointee.successor
            links.pointee.successor = Int16(truncatingIfNeeded: second)
            previous = second
            return Self.key(in: slots + second)
        }
        return nil
    }

    /// The key in `slot`, with its fingerprint and its length in bytes.
    @inline(__always)
    private static func key(in slot: UnsafeMutablePointer<Slot>) -> (string: String, fingerprint: UInt64, count: Int) {
        (slot.pointee.string, slot.pointee.fingerprint, Int(slot.pointee.count))
    }

    /// Whether the `available` bytes from `start` begin with the bytes of the key in `slot` and a closing quote.
    @inline(__always)
    private static func slot(
        _ slot: UnsafeMutablePointer<Slot>, beginsInputAt start: UnsafePointer<UInt8>, available: Int
    ) -> Bool {
        let count = Int(slot.pointee.count)
        // An empty slot's count, -1, is above any number of available bytes as an unsigned number.
        return UInt(bitPattern: count) < UInt(bitPattern: available) && start[count] == UInt8(ascii: "\"")
            && bytesEqual(
                UnsafeBufferPointer(start: slot.pointee.source, count: count),
                UnsafeBufferPointer(start: start, count: count))
    }

    /// Forgets the string found or kept last: the next one follows a string the cache does not hold.
    @inline(__always)
    mutating func forgetPrevious() {
        previous = -1
    }

    /// Links the string found or kept last to the one in slot `index`, which comes next.
    @inline(__always)
    private mutating func follow(to index: Int, in slots: UnsafeMutablePointer<Slot>) {
        guard predictsSuccessors else { return }
        if previous >= 0 && Int(slots[previous].successor) != index {
            slots[previous].alternate = slots[previous].successor
            slots[previous].successor = Int16(truncatingIfNeeded: index)
        }
        previous = index
    }

    /// Whether `slot` holds the string of `bytes`, whose fingerprint is `fingerprint`.
    @inline(__always)
    private static func slot(
        _ slot: UnsafeMutablePointer<Slot>, holds bytes: UnsafeBufferPointer<UInt8>, fingerprint: UInt64
    )
        -> Bool
    {
        slot.pointee.fingerprint == fingerprint && Int(slot.pointee.count) == bytes.count
            && bytesEqual(UnsafeBufferPointer(start: slot.pointee.source, count: bytes.count), bytes)
    }

    /// `lookUp(_:fingerprint:documentSize:)` for a string of 16 bytes or more, with the fingerprint of
    /// `longStringFingerprint(_:)`, which it returns for `keep(_:fingerprint:)`. Until the slots are made, no
    /// fingerprint is taken (it is 0).
    @inline(__always)
    mutating func lookUpLong(_ bytes: UnsafeBufferPointer<UInt8>, documentSize: Int) -> (
        string: String?, fingerprint: UInt64
    ) {
        if slots == nil && lookUpsBeforeSlots != 0 {
            lookUpsBeforeSlots &-= 1
            return (nil, 0)
        }
        let fingerprint = Self.longStringFingerprint(bytes)
        return (lookUp(bytes, fingerprint: fingerprint, documentSize: documentSize), fingerprint)
    }

    /// Keeps `string`, just made from `bytes` of the input, whose fingerprint is `fingerprint`, in the first slot
    /// of its set, once the slots are made; the string that was there moves to the second, and the one that was
    /// there goes. `bytes` must stay in place and unchanged as long as the cache is used: the reader passes the
    /// input, which it reads to the end without changing, never its scratch space.
    @inline(__always)
    mutating func keep(_ string: String, fingerprint: UInt64, bytes: UnsafeBufferPointer<UInt8>) {
        // A string of 2 GiB or more is not kept: a slot counts bytes in 32 bits.
        guard let slots, let count = Int32(exactly: bytes.count) else { return }
        let firstIndex = Self.set(of: fingerprint, mask: mask) &<< 1
        let first = slots + firstIndex
        // Linked before the move, so that a string moving to the second slot takes its link to this one along.
        follow(to: firstIndex, in: slots)
        (first + 1).pointee = first.move()
        first.initialize(
            to: Slot(
                fingerprint: fingerprint, source: bytes.baseAddress, string: string, count: count, successor: -1,
                alternate: -1))
    }

    /// Makes the slots. Out of line, so that the path that reads a string stays short.
    @inline(never)
    private mutating func makeSlots(documentSize: Int) -> UnsafeMutablePointer<Slot> {
        let sets = Self.setCount(forDocumentOf: documentSize)
        let made = UnsafeMutablePointer<Slot>.allocate(capacity: 2 * sets)
        // An empty slot's count, -1, matches no bytes, so its nil source is never read.
        made.initialize(
            repeating: Slot(fingerprint: 0, source: nil, string: "", count: -1, successor: -1, alternate: -1),
            count: 2 * sets)
        slots = made
        mask = sets - 1
        return made
    }

    /// A fingerprint of a long string (16 bytes or more) from its length and its first, middle and last eight
    /// bytes: three loads, where `keyFingerprint(_:)` reads every byte. Dates such as `Sun Aug 31 00:29:15 +0000
    /// 2014` differ only in the middle, so it is read too. Strings this misses are told apart by their bytes.
    @inline(__always)
    static func longStringFingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        precondition(bytes.count >= 16, "RecentStrings: a long string has 16 bytes or more")
        let raw = UnsafeRawPointer(bytes.baseAddress!)
        let count = bytes.count
        let first = raw.loadUnaligned(as: UInt64.self)
        let middle = raw.loadUnaligned(fromByteOffset: (count &>> 1) &- 4, as: UInt64.self)
        let last = raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self)
        var hash = (first ^ UInt64(truncatingIfNeeded: count)) &* 0xFF51_AFD7_ED55_8CCD
        hash = (hash ^ (hash >> 32) ^ middle) &* 0xC4CE_B9FE_1A85_EC53
        hash = (hash ^ (hash >> 29) ^ last) &* 0xFF51_AFD7_ED55_8CCD
        // A product carries a byte's difference only upwards: strings that differ in their last byte alone (a
        // number at the end) differed in the top bits only, picked one set, and evicted one another. Folding the
        // top half down and mixing once more reaches the bits `set(of:mask:)` reads.
        hash = (hash ^ (hash >> 32)) &* 0xC4CE_B9FE_1A85_EC53
        return hash ^ (hash >> 29)
    }
}

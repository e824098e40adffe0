// Documents repeat strings: the same keys in object after object, and long values (dates, URLs, names) wherever
// the same user or post appears again. In twitter.json, 1,206 of the 2,336 value strings of 16 bytes or more
// repeat one read before. The reader keeps the strings it made recently and hands the same `String` out again: no
// validation, no allocation, and one storage fewer for the tree to free.

/// Strings the reader made recently, one per slot, found by fingerprint: `keyFingerprint(_:)` for keys, which need
/// it anyway, and `longStringFingerprint(_:)` for long values.
///
/// The slots are made only after a number of look-ups (`init(lookUpsBeforeSlots:)`), and in proportion to the
/// document (`slotCount(forDocumentOf:)`): making and freeing 256 slots would cost a small document more than the
/// cache saves it. A string is handed out again only when its bytes are equal, so fingerprints that collide cost a
/// comparison, never a wrong string.
struct RecentStrings {
    private struct Slot {
        var fingerprint: UInt64
        var string: String
    }

    private var slots = ContiguousArray<Slot>()
    /// Strings still to look up before the slots are made.
    private var lookUpsBeforeSlots: Int

    /// Slots for a document of `byteCount` bytes: one per 32 bytes, a power of two from 16 to 256 (at about
    /// 8 KB). A small document's few repeats fit a small cache, and a big one's repay a big one.
    static func slotCount(forDocumentOf byteCount: Int) -> Int {
        min(256, max(16, 1 << (Int.bitWidth - (byteCount / 32).leadingZeroBitCount)))
    }

    /// A cache whose slots are made at the first look-up after `lookUpsBeforeSlots`.
    init(lookUpsBeforeSlots: Int) {
        self.lookUpsBeforeSlots = lookUpsBeforeSlots
    }

    /// The string made recently from exactly `bytes`, whose fingerprint is `fingerprint`, if there is one.
    ///
    /// Reads the slots without asking for them uniquely: most strings looked up are found, and only the others
    /// are kept. (Keys used to go through one unique access for both: reading twitter.json into a `Node` took
    /// 12.53M instructions that way, against 12.19M.)
    @inline(__always)
    mutating func lookUp(_ bytes: UnsafeBufferPointer<UInt8>, fingerprint: UInt64, documentSize: Int) -> String? {
        if slots.isEmpty {
            guard lookUpsBeforeSlots == 0 else {
                lookUpsBeforeSlots &-= 1
                return nil
            }
            makeSlots(documentSize: documentSize)
        }
        return slots.withUnsafeBufferPointer { slots -> String? in
            let slot = slots[Self.index(of: fingerprint, among: slots.count)]
            guard slot.fingerprint == fingerprint,
                slot.string.utf8.withContiguousStorageIfAvailable({ bytesEqual($0, bytes) }) == true
            else { return nil }
            return slot.string
        }
    }

    /// `lookUp(_:fingerprint:documentSize:)` for a string of 16 bytes or more, with the fingerprint of
    /// `longStringFingerprint(_:)`, which it returns for `keep(_:fingerprint:)`. Until the slots are made, no
    /// fingerprint is taken (it is 0).
    @inline(__always)
    mutating func lookUpLong(_ bytes: UnsafeBufferPointer<UInt8>, documentSize: Int) -> (
        string: String?, fingerprint: UInt64
    ) {
        if slots.isEmpty && lookUpsBeforeSlots != 0 {
            lookUpsBeforeSlots &-= 1
            return (nil, 0)
        }
        let fingerprint = Self.longStringFingerprint(bytes)
        return (lookUp(bytes, fingerprint: fingerprint, documentSize: documentSize), fingerprint)
    }

    /// Keeps `string`, just made from bytes with this fingerprint, in its slot, once the slots are made.
    @inline(__always)
    mutating func keep(_ string: String, fingerprint: UInt64) {
        guard !slots.isEmpty else { return }
        slots.withUnsafeMutableBufferPointer { slots in
            slots[Self.index(of: fingerprint, among: slots.count)] = Slot(fingerprint: fingerprint, string: string)
        }
    }

    /// Out of line, so that the path that keeps a string stays short.
    @inline(never)
    private mutating func makeSlots(documentSize: Int) {
        slots = ContiguousArray(
            repeating: Slot(fingerprint: 0, string: ""), count: Self.slotCount(forDocumentOf: documentSize))
    }

    /// The slot of a fingerprint: from the bits above the seven lowest, which the duplicate-key filter uses.
    @inline(__always)
    private static func index(of fingerprint: UInt64, among count: Int) -> Int {
        Int(truncatingIfNeeded: fingerprint >> 7) & (count &- 1)
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
        return hash ^ (hash >> 32)
    }
}

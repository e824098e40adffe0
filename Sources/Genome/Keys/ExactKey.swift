// Object keys compare by their Unicode scalars, as RFC 8259 compares member names: `"é"` (U+00E9) and `"e\u{301}"`
// are two keys. Swift's `String ==` and `String` hashing follow canonical equivalence instead, so keys are never
// compared with `==` or used as `Dictionary` keys directly. For well-formed UTF-8, which every Swift `String` is,
// equal scalars are equal bytes.

/// Whether two keys have the same Unicode scalars.
@inline(__always)
internal func keysEqual(_ a: String, _ b: String) -> Bool {
    if haveTheSameRepresentation(a, b) { return true }
    let x = a.utf8
    let y = b.utf8
    guard x.count == y.count else { return false }
    // Keys the reader shares (its key cache hands out one string per key) have the same storage.
    let contiguous = x.withContiguousStorageIfAvailable { x in
        y.withContiguousStorageIfAvailable { y in x.baseAddress == y.baseAddress || bytesEqual(x, y) }
    }
    if let contiguous, let equal = contiguous { return equal }
    return x.elementsEqual(y)
}

/// Whether `a` and `b` are the same two words: the same storage, or the same short string (up to 15 UTF-8 bytes,
/// which a `String` holds inline, the same way whatever made it). Equal strings can still differ here, so only
/// `true` decides. A model's keys are mostly short literals matched against short keys from the document: this
/// settles them without reaching either string's bytes: about a third of the work of matching keys when
/// NodeDecoder decodes twitter.json, a couple of percent of the whole (Compare's twitter.json decode row).
@inline(__always)
internal func haveTheSameRepresentation(_ a: String, _ b: String) -> Bool {
    assert(MemoryLayout<String>.size == 2 * MemoryLayout<UInt64>.size, "a String is two words")
    let same = unsafeBitCast(a, to: (UInt64, UInt64).self) == unsafeBitCast(b, to: (UInt64, UInt64).self)
    assert(!same || a.utf8.elementsEqual(b.utf8), "the same representation holds the same bytes")
    return same
}

/// A key as a `Dictionary` or `Set` element that compares by scalars (see `keysEqual`), hashing its fingerprint.
internal struct ExactKey: Hashable {
    let key: String
    /// The half of the key's fingerprint that an object's entry keeps, so that a key made from an entry and one
    /// made from a whole fingerprint hash alike.
    let fingerprint: FoldedFingerprint

    init(_ key: String, folded fingerprint: FoldedFingerprint) {
        self.key = key
        self.fingerprint = fingerprint
    }

    init(_ key: String, fingerprint: UInt64) {
        self.init(key, folded: FoldedFingerprint(fingerprint))
    }

    init(_ key: String) {
        self.init(key, fingerprint: keyFingerprint(key))
    }

    static func == (lhs: ExactKey, rhs: ExactKey) -> Bool {
        lhs.fingerprint == rhs.fingerprint && keysEqual(lhs.key, rhs.key)
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(fingerprint)
    }
}

// Object keys compare by their Unicode scalars, as RFC 8259 compares member names: `"é"` (U+00E9) and `"e\u{301}"`
// are two keys. Swift's `String ==` and `String` hashing follow canonical equivalence instead, so keys are never
// compared with `==` or used as `Dictionary` keys directly. For well-formed UTF-8, which every Swift `String` is,
// equal scalars are equal bytes.

/// Whether two keys have the same Unicode scalars.
@inline(__always)
internal func keysEqual(_ a: String, _ b: String) -> Bool {
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

/// A key as a `Dictionary` or `Set` element that compares by scalars (see `keysEqual`), hashing its fingerprint.
internal struct ExactKey: Hashable {
    let key: String
    let fingerprint: UInt64

    init(_ key: String, fingerprint: UInt64) {
        self.key = key
        self.fingerprint = fingerprint
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

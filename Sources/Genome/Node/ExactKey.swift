// Object keys compare by their Unicode scalars, as RFC 8259 compares member names: `"é"` (U+00E9) and `"e\u{301}"`
// are two keys. Swift's `String ==` and `String` hashing follow canonical equivalence instead, so keys are never
// compared with `==` or used as `Dictionary` keys directly. For well-formed UTF-8, which every Swift `String` is,
// equal scalars are equal bytes.

/// Whether two keys have the same Unicode scalars.
@inline(__always)
internal func keysEqual(_ a: String, _ b: String) -> Bool {
    var a = a
    var b = b
    // Native strings are contiguous; `withUTF8` makes others so, for this comparison only.
    return a.withUTF8 { x in b.withUTF8 { y in bytesEqual(x, y) } }
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

// Finding a repeated key in an object, from its members' fingerprints (see `keyFingerprint(_:)`): the one check
// that the readers, `Node.Object` and the encoder share, to reject a repeat or resolve it.

/// The position of the first key (of `count`) that repeats an earlier one, or nil: the smallest `later` for which
/// `sameKey(earlier, later)` holds for some `earlier` before it. `sameKey` is asked only about two keys with the
/// same fingerprint.
///
/// Built for the common case, no repeat, and linear in `count` whatever the object's size. Up to 8 keys, every pair
/// of fingerprints is compared: at most 28 comparisons, cheaper than setting up a filter. Up to 128 keys, a
/// 1024-bit Bloom filter over the fingerprints sends only likely repeats to the earlier fingerprints: at most a
/// tenth of its bits are set, so few keys get through, and a smaller filter let too many keys of a 40-member object
/// through (Compare's twitter.json parse row shows it). Past 128 keys a filter of that size fills up and every key
/// would scan the ones before it, so a hash table of positions takes over.
///
/// Always inlined, so that the two closures are too: calls through them slow every object the reader and the
/// encoder finish (Compare's parse and encode rows).
@inline(__always)
internal func firstRepeatedKey(count: Int, fingerprint: (Int) -> UInt64, sameKey: (Int, Int) -> Bool) -> Int? {
    if count <= 8 {
        for later in 0..<count {
            let laterFingerprint = fingerprint(later)
            for earlier in 0..<later where fingerprint(earlier) == laterFingerprint {
                if sameKey(earlier, later) { return later }
            }
        }
        return nil
    }
    if count > 128 {
        return firstRepeatedKeyInLargeObject(count: count, fingerprint: fingerprint, sameKey: sameKey)
    }
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 16) { seen -> Int? in
        seen.initialize(repeating: 0)
        for later in 0..<count {
            let laterFingerprint = fingerprint(later)
            // Bits 1 to 4 pick the word (bit 0 is always set), by address: a `switch` on them would be a branch the
            // processor cannot predict, once per key.
            let word = Int(truncatingIfNeeded: laterFingerprint >> 1 & 15)
            let bit = UInt64(1) << (laterFingerprint >> 8 & 63)
            let before = seen[word]
            seen[word] = before | bit
            guard before & bit != 0 else { continue }
            for earlier in 0..<later where fingerprint(earlier) == laterFingerprint && sameKey(earlier, later) {
                return later
            }
        }
        return nil
    }
}

/// `firstRepeatedKey(count:fingerprint:sameKey:)` for keys that are `String`s, compared as `keysEqual` does.
@inline(__always)
internal func firstRepeatedKey(count: Int, fingerprint: (Int) -> UInt64, key: (Int) -> String) -> Int? {
    firstRepeatedKey(count: count, fingerprint: fingerprint, sameKey: { keysEqual(key($0), key($1)) })
}

/// `firstRepeatedKey` past 128 keys: an open-addressing table, twice the keys' count rounded up to a power of two,
/// of the positions seen so far, placed by their fingerprints' low bits (the bits a `FoldedFingerprint` keeps). Each
/// key probes a few slots, so the whole object is one linear pass.
private func firstRepeatedKeyInLargeObject(
    count: Int, fingerprint: (Int) -> UInt64, sameKey: (Int, Int) -> Bool
) -> Int? {
    var capacity = 256
    while capacity < 2 * count { capacity *= 2 }
    let mask = capacity - 1
    return withUnsafeTemporaryAllocation(of: Int.self, capacity: capacity) { slots -> Int? in
        slots.initialize(repeating: -1)
        for later in 0..<count {
            let laterFingerprint = fingerprint(later)
            // Bit 0 is always set: start from bit 1.
            var slot = Int(truncatingIfNeeded: laterFingerprint >> 1) & mask
            while slots[slot] >= 0 {
                let earlier = slots[slot]
                if fingerprint(earlier) == laterFingerprint && sameKey(earlier, later) { return later }
                slot = (slot + 1) & mask
            }
            slots[slot] = later
        }
        return nil
    }
}

// Finding a repeated key in an object, from its members' fingerprints (see `keyFingerprint(_:)`): the tree reader
// and the encoder ask for the first repeat, to reject or resolve it; the tape reader only asks whether an object
// may repeat a key, and leaves the answer to the tree.

/// The position of the first key (of `count`, read through the closures) that repeats an earlier one, or nil.
///
/// Built for the common case, no repeat. Up to 8 keys, every pair of fingerprints is compared: at most 28
/// comparisons, cheaper than setting up a filter. Above that, a 1024-bit Bloom filter over the fingerprints sends
/// only likely repeats to a comparison of keys, so a scan without repeats is linear. Either way keys are compared
/// only when their fingerprints are equal. A smaller filter let too many keys of a 40-member object through to the
/// comparisons (Compare's twitter.json parse row shows it).
///
/// Always inlined, so that the two closures are too: calls through them slow every object the reader and the
/// encoder finish (Compare's parse and encode rows).
@inline(__always)
internal func firstRepeatedKey(count: Int, fingerprint: (Int) -> UInt64, key: (Int) -> String) -> Int? {
    if count <= 8 {
        for later in 0..<count {
            let laterFingerprint = fingerprint(later)
            for earlier in 0..<later where fingerprint(earlier) == laterFingerprint {
                if keysEqual(key(earlier), key(later)) { return later }
            }
        }
        return nil
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
            for earlier in 0..<later
            where fingerprint(earlier) == laterFingerprint && keysEqual(key(earlier), key(later)) {
                return later
            }
        }
        return nil
    }
}

/// Whether two of `fingerprints` are equal: a possibly repeated key. Up to 8 members, every pair is compared: at
/// most 28 comparisons, cheaper than clearing a filter. Above that, a 1024-bit filter on the stack
/// answers for most objects without comparing pairs, and only a fingerprint that hits the filter is compared with
/// the earlier ones. Past 128 members the filter would fill up and the comparisons grow quadratic, so a set takes
/// over: no object costs more than linear time.
internal func hasRepeatedFingerprint(_ fingerprints: UnsafeBufferPointer<UInt64>) -> Bool {
    if fingerprints.count <= 8 {
        for later in 0..<fingerprints.count {
            for earlier in 0..<later where fingerprints[earlier] == fingerprints[later] { return true }
        }
        return false
    }
    if fingerprints.count > 128 {
        var seen = Set<UInt64>(minimumCapacity: fingerprints.count)
        for fingerprint in fingerprints where !seen.insert(fingerprint).inserted { return true }
        return false
    }
    return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: 16) { filter in
        filter.initialize(repeating: 0)
        for later in 0..<fingerprints.count {
            let fingerprint = fingerprints[later]
            // Bits 1 to 10 pick the filter bit (bit 0 of a fingerprint is always set).
            let word = Int(truncatingIfNeeded: fingerprint >> 1 & 15)
            let bit = UInt64(1) << (fingerprint >> 5 & 63)
            guard filter[word] & bit != 0 else {
                filter[word] |= bit
                continue
            }
            for earlier in 0..<later where fingerprints[earlier] == fingerprint { return true }
        }
        return false
    }
}

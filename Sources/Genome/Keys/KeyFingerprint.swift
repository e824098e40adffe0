// Fingerprints of object keys: a cheap 64-bit summary that lets the reader, `Node.Object` and the coders compare
// integers first and bytes only on a likely match, and find repeated keys without hashing strings.

/// A 64-bit hash of the UTF-8 of a key, never 0. Keys are equal exactly when their bytes are (see `keysEqual`),
/// so keys with different fingerprints always differ.
///
/// Keys are hashed eight bytes at a time: a byte-at-a-time hash such as FNV-1a is one dependent multiplication
/// per byte, a visible share of reading and encoding objects. Each full little-endian word is one round
/// (`keyFingerprintRound`); the bytes left over, zero-padded into one more word, and the length are the last
/// (`keyFingerprintEnd`). That order lets the reader fingerprint a key in the same pass that finds its closing
/// quote (`scanPlainKey()`), with the words it loads anyway. The value is never stored or shown, so it only has to
/// agree within one process.
internal func keyFingerprint(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    let count = bytes.count
    var hash = keyFingerprintSeed
    var tail: UInt64 = 0
    if let base = bytes.baseAddress {
        let raw = UnsafeRawPointer(base)
        var offset = 0
        while offset &+ 8 <= count {
            hash = keyFingerprintRound(
                hash, UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
            offset &+= 8
        }
        let left = count &- offset
        if left > 0 {
            if count >= 8 {
                // The last eight bytes, overlapping what was hashed, shifted so only the new ones remain.
                let last = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 8, as: UInt64.self))
                tail = last >> (UInt64(truncatingIfNeeded: 8 &- left) &* 8)
            } else if count >= 4 {
                // The first four and the last four, each in its own lanes; where they overlap the bytes agree.
                let low = UInt64(UInt32(littleEndian: raw.loadUnaligned(as: UInt32.self)))
                let high = UInt64(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
                tail = low | high &<< (UInt64(truncatingIfNeeded: count &- 4) &* 8)
            } else {
                // One to three bytes: the first, the middle and the last cover them all.
                let middle = count &>> 1
                tail =
                    UInt64(base[0]) | UInt64(base[middle]) &<< (UInt64(truncatingIfNeeded: middle) &* 8)
                    | UInt64(base[count &- 1]) &<< (UInt64(truncatingIfNeeded: count &- 1) &* 8)
            }
        }
    }
    return keyFingerprintEnd(hash, tail: tail, count: count)
}

/// The half of a key's fingerprint that a `Node.Object` entry keeps, its low 32 bits: the fingerprint's last round
/// mixes its high bits into them, so two different keys share them about once in four billion comparisons, each
/// settled by comparing the keys. A type of its own, not a `UInt32`: Swift's `==` between two integer types would
/// compile a comparison with a whole fingerprint, which almost never matches.
internal struct FoldedFingerprint: Hashable, Sendable {
    let bits: UInt32

    @inline(__always)
    init(_ fingerprint: UInt64) { bits = UInt32(truncatingIfNeeded: fingerprint) }

    /// The half as a whole fingerprint's low bits, for `firstRepeatedKey`, whose filter reads only those.
    @inline(__always)
    var widened: UInt64 { UInt64(bits) }
}

/// Where every key's fingerprint starts.
internal let keyFingerprintSeed: UInt64 = 0x9E37_79B9_7F4A_7C15

/// Takes in eight bytes of a key, as a little-endian word.
@inline(__always)
internal func keyFingerprintRound(_ hash: UInt64, _ word: UInt64) -> UInt64 {
    fingerprintMix(hash ^ word)
}

/// The fingerprint of a key of `count` bytes whose full words are in `hash` and whose last `count % 8` bytes are
/// `tail` (a little-endian word, zero above them; 0 when there are none). The length goes in the top byte, which
/// a tail of seven bytes or fewer never uses. The last round mixes the high bits into the low ones, which the
/// duplicate check and the key cache use.
@inline(__always)
internal func keyFingerprintEnd(_ hash: UInt64, tail: UInt64, count: Int) -> UInt64 {
    fingerprintMix(hash ^ tail ^ UInt64(truncatingIfNeeded: count) &<< 56) | 1
}

/// One round of a multiply-xorshift mixer: every input bit reaches the high and the low output bits.
@inline(__always)
private func fingerprintMix(_ value: UInt64) -> UInt64 {
    let product = value &* 0xFF51_AFD7_ED55_8CCD
    return product ^ (product >> 32)
}

internal func keyFingerprint(_ key: String) -> UInt64 {
    withUTF8Bytes(of: key, keyFingerprint)
}

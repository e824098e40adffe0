// Looking at text eight bytes at a time: the reader finds the end of a string, and the writer the bytes it must
// escape, by testing a whole 64-bit word for a quote or a backslash instead of testing each byte.

/// Sets the high bit of the lowest zero byte of `word` (higher flags may be spurious; callers use the lowest).
@inline(__always)
internal func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
}

/// All ones in the bytes of a word below the lowest byte whose high bit `flags` sets (as `zeroBytes` does), zero
/// from that byte up; `flags` must not be 0. Two arithmetic steps, where a shift by the byte's position needed a
/// test for position 0 and a count of trailing zeros first.
@inline(__always)
internal func bytesBelowLowestFlag(_ flags: UInt64) -> UInt64 {
    ((flags & (0 &- flags)) >> 7) &- 1
}

/// The 4 to 8 bytes at `base` as one word: the first four in the low half, the last four in the high half,
/// overlapping when there are fewer than eight. Every byte lands in a lane, and the word depends only on the
/// bytes, so a short key or the tail of a string costs two loads instead of a loop over its bytes. Lane `i` holds
/// byte `i` for `i < 4`, and byte `count - 8 + i` above.
@inline(__always)
internal func loadFourToEight(_ base: UnsafeRawPointer, count: Int) -> UInt64 {
    let low = UInt64(UInt32(littleEndian: base.loadUnaligned(as: UInt32.self)))
    let high = UInt64(UInt32(littleEndian: base.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)))
    return low | high &<< 32
}

/// The sixteen bytes of `vector` as two little-endian words: lanes 0 to 7 in `low`, lane 0 its lowest byte. The
/// first of the vector readers' two bit casts. That the layout is so is proved once, lane by lane, in
/// `WordAtATimeTests`; checked here it would run for every block the readers scan, and dominate a debug build. (Read through `withUnsafeBytes(of:)` instead, the key and string
/// scans around it are not inlined, which shows in Compare's twitter.json decode row.)
@inline(__always)
internal func words(of vector: SIMD16<UInt8>) -> (low: UInt64, high: UInt64) {
    let halves = unsafeBitCast(vector, to: SIMD2<UInt64>.self)
    return (low: UInt64(littleEndian: halves[0]), high: UInt64(littleEndian: halves[1]))
}

/// The lanes of `mask` as two words, a byte each (0xFF where the lane is set), as `words(of:)` gives a vector's.
/// The second bit cast: `SIMDMask` has no other way to its lanes than one at a time, or a vector made with
/// `replacing(with:where:)`, after which the scans around it are not inlined (Compare's twitter.json decode
/// row shows it). The standard library's `any(_:)` on the mask costs more than the scan.
@inline(__always)
internal func words(of mask: SIMDMask<SIMD16<Int8>>) -> (low: UInt64, high: UInt64) {
    let halves = unsafeBitCast(mask, to: SIMD2<UInt64>.self)
    return (low: UInt64(littleEndian: halves[0]), high: UInt64(littleEndian: halves[1]))
}

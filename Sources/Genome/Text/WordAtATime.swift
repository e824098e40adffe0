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

// Looking at text eight bytes at a time: the reader finds the end of a string, and the writer the bytes it must
// escape, by testing a whole 64-bit word for a quote or a backslash instead of testing each byte.

/// Sets the high bit of the lowest zero byte of `word` (higher flags may be spurious; callers use the lowest).
@inline(__always)
internal func zeroBytes(_ word: UInt64) -> UInt64 {
    (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
}

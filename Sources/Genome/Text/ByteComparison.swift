// Byte-for-byte equality of two buffers, for the places that compare keys as bytes: the reader's key cache and
// `ExactKey`. Comparing eight bytes per step matters there, since every key of every object goes through it.

/// Compares two byte buffers a word at a time, the tail too: most keys are shorter than eight bytes, and a byte
/// loop over them is a visible share of each key lookup (Compare's twitter.json decode row).
@inline(__always)
internal func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    let count = a.count
    guard count == b.count else { return false }
    guard let left = a.baseAddress, let right = b.baseAddress else { return true }
    let leftRaw = UnsafeRawPointer(left)
    let rightRaw = UnsafeRawPointer(right)
    if count >= 8 {
        var index = 0
        while index + 8 <= count {
            if leftRaw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                != rightRaw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            {
                return false
            }
            index += 8
        }
        // The last eight bytes, overlapping those compared.
        return index == count
            || leftRaw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
                == rightRaw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)
    }
    if count >= 4 { return loadFourToEight(leftRaw, count: count) == loadFourToEight(rightRaw, count: count) }
    // Zero to three bytes: the first, the middle and the last cover them all.
    return count == 0
        || (left[0] == right[0] && left[count >> 1] == right[count >> 1] && left[count - 1] == right[count - 1])
}

// Byte-for-byte equality of two buffers, for the places that compare keys as bytes: the reader's key cache and
// `ExactKey`. Comparing eight bytes per step matters there, since every key of every object goes through it.

/// Compares two byte buffers a word at a time.
@inline(__always)
internal func bytesEqual(_ a: UnsafeBufferPointer<UInt8>, _ b: UnsafeBufferPointer<UInt8>) -> Bool {
    guard a.count == b.count else { return false }
    guard let left = a.baseAddress, let right = b.baseAddress else { return true }
    var index = 0
    while index + 8 <= a.count {
        if UnsafeRawPointer(left + index).loadUnaligned(as: UInt64.self)
            != UnsafeRawPointer(right + index).loadUnaligned(as: UInt64.self)
        {
            return false
        }
        index += 8
    }
    while index < a.count {
        if left[index] != right[index] { return false }
        index += 1
    }
    return true
}

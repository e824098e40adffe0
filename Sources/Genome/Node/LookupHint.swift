// Where the next member lookup in an object is likely to land.
//
// Code that reads a `Node` mostly asks for an object's members in the order the document has them: a static
// `decode` reads its fields in declaration order, the order in which encoders wrote them. So each thread remembers
// the object of its last lookup and the position after the member it found there, and the next lookup in that
// object tries that member first: one key comparison instead of a fingerprint and a scan. It is a hint only. A
// lookup whose hinted member has another key scans as before, so a stale hint (another object at a freed one's
// address, say) costs one comparison and can never give a wrong answer.

internal import CGenomeShims

internal enum LookupHint {
    /// This thread's hint: `storage`, the address of the entries searched last, and `next`, the position after the
    /// member found there. A C thread-local (CGenomeShims.h), so that finding it is a load off the thread pointer:
    /// through `pthread_getspecific` and a lazily made key, decoding twitter.json's model from its `Node` with
    /// static `decode` functions would cost about a tenth more (Compare's `decode, NodeDecodable` rows). Eight hints a
    /// thread, picked by the object's address so that a nested object would not take its parent's, would make no
    /// difference: most misses are an object's first lookup.
    @inline(__always)
    static var current: UnsafeMutablePointer<genome_lookup_hint> { genome_current_lookup_hint() }
}

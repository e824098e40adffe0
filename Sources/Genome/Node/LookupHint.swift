// Where the next member lookup in an object is likely to land.
//
// Code that reads a `Node` mostly asks for an object's members in the order the document has them: a static
// `decode` reads its fields in declaration order, the order in which encoders wrote them. So each thread remembers,
// for the last few objects it looked in, the position after the member it found there, and the next lookup in that
// object tries that member first: one key comparison instead of a fingerprint and a scan. It is a hint only. A
// lookup whose hinted member has another key scans as before, so a stale hint (another object at a freed one's
// address, say) costs one comparison and can never give a wrong answer.

internal import CGenomeStack

internal enum LookupHint {
    /// This thread's hint for the object whose entries are at `storage`: `storage`, the address of the entries a
    /// lookup found a member in, and `next`, the position after that member. A C thread-local (CGenomeStack.h), so
    /// that finding it is a load off the thread pointer: through `pthread_getspecific` and a lazily made key it
    /// cost 16% of decoding twitter.json's model from its `Node` with static `decode` functions.
    ///
    /// Eight slots, picked by the address: a static `decode` that reads a nested object between two members of
    /// its own finds its own hint again afterwards, where a single slot sent it to a search (a third of the
    /// lookups of twitter.json's model).
    @inline(__always)
    static func slot(for storage: UInt) -> UnsafeMutablePointer<genome_lookup_hint> {
        genome_lookup_hint_slot(storage)
    }
}

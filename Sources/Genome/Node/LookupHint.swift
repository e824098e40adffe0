// Where the next member lookup in an object is likely to land.
//
// Code that reads a `Node` mostly asks for an object's members in the order the document has them: a static
// `decode` reads its fields in declaration order, the order in which encoders wrote them. So each thread remembers
// the object of its last lookup and the position after the member it found there, and the next lookup in that
// object tries that member first: one key comparison instead of a fingerprint and a scan. It is a hint only. A
// lookup whose hinted member has another key scans as before, so a stale hint (another object at a freed one's
// address, say) costs one comparison and can never give a wrong answer.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

internal enum LookupHint {
    /// One thread's hint: the address of the entries searched last, and the position after the member found.
    struct Slot {
        var storage: UInt
        var next: Int
    }

    /// The key of each thread's slot; nil if the system had no key to give, and then there are no hints.
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key) { free($0) } == 0 ? key : nil
    }()

    /// This thread's slot, made at its first lookup and freed when the thread ends; nil without a key.
    @inline(__always)
    static var current: UnsafeMutablePointer<Slot>? {
        guard let key else { return nil }
        if let slot = pthread_getspecific(key) { return slot.assumingMemoryBound(to: Slot.self) }
        return makeSlot(key)
    }

    @inline(never)
    private static func makeSlot(_ key: pthread_key_t) -> UnsafeMutablePointer<Slot>? {
        guard let memory = malloc(MemoryLayout<Slot>.stride) else { return nil }
        let slot = memory.bindMemory(to: Slot.self, capacity: 1)
        slot.initialize(to: Slot(storage: 0, next: 0))
        guard pthread_setspecific(key, memory) == 0 else {
            free(memory)
            return nil
        }
        return slot
    }
}

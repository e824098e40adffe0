/// A growable stack over raw memory, used by the reader to collect the elements of every open container.
///
/// When a container closes, its elements are *moved* into an exactly sized array, so each array or object costs
/// one allocation and no reference counting, however many elements it has. `Array.append` would instead grow
/// (and reallocate) every container several times.
internal struct ScratchStack<Element>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    private var capacity: Int

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deinitialize(count: count)
        base.deallocate()
    }

    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    private mutating func grow() {
        let newBase = UnsafeMutablePointer<Element>.allocate(capacity: capacity * 2)
        newBase.moveInitialize(from: base, count: count)
        base.deallocate()
        base = newBase
        capacity *= 2
    }

    /// Moves the elements from `start` to the top into a new array, in order, and pops them.
    mutating func popArray(from start: Int) -> [Element] {
        let moved = count - start
        guard moved > 0 else { return [] }
        let source = base + start
        count = start
        return [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: moved)
            initialized = moved
        }
    }

    /// Forgets the elements from `start` to the top without deinitialising them: the caller has moved them out.
    mutating func discardMoved(from start: Int) {
        count = start
    }
}

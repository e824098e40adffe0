#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A growable stack over raw memory.
///
/// The reader and `NodeEncoder` collect the elements of every open container on one. When a container closes,
/// its elements are *moved* into an exactly sized array, so each array or object costs one allocation and no
/// reference counting, however many elements it has. `Array.append` would instead grow (and reallocate) every
/// container several times.
///
/// The writer keeps its output bytes on one too: appending to an `[UInt8]` checks uniqueness and capacity for
/// every byte, which is a large share of writing small values.
internal struct ScratchStack<Element>: ~Copyable {
    private(set) var base: UnsafeMutablePointer<Element>
    private(set) var count = 0
    /// 0 until the first push: a stack that a document never uses (the keys of a document without objects, say)
    /// costs no allocation.
    private var capacity = 0
    /// The capacity the first push allocates.
    private let initialCapacity: Int
    /// Whether `base` came from `malloc` here. A stack that starts on the caller's memory (`init(startingIn:)`)
    /// owns nothing until it outgrows it.
    private var ownsStorage = false

    @_transparent
    init(capacity: Int) {
        // Neither `max` nor the element's alignment: in a debug build each is a generic call, and a small document
        // makes several stacks it may never use.
        initialCapacity = capacity > 1 ? capacity : 1
        base = Self.unallocated
    }

    /// `base` while the capacity is 0: never read or written, since every way in checks the capacity first. (Its
    /// address suits any element a scratch stack holds; see `allocate(capacity:)`.)
    @_transparent
    private static var unallocated: UnsafeMutablePointer<Element> { UnsafeMutablePointer(bitPattern: 16)! }

    /// A stack that uses `storage` (typically `withUnsafeTemporaryAllocation`'s, on the call stack) until it holds
    /// more, and then moves to the heap like any other. A small document then costs no allocation for it at all.
    /// `storage` must outlive the stack and must not be empty.
    @_transparent
    init(startingIn storage: UnsafeMutableBufferPointer<Element>) {
        precondition(storage.count > 0, "ScratchStack: empty starting storage")
        initialCapacity = storage.count
        base = storage.baseAddress!
        capacity = storage.count
    }

    deinit {
        if count > 0 { base.deinitialize(count: count) }
        if ownsStorage { free(base) }
    }

    var isEmpty: Bool { count == 0 }

    /// A copy of the top element, or nil when the stack is empty.
    var last: Element? { count == 0 ? nil : base[count - 1] }

    /// Removes the top element. The stack must not be empty.
    mutating func removeLast() {
        precondition(count > 0, "removeLast from an empty ScratchStack")
        count -= 1
        (base + count).deinitialize(count: 1)
    }

    @inline(__always)
    mutating func push(_ element: consuming Element) {
        if count == capacity { grow() }
        (base + count).initialize(to: element)
        count += 1
    }

    /// Copies `elements` onto the top.
    @inline(__always)
    mutating func push(contentsOf elements: UnsafeBufferPointer<Element>) {
        guard let source = elements.baseAddress else { return }
        if capacity - count < elements.count { grow(toHold: elements.count) }
        (base + count).initialize(from: source, count: elements.count)
        count += elements.count
    }

    /// Room for at least `needed` more elements, above the top: the caller initialises some of them and then
    /// calls `didPush(_:)` with how many.
    @inline(__always)
    mutating func uninitializedTop(room needed: Int) -> UnsafeMutablePointer<Element> {
        if capacity - count < needed { grow(toHold: needed) }
        return base + count
    }

    /// Counts `pushed` elements the caller initialised above the top (see `uninitializedTop(room:)`).
    @inline(__always)
    mutating func didPush(_ pushed: Int) {
        count += pushed
    }

    private mutating func grow(toHold extra: Int = 1) {
        var newCapacity = capacity == 0 ? initialCapacity : capacity * 2
        while newCapacity - count < extra { newCapacity *= 2 }
        if ownsStorage && _isPOD(Element.self) {
            // `realloc` often extends the block where it is, and copies only when it cannot.
            base = Self.reallocate(base, capacity: newCapacity)
            capacity = newCapacity
            return
        }
        let newBase = Self.allocate(capacity: newCapacity)
        if capacity > 0 {
            newBase.moveInitialize(from: base, count: count)
            if ownsStorage { free(base) }
        }
        base = newBase
        capacity = newCapacity
        ownsStorage = true
    }

    /// Memory for `capacity` elements, straight from `malloc`. `UnsafeMutablePointer.allocate` asks the runtime
    /// for an aligned allocation (`posix_memalign`), which costs a small document about a tenth of reading `[]`
    /// (Compare's `--small` parse rows); `malloc`'s own alignment (16 bytes) suits every element a scratch stack
    /// holds.
    private static func allocate(capacity: Int) -> UnsafeMutablePointer<Element> {
        assert(MemoryLayout<Element>.alignment <= 16, "malloc aligns to 16 bytes")
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, let memory = malloc(max(bytes, 1)) else {
            fatalError("ScratchStack: out of memory for \(capacity) elements")
        }
        return memory.bindMemory(to: Element.self, capacity: capacity)
    }

    /// `memory`, which `allocate(capacity:)` or this returned, resized to `capacity` elements by `realloc`. For
    /// trivial elements only, whose bytes may move anywhere.
    private static func reallocate(_ memory: UnsafeMutablePointer<Element>, capacity: Int) -> UnsafeMutablePointer<
        Element
    > {
        let (bytes, overflow) = capacity.multipliedReportingOverflow(by: MemoryLayout<Element>.stride)
        guard !overflow, let moved = realloc(memory, bytes) else {
            fatalError("ScratchStack: out of memory for \(capacity) elements")
        }
        return moved.bindMemory(to: Element.self, capacity: capacity)
    }

    /// Pops the elements above the first `newCount`.
    mutating func shrink(to newCount: Int) {
        precondition(newCount >= 0 && newCount <= count, "ScratchStack: shrink past the bottom or the top")
        (base + newCount).deinitialize(count: count - newCount)
        count = newCount
    }

    /// Moves the top element out and pops it. The stack must not be empty.
    mutating func pop() -> Element {
        precondition(count > 0, "pop from an empty ScratchStack")
        count -= 1
        return (base + count).move()
    }

    /// Moves the elements from `start` to the top into a new array, in order, and pops them. A stack of
    /// `BitwiseCopyable` elements (the writer's bytes) takes the overload below, chosen at compile time.
    mutating func popArray(from start: Int) -> [Element] {
        let moved = count - start
        guard moved > 0 else { return [] }
        let source = base + start
        count = start
        if let small = smallContiguousArray(count: moved, { (source + $0).move() }) {
            return Array(small)
        }
        return [Element](unsafeUninitializedCapacity: moved) { buffer, initialized in
            buffer.baseAddress!.moveInitialize(from: source, count: moved)
            initialized = moved
        }
    }

    /// `popArray(from:)` for elements that are plain bits (the writer's bytes), for which copying is moving. Up to 8
    /// elements go into an array literal, as above; more are copied with `Array(UnsafeBufferPointer)`, which
    /// allocates through code the compiler specialises for the element type, where
    /// `init(unsafeUninitializedCapacity:)` takes the standard library's generic path and a metadata look-up: a
    /// 33-byte array costs half as much this way, which saves about a twentieth of encoding a 3-field struct to JSON
    /// (Compare's `--small` encode row). (The literal stays cheaper for a handful of bytes.)
    mutating func popArray(from start: Int) -> [Element] where Element: BitwiseCopyable {
        let moved = count - start
        guard moved > 0 else { return [] }
        let source = base + start
        count = start
        if let small = smallContiguousArray(count: moved, { source[$0] }) { return Array(small) }
        return Array(UnsafeBufferPointer(start: source, count: moved))
    }

    /// Forgets the elements from `start` to the top without deinitialising them: the caller has moved them out.
    mutating func discardMoved(from start: Int) {
        count = start
    }

    /// Hands the elements, and the `malloc`ed memory holding them, to the caller, who must deinitialise and `free`
    /// it; nil when the stack never allocated. The stack is left empty. (The tape reader builds its entries here
    /// and gives them to the finished `JSONTape` without copying.)
    mutating func relinquishStorage() -> (base: UnsafeMutablePointer<Element>, count: Int)? {
        guard ownsStorage else { return nil }
        let storage = (base, count)
        base = Self.unallocated
        count = 0
        capacity = 0
        ownsStorage = false
        return storage
    }
}

/// The elements `element(0)`, `element(1)`, … up to `count` (at most 8, else nil), made as an array literal, in
/// order. A literal's storage type is looked up once and cached in this module, where every other way to make an
/// array of a given size (`init(unsafeUninitializedCapacity:)`, `reserveCapacity`) asks the runtime for it on each
/// call, which costs more than moving a handful of elements. Most arrays and objects in JSON are that small, as
/// canada.json's coordinate pairs are: the literal saves about a sixth of its parse (Compare's canada.json parse
/// row).
@inline(__always)
internal func smallContiguousArray<Element>(count: Int, _ element: (Int) -> Element) -> ContiguousArray<Element>? {
    switch count {
    case 1: return [element(0)]
    case 2: return [element(0), element(1)]
    case 3: return [element(0), element(1), element(2)]
    case 4: return [element(0), element(1), element(2), element(3)]
    case 5: return [element(0), element(1), element(2), element(3), element(4)]
    case 6: return [element(0), element(1), element(2), element(3), element(4), element(5)]
    case 7: return [element(0), element(1), element(2), element(3), element(4), element(5), element(6)]
    case 8: return [element(0), element(1), element(2), element(3), element(4), element(5), element(6), element(7)]
    default: return nil
    }
}

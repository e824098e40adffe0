// Handing the same keyed container out again.
//
// `container(keyedBy:)` returns a `KeyedDecodingContainer<Key>` or a `KeyedEncodingContainer<Key>`: the standard
// library boxes our container in a class of its own. In code generic over `Key`, as a coder's is, making one asks
// the runtime for three pieces of generic metadata (our container's type, its conformance, the box's type) and
// allocates the box: with some 11,000 keyed containers in citm_catalog.json's model, about a fifth of decoding it
// and a third of encoding it (Compare's decode and encode rows). A model decoded or encoded again and again (the
// elements of an array, the values of a dictionary) asks for a container of the same key type at the same depth
// each time. When nobody holds the box handed out last time (no copy of that container is alive) and nobody holds
// its frame (nothing below it was kept: a container, a coder, a value still being decoded or encoded), the coder
// hands the same box out again, its frame readied for the new value, as its container (`KeyedContainerType`,
// without asking the runtime for any metadata).
//
// A frame here belongs to its box's container, not to the `FramePool`: the only strong reference to it is the one
// in the box, so whether anything else holds it is asked of that reference, in place (`Slot.frame`). Idle frames
// one level deeper name it as their parent; like the pool, `decide(_:at:pool:)` drops those references before it
// asks, and the coder drops those of the kept frames one level below a frame it takes from the pool
// (`releaseParents(at:)`).

/// The static type a coder holds a `KeyedDecodingContainer`'s or `KeyedEncodingContainer`'s box as: the standard
/// library's box class is not public. Never instantiated; a reference of this type is only retained, released and
/// asked whether it is unique, which the runtime does alike for every native Swift object.
internal final class KeyedContainerBox {
    private init() {}
}

/// Keyed containers a decoder or encoder handed out, by depth, to hand out again; see the top of this file.
internal struct KeyedContainerReuse<Frame: CodingFrame> {
    /// A box handed out, the type of its keys, and where in the box its container's frame is.
    struct Slot {
        let keyType: ObjectIdentifier
        var box: KeyedContainerBox
        /// The type of the container the box was taken from, which hands the box out again as that container.
        let containerType: AnyObject
        /// The container's reference to its frame, inside the box (which the slot keeps alive): the frame's only
        /// strong reference when nothing else holds it. Read through `frame` and `frameIsFree()` only.
        private let frameReference: UnsafeMutablePointer<Frame>

        /// A slot for `box`, the box of a container over `frame`, or nil if the frame is not where the box's
        /// layout puts it (the standard library's box would have changed; containers are then not kept).
        init?(keyType: ObjectIdentifier, box: KeyedContainerBox, containerType: AnyObject, frame: Frame) {
            // The box: the object header, then the container, whose one stored property is the frame.
            let field = UnsafeMutableRawPointer(Unmanaged.passUnretained(box).toOpaque()) + Self.frameOffset
            guard field.load(as: UnsafeRawPointer.self) == UnsafeRawPointer(Unmanaged.passUnretained(frame).toOpaque())
            else { return nil }
            self.keyType = keyType
            self.box = box
            self.containerType = containerType
            self.frameReference = field.assumingMemoryBound(to: Frame.self)
        }

        /// The frame of the box's container.
        var frame: Frame { checkedFrameReference.pointee }

        /// Whether nothing but the box's container holds the frame.
        mutating func frameIsFree() -> Bool {
            isKnownUniquelyReferenced(&checkedFrameReference.pointee)
        }

        /// `frameReference`, which a debug build checks still points into the box it was read from.
        private var checkedFrameReference: UnsafeMutablePointer<Frame> {
            assert(
                UnsafeMutableRawPointer(frameReference)
                    == UnsafeMutableRawPointer(Unmanaged.passUnretained(box).toOpaque()) + Self.frameOffset,
                "KeyedContainerReuse.Slot: the frame reference is not inside its box")
            return frameReference
        }

        /// Where the container sits in the box: after the object header (a metadata pointer and the reference
        /// counts).
        private static var frameOffset: Int { 2 * MemoryLayout<Int>.size }
    }

    /// Slots a depth: a model's members can be several nested models at one depth (twitter.json's statuses hold a
    /// user, its entities, their metadata and the status they retweet), each decoded once a status.
    static var slotsPerDepth: Int { 4 }

    /// Keyed containers made in the plain way before boxes are kept: a small document, with a container or two,
    /// would pay for keeping them (a slot array, one more metadata look-up) and never hand one out again.
    static var containersBeforeReuse: Int { 4 }

    /// `slotsPerDepth` slots for each depth from 0.
    private var slots: ContiguousArray<Slot?> = []
    /// Keyed containers made so far, counted up to `containersBeforeReuse`; `Int.min` once a box did not have the
    /// layout `Slot` reads, after which none is kept.
    private var made = 0

    /// The deepest depth that may hold a slot, or -1.
    private var deepestDepth: Int { slots.count / Self.slotsPerDepth - 1 }

    /// What a coder does for a keyed container it is about to make.
    enum Decision {
        /// Hands this slot's box out again, once the coder has reset its frame to the new position and readied it
        /// for the new value. (Resetting it here would need the position passed in: the encoder would copy its own,
        /// a retain and a release per container, which shows in Compare's citm_catalog.json encode row.)
        case handOut(Slot)
        /// Makes a container over a frame of its own, outside the pool, and keeps its box in this place with
        /// `keep(_:of:keyType:in:)`.
        case keep(place: Int)
        /// Makes a container the plain way, over a frame from the pool.
        case makePlain
    }

    /// What to do for a keyed container of `keyType` about to be made at `depth`; `pool` is the coder's frame
    /// pool, whose idle frames may name a kept frame as their parent.
    @inline(__always)
    mutating func decide(_ keyType: ObjectIdentifier, at depth: Int, pool: inout FramePool<Frame>)
        -> Decision
    {
        // Asked first: no box is kept before, so a small document goes no further.
        guard keepsAny() else { return .makePlain }
        var idle = idle(keyType, at: depth)
        if idle == nil && depth <= deepestDepth && holdsFreeBox(keyType, at: depth) {
            releaseIdleParents(below: depth, pool: &pool)
            idle = self.idle(keyType, at: depth)
        }
        if let idle { return .handOut(idle) }
        guard let place = freePlace(at: depth) else { return .makePlain }
        return .keep(place: place)
    }

    /// Keeps `box`, the box of a container of `containerType` whose keys are of `keyType`, over `frame`, in `place`
    /// from `decide(_:at:pool:)`; the box that was there goes. Keeps nothing more in this run if the box does not
    /// have the layout `Slot` reads.
    mutating func keep(
        _ box: KeyedContainerBox, as containerType: AnyObject, of frame: Frame, keyType: ObjectIdentifier,
        in place: Int
    ) {
        if let slot = Slot(keyType: keyType, box: box, containerType: containerType, frame: frame) {
            slots[place] = slot
        } else {
            made = Int.min
        }
    }

    /// Whether boxes are kept now: once `containersBeforeReuse` containers have been made, unless a box did not
    /// have the layout `Slot` reads.
    @inline(__always)
    private mutating func keepsAny() -> Bool {
        if made >= Self.containersBeforeReuse { return true }
        if made >= 0 { made += 1 }
        return false
    }

    /// A box of `keyType` at `depth` that nobody holds, whose frame nobody holds either, or nil.
    @inline(__always)
    private mutating func idle(_ keyType: ObjectIdentifier, at depth: Int) -> Slot? {
        let start = depth &* Self.slotsPerDepth
        guard start < slots.count else { return nil }
        for index in start..<start &+ Self.slotsPerDepth where Self.isIdle(&slots[index], keyType) {
            return slots[index]
        }
        return nil
    }

    /// Whether `depth` keeps a box of `keyType` that nobody holds: when `idle(_:at:)` found none, its frame is still
    /// held, perhaps only by idle frames deeper down that name it as their parent.
    private mutating func holdsFreeBox(_ keyType: ObjectIdentifier, at depth: Int) -> Bool {
        let start = depth &* Self.slotsPerDepth
        guard start < slots.count else { return false }
        for index in start..<start &+ Self.slotsPerDepth where Self.boxIsFree(&slots[index], keyType) {
            return true
        }
        return false
    }

    /// A slot at `depth` that is empty or whose box nobody holds, or nil when all are held.
    private mutating func freePlace(at depth: Int) -> Int? {
        let start = depth &* Self.slotsPerDepth
        while slots.count < start &+ Self.slotsPerDepth { slots.append(nil) }
        for index in start..<start &+ Self.slotsPerDepth where slots[index] == nil {
            return index
        }
        for index in start..<start &+ Self.slotsPerDepth where Self.boxIsFree(&slots[index], nil) {
            return index
        }
        return nil
    }

    /// Drops the parent references of the idle frames below `depth`, the pool's and the kept ones, from the deepest
    /// up: a frame looks held while an idle frame below it still names it.
    private mutating func releaseIdleParents(below depth: Int, pool: inout FramePool<Frame>) {
        var level = max(pool.deepestDepth, deepestDepth)
        while level > depth {
            pool.releaseParentIfFree(atDepth: level)
            releaseParents(at: level)
            level -= 1
        }
    }

    /// Drops the parent references of the idle frames at `depth`.
    @inline(__always)
    mutating func releaseParents(at depth: Int) {
        let start = depth &* Self.slotsPerDepth
        guard depth >= 0 && start < slots.count else { return }
        releaseParents(from: start)
    }

    /// `releaseParents(at:)`'s work, out of line: most calls find no slot at that depth.
    @inline(never)
    private mutating func releaseParents(from start: Int) {
        for index in start..<start &+ Self.slotsPerDepth {
            Self.releaseParent(&slots[index])
        }
    }

    /// Lets go of every box, breaking the cycle between the frames and their coder.
    mutating func removeAll() {
        if !slots.isEmpty { slots.removeAll() }
    }

    // MARK: Slots

    @inline(__always)
    private static func isIdle(_ slot: inout Slot?, _ keyType: ObjectIdentifier) -> Bool {
        slot?.keyType == keyType && isKnownUniquelyReferenced(&slot!.box) && slot!.frameIsFree()
    }

    /// Whether nobody but the slot holds its box (of `keyType`, when given).
    private static func boxIsFree(_ slot: inout Slot?, _ keyType: ObjectIdentifier?) -> Bool {
        guard slot != nil, keyType == nil || slot!.keyType == keyType else { return false }
        return isKnownUniquelyReferenced(&slot!.box)
    }

    private static func releaseParent(_ slot: inout Slot?) {
        guard slot != nil, isKnownUniquelyReferenced(&slot!.box), slot!.frameIsFree() else { return }
        slot!.frame.parent = nil
    }
}

// A `KeyedDecodingContainer` or `KeyedEncodingContainer` is one reference to its box (its single stored property),
// so a box kept as a `KeyedContainerBox` and a container are bit casts of each other. `unsafeBitCast` checks that
// the sizes agree; the debug assertion, that a round trip gives the same object back. The casts are here and
// nowhere else.

/// The box `container` holds.
@inline(__always)
internal func containerBox<Key>(_ container: KeyedDecodingContainer<Key>) -> KeyedContainerBox {
    unsafeBitCast(container, to: KeyedContainerBox.self)
}

/// The box `container` holds.
@inline(__always)
internal func containerBox<Key>(_ container: KeyedEncodingContainer<Key>) -> KeyedContainerBox {
    unsafeBitCast(container, to: KeyedContainerBox.self)
}

/// The container `slot` keeps the box of, as the `KeyedDecodingContainer` or `KeyedEncodingContainer` of type
/// `type` that `containerBox(_:)` took the box from.
@inline(__always)
internal func reusedContainer<Container, Frame>(_ slot: KeyedContainerReuse<Frame>.Slot, as type: Container.Type)
    -> Container
{
    assert(slot.containerType is KeyedContainerType<Container>, "reusedContainer(_:as:): a slot of another type")
    let container = unsafeDowncast(slot.containerType, to: KeyedContainerType<Container>.self).container(of: slot.box)
    assert(
        withUnsafeBytes(of: container) { $0.load(as: UnsafeRawPointer.self) }
            == UnsafeRawPointer(Unmanaged.passUnretained(slot.box).toOpaque()),
        "reusedContainer(_:as:): a keyed container is not its box")
    return container
}

/// The type of a keyed container, `KeyedDecodingContainer<Key>` or `KeyedEncodingContainer<Key>`, carried by an
/// object. A method of a generic class reads the class's type arguments from the object it is called on, so a coder,
/// generic over `Key`, that holds one hands a box out again as its container without asking the runtime for the
/// metadata of `Keyed…Container<Key>`: a look-up in the runtime's concurrent cache on every container handed out
/// again, a few percent of a twitter.json decode (Compare's decode rows). (A metatype held as a value does not do
/// this: a generic function or a static method called with one still has the metadata looked up.)
internal final class KeyedContainerType<Container> {
    /// `box`, taken from a container of type `Container`, as that container. Not inlined, or the caller would be
    /// back to looking the metadata up.
    @inline(never)
    func container(of box: KeyedContainerBox) -> Container { unsafeBitCast(box, to: Container.self) }
}

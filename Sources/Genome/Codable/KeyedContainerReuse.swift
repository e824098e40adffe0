// Handing the same keyed container out again.
//
// `container(keyedBy:)` returns a `KeyedDecodingContainer<Key>`: the standard library boxes our container in a
// class of its own. In code generic over `Key`, as a decoder's is, making one asks the runtime for three pieces of
// generic metadata (our container's type, its conformance, the box's type) and allocates the box: about 1,000
// instructions a container, 18% of decoding citm_catalog.json (callgrind, 10,927 keyed containers a decode). A
// model decoded again and again (the elements of an array, the values of a dictionary) asks for a container of
// the same key type at the same depth each time. When nobody holds the box handed out last time (no copy of that
// container is alive) and nobody holds its frame (nothing below it was kept: a container, a decoder, a value still
// being decoded), the decoder hands the same box out again, its frame readied for the new object. What remains is
// one metadata look-up, for the bit cast back to `KeyedDecodingContainer<Key>`.
//
// A frame here belongs to its box's container, not to the `FramePool`: the only strong reference to it is the one
// in the box, so whether anything else holds it is asked of that reference, in place (`Slot.frame`). Idle frames
// one level deeper name it as their parent; like the pool, the decoder drops those references before it asks
// (`TapeDecoderImplementation.releaseIdleParents(below:)`).

/// The static type the decoder holds a `KeyedDecodingContainer`'s box as: the standard library's box class is not
/// public. Never instantiated; a reference of this type is only retained, released and asked whether it is unique,
/// which the runtime does alike for every native Swift object.
internal final class KeyedContainerBox {
    private init() {}
}

/// Keyed containers the decoder handed out, by depth, to hand out again; see the top of this file.
internal struct KeyedContainerReuse {
    /// A box handed out, the type of its keys, and where in the box its container's frame is.
    struct Slot {
        let keyType: ObjectIdentifier
        var box: KeyedContainerBox
        /// The container's reference to its frame, inside the box (which the slot keeps alive): the frame's only
        /// strong reference when nothing else holds it. Read through `frame` and `frameIsFree()` only.
        private let frameReference: UnsafeMutablePointer<TapeDecodingFrame>

        /// A slot for `box`, the box of a container over `frame`, or nil if the frame is not where the box's
        /// layout puts it (the standard library's box would have changed; containers are then not kept).
        init?(keyType: ObjectIdentifier, box: KeyedContainerBox, frame: TapeDecodingFrame) {
            // The box: the object header, then the container, whose one stored property is the frame.
            let field = UnsafeMutableRawPointer(Unmanaged.passUnretained(box).toOpaque()) + Self.frameOffset
            guard field.load(as: UnsafeRawPointer.self) == UnsafeRawPointer(Unmanaged.passUnretained(frame).toOpaque())
            else { return nil }
            self.keyType = keyType
            self.box = box
            self.frameReference = field.assumingMemoryBound(to: TapeDecodingFrame.self)
        }

        /// The frame of the box's container.
        var frame: TapeDecodingFrame { checkedFrameReference.pointee }

        /// Whether nothing but the box's container holds the frame.
        mutating func frameIsFree() -> Bool {
            isKnownUniquelyReferenced(&checkedFrameReference.pointee)
        }

        /// `frameReference`, which a debug build checks still points into the box it was read from.
        private var checkedFrameReference: UnsafeMutablePointer<TapeDecodingFrame> {
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
    var deepestDepth: Int { slots.count / Self.slotsPerDepth - 1 }

    /// Whether the container about to be made may be kept (once `containersBeforeReuse` have been made).
    @inline(__always)
    mutating func keepsNext() -> Bool {
        if made >= Self.containersBeforeReuse { return true }
        if made >= 0 { made += 1 }
        return false
    }

    /// A box of `keyType` at `depth` that nobody holds, whose frame nobody holds either, or nil.
    @inline(__always)
    mutating func idle(_ keyType: ObjectIdentifier, at depth: Int) -> Slot? {
        let start = depth &* Self.slotsPerDepth
        guard start < slots.count else { return nil }
        for index in start..<start &+ Self.slotsPerDepth where Self.isIdle(&slots[index], keyType) {
            return slots[index]
        }
        return nil
    }

    /// Whether `depth` keeps a box of `keyType` that nobody holds: when `idle(_:at:)` found none, its frame is still
    /// held, perhaps only by idle frames deeper down that name it as their parent.
    mutating func holdsFreeBox(_ keyType: ObjectIdentifier, at depth: Int) -> Bool {
        let start = depth &* Self.slotsPerDepth
        guard start < slots.count else { return false }
        for index in start..<start &+ Self.slotsPerDepth where Self.boxIsFree(&slots[index], keyType) {
            return true
        }
        return false
    }

    /// A slot at `depth` that is empty or whose box nobody holds, or nil when all are held.
    mutating func freePlace(at depth: Int) -> Int? {
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

    /// Keeps no container any more in this run: a box did not have the layout `Slot` reads.
    mutating func stopKeeping() {
        made = Int.min
    }

    /// Keeps `slot` in `place`, from `freePlace(at:)`; the box that was there goes.
    mutating func keep(_ slot: Slot, in place: Int) {
        slots[place] = slot
    }

    /// Drops the parent references of the idle frames at `depth`.
    mutating func releaseParents(at depth: Int) {
        let start = depth &* Self.slotsPerDepth
        guard depth >= 0 && start < slots.count else { return }
        for index in start..<start &+ Self.slotsPerDepth {
            Self.releaseParent(&slots[index])
        }
    }

    /// Lets go of every box, breaking the cycle between the frames and their decoder.
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

// A `KeyedDecodingContainer` is one reference to its box (its single stored property), so a box kept as a
// `KeyedContainerBox` and a container are bit casts of each other. `unsafeBitCast` checks that the sizes agree; the
// debug assertion, that a round trip gives the same object back. Both casts are here and nowhere else.

/// The box `container` holds.
@inline(__always)
internal func containerBox<Key>(_ container: KeyedDecodingContainer<Key>) -> KeyedContainerBox {
    unsafeBitCast(container, to: KeyedContainerBox.self)
}

/// A `KeyedDecodingContainer` of `box`, which `containerBox(_:)` took from a container of `Key`.
@inline(__always)
internal func reusedContainer<Key>(_ box: KeyedContainerBox, _ key: Key.Type) -> KeyedDecodingContainer<Key> {
    let container = unsafeBitCast(box, to: KeyedDecodingContainer<Key>.self)
    assert(containerBox(container) === box, "reusedContainer(_:_:): a KeyedDecodingContainer is not its box")
    return container
}

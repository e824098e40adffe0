// Coding paths that cost nothing until an error needs one.
//
// `Swift.Decoder` and `Swift.Encoder` expose `codingPath: [any CodingKey]`, but building that array for every
// value would dominate decoding. Genome instead keeps a persistent linked list of `CodingFrame`s, one per open
// container, and builds the array only when someone reads `codingPath` (almost always to report an error).
//
// Frames are recycled. A decoder or encoder keeps the frame it last made at each depth; when it opens the next
// container at that depth and nobody else holds the old frame (`isKnownUniquelyReferenced`), it reuses it instead
// of allocating. A container that escapes (stored in a property, say) keeps its frame alive, so the next container
// gets a fresh one and the escaped container's path stays right.

/// A coding key Genome makes itself: array indices (`"Index 3"`, `intValue` 3, as Foundation spells them), the
/// `"super"` key of `superDecoder()` and `superEncoder()`, and string keys of dictionaries.
///
/// It also serves any code that needs a key with an arbitrary string, such as a
/// ``NodeDecoder/KeyDecodingStrategy/custom(_:)`` strategy:
///
/// ```swift
/// decoder.keyDecodingStrategy = .custom { path in
///     NodeCodingKey(stringValue: path.last!.stringValue.lowercased())
/// }
/// ```
public struct NodeCodingKey: CodingKey, Sendable, Hashable, CustomStringConvertible {
    private enum Storage: Sendable, Hashable {
        case string(String)
        case integer(Int)
        case index(Int)
    }

    // An index key spells its `stringValue` only when asked: paths are built for errors, and an error is often
    // made only to be discarded by `try?`.
    private let storage: Storage

    public var stringValue: String {
        switch storage {
        case .string(let string): string
        case .integer(let integer): String(integer)
        case .index(let index): "Index \(index)"
        }
    }

    public var intValue: Int? {
        switch storage {
        case .string: nil
        case .integer(let integer), .index(let integer): integer
        }
    }

    public init(stringValue: String) {
        storage = .string(stringValue)
    }

    public init(intValue: Int) {
        storage = .integer(intValue)
    }

    /// The key of the element at `index` of an array: `stringValue` is `"Index \(index)"`, `intValue` is `index`.
    public init(index: Int) {
        storage = .index(index)
    }

    /// The key `superDecoder()` and `superEncoder()` use: `"super"`.
    public static let `super` = NodeCodingKey(stringValue: "super")

    public var description: String {
        if let intValue {
            return "NodeCodingKey(stringValue: \"\(stringValue)\", intValue: \(intValue))"
        }
        return "NodeCodingKey(stringValue: \"\(stringValue)\", intValue: nil)"
    }
}

/// One step of a coding path, kept in the cheapest form that can still produce the key.
internal enum CodingStep {
    /// The root: no key.
    case root
    /// A key of the caller's own `CodingKey` type.
    case key(any CodingKey)
    /// An array index.
    case index(Int)
    /// A string key Genome made (a dictionary key, or a converted key).
    case string(String)
    /// `superDecoder()` / `superEncoder()`.
    case superKey

    var codingKey: (any CodingKey)? {
        switch self {
        case .root: nil
        case .key(let key): key
        case .index(let index): NodeCodingKey(index: index)
        case .string(let string): NodeCodingKey(stringValue: string)
        case .superKey: NodeCodingKey.super
        }
    }
}

/// An open container on a coding path: the step that led to it, and the frame of the container around it.
///
/// Subclasses carry the state of their container (the node it reads, the members it collects), so that the
/// container structs the standard library boxes hold one reference: the box copies its container on every call.
///
/// The mutable state of frames, pools, coders and runs skips Swift's run-time exclusivity checks in release builds:
/// these objects are private to one coding run, which never holds two accesses to one property at once, and the
/// checks would add about three quarters to encoding twitter.json and a little to decoding it (Compare's encode and
/// decode rows). Each such property is marked `@exclusivity(unchecked)` under `GENOME_UNCHECKED_EXCLUSIVITY`,
/// the one switch for it, which Package.swift sets for release builds only. `@exclusivity` cannot sit in a
/// function or a property wrapper (the compiler takes it on stored properties alone), so a build condition is the
/// helper: debug builds, and with them every test run, keep the checks, which trap on any overlapping access.
internal class CodingFrame {
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    final var parent: CodingFrame?
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    final var step: CodingStep
    /// How many frames lead to this one: 0 for a container at the root.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    final var depth: Int
    /// Unkeyed containers: the index of the next element. Keyed decoding containers: where the next key lookup
    /// starts.
    #if GENOME_UNCHECKED_EXCLUSIVITY
        @exclusivity(unchecked)
    #endif
    final var position: Int = 0

    init(parent: CodingFrame?, step: CodingStep) {
        self.parent = parent
        self.step = step
        self.depth = parent.map { $0.depth + 1 } ?? 0
    }

    /// Readies a recycled frame for a new container.
    final func reset(parent: CodingFrame?, step: CodingStep) {
        // Siblings share their parent: keeping it saves a retain and a release per container.
        if self.parent !== parent { self.parent = parent }
        self.step = step
        self.depth = parent.map { $0.depth + 1 } ?? 0
        self.position = 0
    }

    /// The full path to this container's value, `step` included.
    final func codingPath() -> [any CodingKey] {
        var keys: [any CodingKey] = []
        var frame: CodingFrame? = self
        while let current = frame {
            if let key = current.step.codingKey { keys.append(key) }
            frame = current.parent
        }
        keys.reverse()
        return keys
    }

    /// The path to a value inside this container, reached by `step`.
    final func codingPath(appending step: CodingStep) -> [any CodingKey] {
        var keys = codingPath()
        if let key = step.codingKey { keys.append(key) }
        return keys
    }
}

/// The path of the value a decoder or encoder is positioned on: the frame of the container holding it, plus the
/// step from that container to the value.
internal struct CodingPosition {
    var frame: CodingFrame?
    var step: CodingStep

    static var root: CodingPosition { CodingPosition(frame: nil, step: .root) }

    var codingPath: [any CodingKey] {
        if let frame { return frame.codingPath(appending: step) }
        if let key = step.codingKey { return [key] }
        return []
    }

    /// The depth a container opened at this position has.
    var depth: Int { frame.map { $0.depth + 1 } ?? 0 }
}

/// Recycles frames by depth; see the top of this file. One pool serves a whole run, super decoders and super
/// encoders included, and is emptied when the run ends: frames refer to their decoder or encoder, which refers to
/// the pool.
internal struct FramePool<Frame: CodingFrame> {
    /// The frame at depth 0, kept apart: a document whose containers are all at the top (most small ones) then
    /// never allocates the array below. A value, not an object of its own: each run would allocate one.
    private var outermost: Frame?
    /// The frames at depth 1, 2, …
    private var deeper: ContiguousArray<Frame?> = []

    /// A frame for a container opened at `position`: a recycled one nobody else holds, or a new one from `make`.
    /// The caller sets up the container state.
    @inline(__always)
    mutating func frame(at position: CodingPosition, make: (_ parent: CodingFrame?, _ step: CodingStep) -> Frame)
        -> Frame
    {
        let depth = position.depth
        // A frame one level deeper refers to this level's frame as its parent; drop that reference when the
        // deeper frame is free itself, or this level's frame would never look free.
        if depth < deeper.count {
            if isKnownUniquelyReferenced(&deeper[depth]) {
                deeper[depth]!.parent = nil
            } else {
                releaseParents(downTo: depth)
            }
        }
        if depth == 0 { return Self.recycle(&outermost, at: position, make: make) }
        if depth - 1 < deeper.count { return Self.recycle(&deeper[depth - 1], at: position, make: make) }
        let frame = make(position.frame, position.step)
        while deeper.count < depth - 1 { deeper.append(nil) }
        deeper.append(frame)
        return frame
    }

    /// Drops the parent references of the free frames from the deepest up to the one at `depth + 1`. The frame
    /// one level deeper can look held only because a free frame below it still names it as parent: without this,
    /// twitter.json's 1,568 containers would take hundreds of frames a decode instead of one a level (Compare's
    /// twitter.json decode and encode rows).
    @inline(never)
    private mutating func releaseParents(downTo depth: Int) {
        var level = deeper.count - 1
        while level >= depth {
            if isKnownUniquelyReferenced(&deeper[level]) { deeper[level]!.parent = nil }
            level -= 1
        }
    }

    /// The frame in `slot` readied for `position` if nobody else holds it, else a new frame put in its place.
    @inline(__always)
    private static func recycle(
        _ slot: inout Frame?, at position: CodingPosition, make: (CodingFrame?, CodingStep) -> Frame
    ) -> Frame {
        if isKnownUniquelyReferenced(&slot) {
            let frame = slot!
            frame.reset(parent: position.frame, step: position.step)
            return frame
        }
        let frame = make(position.frame, position.step)
        slot = frame
        return frame
    }

    /// The depth of the deepest frame the pool may hold.
    var deepestDepth: Int { deeper.count }

    /// Drops the parent reference of the frame at `depth` if nobody else holds it: for a coder that also keeps
    /// frames outside the pool (`KeyedContainerReuse`), whose frames this pool's may name as their parent.
    mutating func releaseParentIfFree(atDepth depth: Int) {
        let index = depth - 1
        if index >= 0 && index < deeper.count && isKnownUniquelyReferenced(&deeper[index]) {
            deeper[index]!.parent = nil
        }
    }

    /// Lets go of every frame, breaking the cycles between frames and their decoder or encoder.
    mutating func removeAll() {
        outermost = nil
        deeper.removeAll()
    }
}

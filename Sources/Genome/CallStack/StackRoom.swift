// Room on the call stack for recursive models.
//
// Genome's own code never recurses, but a recursive model (a comment whose replies are comments) runs its
// decoding or encoding code once per level of the document, on the call stack. On a small stack (a Swift task's
// is 512 KiB on Apple platforms), in a debug build, or with a raised depth limit, a document within the limit can
// then use up the stack, and the process would die. Where each level of a model begins, Genome checks how much
// stack is left, and throws a `StackLimitError` with the path when it is nearly used up. The work never moves to
// another thread: task-local values, the current task and actor isolation stay the caller's.

internal import CGenomeShims

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

internal enum StackRoom {
    /// Genome stops when less than this is left (see `StackLimitError.reserve`).
    static let reserve = StackLimitError.reserve

    /// Whether more than `reserve` bytes of this thread's stack are unused. Stacks grow downwards on every
    /// platform Swift runs on.
    @inline(__always)
    static func hasRoom() -> Bool {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        let bounds = currentBounds()
        if here > bounds.limit && here < bounds.top { return true }
        return hasRoom(at: here, within: bounds)
    }

    /// `hasRoom()` for a caller that keeps the bounds of the thread it started on (`currentBounds()`): a run of
    /// decoding or encoding, which calls this for every value. A marker within those bounds is on that stack, so
    /// the answer needs no lookup; anywhere else (the run's code moved to another thread) the full check decides.
    @inline(__always)
    static func hasRoom(knowing bounds: Bounds) -> Bool {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        if here > bounds.limit && here < bounds.top { return true }
        return hasRoom()
    }

    /// This thread's stack: `limit` is the lowest address work may reach with `reserve` bytes still free, and
    /// `top` the address the stack starts from. Unknown bounds are `0` and `UInt.max`: never stop.
    struct Bounds {
        var limit: UInt
        var top: UInt
    }

    /// The answer when the marker is below the limit, or not on the stack at all.
    @inline(never)
    private static func hasRoom(at here: UInt, within bounds: Bounds) -> Bool {
        if here < bounds.top && here > bounds.limit &- UInt(reserve) { return false }
        // Not on this thread's stack: under AddressSanitizer, locals whose address is taken live on a "fake
        // stack" on the heap. Its runtime knows the real frame; without it, there is no telling.
        guard let real = AddressSanitizer.realFrame(of: here) else { return true }
        return real > bounds.limit
    }

    #if canImport(Darwin)
        /// Darwin keeps the bounds in the thread itself, so reading them is cheap.
        @inline(__always)
        static func currentBounds() -> Bounds {
            let thread = pthread_self()
            let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            return Bounds(limit: top - UInt(pthread_get_stacksize_np(thread)) + UInt(reserve), top: top)
        }
    #elseif os(Linux) || os(Android)
        /// Worked out once per thread (`pthread_getattr_np` is slow, and reads /proc on the main thread) and kept
        /// in a C thread-local (CGenomeShims.h). Behind `pthread_getspecific` and a lazily made key, every static
        /// `decode` of a model paid a call and a `swift_once` for them.
        @inline(__always)
        static func currentBounds() -> Bounds {
            let known = genome_current_stack_bounds()
            if known.pointee.top != 0 { return Bounds(limit: known.pointee.limit, top: known.pointee.top) }
            return measureBounds(into: known)
        }

        @inline(never)
        private static func measureBounds(into known: UnsafeMutablePointer<genome_stack_bounds>) -> Bounds {
            var bounds = Bounds(limit: 0, top: .max)
            var lowest: UnsafeMutableRawPointer? = nil
            var size = 0
            if genome_current_thread_stack(&lowest, &size) == 0, let lowest {
                let bottom = UInt(bitPattern: lowest)
                bounds = Bounds(limit: bottom + UInt(reserve), top: bottom + UInt(size))
            }
            known.pointee = genome_stack_bounds(limit: bounds.limit, top: bounds.top)
            return bounds
        }
    #else
        /// Elsewhere the bounds are unknown: never move.
        @inline(__always)
        static func currentBounds() -> Bounds { Bounds(limit: 0, top: .max) }
    #endif
}

/// AddressSanitizer's runtime, when this build has it: the real stack frame behind a "fake stack" address.
private enum AddressSanitizer {
    static func realFrame(of address: UInt) -> UInt? {
        guard let frame = genome_asan_real_frame(UnsafeMutableRawPointer(bitPattern: address)) else { return nil }
        return UInt(bitPattern: frame)
    }
}

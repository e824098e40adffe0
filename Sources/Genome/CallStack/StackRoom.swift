// Room on the call stack for recursive models.
//
// Genome's own code never recurses, but a recursive model (a comment whose replies are comments) runs its
// decoding or encoding code once per level of the document, on the call stack. On a small stack (a Swift task's
// is 512 KiB on Apple platforms), in a debug build, or with a raised depth limit, a document within the limit can
// then use up the stack, and the process would die. Where each level of a model begins, Genome checks how much
// stack is left, and throws a `StackLimitError` with the path when it is nearly used up. The work never moves to
// another thread: task-local values, the current task and actor isolation stay the caller's.

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
        private static func currentBounds() -> Bounds {
            let thread = pthread_self()
            let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            return Bounds(limit: top - UInt(pthread_get_stacksize_np(thread)) + UInt(reserve), top: top)
        }
    #elseif os(Linux) || os(Android)
        /// Worked out once per thread (`pthread_getattr_np` is slow, and reads /proc on the main thread) and kept
        /// behind a thread-specific key.
        @inline(__always)
        private static func currentBounds() -> Bounds {
            if let known = pthread_getspecific(boundsKey) { return known.load(as: Bounds.self) }
            return measureBounds()
        }

        @inline(never)
        private static func measureBounds() -> Bounds {
            var bounds = Bounds(limit: 0, top: .max)
            var attributes = pthread_attr_t()
            if let getAttributes = threadAttributesFunction, getAttributes(pthread_self(), &attributes) == 0 {
                var address: UnsafeMutableRawPointer? = nil
                var size = 0
                if pthread_attr_getstack(&attributes, &address, &size) == 0, let address {
                    let bottom = UInt(bitPattern: address)
                    bounds = Bounds(limit: bottom + UInt(reserve), top: bottom + UInt(size))
                }
                pthread_attr_destroy(&attributes)
            }
            let stored = UnsafeMutablePointer<Bounds>.allocate(capacity: 1)
            stored.initialize(to: bounds)
            pthread_setspecific(boundsKey, stored)
            return bounds
        }

        /// `pthread_getattr_np`, which gives a running thread's stack. Glibc and musl declare it only for
        /// `_GNU_SOURCE`, which Swift's C module does not define, so it is looked up by name.
        private static let threadAttributesFunction:
            (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? =
                cFunction(named: "pthread_getattr_np")

        /// One key for the whole process; each thread's value is its `Bounds`, freed with the thread.
        private static let boundsKey: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key) { free($0) }
            return key
        }()
    #else
        /// Elsewhere the bounds are unknown: never move.
        @inline(__always)
        private static func currentBounds() -> Bounds { Bounds(limit: 0, top: .max) }
    #endif
}

/// AddressSanitizer's runtime, when the process has it: the real stack frame behind a "fake stack" address.
private enum AddressSanitizer {
    private typealias CurrentFakeStack = @convention(c) () -> UnsafeMutableRawPointer?
    private typealias RealFrame =
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?,
            UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        ) -> UnsafeMutableRawPointer?

    private static let currentFakeStack: CurrentFakeStack? = cFunction(named: "__asan_get_current_fake_stack")
    private static let realFrameFunction: RealFrame? = cFunction(named: "__asan_addr_is_in_fake_stack")

    /// The address on the real stack of the frame that `address`, on this thread's fake stack, belongs to.
    static func realFrame(of address: UInt) -> UInt? {
        guard let currentFakeStack, let realFrameFunction, let fakeStack = currentFakeStack() else { return nil }
        guard let frame = realFrameFunction(fakeStack, UnsafeMutableRawPointer(bitPattern: address), nil, nil) else {
            return nil
        }
        return UInt(bitPattern: frame)
    }
}

/// The C function `name` from any image loaded in the process, or nil.
private func cFunction<Function>(named name: String) -> Function? {
    #if canImport(Darwin)
        let everywhere = UnsafeMutableRawPointer(bitPattern: -2)  // RTLD_DEFAULT
    #else
        let everywhere = UnsafeMutableRawPointer(bitPattern: 0)  // RTLD_DEFAULT
    #endif
    guard let symbol = dlsym(everywhere, name) else { return nil }
    return unsafeBitCast(symbol, to: Function.self)
}

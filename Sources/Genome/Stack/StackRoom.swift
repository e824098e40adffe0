// Room on the call stack for recursive models.
//
// Genome's own code never recurses, but a recursive model (a comment whose replies are comments) runs its
// decoding or encoding code once per level of the document, on the call stack. On a small stack (a Swift task's
// is 512 KiB on Apple platforms), in a debug build, or with a raised depth limit, a document within the limit can
// then use up the stack, and the process dies. Where each level of a model begins, Genome checks how much stack
// is left; when it is nearly used up, the rest of the work continues on a new thread with a large stack, and the
// caller waits for it. Nothing changes but the thread: the result and any error are the same.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

internal enum StackRoom {
    /// Work starts on a new thread when less than this is left. It must cover one level of a model, user code
    /// included, in a debug build (a few kilobytes), and whatever runs after the last check.
    static let reserve = 128 * 1024

    /// The stack of each new thread: room for hundreds of levels even in a debug build. A thread that runs low
    /// too moves on to another.
    static let newThreadStackSize = 8 * 1024 * 1024

    /// Runs `body` here when the stack has room, and otherwise on a new thread with a fresh stack.
    ///
    /// Callers on hot paths test ``hasRoom()`` themselves and call ``onFreshStack(_:)`` when it fails, so that the
    /// common case costs no closure.
    @inline(__always)
    static func ensured<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        if hasRoom() { return try body() }
        return try onFreshStack(body)
    }

    /// Runs `body` on a new thread with a stack of `newThreadStackSize`, and waits for it.
    @inline(never)
    static func onFreshStack<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        if let value = try runOnNewThread(stackSize: newThreadStackSize, body) { return value }
        // Without a new thread, carrying on here is still better than failing a decode that may fit.
        return try body()
    }

    /// Whether more than `reserve` bytes of this thread's stack are unused. Stacks grow downwards on every
    /// platform Swift runs on.
    @inline(__always)
    static func hasRoom() -> Bool {
        var marker: UInt8 = 0
        let here = withUnsafeMutablePointer(to: &marker) { UInt(bitPattern: $0) }
        return here > lowestSafeAddress()
    }

    #if canImport(Darwin)
        /// The lowest address this thread's stack may reach with `reserve` bytes still free. Darwin keeps the
        /// bounds in the thread itself, so reading them is cheap.
        @inline(__always)
        private static func lowestSafeAddress() -> UInt {
            let thread = pthread_self()
            let top = UInt(bitPattern: pthread_get_stackaddr_np(thread))
            return top - UInt(pthread_get_stacksize_np(thread)) + UInt(reserve)
        }
    #elseif os(Linux) || os(Android)
        /// The lowest address this thread's stack may reach with `reserve` bytes still free, worked out once per
        /// thread (`pthread_getattr_np` is slow, and reads /proc on the main thread) and kept as the value of a
        /// thread-specific key.
        @inline(__always)
        private static func lowestSafeAddress() -> UInt {
            if let known = pthread_getspecific(boundKey) { return UInt(bitPattern: known) }
            return measureLowestSafeAddress()
        }

        @inline(never)
        private static func measureLowestSafeAddress() -> UInt {
            var bound: UInt = 1  // unknown bounds: never move
            var attributes = pthread_attr_t()
            if let getAttributes = threadAttributesFunction, getAttributes(pthread_self(), &attributes) == 0 {
                var address: UnsafeMutableRawPointer? = nil
                var size = 0
                if pthread_attr_getstack(&attributes, &address, &size) == 0, let address {
                    bound = UInt(bitPattern: address) + UInt(reserve)
                }
                pthread_attr_destroy(&attributes)
            }
            pthread_setspecific(boundKey, UnsafeRawPointer(bitPattern: bound))
            return bound
        }

        /// `pthread_getattr_np`, which gives a running thread's stack. Glibc and musl declare it only for
        /// `_GNU_SOURCE`, which Swift's C module does not define, so it is looked up by name.
        private static let threadAttributesFunction:
            (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32)? = {
                guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "pthread_getattr_np") else {
                    return nil
                }
                return unsafeBitCast(
                    symbol, to: (@convention(c) (pthread_t, UnsafeMutablePointer<pthread_attr_t>) -> Int32).self)
            }()

        /// One key for the whole process; its values are plain addresses, so there is nothing to free.
        private static let boundKey: pthread_key_t = {
            var key = pthread_key_t()
            pthread_key_create(&key, nil)
            return key
        }()
    #else
        /// Elsewhere the bounds are unknown: never move.
        @inline(__always)
        private static func lowestSafeAddress() -> UInt { 0 }
    #endif
}

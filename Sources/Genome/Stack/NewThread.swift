// Running a closure on a new thread with a stack of a chosen size, and waiting for it: how `StackRoom` gives
// deep recursion a fresh stack. (Tests also use it to run code on a small stack, like a Swift task's.)

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `body` on a new thread with `stackSize` bytes of stack, waits for it to finish, and returns its result
/// or throws its error. Returns nil, without running `body`, when the thread cannot be created.
///
/// The caller is blocked until `body` has finished, so `body` may use anything the caller can, even values that
/// are not `Sendable`: they are never used by two threads at once. What `body` cannot see are the caller's task
/// locals and thread-specific values.
internal func runOnNewThread<Value, Failure: Error>(
    stackSize: Int, _ body: () throws(Failure) -> Value
) throws(Failure) -> Value? {
    var outcome: Result<Value, Failure>?
    let started = withoutActuallyEscaping(body) { body in
        ThreadWork { outcome = Result { () throws(Failure) -> Value in try body() } }.start(stackSize: stackSize)
    }
    guard started else { return nil }
    return try outcome?.get()
}

/// The work handed to the new thread through `pthread_create`'s context pointer.
private final class ThreadWork {
    let run: () -> Void

    init(_ run: @escaping () -> Void) {
        self.run = run
    }

    /// Runs `run` on a new thread and waits for it; false if no thread could be made.
    func start(stackSize: Int) -> Bool {
        var attributes = pthread_attr_t()
        guard pthread_attr_init(&attributes) == 0 else { return false }
        defer { pthread_attr_destroy(&attributes) }
        guard pthread_attr_setstacksize(&attributes, stackSize) == 0 else { return false }
        #if canImport(Darwin)
            var thread: pthread_t? = nil
        #else
            var thread = pthread_t()
        #endif
        // Unretained: `self` is alive for the whole call, which waits for the thread.
        let context = Unmanaged.passUnretained(self).toOpaque()
        guard pthread_create(&thread, &attributes, runThreadWork, context) == 0 else { return false }
        #if canImport(Darwin)
            pthread_join(thread!, nil)
        #else
            pthread_join(thread, nil)
        #endif
        return true
    }
}

/// The new thread's entry point.
#if canImport(Darwin)
    private func runThreadWork(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        Unmanaged<ThreadWork>.fromOpaque(context).takeUnretainedValue().run()
        return nil
    }
#else
    private func runThreadWork(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        Unmanaged<ThreadWork>.fromOpaque(context!).takeUnretainedValue().run()
        return nil
    }
#endif

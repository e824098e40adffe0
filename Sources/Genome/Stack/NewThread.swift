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
    let outcome: Result<Value, Failure>? = withoutActuallyEscaping(body) { body in
        let work = ThreadWork { Result { () throws(Failure) -> Value in try body() } }
        guard work.start(stackSize: stackSize) else { return nil }
        return work.outcome
    }
    return try outcome?.get()
}

/// The work handed to the new thread through `pthread_create`'s context pointer, and the result it leaves.
private final class ThreadWork<Value, Failure: Error> {
    let run: () -> Result<Value, Failure>
    var outcome: Result<Value, Failure>?

    init(_ run: @escaping () -> Result<Value, Failure>) {
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
        let context = Unmanaged.passUnretained(self).toOpaque()
        let created = pthread_create(&thread, &attributes, runThreadWork, context)
        guard created == 0 else { return false }
        #if canImport(Darwin)
            pthread_join(thread!, nil)
        #else
            pthread_join(thread, nil)
        #endif
        return true
    }
}

/// The new thread's entry point. A context has no type in C, so the work is reached through a protocol.
#if canImport(Darwin)
    private func runThreadWork(_ context: UnsafeMutableRawPointer) -> UnsafeMutableRawPointer? {
        (Unmanaged<AnyObject>.fromOpaque(context).takeUnretainedValue() as! any RunnableWork).runAndKeepOutcome()
        return nil
    }
#else
    private func runThreadWork(_ context: UnsafeMutableRawPointer?) -> UnsafeMutableRawPointer? {
        (Unmanaged<AnyObject>.fromOpaque(context!).takeUnretainedValue() as! any RunnableWork).runAndKeepOutcome()
        return nil
    }
#endif

private protocol RunnableWork: AnyObject {
    func runAndKeepOutcome()
}

extension ThreadWork: RunnableWork {
    func runAndKeepOutcome() {
        outcome = run()
    }
}

// Decoding that tries one way and then another (an untagged family's variants) must not report what a failed try
// recovered: that value was thrown away. Recoveries made inside a try are held back, and passed on only when the
// try succeeds.

/// The recoveries of one try, held until it is known whether the try's value is kept.
internal final class RecoveryAttempt: Sendable {
    @TaskLocal static var current: RecoveryAttempt?

    private let held = LockedState([Recovery]())

    func hold(_ recovery: Recovery) {
        held.withLock { $0.append(recovery) }
    }

    var recoveries: [Recovery] { held.withLock { $0 } }
}

extension Recoveries {
    /// Runs `body`, one try among several, and reports what it recovered only when it returns: a try that throws
    /// reports nothing.
    static func attempt<Result>(_ body: () throws -> Result) throws -> Result {
        guard areObserved else { return try body() }
        let attempt = RecoveryAttempt()
        let result = try RecoveryAttempt.$current.withValue(attempt) { try body() }
        for recovery in attempt.recoveries { deliver(recovery) }
        return result
    }
}

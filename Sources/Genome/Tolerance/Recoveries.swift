// Where tolerant decoding records what it recovered, and how recoveries get their full paths.
//
// Nobody pays for this who does not ask. A C counter (`genome_recovery_observers`) holds how many reports are being
// collected plus how many error loggers are registered; while it is zero, recording returns at once. Nothing on
// the paths that decode successfully checks anything.
//
// Paths: a Codable recovery takes the decoder's `codingPath`, which every `Decoder` has anyway. The static-decode
// API builds paths only as errors unwind, which a recovery never does, and tracking them on the way down would cost
// every `decode` call. So a static-decode recovery keeps the container it was made in (the object that lacked the
// key, the array that lost an element) and its path inside that container; a caller that names the root
// (`Node.decode(as:report:)`) gets full paths, found by locating each container in the root (see
// `RecoveryReport.located(in:)`).

internal import CGenomeShims

internal enum Recoveries {
    /// Whether a report is being collected or a logger is registered, anywhere in the process.
    @inline(__always)
    static var areObserved: Bool { genome_recovery_observer_count() != 0 }

    /// Records a static-decode recovery at `path` inside `container`, in place of `error`.
    static func record(
        _ kind: Recovery.Kind, in container: @autoclosure () -> Node, at path: @autoclosure () -> [PathComponent],
        replacing error: @autoclosure () -> any Error
    ) {
        guard areObserved else { return }
        deliver(Recovery(kind: kind, path: path(), error: error(), container: container()))
    }

    /// Records a recovery at a `Codable` coding path in place of `error`.
    static func record(
        _ kind: Recovery.Kind, codingPath: @autoclosure () -> [any CodingKey],
        replacing error: @autoclosure () -> any Error
    ) {
        guard areObserved else { return }
        deliver(
            Recovery(kind: kind, path: codingPath().map(PathComponent.init(codingKey:)), error: error(), container: nil)
        )
    }

    /// Records a default taken for `key`, missing from the object at `codingPath` (the wrappers that default).
    static func recordDefault(forMissing key: any CodingKey, codingPath: [any CodingKey]) {
        record(.defaultUsed, codingPath: codingPath + [key], replacing: CodingErrors.keyNotFound(key, path: codingPath))
    }

    /// Hands `recovery` to the report being collected and the loggers, or holds it while a try is under way
    /// (``RecoveryAttempt``).
    static func deliver(_ recovery: Recovery) {
        if let attempt = RecoveryAttempt.current {
            attempt.hold(recovery)
            return
        }
        RecoveryCollector.current?.add(recovery)
        ErrorLoggers.logRecovery(recovery)
    }
}

extension PathComponent {
    /// A coding key as a path step: an index when it has an integer value, a key otherwise.
    init(codingKey: any CodingKey) {
        if let index = codingKey.intValue {
            self = .index(index)
        } else {
            self = .key(codingKey.stringValue)
        }
    }
}

/// The recoveries of one `RecoveryReport.collect`, shared by the tasks inside it.
internal final class RecoveryCollector: Sendable {
    @TaskLocal static var current: RecoveryCollector?

    private let recoveries = LockedState([Recovery]())
    /// The collector of an enclosing `collect`, which sees this one's recoveries too.
    private let outer: RecoveryCollector?

    init(outer: RecoveryCollector?) {
        self.outer = outer
    }

    func add(_ recovery: Recovery) {
        recoveries.withLock { $0.append(recovery) }
        outer?.add(recovery)
    }

    var report: RecoveryReport {
        var report = RecoveryReport()
        report.recoveries = recoveries.withLock { $0 }
        return report
    }
}

// Where tolerant decoding records what it recovered, and how recoveries get their full paths.
//
// Nobody pays for this who does not ask. A C counter (`genome_recovery_observers`) holds how many reports are being
// collected plus how many error loggers are registered; while it is zero, recording returns at once and the
// static-decode API tracks no paths. Only when someone observes does a recording read the task-local collector,
// and do Genome's nested decodes (`withPath`, the key fast paths) push their path component into a task-local
// prefix: the static-decode API builds paths only as errors unwind, which a recovery never does. Codable
// recoveries take the decoder's `codingPath`, which every `Decoder` has anyway.

internal import CGenomeStack

internal enum Recoveries {
    /// Whether a report is being collected or a logger is registered, anywhere in the process.
    @inline(__always)
    static var areObserved: Bool { genome_recovery_observer_count() != 0 }

    /// The path of the static-decode API's value being decoded, from the outermost call; only kept while observed.
    @TaskLocal static var prefix: [PathComponent] = []

    /// Records a recovery at `path` (relative to the static-decode call that is running) in place of `error`.
    static func record(
        _ kind: Recovery.Kind, at path: @autoclosure () -> [PathComponent],
        replacing error: @autoclosure () -> any Error
    ) {
        guard areObserved else { return }
        deliver(Recovery(kind: kind, path: prefix + path(), error: error()))
    }

    /// Records a recovery at a `Codable` coding path in place of `error`.
    static func record(
        _ kind: Recovery.Kind, codingPath: @autoclosure () -> [any CodingKey],
        replacing error: @autoclosure () -> any Error
    ) {
        guard areObserved else { return }
        deliver(Recovery(kind: kind, path: prefix + codingPath().map(PathComponent.init(codingKey:)), error: error()))
    }

    /// Runs `body` one step further down the document, as far as recoveries' paths are concerned.
    @inline(__always)
    static func within<Result>(_ components: @autoclosure () -> [PathComponent], _ body: () throws -> Result) rethrows
        -> Result
    {
        guard areObserved else { return try body() }
        return try $prefix.withValue(prefix + components()) { try body() }
    }

    private static func deliver(_ recovery: Recovery) {
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

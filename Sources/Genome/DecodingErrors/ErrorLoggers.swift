internal import CGenomeShims

/// Functions that see each decoding error Genome throws to you, once, as it leaves the call you made.
///
/// ```swift
/// let token = ErrorLoggers.add { error in log.warning("\(error)") }
/// ...
/// ErrorLoggers.remove(token)
/// ```
///
/// There are none by default: a library does not print. A logger sees Genome's decoding errors (``MissingKeyError``,
/// ``TypeMismatchError``, ``RawRepresentableInitializationError``, ``StackLimitError``) as they leave one of its
/// entry points: `decode`, `decodeIfPresent`, `decode(_:asOneOf:)`, `parse(json:path:decode:)`, `extract` and a
/// map's other reads, `init(node:)`, `[T](node:)`, `makeNode()` and the operators built on them. The logged error
/// carries the path known there; an entry point further out puts its part of the path in front of the error it
/// throws, but does not log it again.
///
/// Errors Genome handles itself are not logged: the failed candidates of a one-of decode that succeeds, the
/// elements a ``LossyArray`` drops (you get those as values, and loggers as a ``Recovery``), a missing key that `decodeIfPresent` turns into nil.
/// Nor are ``NodeDecoder`` errors, or errors of your own types. <doc:ErrorHandling> has the details.
///
/// Loggers also see every ``Recovery`` that tolerant decoding makes (a default used, an element dropped, a fallback
/// taken, a value coerced), as a `Recovery` error, in both APIs: nothing is recovered silently while a logger
/// listens. A static-decode recovery's path then starts at the object or array it was made in.
/// <doc:DecodingImperfectData> has the details.
///
/// Making an error takes no lock: only an error leaving an entry point reads the registry. Loggers run on the
/// thread that decodes, before the error reaches your `catch`, so they must be quick and thread-safe. Registering
/// and removing them is thread-safe.
public enum ErrorLoggers {
    /// Identifies a registered logger, for ``remove(_:)``.
    public struct Token: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    /// A function that sees an error. It runs on the decoding thread, so it must be `@Sendable`.
    public typealias Logger = @Sendable (any Error) -> Void

    /// Registers `logger`; it sees every logged error from now until it is removed.
    @discardableResult
    public static func add(_ logger: @escaping Logger) -> Token {
        registry.withLock { state in
            state.nextID += 1
            state.loggers.append((state.nextID, logger))
            genome_recovery_observers_add(1)
            return Token(id: state.nextID)
        }
    }

    /// Unregisters the logger that `token` names; removing twice does nothing.
    public static func remove(_ token: Token) {
        registry.withLock { state in
            let count = state.loggers.count
            state.loggers.removeAll { $0.id == token.id }
            genome_recovery_observers_add(state.loggers.count - count)
        }
    }

    /// Unregisters every logger.
    public static func removeAll() {
        registry.withLock { state in
            genome_recovery_observers_add(-state.loggers.count)
            state.loggers.removeAll()
        }
    }

    /// `error` as it leaves a public entry point: handed to the loggers, unless it is not one of Genome's decoding
    /// errors or an entry point inside this one already logged it, and marked so that no entry point further out
    /// logs it again. The mark travels in the error value itself, so the success path pays nothing for it.
    internal static func loggedOnce(_ error: any Error) -> any Error {
        guard var located = error as? any LocatedError, !located.location.wasLogged else { return error }
        located.location.wasLogged = true
        let loggers = registry.withLock { $0.loggers }
        for (_, logger) in loggers {
            logger(located)
        }
        return located
    }

    /// Hands `recovery` to the loggers, if there are any.
    internal static func logRecovery(_ recovery: Recovery) {
        let loggers = registry.withLock { $0.loggers }
        for (_, logger) in loggers {
            logger(recovery)
        }
    }

    private struct State {
        var nextID: UInt64 = 0
        var loggers: [(id: UInt64, logger: Logger)] = []
    }

    private static let registry = LockedState(State())
}

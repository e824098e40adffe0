#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Functions that see every decoding error Genome throws, at the moment it is first thrown.
///
/// ```swift
/// let token = ErrorLoggers.add { error in log.warning("\(error)") }
/// ...
/// ErrorLoggers.remove(token)
/// ```
///
/// There are none by default: a library does not print. A logger sees each ``MissingKeyError``,
/// ``TypeMismatchError`` and ``RawRepresentableInitializationError`` once, where it is created, so with the path
/// known there; the same error reaches the caller with the full path from the document's root. Loggers run on the
/// thread that decodes, so they must be quick and thread-safe. Registering and removing them is thread-safe.
public enum ErrorLoggers {
    /// Identifies a registered logger, for ``remove(_:)``.
    public struct Token: Hashable, Sendable {
        fileprivate let id: UInt64
    }

    /// A function that sees an error. It runs on the decoding thread, so it must be `@Sendable`.
    public typealias Logger = @Sendable (any Error) -> Void

    /// Registers `logger`; it sees every error from now until it is removed.
    @discardableResult
    public static func add(_ logger: @escaping Logger) -> Token {
        registry.withLock { state in
            state.nextID += 1
            state.loggers.append((state.nextID, logger))
            return Token(id: state.nextID)
        }
    }

    /// Unregisters the logger that `token` names; removing twice does nothing.
    public static func remove(_ token: Token) {
        registry.withLock { state in
            state.loggers.removeAll { $0.id == token.id }
        }
    }

    /// Unregisters every logger.
    public static func removeAll() {
        registry.withLock { state in state.loggers.removeAll() }
    }

    internal static func log(_ error: any Error) {
        let loggers = registry.withLock { $0.loggers }
        for (_, logger) in loggers {
            logger(error)
        }
    }

    private struct State {
        var nextID: UInt64 = 0
        var loggers: [(id: UInt64, logger: Logger)] = []
    }

    private static let registry = LockedState(State())
}

/// A value guarded by a pthread mutex. Genome cannot use Foundation's locks, and `Synchronization.Mutex` needs
/// newer Apple platforms than Genome supports.
internal final class LockedState<Value>: @unchecked Sendable {
    // @unchecked: every access to `value` happens inside `withLock`, under `mutex`.
    private var value: Value
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>

    init(_ value: Value) {
        self.value = value
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
    }

    deinit {
        pthread_mutex_destroy(mutex)
        mutex.deallocate()
    }

    func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
        pthread_mutex_lock(mutex)
        defer { pthread_mutex_unlock(mutex) }
        return try body(&value)
    }
}

/// A type that can be built from a `Node` by a static `decode` function: Genome's Decodable-style core.
///
/// ```swift
/// struct Owner: NodeDecodable {
///     let id: Int
///     let login: String
///
///     static func decode(_ json: Node) throws -> Owner {
///         try Owner(id: json.decode("id"), login: json.decode("login"))
///     }
/// }
///
/// let owner = try Owner.decode(node)
/// let owners = try [Owner].decode(arrayNode)
/// ```
///
/// Errors thrown inside `decode` gain their path as they travel outwards: a ``MissingKeyError`` for `login`
/// inside the third owner of `repos` reads `MissingKeyError at repos[2]: no key "login" in {…}`.
public protocol NodeDecodable {
    /// Builds a value from `json`, or throws a ``NodeDecodingError`` (or any error of your own) saying why not.
    static func decode(_ json: Node) throws -> Self

    /// Builds a value from `node` with a ``Context`` at hand.
    ///
    /// The default ignores the context and calls ``NodeDecodable/decode(_:)``, after checking that the call stack
    /// has room for one more level of a recursive model. When it has not, it throws a ``StackLimitError`` (see
    /// <doc:SecurityAndLimits>).
    ///
    /// Collections and `Optional` pass the context on to their elements, and Map-based models hand it to
    /// `init(map:)`; a hand-written model that needs the context implements this too. (Its name is not `decode`,
    /// so that a call missing a type annotation gets a clear diagnostic rather than a choice between two
    /// `decode`s.)
    static func make(from node: Node, in context: any Context) throws -> Self
}

extension NodeDecodable {
    /// Calls ``NodeDecodable/decode(_:)``, or throws a ``StackLimitError`` when the thread's stack is nearly used
    /// up.
    public static func make(from node: Node, in context: any Context) throws -> Self {
        // A recursive model comes through here once per level; see `StackRoom`.
        guard StackRoom.hasRoom() else { throw StackLimitError(decoding: Self.self, from: node) }
        return try decode(node)
    }
}

/// Runs `body`, putting `components` in front of the path of any Genome decoding error it throws and recording
/// `root` as its root object. Other errors (a user's own) pass through unchanged.
@inline(__always)
internal func withPath<Result>(
    _ components: @autoclosure () -> [PathComponent], root: @autoclosure () -> Node, _ body: () throws -> Result
) throws -> Result {
    do {
        return try body()
    } catch {
        throw prefixing(error, by: components(), root: root())
    }
}

/// Runs the body of a public entry point (`decode`, `parse`, `extract`, `init(node:)`, ...): an error leaving it
/// goes to the loggers, once (see `ErrorLoggers.loggedOnce`). Genome's own code calls the internal variants that
/// do not log, so that an error it catches and handles itself is never logged.
@inline(__always)
internal func loggingErrors<Result>(_ body: () throws -> Result) throws -> Result {
    do {
        return try body()
    } catch {
        throw ErrorLoggers.loggedOnce(error)
    }
}

/// `error` one step further out, when it is one of Genome's decoding errors or a `DecodingError` (from a
/// `Decodable` model, or a `NodeDecoder` a model ran itself: its `codingPath` gains the steps); otherwise `error`
/// itself.
internal func prefixing(_ error: any Error, by components: [PathComponent], root: Node) -> any Error {
    if let error = error as? any NodeDecodingError { return prefixedExistential(error, by: components, root: root) }
    if let error = error as? DecodingError { return error.prefixed(by: components) }
    return error
}

extension DecodingError {
    /// The same error, its coding path starting with `components`: a key as itself, an index as `NodeCodingKey`
    /// spells one ("Index 2").
    internal func prefixed(by components: [PathComponent]) -> DecodingError {
        let keys: [any CodingKey] = components.map { component in
            switch component {
            case .key(let key): NodeCodingKey(stringValue: key)
            case .index(let index): NodeCodingKey(index: index)
            }
        }
        func moved(_ context: Context) -> Context {
            Context(
                codingPath: keys + context.codingPath, debugDescription: context.debugDescription,
                underlyingError: context.underlyingError)
        }
        switch self {
        case .typeMismatch(let type, let context): return .typeMismatch(type, moved(context))
        case .valueNotFound(let type, let context): return .valueNotFound(type, moved(context))
        case .keyNotFound(let key, let context): return .keyNotFound(key, moved(context))
        case .dataCorrupted(let context): return .dataCorrupted(moved(context))
        @unknown default: return self
        }
    }
}

private func prefixedExistential(_ error: some NodeDecodingError, by components: [PathComponent], root: Node)
    -> any Error
{
    error.prefixed(by: components, root: root)
}

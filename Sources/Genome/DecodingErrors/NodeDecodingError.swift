/// What the decoding errors share (the three about the data, and ``StackLimitError``): where the failure
/// happened, in which object, and in which document.
///
/// ```swift
/// do {
///     _ = try parse(json: node, path: ["object", "repo", "owner", "name"], decode: String.decode)
/// } catch let error as any NodeDecodingError {
///     error.formattedPath   // "object.repo.owner"
///     error.object          // the node where decoding failed
///     error.rootObject      // the node the outermost call started from
/// }
/// ```
///
/// The path is built as the error travels outwards: each `decode` call, collection and nested model it passes
/// through puts its own key or index in front. Successful decoding never pays for it.
public protocol NodeDecodingError: Error, CustomStringConvertible {
    /// Keys and indices from the root object to where the failure happened.
    var path: [PathComponent] { get }
    /// The node in which the failure happened: the object that lacks a key, or the mismatched value itself.
    var object: Node { get }
    /// The node the outermost decoding call started from, when one has been recorded.
    var rootObject: Node? { get }

    /// The same error one step further out: `component` goes in front of the path, and `root` becomes the
    /// root object.
    func prefixed(by components: [PathComponent], root: Node) -> Self
}

extension NodeDecodingError {
    /// The path as text: keys joined by `.`, indices as `[i]` (`apples[1].color`); empty at the root.
    public var formattedPath: String { path.formattedPath }

    /// The start every description shares: the error's name, " at " and the path.
    internal var descriptionHead: String {
        "\(Self.self) at \(path.boundedFormattedPath)"
    }
}

/// The fields every decoding error carries, kept in one place so that each error type only adds its own.
internal struct ErrorLocation: Sendable, Hashable {
    var path: [PathComponent] = []
    var object: Node
    var rootObject: Node?
    /// Whether the error has left a public entry point and been handed to the loggers, so that an entry point
    /// further out only prefixes it (see `ErrorLoggers.loggedOnce`). Bookkeeping, not part of the error's value:
    /// equality and hashing ignore it.
    var wasLogged = false

    func prefixed(by components: [PathComponent], root: Node) -> ErrorLocation {
        ErrorLocation(path: components + path, object: object, rootObject: root, wasLogged: wasLogged)
    }

    static func == (lhs: ErrorLocation, rhs: ErrorLocation) -> Bool {
        lhs.path == rhs.path && lhs.object == rhs.object && lhs.rootObject == rhs.rootObject
    }

    func hash(into hasher: inout Hasher) {
        hasher.combine(path)
        hasher.combine(object)
        hasher.combine(rootObject)
    }
}

/// Genome's own decoding errors: the ones that carry an ``ErrorLocation``, and so the mark that they were logged.
internal protocol LocatedError: NodeDecodingError {
    var location: ErrorLocation { get set }
}

extension Node {
    /// The node as compact JSON, cut short past `limit` UTF-8 bytes with its size stated, so that an error's
    /// description stays short however large the document. Only about `limit` bytes are ever written.
    internal func boundedDescription(limit: Int = 160) -> String {
        var writer = JSONWriter(options: [], allowsNonFinite: true)
        writer.byteLimit = limit
        do {
            try writer.write(self)
        } catch {
            return "<\(error)>"
        }
        let output = writer.finish()
        guard output.count > limit else { return String(decoding: output, as: UTF8.self) }
        var cut = output.prefix(limit)
        // Do not split a multi-byte character.
        while let last = cut.last, last & 0xC0 == 0x80 { cut = cut.dropLast() }
        if let last = cut.last, last >= 0xC0 { cut = cut.dropLast() }
        let what: String
        switch self {
        case .object(let object): what = "an object of \(counted(object.count, "members"))"
        case .array(let array): what = "an array of \(counted(array.count, "elements"))"
        case .string(let string): what = "a string of \(counted(string.utf8.count, "bytes"))"
        default: what = "a long number"
        }
        return String(decoding: cut, as: UTF8.self) + "… (\(what))"
    }
}

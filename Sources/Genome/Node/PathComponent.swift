/// One step along a path into a `Node`: an object key or an array index.
///
/// Paths are written as lists of keys and indices, never as dotted strings, because keys may contain dots.
/// String and integer literals are path components, so a path reads like the document it walks:
///
/// ```swift
/// let path: [PathComponent] = ["owners", 0, "login"]
/// let login: String = try parse(json: node, path: path, decode: String.decode)
/// path.formattedPath   // "owners[0].login"
/// ```
///
/// Errors carry their location as a `[PathComponent]` (``NodeDecodingError/path``).
public enum PathComponent: Sendable, Hashable {
    /// A member of an object, by its key.
    case key(String)
    /// An element of an array, by its 0-based position.
    case index(Int)
}

extension PathComponent {
    internal var isKey: Bool {
        if case .key = self { return true }
        return false
    }
}

extension PathComponent: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral {
    public init(stringLiteral value: String) { self = .key(value) }
    public init(integerLiteral value: Int) { self = .index(value) }
}

extension PathComponent: CustomStringConvertible {
    /// A key as itself, an index as `[i]`.
    public var description: String {
        switch self {
        case .key(let key): key
        case .index(let index): "[\(index)]"
        }
    }
}

/// A value usable as a path step: `String` (a key), `Int` (an index) or a `PathComponent`.
///
/// This is what lets both literals and variables appear in `node["items", i, key]`.
public protocol PathComponentConvertible: Sendable {
    /// The step this value stands for: a key for a string, an index for an integer.
    var pathComponent: PathComponent { get }
}

extension String: PathComponentConvertible {
    public var pathComponent: PathComponent { .key(self) }
}

extension Substring: PathComponentConvertible {
    public var pathComponent: PathComponent { .key(String(self)) }
}

extension Int: PathComponentConvertible {
    public var pathComponent: PathComponent { .index(self) }
}

extension PathComponent: PathComponentConvertible {
    public var pathComponent: PathComponent { self }
}

extension Sequence<PathComponent> {
    /// Keys joined by `.`, indices as `[i]`: `apples[1].color`. Empty for the root.
    public var formattedPath: String {
        var text = ""
        for component in self {
            switch component {
            case .key(let key):
                if !text.isEmpty { text += "." }
                text += key
            case .index(let index):
                text += "[\(index)]"
            }
        }
        return text
    }
}

extension Collection<PathComponent> {
    /// `formattedPath` kept short for error descriptions, whose paths come from documents: keys past 32
    /// characters and paths past 16 steps are cut, with `…` where something was left out. "(root)" when empty.
    internal var boundedFormattedPath: String {
        guard !isEmpty else { return "(root)" }
        let shortened = map { component -> PathComponent in
            guard case .key(let key) = component else { return component }
            return .key(abbreviated(key, limit: 32))
        }
        guard shortened.count > 16 else { return shortened.formattedPath }
        return shortened.prefix(6).formattedPath + " …\(shortened.count - 14) more steps… "
            + shortened.suffix(8).formattedPath
    }
}

/// One step along a path into a `Node`: an object key or an array index.
///
/// Paths are written as lists of keys and indices, never as dotted strings, because keys may contain dots.
public enum PathComponent: Sendable, Hashable {
    case key(String)
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

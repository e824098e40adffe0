// Reading and writing along paths of keys and indices.

extension Node {
    /// The value at `key` when this node is an object, otherwise `nil`.
    public subscript(key: String) -> Node? {
        get {
            guard case .object(let object) = self else { return nil }
            return object[key]
        }
        set { self[path: [.key(key)]] = newValue }
    }

    /// The element at `index` when this node is an array and the index is in bounds, otherwise `nil`.
    public subscript(index: Int) -> Node? {
        get {
            guard case .array(let array) = self, array.indices.contains(index) else { return nil }
            return array[index]
        }
        set { self[path: [.index(index)]] = newValue }
    }

    /// The value along a path of keys and indices: `node["owner", "login"]`, `node["items", 0]`.
    ///
    /// Reading gives `nil` as soon as a step is missing or meets the wrong kind of value. Setting follows
    /// ``setValue(_:at:)-(_,Collection<PathComponent>)``, and setting `nil` removes the value (see
    /// ``removeValue(at:)-(Collection<PathComponent>)``). A setter that cannot follow the path stops the program,
    /// as an out-of-bounds `Array` subscript does; call ``setValue(_:at:)-(_,Collection<PathComponent>)`` to get an
    /// error instead.
    public subscript(first: any PathComponentConvertible, second: any PathComponentConvertible,
        rest: any PathComponentConvertible...
    ) -> Node? {
        get { self[path: [first.pathComponent, second.pathComponent] + rest.map(\.pathComponent)] }
        set { self[path: [first.pathComponent, second.pathComponent] + rest.map(\.pathComponent)] = newValue }
    }

    /// The value along `path`; see ``subscript(_:_:_:)``.
    public subscript(path path: some Collection<PathComponent>) -> Node? {
        get {
            var current = self
            for component in path {
                switch (component, current) {
                case (.key(let key), .object(let object)):
                    guard let next = object[key] else { return nil }
                    current = next
                case (.index(let index), .array(let array)):
                    guard array.indices.contains(index) else { return nil }
                    current = array[index]
                default:
                    return nil
                }
            }
            return current
        }
        set {
            do {
                if let newValue {
                    try setValue(newValue, at: path)
                } else {
                    try removeValue(at: path)
                }
            } catch {
                preconditionFailure("\(error)")
            }
        }
    }

    /// Stores `value` at `path`, creating the objects in between.
    ///
    /// - A key step into `.null` or a missing member turns it into an empty object first.
    /// - An index step replaces an element, or appends when the index equals the array's count.
    /// - Anything else (a key into an array or a string, an index out of bounds or into an object) throws
    ///   ``NodePathError`` and leaves the node unchanged.
    public mutating func setValue(_ value: Node, at path: some Collection<PathComponent>) throws(NodePathError) {
        try setValue(value, at: Array(path)[...], traversed: [])
    }

    private mutating func setValue(
        _ value: Node, at path: ArraySlice<PathComponent>, traversed: [PathComponent]
    ) throws(NodePathError) {
        guard let component = path.first else {
            self = value
            return
        }
        let rest = path.dropFirst()
        switch (component, self) {
        case (.key(let key), .null):
            var child = Node.null
            try child.setValue(value, at: rest, traversed: traversed + [component])
            self = .object([key: child])
        case (.key(let key), .object(var object)):
            // Move the object and the child out of their containers so that mutating them does not copy.
            self = .null
            let hadKey = object.position(of: key) != nil
            var child = object[key] ?? .null
            if hadKey { object[key] = .null }
            do {
                try child.setValue(value, at: rest, traversed: traversed + [component])
            } catch {
                if hadKey { object[key] = child }
                self = .object(object)
                throw error
            }
            object[key] = child
            self = .object(object)
        case (.index(let index), .array(var array)):
            guard index >= 0 && index <= array.count else {
                throw NodePathError(path: traversed + [component], reason: .indexOutOfBounds(count: array.count))
            }
            self = .null
            var child = Node.null
            if index < array.count { swap(&child, &array[index]) }
            do {
                try child.setValue(value, at: rest, traversed: traversed + [component])
            } catch {
                if index < array.count { swap(&child, &array[index]) }
                self = .array(array)
                throw error
            }
            if index < array.count { array[index] = child } else { array.append(child) }
            self = .array(array)
        default:
            throw NodePathError(path: traversed + [component], reason: .cannotStep(into: kind))
        }
    }

    /// Removes the value at `path`: a member from its object, or an element from its array.
    ///
    /// A path that leads nowhere is not an error (there is nothing to remove), except a step into the wrong kind
    /// of value, which throws.
    public mutating func removeValue(at path: some Collection<PathComponent>) throws(NodePathError) {
        let path = Array(path)
        guard let last = path.last else {
            self = .null
            return
        }
        let parentPath = Array(path.dropLast())
        guard var parent = self[path: parentPath] else { return }
        switch (last, parent) {
        case (.key(let key), .object(var object)):
            parent = .null
            object[key] = nil
            parent = .object(object)
        case (.index(let index), .array(var array)):
            guard array.indices.contains(index) else { return }
            parent = .null
            array.remove(at: index)
            parent = .array(array)
        default:
            throw NodePathError(path: path, reason: .cannotStep(into: parent.kind))
        }
        try setValue(parent, at: parentPath)
    }
}

/// A path that ``Node/setValue(_:at:)-(_,Collection<PathComponent>)`` or
/// ``Node/removeValue(at:)-(Collection<PathComponent>)`` could not follow (along a key path or a ``JSONPointer``).
///
/// ```swift
/// var node: Node = ["tags": ["a"]]
/// try node.setValue("b", at: ["tags", "first"])
/// // NodePathError at tags.first: cannot follow first into an array
/// ```
public struct NodePathError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Why the path could not be followed.
    public enum Reason: Sendable, Hashable {
        /// A key step met an array, a string, a number or a bool; an index step met anything but an array.
        case cannotStep(into: Node.Kind)
        /// The index was negative or beyond the array's end (appending at `count` is allowed).
        case indexOutOfBounds(count: Int)
    }

    /// The path up to and including the step that failed.
    public let path: [PathComponent]
    /// What stopped the step at the end of ``path``.
    public let reason: Reason

    public var description: String {
        let location = path.boundedFormattedPath
        switch reason {
        case .cannotStep(let kind):
            return "NodePathError at \(location): cannot follow \(path.last.map { "\($0)" } ?? "the path") into \(kind)"
        case .indexOutOfBounds(let count):
            return "NodePathError at \(location): index out of bounds for an array of \(counted(count, "elements"))"
        }
    }
}

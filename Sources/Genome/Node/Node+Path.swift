// Reading and writing along paths of keys and indices.

extension Node {
    /// The value at `key` when this node is an object, otherwise `nil`.
    ///
    /// Setting never traps: a value that is not an object becomes one (see ``subscript(_:_:_:)``).
    public subscript(key: String) -> Node? {
        get {
            guard case .object(let object) = self else { return nil }
            return object[key]
        }
        set { self[path: [.key(key)]] = newValue }
    }

    /// The element at `index` when this node is an array and the index is in bounds, otherwise `nil`.
    ///
    /// Setting never traps: an index past the end pads the array with `null`, a value that is not an array becomes
    /// one, and a negative index changes nothing (see ``subscript(_:_:_:)``).
    public subscript(index: Int) -> Node? {
        get {
            guard case .array(let array) = self, array.indices.contains(index) else { return nil }
            return array[index]
        }
        set { self[path: [.index(index)]] = newValue }
    }

    /// The value along a path of keys and indices: `node["owner", "login"]`, `node["items", 0]`.
    ///
    /// Reading gives `nil` as soon as a step is missing or meets the wrong kind of value.
    ///
    /// Setting never stops the program, whatever the path: paths often come from data (a request, a file), and a
    /// server must not be crashed by one. It makes the path exist, as jq's and lodash's path setters do:
    /// - a key step into anything but an object (a missing member, `null`, an array, a string, …) replaces that
    ///   value with an object;
    /// - an index step into anything but an array replaces that value with an array, and an index past the end
    ///   pads the array with `null` up to it;
    /// - a negative index, an index more than ``maximumPadding`` elements past an array's end, or a path that would
    ///   add more than ``maximumNewLevels`` levels to the node names no place: the node does not change, as reading
    ///   such a path gives `nil`.
    ///
    /// ```swift
    /// var dog: Node = ["name": "Rover", "tags": ["good"]]
    /// dog["tags", 3] = "far"          // {"name":"Rover","tags":["good",null,null,"far"]}
    /// dog["name", "first"] = "Rover"  // the string becomes {"first":"Rover"}
    /// dog["tags", -1] = "last"        // no change
    /// ```
    ///
    /// Setting `nil` removes the value (see ``removeValue(at:)-(Collection<PathComponent>)``), and does nothing
    /// where there is nothing to remove. To have a path that cannot be followed as it is reported rather than
    /// made, call the strict ``setValue(_:at:)-(_,Collection<PathComponent>)``, which throws.
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
            if let newValue {
                makePath(path, holding: newValue)
            } else {
                // A path that leads into the wrong kind of value leads to nothing to remove.
                try? removeValue(at: path)
            }
        }
    }

    /// The most `null`s the non-throwing path setter adds to an array to reach an index past its end: 65,536. A
    /// farther index leaves the node unchanged, so that a path from data cannot make a few bytes of input allocate
    /// gigabytes.
    public static let maximumPadding = 1 << 16

    /// The most levels a setter adds to a node along one path: 2,048, as deep as a document may nest
    /// (``ReadingOptions/maximumDepthLimit``). Each step into something that is not yet the object or array it
    /// needs makes one. Freeing a node releases its levels recursively, so a node made much deeper could run a
    /// thread out of stack. A path that would add more leaves the node unchanged: the subscript setter does
    /// nothing, and ``setValue(_:at:)-(_,Collection<PathComponent>)`` throws
    /// ``NodePathError/Reason/tooManyNewLevels(limit:)``. A path may be as long as you like through levels that
    /// exist.
    public static let maximumNewLevels = ReadingOptions.maximumDepthLimit

    /// Stores `value` at `path` under the non-throwing setter's rules (see ``subscript(_:_:_:)``).
    private mutating func makePath(_ path: some Collection<PathComponent>, holding value: Node) {
        let steps = Array(path)
        guard namesAPlace(steps) else { return }
        build(steps, holding: value)
    }

    /// Whether the non-throwing setter may make `steps`: no index is negative or too far past its array's end,
    /// and the path adds no more than ``maximumNewLevels``. Checked before anything changes, so that a path that
    /// names no place leaves no half-made containers behind.
    private func namesAPlace(_ steps: [PathComponent]) -> Bool {
        var current: Node? = self
        var newLevels = 0
        for step in steps {
            switch step {
            case .key(let key):
                guard let object = current?.object else {
                    newLevels += 1
                    current = nil
                    break
                }
                current = object[key]
            case .index(let index):
                let array = current?.array
                // `index - count` cannot overflow: `index` is at least 0 here and `count` is never negative.
                guard index >= 0, index - (array?.count ?? 0) <= Node.maximumPadding else { return false }
                if array == nil { newLevels += 1 }
                current = current?[index]
            }
            guard newLevels <= Node.maximumNewLevels else { return false }
        }
        return true
    }

    /// Stores `value` at `steps`, making every step exist: a value that is not the container a step needs is
    /// replaced by an empty one, and an array too short for an index is padded with `null`. No index is negative.
    ///
    /// Without recursion: each container on the way is moved out of its parent while the path below it is made,
    /// so that none is shared and nothing is copied, and waits in `frames` to go back, innermost first.
    private mutating func build(_ steps: [PathComponent], holding value: Node) {
        var frames: [DetachedParent] = []
        frames.reserveCapacity(steps.count)
        var current = Node.null
        swap(&current, &self)
        for step in steps {
            var child = Node.null
            switch step {
            case .key(let key):
                var object = current.takeObject() ?? [:]
                if let position = object.position(of: key) {
                    object.swapValue(at: position, with: &child)
                    frames.append(DetachedParent(container: .object(object), position: position))
                } else {
                    object[key] = .null
                    frames.append(DetachedParent(container: .object(object), position: object.count - 1))
                }
            case .index(let index):
                var array = current.takeArray() ?? []
                if index >= array.count {
                    array.append(contentsOf: repeatElement(Node.null, count: index - array.count + 1))
                }
                swap(&child, &array[index])
                frames.append(DetachedParent(container: .array(array), position: index))
            }
            current = child
        }
        current = value
        frames.reattach(around: &current)
        swap(&current, &self)
    }

    /// Stores `value` at `path`, creating the objects in between.
    ///
    /// - A key step into `.null` or a missing member turns it into an empty object first.
    /// - An index step replaces an element, or appends when the index equals the array's count.
    /// - Anything else (a key into an array or a string, an index out of bounds or into an object) throws
    ///   ``NodePathError`` and leaves the node unchanged, and so does a path that would add more than
    ///   ``maximumNewLevels`` levels.
    ///   The subscript setter (``subscript(_:_:_:)``) makes such a path instead, and never fails.
    public mutating func setValue(_ value: Node, at path: some Collection<PathComponent>) throws(NodePathError) {
        let steps = Array(path)
        try checkStrictly(steps)
        build(steps, holding: value)
    }

    /// Throws the error ``setValue(_:at:)-(_,Collection<PathComponent>)`` gives for `steps`, if any, before
    /// anything changes.
    private func checkStrictly(_ steps: [PathComponent]) throws(NodePathError) {
        // A missing member is `.null` here: the setter treats both alike.
        var current = self
        var newLevels = 0
        for (depth, step) in steps.enumerated() {
            switch (step, current) {
            case (.key(let key), .object(let object)):
                current = object[key] ?? .null
            case (.key, .null):
                newLevels += 1
                guard newLevels <= Node.maximumNewLevels else {
                    throw NodePathError(
                        path: Array(steps[...depth]), reason: .tooManyNewLevels(limit: Node.maximumNewLevels))
                }
            case (.index(let index), .array(let array)):
                guard index >= 0 && index <= array.count else {
                    throw NodePathError(path: Array(steps[...depth]), reason: .indexOutOfBounds(count: array.count))
                }
                current = index < array.count ? array[index] : .null
            default:
                throw NodePathError(path: Array(steps[...depth]), reason: .cannotStep(into: current.kind))
            }
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
        /// The path would add more than `limit` levels (``Node/maximumNewLevels``) to the node; ``NodePathError/path``
        /// ends at the step that would add the one too many.
        case tooManyNewLevels(limit: Int)
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
        case .tooManyNewLevels(let limit):
            return "NodePathError at \(location): the path would add more than \(counted(limit, "levels"))"
        }
    }
}

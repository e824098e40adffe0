// One RFC 6902 operation, and its JSON form: `{"op": "add", "path": "/a", "value": 1}`.

extension JSONPatch {
    /// One operation of a ``JSONPatch`` (RFC 6902, section 4).
    ///
    /// ```swift
    /// let operation = JSONPatch.Operation.add(path: try JSONPointer("/tags/-"), value: "new")
    /// operation.node   // {"op":"add","path":"/tags/-","value":"new"}
    /// ```
    public enum Operation: Sendable, Hashable {
        /// Adds `value` at `path`: a new or replaced object member, an array element inserted before the index
        /// (`-` appends), or the whole document for `""`. The parent must exist.
        case add(path: JSONPointer, value: Node)
        /// Removes the value at `path`, which must exist.
        case remove(path: JSONPointer)
        /// Replaces the value at `path`, which must exist.
        case replace(path: JSONPointer, value: Node)
        /// Removes the value at `from` and adds it at `path`. `from` must not be a proper prefix of `path`.
        case move(from: JSONPointer, path: JSONPointer)
        /// Adds a copy of the value at `from` at `path`.
        case copy(from: JSONPointer, path: JSONPointer)
        /// Checks that the value at `path` equals `value` (``Node``'s `==`: `1 == 1.0`, keys in any order).
        case test(path: JSONPointer, value: Node)

        /// The operation's name as JSON writes it: `"add"`, `"remove"`, `"replace"`, `"move"`, `"copy"` or
        /// `"test"`.
        public var name: String {
            switch self {
            case .add: "add"
            case .remove: "remove"
            case .replace: "replace"
            case .move: "move"
            case .copy: "copy"
            case .test: "test"
            }
        }

        /// The pointer the operation changes or tests (its `"path"` member).
        public var path: JSONPointer {
            switch self {
            case .add(let path, _), .remove(let path), .replace(let path, _), .move(_, let path),
                .copy(_, let path), .test(let path, _):
                path
            }
        }

        /// The operation as JSON: `{"op": …, "path": …}`, then `"from"` or `"value"` where it has one.
        public var node: Node {
            var object: Node.Object = ["op": .string(name), "path": .string(path.description)]
            switch self {
            case .add(_, let value), .replace(_, let value), .test(_, let value):
                object["value"] = value
            case .move(let from, _), .copy(let from, _):
                object["from"] = .string(from.description)
            case .remove:
                break
            }
            return .object(object)
        }

        /// Reads an operation from its JSON form. Members other than the ones the operation needs are ignored,
        /// as RFC 6902 asks.
        ///
        /// - Throws: ``JSONPatchError`` (at `operationIndex` 0) for a node that is not an object, a missing or
        ///   non-string `"op"`, `"path"` or `"from"`, a missing `"value"` (`null` is a value), an unknown
        ///   operation, or a malformed pointer.
        public init(_ node: Node) throws(JSONPatchError) {
            try self.init(node, index: 0)
        }

        internal init(_ node: Node, index: Int) throws(JSONPatchError) {
            guard case .object(let object) = node else {
                throw JSONPatchError(
                    operationIndex: index, operationName: nil, pointer: nil,
                    reason: .operationNotAnObject(found: node.kind))
            }
            func fail(_ reason: JSONPatchError.Reason, name: String?, pointer: JSONPointer? = nil) -> JSONPatchError {
                JSONPatchError(operationIndex: index, operationName: name, pointer: pointer, reason: reason)
            }
            func string(_ member: String, name: String?) throws(JSONPatchError) -> String {
                guard let value = object[member] else { throw fail(.missingMember(member), name: name) }
                guard case .string(let text) = value else {
                    throw fail(.memberNotAString(member, found: value.kind), name: name)
                }
                return text
            }
            func pointer(_ member: String, name: String) throws(JSONPatchError) -> JSONPointer {
                let text = try string(member, name: name)
                do {
                    return try JSONPointer(text)
                } catch {
                    throw fail(.malformedPointer(error), name: name)
                }
            }
            let name = try string("op", name: nil)
            guard ["add", "remove", "replace", "move", "copy", "test"].contains(name) else {
                throw fail(.unknownOperation(name), name: nil)
            }
            let path = try pointer("path", name: name)
            func value() throws(JSONPatchError) -> Node {
                guard let value = object["value"] else {
                    throw fail(.missingMember("value"), name: name, pointer: path)
                }
                return value
            }
            switch name {
            case "add": self = .add(path: path, value: try value())
            case "remove": self = .remove(path: path)
            case "replace": self = .replace(path: path, value: try value())
            case "move": self = .move(from: try pointer("from", name: name), path: path)
            case "copy": self = .copy(from: try pointer("from", name: name), path: path)
            default: self = .test(path: path, value: try value())
            }
        }
    }
}

extension JSONPatch.Operation: CustomStringConvertible {
    /// The operation as compact JSON: `{"op":"remove","path":"/a"}`.
    public var description: String {
        node.description
    }
}

/// An RFC 6902 JSON Patch: a list of operations that change a JSON document, applied all or nothing.
///
/// ```swift
/// let document: Node = ["name": "Rover", "tags": ["good"]]
/// let patch = try JSONPatch(Node(json: """
///     [{"op": "replace", "path": "/name", "value": "Rex"},
///      {"op": "add", "path": "/tags/-", "value": "loyal"}]
///     """))
/// let patched = try patch.applied(to: document)   // {"name":"Rex","tags":["good","loyal"]}
///
/// let diff = JSONPatch(from: document, to: patched)
/// diff.node   // [{"op":"replace","path":"/name","value":"Rex"},{"op":"add","path":"/tags/1","value":"loyal"}]
/// ```
///
/// Applying a patch changes one working copy of the document in place, so each operation costs about the length of
/// its pointer (plus the cost of an array insertion or removal), not a copy of the document. When an operation
/// fails, the working copy is dropped: ``applied(to:)`` throws a ``JSONPatchError`` and the caller's document is
/// untouched.
public struct JSONPatch: Sendable, Hashable {
    /// The operations, applied in order.
    public var operations: [Operation]

    /// A patch of `operations`.
    public init(_ operations: [Operation]) {
        self.operations = operations
    }

    /// Reads a patch from its JSON form, an array of operation objects.
    ///
    /// - Throws: ``JSONPatchError`` for a node that is not an array, or for the first operation that is not well
    ///   formed (see ``Operation/init(_:)``), with that operation's index.
    public init(_ node: Node) throws(JSONPatchError) {
        guard case .array(let elements) = node else {
            throw JSONPatchError(
                operationIndex: 0, operationName: nil, pointer: nil, reason: .patchNotAnArray(found: node.kind))
        }
        var operations: [Operation] = []
        operations.reserveCapacity(elements.count)
        for (index, element) in elements.enumerated() {
            operations.append(try Operation(element, index: index))
        }
        self.operations = operations
    }

    /// The patch as JSON, an array of operation objects, ready to send or store.
    public var node: Node {
        .array(operations.map(\.node))
    }
}

extension JSONPatch: ExpressibleByArrayLiteral {
    /// A patch written as a list of operations: `[.remove(path: pointer)]`.
    public init(arrayLiteral operations: Operation...) {
        self.init(operations)
    }
}

extension JSONPatch: CustomStringConvertible {
    /// The patch as compact JSON.
    public var description: String {
        node.description
    }
}

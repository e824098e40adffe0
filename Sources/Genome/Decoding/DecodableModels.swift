// How the static-decode API decodes a `Decodable` model: a `NodeDecoder` with default settings runs on the node at
// the path, and what it throws becomes the error the static API throws for the same failure, so that one `catch`
// serves both styles and the behaviour table holds for both:
//
// - `keyNotFound` is a `MissingKeyError` in the object that lacks the key;
// - `typeMismatch`, and `valueNotFound` for a `null`, are a `TypeMismatchError` on the value itself;
// - `valueNotFound` past the end of an array is a `MissingKeyError` for the index;
// - a `StackLimitError` under `dataCorrupted` is that `StackLimitError`.
//
// Each carries the path from the node the static call started from (`owner.login`), found by walking the coding
// path in the node: a step is a key where it meets an object and an index where it meets an array. What has no
// Genome counterpart (`dataCorrupted` for a number that does not fit, a raw value with no case, a model's own
// validation) stays a `DecodingError`, and its `codingPath` starts at that same root (see `prefixing`); so does any
// error whose coding path cannot be walked in the node. Errors of the model's own types pass through unchanged.

internal enum DecodableModels {
    /// `T` decoded from `node` by a default `NodeDecoder`, or Genome's error for why not, with its path inside
    /// `node`.
    static func decode<T: Decodable>(_ type: T.Type, from node: Node) throws -> T {
        do {
            return try NodeDecoder().decode(T.self, from: node)
        } catch let error as DecodingError {
            throw genomeError(for: error, decoding: T.self, from: node)
        }
    }

    /// The error the static API throws for `error`, which decoding `T` from `root` threw.
    static func genomeError<T>(for error: DecodingError, decoding type: T.Type, from root: Node) -> any Error {
        switch error {
        case .keyNotFound(let key, let context):
            guard let walk = Walk(context.codingPath, in: root), let container = walk.found else { return error }
            return MissingKeyError(missing: .key(key.stringValue), in: container).prefixed(by: walk.path, root: root)
        case .typeMismatch(let expected, let context):
            guard let walk = Walk(context.codingPath, in: root), let value = walk.found else { return error }
            // A model's own `typeMismatch` says more than its kind: keep its words.
            let standard = CodingErrors.mismatchDescription(expected, found: value)
            let reason = context.debugDescription == standard ? nil : context.debugDescription
            return TypeMismatchError(
                expectedTypeName: expectedName(expected, at: walk.path, decoding: T.self), found: value,
                reason: reason, attempts: []
            ).prefixed(by: walk.path, root: root)
        case .valueNotFound(let expected, let context):
            guard let walk = Walk(context.codingPath, in: root) else { return error }
            guard let value = walk.found else {
                // An unkeyed container read past its end: the array lacks the index.
                guard let missing = walk.path.last, case .index = missing, let array = walk.parent else { return error }
                return MissingKeyError(missing: missing, in: array).prefixed(
                    by: Array(walk.path.dropLast()), root: root)
            }
            return TypeMismatchError(
                expectedTypeName: expectedName(expected, at: walk.path, decoding: T.self), found: value, reason: nil,
                attempts: []
            ).prefixed(by: walk.path, root: root)
        case .dataCorrupted(let context):
            if let underlying = context.underlyingError as? StackLimitError {
                return underlying.prefixed(by: [], root: root)
            }
            return error
        @unknown default:
            return error
        }
    }

    /// How a `TypeMismatchError` names what was expected: the model's type where the whole value is wrong, and "an
    /// object" or "an array" for a container deeper in, whose model type the coding path does not name.
    private static func expectedName<T>(_ expected: Any.Type, at path: [PathComponent], decoding type: T.Type)
        -> String
    {
        let isObject = ObjectIdentifier(expected) == ObjectIdentifier([String: Any].self)
        let isArray = ObjectIdentifier(expected) == ObjectIdentifier([Any].self)
        guard isObject || isArray else { return typeName(expected) }
        if path.isEmpty { return typeName(T.self) }
        return isObject ? "an object" : "an array"
    }

    /// A coding path walked in a node.
    private struct Walk {
        /// The coding path as Genome's path.
        var path: [PathComponent] = []
        /// The node the whole path leads to, or nil when its last step is missing.
        var found: Node?
        /// The node before the last step, when there is one.
        var parent: Node?

        /// Nil when a step before the last is missing or meets a value it cannot step into, or a step into an
        /// array is no index: then the coding path does not describe the node (a nested coding key, say).
        init?(_ codingPath: [any CodingKey], in root: Node) {
            var current: Node? = root
            for key in codingPath {
                guard let node = current else { return nil }
                parent = node
                switch node {
                case .object(let object):
                    path.append(.key(key.stringValue))
                    current = object[key.stringValue]
                case .array(let elements):
                    guard let index = key.intValue else { return nil }
                    path.append(.index(index))
                    current = elements.indices.contains(index) ? .some(elements[index]) : .none
                default:
                    return nil
                }
            }
            found = current
        }
    }
}

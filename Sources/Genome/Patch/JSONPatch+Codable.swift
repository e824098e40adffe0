// A patch in a Codable model is its RFC 6902 JSON form, an array of operation objects, under any coder: the same
// JSON as `JSONPatch.node`, and read by the same rules as `JSONPatch(_:)`.

extension JSONPatch: Codable {
    /// Decodes a patch from its array of operations.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a value that is not a patch, with the ``JSONPatchError`` as its
    ///   underlying error; its coding path ends with the index of the operation that is not well formed.
    public init(from decoder: any Decoder) throws {
        let node = try Node(from: decoder)
        do {
            try self.init(node)
        } catch {
            var path = decoder.codingPath
            if case .array = node { path.append(NodeCodingKey(index: error.operationIndex)) }
            throw DecodingError.dataCorrupted(
                DecodingError.Context(codingPath: path, debugDescription: error.description, underlyingError: error))
        }
    }

    /// Encodes the patch as its array of operations, as ``node`` spells it.
    public func encode(to encoder: any Encoder) throws {
        try node.encode(to: encoder)
    }
}

extension JSONPatch.Operation: Codable {
    /// Decodes an operation from its object: `{"op": "add", "path": "/a", "value": 1}`.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for a value that is not an operation, with the ``JSONPatchError``
    ///   as its underlying error.
    public init(from decoder: any Decoder) throws {
        let node = try Node(from: decoder)
        do {
            try self.init(node)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: decoder.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    /// Encodes the operation as its object, as ``node`` spells it.
    public func encode(to encoder: any Encoder) throws {
        try node.encode(to: encoder)
    }
}

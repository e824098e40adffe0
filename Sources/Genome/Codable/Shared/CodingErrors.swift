// The errors NodeDecoder and NodeEncoder throw: `Swift.DecodingError` and `Swift.EncodingError`, worded as
// Foundation's JSONDecoder words them, so messages read the same whichever decoder produced them.

extension Node.Kind {
    /// How Foundation's JSONDecoder names a kind in "but found … instead".
    var foundationDescription: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .number: "number"
        case .string: "a string"
        case .array: "an array"
        case .object: "a dictionary"
        }
    }
}

internal enum CodingErrors {
    /// "Expected to decode Int but found a string instead." A null found where a value is needed is a
    /// `valueNotFound` instead, as in Foundation.
    static func mismatch(_ type: Any.Type, found node: Node, path: [any CodingKey]) -> DecodingError {
        if node.isNull {
            return valueNotFound(type, path: path)
        }
        return DecodingError.typeMismatch(
            type, DecodingError.Context(codingPath: path, debugDescription: mismatchDescription(type, found: node)))
    }

    /// The words of `mismatch`'s `typeMismatch`.
    static func mismatchDescription(_ type: Any.Type, found node: Node) -> String {
        "Expected to decode \(type) but found \(node.kind.foundationDescription) instead."
    }

    /// A recursive model ran the stack low: `dataCorrupted` at the level that did not start, with the
    /// ``StackLimitError`` (the same path) as the underlying error.
    static func stackLimit(decoding type: Any.Type, from node: Node, path: [any CodingKey]) -> DecodingError {
        var error = StackLimitError(decoding: type, from: node)
        error.location.path = pathComponents(path)
        return DecodingError.dataCorrupted(
            DecodingError.Context(codingPath: path, debugDescription: error.description, underlyingError: error))
    }

    /// The same when encoding: `invalidValue` for the value whose level did not start.
    static func stackLimit(encoding value: Any, path: [any CodingKey]) -> EncodingError {
        var error = StackLimitError(encoding: type(of: value))
        error.location.path = pathComponents(path)
        return EncodingError.invalidValue(
            value, EncodingError.Context(codingPath: path, debugDescription: error.description, underlyingError: error))
    }

    /// A coding path as Genome's path: an integer key is an index.
    private static func pathComponents(_ path: [any CodingKey]) -> [PathComponent] {
        path.map { key in key.intValue.map(PathComponent.index) ?? .key(key.stringValue) }
    }

    /// "Cannot get value of type Int -- found null value instead"
    static func valueNotFound(_ type: Any.Type, path: [any CodingKey]) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            DecodingError.Context(
                codingPath: path, debugDescription: "Cannot get value of type \(type) -- found null value instead"))
    }

    /// A container asked of a null: "Cannot get keyed decoding container -- found null value instead".
    static func containerNotFound(_ type: Any.Type, what: String, path: [any CodingKey]) -> DecodingError {
        DecodingError.valueNotFound(
            type,
            DecodingError.Context(
                codingPath: path, debugDescription: "Cannot get \(what) decoding container -- found null value instead")
        )
    }

    /// "No value associated with key CodingKeys(stringValue: "id", intValue: nil) ("id")."
    static func keyNotFound(_ key: any CodingKey, path: [any CodingKey]) -> DecodingError {
        DecodingError.keyNotFound(
            key,
            DecodingError.Context(
                codingPath: path, debugDescription: "No value associated with key \(key) (\"\(key.stringValue)\")."))
    }

    /// An unkeyed container read past its last element; the path ends with the index that was asked for.
    static func atEnd(_ type: Any.Type, path: [any CodingKey]) -> DecodingError {
        DecodingError.valueNotFound(
            type, DecodingError.Context(codingPath: path, debugDescription: "Unkeyed container is at end."))
    }

    /// "Parsed JSON number <300> does not fit in Int8."
    static func numberDoesNotFit(_ number: Node.Number, _ type: Any.Type, path: [any CodingKey]) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: path, debugDescription: "Parsed JSON number <\(number)> does not fit in \(type)."))
    }

    /// A document that is not JSON: the syntax error is the underlying error, and its text ends the description.
    static func invalidJSON(_ error: JSONSyntaxError) -> DecodingError {
        DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: [], debugDescription: "The given data was not valid JSON. \(error)", underlyingError: error)
        )
    }
}

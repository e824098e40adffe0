// A pointer in a Codable model is its RFC 6901 text, as JSON Patch documents and APIs write it: `"/owner/login"`.

extension JSONPointer: Codable {
    /// Decodes a pointer from its text.
    ///
    /// - Throws: `DecodingError.dataCorrupted` for text that is not a pointer, with the ``JSONPointerError`` as its
    ///   underlying error; `DecodingError.typeMismatch` for a value that is not a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            self = try JSONPointer(text)
        } catch {
            throw DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: container.codingPath, debugDescription: error.description, underlyingError: error))
        }
    }

    /// Encodes the pointer as its text, with `~0` and `~1` escapes: `"/a~1b"`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }
}

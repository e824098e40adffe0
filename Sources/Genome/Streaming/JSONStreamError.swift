// The one error a stream throws for its data: where the bad value sits in the whole stream (its line in JSON Lines,
// its index in an array, its byte offset), and what was wrong with it. The reader's or the decoder's own error is
// kept, so `catch` code written for a single document still finds it.

/// A value of a stream that could not be read or decoded, with its place in the whole stream.
///
/// ```swift
/// let bytes = Array("{\"id\": 1}\n{\"id\": 2,}\n".utf8)
/// var lines = Node.lines(in: bytes)
/// do { while let node = try lines.next() { _ = node } }
/// catch {
///     error.line, error.offset  // Optional(2), 19
///     print(error)
///     // JSONStreamError at line 2 (byte 19): the value is not valid JSON: JSONSyntaxError at line 2, column 10
///     // (byte 19): expected a string key but found '}' …
/// }
/// ```
///
/// The offset counts bytes from the start of the whole stream. For a syntax error, ``syntaxError`` also has its
/// offset, line and column counted in the whole stream; for any other error the offset is where the value starts.
public struct JSONStreamError: Error, CustomStringConvertible {
    /// The family of the problem. New kinds may be added, so `switch` over it with a `default`.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        internal let name: String
        public var description: String { name }

        /// The bytes are not valid JSON; ``JSONStreamError/syntaxError`` says where and why.
        public static let syntax = Kind(name: "syntax")
        /// The value is valid JSON but does not decode into the model; ``JSONStreamError/underlyingError`` holds
        /// the decoder's error (`MissingKeyError`, `DecodingError`...), with its path inside the value.
        public static let decoding = Kind(name: "decoding")
        /// One value is larger than ``Node/StreamingOptions/maximumValueSize``.
        public static let valueTooLarge = Kind(name: "valueTooLarge")
        /// The document has no value at the pointer given to `elements(at:)`.
        public static let pointerNotFound = Kind(name: "pointerNotFound")
        /// The value at the pointer given to `elements(at:)` is not an array.
        public static let notAnArray = Kind(name: "notAnArray")
        /// The file could not be opened or read; ``JSONStreamError/underlyingError`` is a ``FileReadError``.
        public static let unreadableFile = Kind(name: "unreadableFile")
        /// The reading options ask for something a stream cannot do (comments or JSON5 in `elements(at:)`).
        public static let unsupportedOptions = Kind(name: "unsupportedOptions")
    }

    /// The family of the problem.
    public let kind: Kind
    /// The line of the stream the value starts on, 1-based, for JSON Lines; nil otherwise.
    public let line: Int?
    /// The index of the element in its array, 0-based, for `elements(at:)`; nil otherwise.
    public let index: Int?
    /// The byte offset, from the start of the whole stream: of the problem for a syntax error, otherwise of the
    /// start of the value.
    public let offset: Int
    /// What went wrong, in words.
    public let reason: String
    /// The reader's error for a ``Kind/syntax`` error, with offset, line and column counted in the whole stream.
    public let syntaxError: JSONSyntaxError?
    /// The error behind this one: the ``syntaxError``, the decoder's error for ``Kind/decoding``, or the
    /// ``FileReadError``.
    public let underlyingError: (any Error)?

    internal init(
        _ kind: Kind, reason: String, line: Int? = nil, index: Int? = nil, offset: Int,
        syntaxError: JSONSyntaxError? = nil, underlyingError: (any Error)? = nil
    ) {
        self.kind = kind
        self.reason = reason
        self.line = line
        self.index = index
        self.offset = offset
        self.syntaxError = syntaxError
        self.underlyingError = underlyingError ?? syntaxError
    }

    public var description: String {
        var place = ""
        if let line { place += "line \(line)" }
        if let index { place += place.isEmpty ? "element \(index)" : ", element \(index)" }
        place += place.isEmpty ? "byte \(offset)" : " (byte \(offset))"
        var text = "JSONStreamError at \(place): \(reason)"
        if let underlyingError { text += ": \(underlyingError)" }
        return text
    }
}

extension JSONStreamError {
    /// This error with its line numbers `lines` further down the stream: a concurrent decode frames each block of
    /// lines on its own, and places its errors in the whole stream once the blocks before it are counted. A syntax
    /// error's line moves with it; its offset is already the whole stream's.
    internal func movedDown(lines: Int) -> JSONStreamError {
        guard lines != 0, let line else { return self }
        let syntax = syntaxError.map {
            JSONSyntaxError(relocating: $0, offset: $0.offset, line: $0.line + lines, column: $0.column)
        }
        // The reader's error is the underlying one whenever there is one, so it is moved too.
        return JSONStreamError(
            kind, reason: reason, line: line + lines, index: index, offset: offset, syntaxError: syntax,
            underlyingError: syntax == nil ? underlyingError : nil)
    }
}

/// The file behind a stream could not be opened or read.
public struct FileReadError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The path given to the stream.
    public let path: String
    /// The C library's `errno`.
    public let code: Int32
    /// What failed: "open" or "read".
    public let operation: String
    /// The C library's words for `code` (`strerror`).
    internal let systemMessage: String

    public var description: String {
        "cannot \(operation) \(quoted(path, limit: 200)): \(systemMessage)"
    }
}

/// Text that is not an RFC 6901 JSON Pointer.
///
/// ```swift
/// try JSONPointer("owner/login")
/// // JSONPointerError at byte 0 of "owner/login": a pointer is empty or starts with "/"
/// try JSONPointer("/a~2")
/// // JSONPointerError at byte 2 of "/a~2": "~" must be followed by "0" (for "~") or "1" (for "/")
/// ```
public struct JSONPointerError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What is wrong with the text.
    public enum Reason: Sendable, Hashable {
        /// The text is not empty and does not start with `/`.
        case missingLeadingSlash
        /// A `~` is not followed by `0` or `1`.
        case invalidEscape
    }

    /// The text that was read.
    public let text: String
    /// The UTF-8 offset of the offending character: 0 for a missing `/`, the `~` of a bad escape.
    public let offset: Int
    /// What is wrong at ``offset``.
    public let reason: Reason

    public var description: String {
        let location = "JSONPointerError at byte \(offset) of \(quoted(text, limit: 80))"
        switch reason {
        case .missingLeadingSlash:
            return "\(location): a pointer is empty or starts with \"/\""
        case .invalidEscape:
            return "\(location): \"~\" must be followed by \"0\" (for \"~\") or \"1\" (for \"/\")"
        }
    }
}

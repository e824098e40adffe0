// RFC 6901 JSON Pointer: a path into a document written as text, `/owner/login`. A pointer is kept as its list of
// reference tokens, unescaped; the text is only parsed once and written when asked for.

/// A location in a JSON document, as RFC 6901 writes it: `""` for the whole document, `/owner/login` for a member
/// of a member, `/items/0` for an array's first element.
///
/// ```swift
/// let pointer = try JSONPointer("/owner/login")
/// pointer.tokens        // ["owner", "login"]
/// pointer.description   // "/owner/login"
///
/// let node: Node = ["owner": ["login": "anviking"], "a/b": 1]
/// node[pointer]                          // Optional(Node.string("anviking"))
/// node[try JSONPointer("/a~1b")]         // Optional(Node.number(1)): "~1" stands for "/", "~0" for "~"
/// try JSONPointer("owner")               // JSONPointerError: a pointer starts with "/" ...
/// ```
///
/// A token means what the document makes of it: `"0"` is an index in an array and a key in an object. In an
/// array, only `0` and digits without a leading zero are indices (`"01"` and `"1e0"` are not), and `"-"` stands
/// for the position past the last element, where an `add` of ``JSONPatch`` appends. An index too large for `Int`
/// is simply past the end.
///
/// Pointers are compared by their tokens. The URI fragment form (`#/owner/login`, percent-encoded) is not read:
/// decode the fragment first and pass what follows `#`.
public struct JSONPointer: Sendable, Hashable {
    /// The reference tokens, unescaped: `/a~1b/c~0d` has the tokens `"a/b"` and `"c~d"`. Empty for the whole
    /// document.
    public var tokens: [String]

    /// The pointer to the whole document, `""`.
    public init() {
        tokens = []
    }

    /// The pointer made of `tokens`, which are unescaped: `JSONPointer(tokens: ["a/b"])` is `/a~1b`.
    public init(tokens: [String]) {
        self.tokens = tokens
    }

    /// Parses RFC 6901 text: empty, or `/` followed by tokens separated by `/`, in which `~0` stands for `~` and
    /// `~1` for `/`.
    ///
    /// - Throws: ``JSONPointerError`` when the text does not start with `/` (and is not empty), or when a `~` is
    ///   not followed by `0` or `1`.
    public init(_ text: String) throws(JSONPointerError) {
        tokens = try Self.parse(text)
    }

    /// The pointer that walks `path`: each key is a token, each index its decimal digits.
    ///
    /// ```swift
    /// JSONPointer(["owners", 0, "login"]).description   // "/owners/0/login"
    /// ```
    ///
    /// A negative index has no pointer form; it becomes the token `-1`, which no array has.
    public init(_ path: some Sequence<PathComponent>) {
        tokens = path.map { component in
            switch component {
            case .key(let key): key
            case .index(let index): String(index)
            }
        }
    }

    /// This pointer followed by one more token, unescaped.
    public func appending(_ token: String) -> JSONPointer {
        var copy = self
        copy.tokens.append(token)
        return copy
    }

    /// The pointer to the value that holds this one; nil for the whole document.
    public var parent: JSONPointer? {
        tokens.isEmpty ? nil : JSONPointer(tokens: Array(tokens.dropLast()))
    }

    /// True when `other` lies strictly inside the value this pointer names: `/a` is a proper prefix of `/a/b`, but
    /// not of `/a` or `/ab`.
    public func isProperPrefix(of other: JSONPointer) -> Bool {
        tokens.count < other.tokens.count && other.tokens.starts(with: tokens)
    }

    private static func parse(_ text: String) throws(JSONPointerError) -> [String] {
        let bytes = text.utf8
        guard let first = bytes.first else { return [] }
        guard first == UInt8(ascii: "/") else {
            throw JSONPointerError(text: text, offset: 0, reason: .missingLeadingSlash)
        }
        var tokens: [String] = []
        var token: [UInt8] = []
        var offset = 1
        var index = bytes.index(after: bytes.startIndex)
        while index != bytes.endIndex {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "/"):
                tokens.append(String(decoding: token, as: UTF8.self))
                token.removeAll(keepingCapacity: true)
            case UInt8(ascii: "~"):
                let next = bytes.index(after: index)
                switch next == bytes.endIndex ? nil : bytes[next] {
                case UInt8(ascii: "0"): token.append(UInt8(ascii: "~"))
                case UInt8(ascii: "1"): token.append(UInt8(ascii: "/"))
                default: throw JSONPointerError(text: text, offset: offset, reason: .invalidEscape)
                }
                index = next
                offset += 1
            default:
                token.append(byte)
            }
            index = bytes.index(after: index)
            offset += 1
        }
        tokens.append(String(decoding: token, as: UTF8.self))
        return tokens
    }
}

extension JSONPointer: CustomStringConvertible {
    /// The RFC 6901 text, with `~` written as `~0` and `/` as `~1`: `/a~1b` for the token `"a/b"`.
    public var description: String {
        var text = ""
        for token in tokens {
            text += "/"
            for scalar in token.unicodeScalars {
                switch scalar {
                case "~": text += "~0"
                case "/": text += "~1"
                default: text.unicodeScalars.append(scalar)
                }
            }
        }
        return text
    }

    /// The text cut short for error descriptions, whose pointers may come from hostile patches.
    internal var boundedDescription: String {
        let text = description
        return text.isEmpty ? "\"\" (the whole document)" : quoted(text, limit: 80)
    }
}

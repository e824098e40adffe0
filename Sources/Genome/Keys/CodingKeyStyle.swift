// The spellings of multi-word keys that APIs use, as one conversion from a Swift name. Words are found the same way
// for every style, so a name converts the same whichever style asks, and an already-styled name converts to itself.

/// How a multi-word key is spelled in the JSON: `user_id`, `user-id`, `userId`, `UserId` or `USER_ID`.
///
/// ``StyledCodingKey`` applies a style to a `CodingKeys` enum; in the static-decode API, ``key(for:)`` spells a
/// name the way a `Map` or `decode` call is given it:
///
/// ```swift
/// let style = CodingKeyStyle.snakeCase
/// let id: Int = try json.decode(style.key(for: "userID"))     // reads "user_id"
/// ```
///
/// A name is split into words at every `_`, `-` and space, and where its case changes: before an uppercase letter
/// that follows a lowercase letter or a digit, and before the last letter of an uppercase run that a lowercase
/// letter follows. So `userID` is `user` `ID`, `HTTPServer` is `HTTP` `Server`, and digits stay with the word
/// before them: `url2` is one word, `line2Address` is `line2` `Address`. Underscores before the first word and
/// after the last are kept, as written (`_id` stays `_id`).
public struct CodingKeyStyle: Sendable, Hashable {
    internal enum Spelling: Sendable, Hashable {
        case snake, kebab, camel, pascal, screamingSnake
    }

    internal let spelling: Spelling

    /// `user_id`: words lowercased, joined by `_`.
    public static let snakeCase = CodingKeyStyle(spelling: .snake)
    /// `user-id`: words lowercased, joined by `-`.
    public static let kebabCase = CodingKeyStyle(spelling: .kebab)
    /// `userID`: the first word lowercased, each later one starting with an uppercase letter, its other letters
    /// kept (`user_id` → `userId`, `HTTPServer` → `httpServer`, `userID` stays `userID`).
    public static let camelCase = CodingKeyStyle(spelling: .camel)
    /// `UserID`: each word starting with an uppercase letter, its other letters kept (`user_id` → `UserId`,
    /// `userID` → `UserID`).
    public static let pascalCase = CodingKeyStyle(spelling: .pascal)
    /// `USER_ID`: words uppercased, joined by `_`.
    public static let screamingSnakeCase = CodingKeyStyle(spelling: .screamingSnake)

    /// `name`, a Swift name or a key in any of the styles, spelled in this style.
    ///
    /// Converting a key twice gives what converting it once does, so a name already in the style is unchanged.
    public func key(for name: String) -> String {
        // Keys are converted on every lookup, and nearly every key is ASCII: bytes then, Characters otherwise.
        if let converted = name.utf8.withContiguousStorageIfAvailable({ asciiKey(for: $0) }), let converted {
            return converted
        }
        var characters = Substring(name)
        var leading = ""
        while characters.first == "_" { leading.append(characters.removeFirst()) }
        var trailing = ""
        while characters.last == "_" { trailing.append(characters.removeLast()) }
        let words = Self.words(of: characters)
        var result = leading
        for (index, word) in words.enumerated() {
            switch spelling {
            case .snake:
                if index > 0 { result += "_" }
                result += word.lowercased()
            case .kebab:
                if index > 0 { result += "-" }
                result += word.lowercased()
            case .screamingSnake:
                if index > 0 { result += "_" }
                result += word.uppercased()
            case .camel where index == 0:
                result += word.lowercased()
            case .camel, .pascal:
                result += word.prefix(1).uppercased()
                result += word.dropFirst()
            }
        }
        return result + trailing
    }

    /// `key(for:)` for a name whose bytes are all ASCII, byte by byte, by the same rules; nil for any other name.
    private func asciiKey(for bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        let underscore = UInt8(ascii: "_")
        func isUpper(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") }
        func isLower(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z") }
        func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
        func upper(_ byte: UInt8) -> UInt8 { isLower(byte) ? byte - 32 : byte }
        func lower(_ byte: UInt8) -> UInt8 { isUpper(byte) ? byte + 32 : byte }

        var start = 0
        var end = bytes.count
        while start < end && bytes[start] == underscore { start += 1 }
        while end > start && bytes[end - 1] == underscore { end -= 1 }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count + 8)
        result.append(contentsOf: bytes[0..<start])
        var wordCount = 0
        func append(word: Range<Int>) {
            switch spelling {
            case .snake, .screamingSnake: if wordCount > 0 { result.append(underscore) }
            case .kebab: if wordCount > 0 { result.append(UInt8(ascii: "-")) }
            case .camel, .pascal: break
            }
            for index in word {
                let byte = bytes[index]
                switch spelling {
                case .snake, .kebab: result.append(lower(byte))
                case .screamingSnake: result.append(upper(byte))
                case .camel where wordCount == 0: result.append(lower(byte))
                case .camel, .pascal: result.append(index == word.lowerBound ? upper(byte) : byte)
                }
            }
            wordCount += 1
        }
        var wordStart: Int?
        var previous: UInt8?
        var index = start
        while index < end {
            let byte = bytes[index]
            if byte == underscore || byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ") {
                if let first = wordStart { append(word: first..<index) }
                wordStart = nil
                previous = nil
            } else {
                if let first = wordStart, let previous, isUpper(byte) {
                    let followsLowerOrDigit = isLower(previous) || isDigit(previous)
                    let endsUpperRun = isUpper(previous) && index + 1 < end && isLower(bytes[index + 1])
                    if followsLowerOrDigit || endsUpperRun {
                        append(word: first..<index)
                        wordStart = index
                    }
                }
                if wordStart == nil { wordStart = index }
                previous = byte
            }
            index += 1
        }
        if let first = wordStart { append(word: first..<end) }
        result.append(contentsOf: bytes[end...])
        return String(decoding: result, as: UTF8.self)
    }

    /// The words of `name`, as the type's documentation describes them.
    private static func words(of name: Substring) -> [Substring] {
        var words: [Substring] = []
        var start: Substring.Index?
        var previous: Character?
        var index = name.startIndex
        while index < name.endIndex {
            let character = name[index]
            let next = name.index(after: index)
            if character == "_" || character == "-" || character == " " {
                if let wordStart = start { words.append(name[wordStart..<index]) }
                start = nil
                previous = nil
            } else {
                if let wordStart = start, let previous, character.isUppercase {
                    let followsLowerOrDigit = previous.isLowercase || previous.isNumber
                    let endsUpperRun =
                        previous.isUppercase && next < name.endIndex && name[next].isLowercase
                    if followsLowerOrDigit || endsUpperRun {
                        words.append(name[wordStart..<index])
                        start = index
                    }
                }
                if start == nil { start = index }
                previous = character
            }
            index = next
        }
        if let wordStart = start { words.append(name[wordStart...]) }
        return words
    }
}

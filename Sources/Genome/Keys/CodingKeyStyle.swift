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

// Swift names from JSON keys: properties in lowerCamelCase, types in UpperCamelCase, array elements singular, and
// every result a valid identifier. Keys that are not identifiers, or are keywords, get a name that compiles; the
// JSON name is kept in CodingKeys or in the decode path.

enum SwiftNames {
    /// A property name for `key`: `created_at` → `createdAt`, `ID` → `id`, `2fa` → `_2fa`, `` → `value`.
    static func property(_ key: String) -> String {
        let words = Self.words(key)
        guard let first = words.first else { return "value" }
        var name = lowercasedLeadingCapitals(first) + words.dropFirst().map(capitalized).joined()
        if name.first!.isNumber { name = "_" + name }
        return name
    }

    /// A type name for `key`: `user_mentions` → `UserMentions`, singular (`UserMention`) for the elements of an
    /// array or the values of a dictionary. Empty when the key has no letter or digit.
    static func type(_ key: String, singular: Bool) -> String {
        var words = Self.words(key).map(capitalized)
        guard !words.isEmpty else { return "" }
        if singular { words[words.count - 1] = singularized(words[words.count - 1]) }
        var name = words.joined()
        if name.first!.isNumber { name = "_" + name }
        return name
    }

    /// `name` as it must be written in a declaration or a use: keywords in backticks, and the few names that not
    /// even backticks make usable as a property, with a trailing underscore.
    static func escaped(_ name: String) -> String {
        if unusable.contains(name) { return name + "_" }
        if keywords.contains(name) { return "`\(name)`" }
        return name
    }

    /// Names a generated type must not take, since the models use these types (or Swift reserves them).
    static let reservedTypes: Set<String> = [
        "Any", "AnyObject", "Array", "Bool", "Character", "Codable", "CodingKey", "CodingKeys", "Context",
        "Data", "Date", "Decodable", "Decoder", "Dictionary", "Double", "Encodable", "Encoder", "Error", "Float",
        "Int", "Map", "MappableObject", "Node", "NodeDecodable", "Object", "Optional", "Protocol", "Result",
        "Self", "Sendable", "Set", "String", "Type", "URL", "UUID", "Void",
    ]

    // Split at anything that is not an ASCII letter or digit, and before a capital that starts a new word
    // ("userID" → user, ID; "URLString" → URL, String).
    private static func words(_ key: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(key)
        for (index, character) in characters.enumerated() {
            guard character.isASCII && (character.isLetter || character.isNumber) else {
                if !current.isEmpty { words.append(String(current)) }
                current = []
                continue
            }
            if character.isUppercase, let last = current.last {
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                if last.isLowercase || last.isNumber || (last.isUppercase && nextIsLower) {
                    words.append(String(current))
                    current = []
                }
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(String(current)) }
        return words
    }

    // "name" → "Name"; a word in capitals is a shouted word, not an acronym run into the next: "PLEYEL" → "Pleyel".
    private static func capitalized(_ word: String) -> String {
        if word.count > 1 && word.allSatisfy({ !$0.isLowercase }) {
            return word.prefix(1) + word.dropFirst().lowercased()
        }
        return word.prefix(1).uppercased() + word.dropFirst()
    }

    // "ID" → "id", "URL" → "url", "Name" → "name".
    private static func lowercasedLeadingCapitals(_ word: String) -> String {
        word.allSatisfy({ !$0.isLowercase }) ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
    }

    private static let irregular: [String: String] = [
        "Children": "Child", "People": "Person", "Men": "Man", "Women": "Woman", "Indices": "Index",
        "Data": "DataItem", "Criteria": "Criterion", "Media": "MediaItem",
    ]

    /// The singular of an English plural, or the word with `Element` after it when it does not look like one.
    static func singularized(_ word: String) -> String {
        if let singular = irregular[word] { return singular }
        let lower = word.lowercased()
        if lower.hasSuffix("ies") && word.count > 3 { return word.dropLast(3) + "y" }
        for ending in ["sses", "shes", "ches", "xes", "zzes"] where lower.hasSuffix(ending) {
            return String(word.dropLast(2))
        }
        // "statuses" → "Status", "buses" → "Bus"; but "causes" → "Cause" below.
        if lower.hasSuffix("uses") && word.count > 4 && !"aeiou".contains(lower.dropLast(4).last!) {
            return String(word.dropLast(2))
        }
        if lower.hasSuffix("s") && !lower.hasSuffix("ss") && !lower.hasSuffix("us") && !lower.hasSuffix("is")
            && word.count > 1
        {
            return String(word.dropLast())
        }
        return word + "Element"
    }

    // Keywords that may name a property only in backticks.
    private static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "as", "await", "false", "is", "nil", "super", "throws", "true", "try",
    ]

    // Names that even in backticks would collide with what every type has, or cannot be a stored property.
    private static let unusable: Set<String> = ["self", "init", "deinit", "subscript", "super", "Type", "Protocol"]
}

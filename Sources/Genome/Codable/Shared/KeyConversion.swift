// Snake case conversions for the key strategies, following the rules Foundation's JSONDecoder and JSONEncoder
// document, without Foundation. Keys are usually ASCII; everything else goes through the standard library's
// Unicode case mappings, as Foundation's `lowercased()` and `capitalized` do.

/// `snake_case_key` → `snakeCaseKey`.
///
/// - Leading and trailing underscores are kept: `_private_key_` → `_privateKey_`.
/// - A key with no underscore between words is returned unchanged: it may already be camel case.
/// - Otherwise the first word is lowercased and every following word capitalised as Foundation's `capitalized`
///   does it (its first letter title-cased, the rest lowercased): `URL_value` → `urlValue`, `my_URL` → `myUrl`,
///   `one_ǆemal` → `oneǅemal`. Runs of underscores count as one.
internal func convertFromSnakeCase(_ key: String) -> String {
    let characters = Array(key)
    guard let first = characters.firstIndex(where: { $0 != "_" }) else { return key }
    var last = characters.count - 1
    while last > first && characters[last] == "_" { last -= 1 }
    let words = characters[first...last].split(separator: "_", omittingEmptySubsequences: true)
    guard words.count > 1 else { return key }

    var result = String(characters[..<first])
    result += String(words[0]).lowercased()
    for word in words.dropFirst() {
        result += capitalized(word)
    }
    result += String(characters[(last + 1)...])
    return result
}

/// Foundation's `capitalized` for one snake case word, scalar by scalar as Foundation does it: a letter that
/// follows a cased letter is lowercased, and one that does not is title-cased (an uppercase or title-case letter
/// stays as it is); any other character, but a case-ignorable one, ends the word. Title case is not upper case for
/// the four Latin digraphs: `ǆemal` becomes `ǅemal`, not `Ǆemal`.
private func capitalized(_ word: ArraySlice<Character>) -> String {
    var result = ""
    var followsCasedLetter = false
    for character in word {
        for scalar in character.unicodeScalars {
            let properties = scalar.properties
            switch properties.generalCategory {
            case .uppercaseLetter, .titlecaseLetter:
                if followsCasedLetter {
                    result += properties.lowercaseMapping
                } else {
                    result.unicodeScalars.append(scalar)
                }
                followsCasedLetter = true
            case .lowercaseLetter:
                if followsCasedLetter {
                    result.unicodeScalars.append(scalar)
                } else {
                    result += properties.titlecaseMapping
                }
                followsCasedLetter = true
            default:
                result.unicodeScalars.append(scalar)
                if !isCaseIgnorable(scalar) { followsCasedLetter = false }
            }
        }
    }
    return result
}

/// Whether `scalar` leaves a word going, as the case-ignorable set Foundation's `capitalized` uses says. That set is
/// Unicode's older one: combining marks, format characters, modifier letters and symbols, and the two apostrophes
/// (U+0027, U+2019). The punctuation Unicode has added to it since (`.`, `:`, `·` and their kin) ends a word there.
private func isCaseIgnorable(_ scalar: Unicode.Scalar) -> Bool {
    let properties = scalar.properties
    guard properties.isCaseIgnorable else { return false }
    switch properties.generalCategory {
    case .otherPunctuation, .initialPunctuation, .finalPunctuation:
        return scalar == "'" || scalar == "\u{2019}"
    default:
        return true
    }
}

/// `camelCaseKey` → `camel_case_key`.
///
/// A word starts at each uppercase letter. A run of uppercase letters is one word, except that its last letter
/// starts the next word when a lowercase letter follows it: `myURLProperty` → `my_url_property`,
/// `URLValue` → `url_value`. Words are lowercased and joined with `_`, so a key with one word is just lowercased
/// (`Name` → `name`). Letters are found by their Unicode category, and a letter is never parted from the
/// combining marks that follow it: the steps "the next letter" and "the letter before" move by `Character`, as
/// Foundation's do.
internal func convertToSnakeCase(_ key: String) -> String {
    let scalars = Array(key.unicodeScalars)
    guard !scalars.isEmpty else { return key }
    // Where each Character starts, in scalars; the last entry is the end.
    var characterStarts: [Int] = []
    characterStarts.reserveCapacity(scalars.count + 1)
    var offset = 0
    for character in key {
        characterStarts.append(offset)
        offset += character.unicodeScalars.count
    }
    characterStarts.append(offset)
    func characterStart(after index: Int) -> Int {
        characterStarts.first(where: { $0 > index }) ?? scalars.count
    }
    func characterStart(before index: Int) -> Int {
        characterStarts.last(where: { $0 < index }) ?? 0
    }
    func isUpper(_ index: Int) -> Bool {
        let properties = scalars[index].properties
        return properties.generalCategory == .uppercaseLetter || properties.generalCategory == .titlecaseLetter
    }
    func isLower(_ index: Int) -> Bool {
        scalars[index].properties.generalCategory == .lowercaseLetter
    }

    // Word boundaries, found the way Foundation finds them: from each uppercase letter, look for the next
    // lowercase letter; if it is not the character right after the uppercase one, the uppercase run (but its
    // last character) is a word of its own.
    var boundaries: [Int] = []
    var searchFrom = characterStart(after: 0)
    while let upper = (searchFrom..<scalars.count).first(where: isUpper) {
        boundaries.append(upper)
        guard let lower = (upper..<scalars.count).first(where: isLower) else {
            break
        }
        if lower != characterStart(after: upper) {
            boundaries.append(characterStart(before: lower))
        }
        searchFrom = lower + 1
    }

    var words: [String] = []
    var start = 0
    for boundary in boundaries {
        words.append(String(String.UnicodeScalarView(scalars[start..<boundary])).lowercased())
        start = boundary
    }
    words.append(String(String.UnicodeScalarView(scalars[start...])).lowercased())
    return words.joined(separator: "_")
}

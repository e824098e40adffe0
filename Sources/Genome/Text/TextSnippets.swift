// Short pieces of text for error messages: a value quoted and cut short, a byte or scalar in hex. Reading,
// decoding and missing-key errors all quote what they found the same way through these.

/// A count and its noun, singular for one: "1 element", "3 elements". `noun` is the plural, made by adding "s".
internal func counted(_ count: Int, _ noun: String) -> String {
    count == 1 ? "1 \(noun.dropLast())" : "\(count) \(noun)"
}

/// Uppercase hex with leading zeros.
internal func hex(_ value: some BinaryInteger, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
}

/// A string in double quotes, cut short when long, for error messages.
internal func quoted(_ text: String, limit: Int = 40) -> String {
    let short = abbreviated(text, limit: limit)
    return short == text ? "\"\(text)\"" : "\"\(short)\" (\(text.utf8.count) bytes)"
}

/// `text`, or its first `limit` Unicode scalars and `…` when it is longer. Scalars, not `Character`s: a single
/// character can hold any number of combining marks, so cutting by characters would not bound the length.
internal func abbreviated(_ text: String, limit: Int) -> String {
    guard text.utf8.count > limit, text.unicodeScalars.count > limit else { return text }
    var cut = String.UnicodeScalarView()
    cut.append(contentsOf: text.unicodeScalars.prefix(limit))
    return String(cut) + "…"
}

// How a `Date` is spelled in a node, for Genome's own decode and encode protocols: the format `Date`'s
// conformances use, and the others a field can ask for. The reading and writing itself is shared with the Codable
// strategies (DateParsing.swift).
import Foundation
import Genome

/// How a `Date` is spelled in a node: an ISO 8601 string, a number of seconds or milliseconds since 1970, or the
/// text of a formatter.
///
/// `Date` decodes and encodes with ``default`` on its own. Any field can choose another format, with no global
/// setting to change:
///
/// ```swift
/// let created: Date = try json.decode("created", as: .millisecondsSince1970)
/// let updated: Date? = try json.decodeIfPresent("updated", as: .iso8601)
///
/// // In a Map model:
/// created = try map.extract("created", as: .millisecondsSince1970)
/// try created <~> map["created", as: .millisecondsSince1970]
/// ```
///
/// A format is a value: keep your own in a `static let`, next to the models that use it.
///
/// ```swift
/// extension NodeDateFormat {
///     static let day = NodeDateFormat.formatted(Date.VerbatimFormatStyle(
///         format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits)",
///         timeZone: .gmt, calendar: Calendar(identifier: .gregorian)))
/// }
/// ```
///
/// A value the format cannot read throws a `TypeMismatchError` that says which format was expected, and gains
/// its path like any other decoding error: `TypeMismatchError at events[2].when: expected Date but found a string:
/// "yesterday", which is not an ISO 8601 date`.
public struct NodeDateFormat: Sendable {
    private let read: @Sendable (Node) throws -> Date
    private let write: @Sendable (Date) throws -> Node

    private init(read: @escaping @Sendable (Node) throws -> Date, write: @escaping @Sendable (Date) throws -> Node) {
        self.read = read
        self.write = write
    }

    /// Reads a date from `node` in this format.
    ///
    /// It is a plain `(Node) throws -> Date` function, so it also fits Genome's core function and transforms:
    /// `parse(json: node, path: ["created"], decode: NodeDateFormat.millisecondsSince1970.date(from:))`.
    ///
    /// - Throws: `TypeMismatchError` when `node` is not a date in this format.
    public func date(from node: Node) throws -> Date {
        try read(node)
    }

    /// Writes `date` in this format.
    public func node(from date: Date) throws -> Node {
        try write(date)
    }

    // MARK: Formats

    /// What `Date` uses on its own: an ISO 8601 string, read and written as ``iso8601`` does.
    ///
    /// Reading, a string is an ISO 8601 date with a time zone, with or without fractional seconds. A number is an
    /// error whose reason names the formats that read one: a number alone does not say its unit or its epoch
    /// (`JSONDecoder` reads seconds since 2001, most APIs send seconds or milliseconds since 1970), and a wrong
    /// guess would be a date years away with no error. Writing gives an ISO 8601 string in UTC, with milliseconds
    /// only when the date has them, which reads back as the same date to the millisecond.
    public static let `default` = NodeDateFormat(
        read: { node in
            switch node {
            case .string(let string):
                guard let date = parseISO8601(string) else { throw mismatch(node, "an ISO 8601 date") }
                return date
            case .number:
                throw TypeMismatchError(
                    expected: Date.self, found: node,
                    reason: "which does not say its unit: decode it with `as: .secondsSince1970` or "
                        + "`as: .millisecondsSince1970`")
            default:
                throw mismatch(node, "an ISO 8601 date")
            }
        },
        write: { date in .string(iso8601String(from: date, fractionalSeconds: .millisecondsWhenNonzero)) })

    /// An ISO 8601 string with a time zone, with or without fractional seconds: `2024-05-01T12:30:00Z`,
    /// `2024-05-01T12:30:00.250+02:00`. Written in UTC, with milliseconds only when the date has them.
    ///
    /// The whole string must be a date and time with every field in range: `2024-05-01` (no time),
    /// `2024-05-01T12:30:00` (no time zone) and `2023-02-30T12:30:00Z` are errors.
    public static let iso8601 = iso8601(writing: .millisecondsWhenNonzero)

    /// An ISO 8601 string, read as ``iso8601`` reads it, and always written with milliseconds:
    /// `2024-05-01T10:30:00.000Z`.
    public static let iso8601WithFractionalSeconds = iso8601(writing: .milliseconds)

    private static func iso8601(writing fractionalSeconds: ISO8601FractionalSeconds) -> NodeDateFormat {
        NodeDateFormat(
            read: { node in
                guard case .string(let string) = node, let date = parseISO8601(string) else {
                    throw mismatch(node, "an ISO 8601 date")
                }
                return date
            },
            write: { date in .string(iso8601String(from: date, fractionalSeconds: fractionalSeconds)) })
    }

    /// A number of seconds since 1 January 1970 (UTC), fractions allowed: a Unix timestamp. Written as an integer
    /// when the date is a whole second.
    ///
    /// The date must fall in the years 1 to 9999: a larger count, such as a millisecond timestamp, is an error
    /// that suggests ``millisecondsSince1970``, not a date 54,000 years away. `NodeDecoder`'s
    /// `.secondsSince1970` strategy reads by the same rule.
    public static let secondsSince1970 = NodeDateFormat(
        read: { node in try date(counted: .secondsSince1970, in: node) },
        write: { date in wholeOrFractional(date.timeIntervalSince1970) })

    /// A number of milliseconds since 1 January 1970 (UTC), fractions allowed, as JavaScript's `Date.now()` gives.
    /// Written as a whole number of milliseconds, rounded to the nearest.
    ///
    /// As with ``secondsSince1970``, the date must fall in the years 1 to 9999.
    public static let millisecondsSince1970 = NodeDateFormat(
        read: { node in try date(counted: .millisecondsSince1970, in: node) },
        write: { date in wholeOrFractional(date.millisecondsSince1970.rounded()) })

    /// A string that `formatter` reads, written with `formatter`.
    ///
    /// Give the formatter a fixed locale and time zone, or the same text means different dates on different
    /// machines:
    ///
    /// ```swift
    /// let formatter = DateFormatter()
    /// formatter.locale = Locale(identifier: "en_US_POSIX")
    /// formatter.timeZone = TimeZone(identifier: "UTC")
    /// formatter.dateFormat = "yyyy-MM-dd HH:mm"
    /// let when: Date = try json.decode("when", as: .formatted(formatter))
    /// ```
    ///
    /// The format holds the formatter itself, not a copy: a change to the formatter changes the format. An error
    /// quotes the formatter's `dateFormat`: `which is not a date in the format "yyyy-MM-dd HH:mm"`.
    public static func formatted(_ formatter: DateFormatter) -> NodeDateFormat {
        NodeDateFormat(
            read: { node in
                guard case .string(let string) = node, let date = formatter.date(from: string) else {
                    let pattern = formatter.dateFormat ?? ""
                    throw mismatch(
                        node, pattern.isEmpty ? "a date the formatter reads" : "a date in the format \"\(pattern)\"")
                }
                return date
            },
            write: { date in .string(formatter.string(from: date)) })
    }

    /// A string that `style` parses, written with `style`: `Date.VerbatimFormatStyle`, `Date.FormatStyle`,
    /// `Date.ISO8601FormatStyle` or a style of your own.
    ///
    /// ```swift
    /// let day = Date.ISO8601FormatStyle().year().month().day()      // 2024-05-01, in UTC
    /// let date: Date = try json.decode("day", as: .formatted(day))
    /// ```
    public static func formatted<Style: ParseableFormatStyle & Sendable>(_ style: Style) -> NodeDateFormat
    where Style.FormatInput == Date, Style.FormatOutput == String {
        NodeDateFormat(
            read: { node in
                guard case .string(let string) = node, let date = try? style.parseStrategy.parse(string) else {
                    throw mismatch(node, "a date in the format style's format")
                }
                return date
            },
            write: { date in .string(style.format(date)) })
    }

    /// A format of your own.
    ///
    /// ```swift
    /// // Whole days since 1 January 1970, as some databases store a date.
    /// let days = NodeDateFormat.custom("a number of days since 1970") { node in
    ///     (try? Int.decode(node)).map { Date(timeIntervalSince1970: Double($0) * 86_400) }
    /// } write: { date in
    ///     Node(Int((date.timeIntervalSince1970 / 86_400).rounded(.down)))
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - expectation: What a readable value is, for errors: a value `read` returns nil for throws
    ///     `TypeMismatchError` with the reason "which is not" `expectation`.
    ///   - read: The date `node` holds, or nil when it holds none. It is not called for `null`, which is an error
    ///     for `Date` and nil for `Date?`. An error it throws passes through, and gains its path if it is one of
    ///     Genome's decoding errors.
    ///   - write: The node for `date`.
    public static func custom(
        _ expectation: String,
        read: @escaping @Sendable (_ node: Node) throws -> Date?,
        write: @escaping @Sendable (_ date: Date) throws -> Node
    ) -> NodeDateFormat {
        NodeDateFormat(
            read: { node in
                guard !node.isNull, let date = try read(node) else { throw mismatch(node, expectation) }
                return date
            },
            write: write)
    }

    // MARK: Helpers

    /// The error for a value that is not a date in the format: no reason for `null`, which needs none.
    private static func mismatch(_ node: Node, _ expectation: String) -> TypeMismatchError {
        TypeMismatchError(expected: Date.self, found: node, reason: node.isNull ? nil : "which is not \(expectation)")
    }

    /// The date that the number `node` holds counts.
    private static func date(counted count: DateCount, in node: Node) throws -> Date {
        guard case .number(let number) = node else { throw mismatch(node, count.expectation) }
        guard let date = count.date(number.doubleValue) else {
            throw TypeMismatchError(expected: Date.self, found: node, reason: count.reason(for: number.doubleValue))
        }
        return date
    }

    /// An integer node when `value` is a whole number that fits 64 bits, so that JSON shows no `.0`.
    private static func wholeOrFractional(_ value: Double) -> Node {
        if let integer = Int64(exactly: value) { return Node(integer) }
        return .number(.double(value))
    }
}

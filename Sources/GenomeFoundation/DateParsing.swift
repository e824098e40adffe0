// Reading and writing dates as JSON spells them, shared by both of GenomeFoundation's date APIs: the Codable
// strategies (`NodeDecoder.DateDecodingStrategy`, `NodeEncoder.DateEncodingStrategy`) and `NodeDateFormat`, which
// `Date`'s `NodeDecodable` and `NodeRepresentable` conformances use.
import Foundation

/// An ISO 8601 date and time with a time zone (`2024-05-01T12:30:00Z`, `2024-05-01T12:30:00.250+02:00`), with or
/// without fractional seconds; nil for anything else.
///
/// Foundation's parser does the work. It stops at the end of a date and normalises fields out of range, so that on
/// its own it reads `2024-05-01T12:30:00Z tomorrow` and `2023-02-30T25:00:00Z`; both are rejected here: the whole
/// string must be the date, and every field must be in range (a leap second, `:60`, is allowed, as RFC 3339 does).
func parseISO8601(_ string: String) -> Date? {
    guard hasValidISO8601Fields(string) else { return nil }
    let style = Date.ISO8601FormatStyle(includingFractionalSeconds: string.contains("."))
    let bounds = string.startIndex..<string.endIndex
    guard let (end, date) = try? style.consuming(string, startingAt: string.startIndex, in: bounds),
        end == string.endIndex
    else { return nil }
    return date
}

/// Whether the calendar fields of `YYYY-MM-DDTHH:MM:SS…` are in range. Only that fixed-width start is looked at;
/// the parser checks the layout, the fraction and the offset.
private func hasValidISO8601Fields(_ string: String) -> Bool {
    let bytes = Array(string.utf8.prefix(19))
    guard bytes.count == 19 else { return false }
    func field(_ start: Int, _ length: Int) -> Int? {
        var value = 0
        for byte in bytes[start..<start + length] {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }
    guard let year = field(0, 4), let month = field(5, 2), let day = field(8, 2), let hour = field(11, 2),
        let minute = field(14, 2), let second = field(17, 2), (1...12).contains(month)
    else { return false }
    let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    let daysInMonth = [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
    return (1...daysInMonth).contains(day) && hour < 24 && minute < 60 && second <= 60
}

/// How many fractional digits an ISO 8601 date is written with.
enum ISO8601FractionalSeconds {
    /// None: the date is cut to the whole second below, as `JSONEncoder`'s `.iso8601` writes it.
    case omitted
    /// Always three digits, `.000` included, rounded to the nearest millisecond.
    case milliseconds
    /// Three digits when the date, rounded to the nearest millisecond, is not a whole second; none otherwise.
    case millisecondsWhenNonzero
}

/// The date in UTC as ISO 8601: `2024-05-01T10:30:00Z`, or with milliseconds `2024-05-01T10:30:00.250Z`.
///
/// Milliseconds are rounded from the date's `Double` rather than cut, as Foundation's formatter cuts them: it writes
/// a date read from `.123` as `.122`, because that date is a hair below `.123`.
func iso8601String(from date: Date, fractionalSeconds: ISO8601FractionalSeconds) -> String {
    let wholeSeconds = Date.ISO8601FormatStyle()
    guard fractionalSeconds != .omitted else { return date.formatted(wholeSeconds) }
    guard let milliseconds = Int64(exactly: (date.timeIntervalSince1970 * 1000).rounded()) else {
        return date.formatted(Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
    // Floor division, so that a date before 1970 keeps a positive fraction: -1.5 s is 23:59:58.500.
    let fraction = (milliseconds % 1000 + 1000) % 1000
    let seconds = (milliseconds - fraction) / 1000
    let text = Date(timeIntervalSince1970: Double(seconds)).formatted(wholeSeconds)
    if fraction == 0 && fractionalSeconds == .millisecondsWhenNonzero {
        return text
    }
    let digits = String(fraction)
    return text.dropLast() + "." + String(repeating: "0", count: 3 - digits.count) + digits + "Z"
}

/// A date written as a count: seconds or milliseconds since 1970.
///
/// One rule wherever Genome reads a count (``NodeDateFormat``, and `NodeDecoder`'s `.secondsSince1970` and
/// `.millisecondsSince1970`; `.deferredToDate` runs `Date`'s own `Decodable`): the date must
/// fall in the years 1 to 9999, the years ISO 8601 writes with four digits. A count outside them is almost always
/// in another unit (a millisecond timestamp read as seconds lands in the year 56,000), so it is an error, not a
/// date nobody meant.
enum DateCount: Sendable {
    case secondsSince1970
    case millisecondsSince1970

    /// What a readable value is, for errors: "a number of seconds since 1970".
    var expectation: String {
        switch self {
        case .secondsSince1970: "a number of seconds since 1970"
        case .millisecondsSince1970: "a number of milliseconds since 1970"
        }
    }

    /// The date `count` stands for; nil when it is not finite or the date falls outside the years 1 to 9999.
    func date(_ count: Double) -> Date? {
        let seconds = seconds(count)
        guard Self.range.contains(seconds) else { return nil }
        return Date(timeIntervalSince1970: seconds)
    }

    /// Why `count` is not a date, for an error: "which as a number of seconds since 1970 is after the year 9999
    /// (a count of milliseconds needs `.millisecondsSince1970`)".
    func reason(for count: Double) -> String {
        guard count.isFinite else { return "which is not \(expectation)" }
        let side = seconds(count) < 0 ? "before the year 1" : "after the year 9999"
        let hint = self == .millisecondsSince1970 ? "" : " (a count of milliseconds needs `.millisecondsSince1970`)"
        return "which as \(expectation) is \(side)\(hint)"
    }

    /// `count` in seconds.
    private func seconds(_ count: Double) -> Double {
        self == .millisecondsSince1970 ? count / 1000 : count
    }

    /// Seconds since 1970 from 0001-01-01T00:00:00Z up to, not including, 10000-01-01T00:00:00Z, as Foundation's
    /// calendar counts them (Julian before October 1582, as its ISO 8601 format writes dates).
    private static let range: Range<Double> = -62_135_769_600..<253_402_300_800
}

extension Date {
    /// Thousandths of a second since 1 January 1970 (UTC).
    var millisecondsSince1970: Double {
        1000 * timeIntervalSince1970
    }
}

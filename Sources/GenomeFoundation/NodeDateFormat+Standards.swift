// The date formats BetterCodable names that `NodeDateFormat` did not have: a calendar day, RFC 2822 (e-mail and
// RSS) and RFC 3339 (ISO 8601's internet profile, which also allows a space or a lowercase `t` between date and
// time). They are read and written here, by hand, from their grammar, rather than by a `DateFormatter`: the same
// text gives the same date on every machine, whatever its locale, and a value is shared by many threads safely.
import Foundation
import Genome

extension NodeDateFormat {
    /// A calendar day, `2024-05-01`, taken as midnight UTC; written the same way, the time of day dropped.
    ///
    /// The whole string must be the day, with four digits for the year and two for the month and the day, and the
    /// day must exist: `2024-5-1`, `2024-05-01T00:00:00Z` and `2023-02-29` are errors.
    public static let yearMonthDay = NodeDateFormat.custom(
        "a date in the format yyyy-MM-dd", read: { node in (node.stringValue).flatMap(parseYearMonthDay) },
        write: { date in .string(yearMonthDayString(from: date)) })

    /// An RFC 2822 (RFC 5322) date, as e-mail headers and RSS feeds write one: `Wed, 01 May 2024 12:30:00 +0200`.
    ///
    /// Reading, the day of the week is optional (and not checked against the date), seconds are optional, and the
    /// zone is a `+hhmm` or `-hhmm` offset or one of the names RFC 2822 keeps (`UT`, `GMT`, `Z`, `EST`, `EDT`,
    /// `CST`, `CDT`, `MST`, `MDT`, `PST`, `PDT`); names of days and months are English, in any case. Writing gives
    /// UTC, `Wed, 01 May 2024 10:30:00 +0000`, to the whole second below.
    public static let rfc2822 = NodeDateFormat.custom(
        "an RFC 2822 date", read: { node in node.stringValue.flatMap(parseRFC2822) },
        write: { date in .string(rfc2822String(from: date)) })

    /// An RFC 3339 date and time: ``iso8601``'s strings, and also those with a space or a lowercase `t` between the
    /// date and the time, and a lowercase `z`, which RFC 3339 allows: `2024-05-01 12:30:00z`. Written as
    /// ``iso8601`` writes, in UTC, with milliseconds only when the date has them.
    public static let rfc3339 = NodeDateFormat.custom(
        "an RFC 3339 date", read: { node in node.stringValue.flatMap(parseRFC3339) },
        write: { date in .string(iso8601String(from: date, fractionalSeconds: .millisecondsWhenNonzero)) })

    /// ``NodeDateFormat/yearMonthDay`` as a type, for ``DateValue``.
    public enum YearMonthDay: DateValueFormat {
        public static var format: NodeDateFormat { .yearMonthDay }
    }

    /// ``NodeDateFormat/rfc2822`` as a type, for ``DateValue``.
    public enum RFC2822: DateValueFormat {
        public static var format: NodeDateFormat { .rfc2822 }
    }

    /// ``NodeDateFormat/rfc3339`` as a type, for ``DateValue``.
    public enum RFC3339: DateValueFormat {
        public static var format: NodeDateFormat { .rfc3339 }
    }
}

extension Node {
    /// The string, for the readers below; nil for any other node.
    fileprivate var stringValue: String? {
        if case .string(let string) = self { return string }
        return nil
    }
}

// MARK: Days

/// Days since 1970-01-01 of a day of the proleptic Gregorian calendar (Howard Hinnant's `days_from_civil`).
private func daysSince1970(year: Int, month: Int, day: Int) -> Int {
    let shifted = month <= 2 ? year - 1 : year
    let era = (shifted >= 0 ? shifted : shifted - 399) / 400
    let yearOfEra = shifted - era * 400
    let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
    let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
    return era * 146_097 + dayOfEra - 719_468
}

/// The year, month and day of a count of days since 1970-01-01 (Howard Hinnant's `civil_from_days`).
private func civilDay(daysSince1970 days: Int) -> (year: Int, month: Int, day: Int) {
    let shifted = days + 719_468
    let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
    let dayOfEra = shifted - era * 146_097
    let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
    let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
    let monthIndex = (5 * dayOfYear + 2) / 153
    let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
    let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
    return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
}

private func daysInMonth(year: Int, month: Int) -> Int {
    let isLeapYear = year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    return [31, isLeapYear ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31][month - 1]
}

/// The number `digits` spell, all of them ASCII digits; nil otherwise.
private func number(_ digits: some StringProtocol, length: ClosedRange<Int>) -> Int? {
    guard length.contains(digits.utf8.count), digits.utf8.allSatisfy({ (0x30...0x39).contains($0) }) else {
        return nil
    }
    return Int(digits)
}

private func padded(_ value: Int, _ width: Int) -> String {
    let digits = String(value)
    return String(repeating: "0", count: max(0, width - digits.count)) + digits
}

/// The date at `seconds` past midnight UTC of the day, or nil when the day does not exist.
private func date(year: Int, month: Int, day: Int, seconds: Int = 0) -> Date? {
    guard (1...12).contains(month), (1...daysInMonth(year: year, month: month)).contains(day) else { return nil }
    return Date(timeIntervalSince1970: Double(daysSince1970(year: year, month: month, day: day) * 86_400 + seconds))
}

/// The UTC day and time of `date`, to the whole second below.
private func utcFields(of date: Date) -> (year: Int, month: Int, day: Int, weekday: Int, seconds: Int) {
    let whole = Int(date.timeIntervalSince1970.rounded(.down))
    let days = Int((Double(whole) / 86_400).rounded(.down))
    let (year, month, day) = civilDay(daysSince1970: days)
    // 1970-01-01 was a Thursday: weekday 4 when Sunday is 0.
    return (year, month, day, ((days % 7) + 11) % 7, whole - days * 86_400)
}

// MARK: yyyy-MM-dd

private func parseYearMonthDay(_ string: String) -> Date? {
    let parts = string.split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count == 3, let year = number(parts[0], length: 4...4), let month = number(parts[1], length: 2...2),
        let day = number(parts[2], length: 2...2)
    else { return nil }
    return date(year: year, month: month, day: day)
}

private func yearMonthDayString(from date: Date) -> String {
    let fields = utcFields(of: date)
    return "\(padded(fields.year, 4))-\(padded(fields.month, 2))-\(padded(fields.day, 2))"
}

// MARK: RFC 2822

private let weekdayNames = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
private let monthNames = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
private let zoneOffsets: [String: Int] = [
    "UT": 0, "GMT": 0, "Z": 0, "EST": -5, "EDT": -4, "CST": -6, "CDT": -5, "MST": -7, "MDT": -6, "PST": -8, "PDT": -7,
]

private func parseRFC2822(_ string: String) -> Date? {
    var tokens = string.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
    if let first = tokens.first, first.hasSuffix(",") {
        guard weekdayNames.contains(where: { $0.caseInsensitiveCompare(first.dropLast()) == .orderedSame }) else {
            return nil
        }
        tokens.removeFirst()
    }
    guard tokens.count == 5, let day = number(tokens[0], length: 1...2),
        let monthIndex = monthNames.firstIndex(where: { $0.caseInsensitiveCompare(tokens[1]) == .orderedSame }),
        let year = number(tokens[2], length: 4...4)
    else { return nil }
    let time = tokens[3].split(separator: ":", omittingEmptySubsequences: false)
    guard time.count == 2 || time.count == 3, let hour = number(time[0], length: 2...2), hour < 24,
        let minute = number(time[1], length: 2...2), minute < 60
    else { return nil }
    var second = 0
    if time.count == 3 {
        guard let value = number(time[2], length: 2...2), value <= 60 else { return nil }
        second = value
    }
    let offsetMinutes: Int
    let zone = tokens[4]
    if let hours = zoneOffsets[zone.uppercased()] {
        offsetMinutes = hours * 60
    } else {
        guard let sign = zone.first, sign == "+" || sign == "-", let digits = number(zone.dropFirst(), length: 4...4),
            digits % 100 < 60
        else { return nil }
        offsetMinutes = (sign == "-" ? -1 : 1) * (digits / 100 * 60 + digits % 100)
    }
    let seconds = hour * 3600 + minute * 60 + second - offsetMinutes * 60
    return date(year: year, month: monthIndex + 1, day: day, seconds: seconds)
}

private func rfc2822String(from date: Date) -> String {
    let fields = utcFields(of: date)
    let time =
        "\(padded(fields.seconds / 3600, 2)):\(padded(fields.seconds / 60 % 60, 2)):\(padded(fields.seconds % 60, 2))"
    return "\(weekdayNames[fields.weekday]), \(padded(fields.day, 2)) \(monthNames[fields.month - 1]) "
        + "\(padded(fields.year, 4)) \(time) +0000"
}

// MARK: RFC 3339

/// ISO 8601's reading, after turning RFC 3339's other spellings into its own: `T` between date and time, `Z` for
/// UTC.
private func parseRFC3339(_ string: String) -> Date? {
    var bytes = Array(string.utf8)
    guard bytes.count > 10 else { return nil }
    if bytes[10] == UInt8(ascii: " ") || bytes[10] == UInt8(ascii: "t") { bytes[10] = UInt8(ascii: "T") }
    if bytes[bytes.count - 1] == UInt8(ascii: "z") { bytes[bytes.count - 1] = UInt8(ascii: "Z") }
    return parseISO8601(String(decoding: bytes, as: UTF8.self))
}

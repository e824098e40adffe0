// A date format for one Codable property, as BetterCodable's date wrappers give: the decoder-wide
// `dateDecodingStrategy` cannot say that `created` is in milliseconds and `updated` is an ISO 8601 string. A
// property wrapper carries the format in its type, since a wrapper used by synthesized Codable cannot hold a value
// that is not in the JSON; the format itself is a `NodeDateFormat`, so both APIs read a date by the same rules.
import Foundation
import Genome

/// A ``NodeDateFormat`` named by a type, for ``DateValue``.
///
/// Genome has one for each built-in format (``NodeDateFormat/ISO8601``, ``NodeDateFormat/SecondsSince1970``,
/// ``NodeDateFormat/MillisecondsSince1970``); name your own format the same way:
///
/// ```swift
/// enum DayFormat: DateValueFormat {
///     static let format = NodeDateFormat.formatted(Date.VerbatimFormatStyle(
///         format: "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits)",
///         timeZone: .gmt, calendar: Calendar(identifier: .gregorian)))
/// }
/// ```
public protocol DateValueFormat: Sendable {
    /// The format the property is read and written in.
    static var format: NodeDateFormat { get }
}

extension NodeDateFormat {
    /// ``NodeDateFormat/iso8601`` as a type, for ``DateValue``.
    public enum ISO8601: DateValueFormat {
        public static var format: NodeDateFormat { .iso8601 }
    }

    /// ``NodeDateFormat/iso8601WithFractionalSeconds`` as a type, for ``DateValue``.
    public enum ISO8601WithFractionalSeconds: DateValueFormat {
        public static var format: NodeDateFormat { .iso8601WithFractionalSeconds }
    }

    /// ``NodeDateFormat/secondsSince1970`` as a type, for ``DateValue``.
    public enum SecondsSince1970: DateValueFormat {
        public static var format: NodeDateFormat { .secondsSince1970 }
    }

    /// ``NodeDateFormat/millisecondsSince1970`` as a type, for ``DateValue``.
    public enum MillisecondsSince1970: DateValueFormat {
        public static var format: NodeDateFormat { .millisecondsSince1970 }
    }
}

/// A `Date` property of a `Codable` model read and written in its own format, whatever the coder's date strategy.
///
/// ```swift
/// struct Event: Codable {
///     @DateValue<NodeDateFormat.MillisecondsSince1970> var created: Date
///     @DateValue<NodeDateFormat.ISO8601> var updated: Date
/// }
/// let event = try NodeDecoder().decode(
///     Event.self, fromJSON: #"{"created": 1714566600000, "updated": "2024-05-01T12:30:00Z"}"#)
/// ```
///
/// It works with any coder, `JSONDecoder` and `JSONEncoder` included, and reads exactly what the same
/// ``NodeDateFormat`` reads in the static-decode API. A value the format cannot read is `dataCorrupted` at the
/// property's coding path, with the format's reason ("which is not an ISO 8601 date"); a missing key is
/// `keyNotFound` and `null` is `valueNotFound`, as for any non-optional property. For an optional date, use ``OptionalDateValue``.
@propertyWrapper
public struct DateValue<Format: DateValueFormat>: Codable, Sendable, Hashable {
    /// The date.
    public var wrappedValue: Date

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Date) {
        self.wrappedValue = wrappedValue
    }

    /// Reads the date in `Format`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = try readDate(in: Format.format, from: container)
    }

    /// Writes the date in `Format`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Format.format.node(from: wrappedValue))
    }
}

/// An optional `Date` property of a `Codable` model read and written in its own format: ``DateValue`` for a date
/// that may be missing or null.
///
/// ```swift
/// struct Account: Codable {
///     @OptionalDateValue<NodeDateFormat.ISO8601> var closed: Date?
/// }
/// ```
///
/// A missing key or `null` is nil; any other value must be a date in `Format` (a wrong value is still an error).
/// Encoding nil writes `null`, as a synthesized `encode(to:)` writes a wrapper whose value is nil.
@propertyWrapper
public struct OptionalDateValue<Format: DateValueFormat>: Codable, Sendable, Hashable {
    /// The date, or nil.
    public var wrappedValue: Date?

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Date?) {
        self.wrappedValue = wrappedValue
    }

    /// Reads the date in `Format`, or nil for `null`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        wrappedValue = container.decodeNil() ? nil : try readDate(in: Format.format, from: container)
    }

    /// Writes the date in `Format`, or `null`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let wrappedValue {
            try container.encode(Format.format.node(from: wrappedValue))
        } else {
            try container.encodeNil()
        }
    }
}

extension OptionalDateValue: MissingKeyDecodable {
    /// nil, for a missing key, as for an optional property.
    public init(missingKey key: any CodingKey, codingPath: [any CodingKey]) {
        self.init(wrappedValue: nil)
    }
}

/// The date `format` reads from the container's value; null is `valueNotFound`, as for any non-optional value, and
/// a value the format cannot read is `dataCorrupted` with its reason.
private func readDate(in format: NodeDateFormat, from container: any SingleValueDecodingContainer) throws -> Date {
    if container.decodeNil() {
        throw DecodingError.valueNotFound(
            Date.self,
            DecodingError.Context(
                codingPath: container.codingPath, debugDescription: "Expected a date but found null instead."))
    }
    let node = try container.decode(Node.self)
    do {
        return try format.date(from: node)
    } catch let error as TypeMismatchError {
        throw DecodingError.dataCorruptedError(
            in: container,
            debugDescription: "Expected a date but found \(error.receivedKind)"
                + (error.reason.map { ", \($0)" } ?? "") + ".")
    }
}

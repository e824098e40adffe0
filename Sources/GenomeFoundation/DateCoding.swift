// Date strategies for NodeDecoder and NodeEncoder: the choices Foundation's JSONDecoder and JSONEncoder offer, as
// per-type strategies (`NodeDecodingStrategy`, `NodeEncodingStrategy`) that the Foundation-free core runs without
// knowing what a `Date` is.
import Foundation
import Genome

extension NodeDecoder {
    /// How a ``NodeDecoder`` reads `Date`s. Set it with ``NodeDecoder/dateDecodingStrategy``.
    public enum DateDecodingStrategy: NodeDecodingStrategy {
        /// `Date`'s own `Decodable`: seconds since 1 January 2001, as a number. The default, as in `JSONDecoder`.
        case deferredToDate
        /// Seconds since 1 January 1970, as a number (fractions allowed).
        ///
        /// The date must fall in the years 1 to 9999, as in ``NodeDateFormat/secondsSince1970``; outside them it is
        /// `dataCorrupted` (`JSONDecoder` gives the date). A millisecond timestamp read as seconds is then an error
        /// that suggests `.millisecondsSince1970`, not the year 56,000.
        case secondsSince1970
        /// Milliseconds since 1 January 1970, as a number (fractions allowed), for a date in the years 1 to 9999.
        case millisecondsSince1970
        /// An ISO 8601 string, with or without fractional seconds: `2024-05-01T12:30:00Z`,
        /// `2024-05-01T12:30:00.250+02:00`. (`JSONDecoder`'s `.iso8601` rejects fractional seconds.)
        case iso8601
        /// A string read by the formatter.
        case formatted(DateFormatter)
        /// Your own code, given the decoder positioned on the value.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Date)

        public func decode(from decoder: any Decoder) throws -> Date {
            switch self {
            case .deferredToDate:
                return try Date(from: decoder)
            case .secondsSince1970:
                return try date(counted: .secondsSince1970, from: decoder)
            case .millisecondsSince1970:
                return try date(counted: .millisecondsSince1970, from: decoder)
            case .iso8601:
                let container = try decoder.singleValueContainer()
                let string = try container.decode(String.self)
                guard let date = parseISO8601(string) else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "Expected date string to be ISO8601-formatted.")
                }
                return date
            case .formatted(let formatter):
                let container = try decoder.singleValueContainer()
                let string = try container.decode(String.self)
                guard let date = formatter.date(from: string) else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "Date string does not match format expected by formatter.")
                }
                return date
            case .custom(let decode):
                return try decode(decoder)
            }
        }

        /// The date a number counts; a date outside the years 1 to 9999 is `dataCorrupted`, where `JSONDecoder`
        /// would give it (see `DateCount`).
        private func date(counted count: DateCount, from decoder: any Decoder) throws -> Date {
            let container = try decoder.singleValueContainer()
            let value = try container.decode(Double.self)
            guard let date = count.date(value) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Number \(value), \(count.reason(for: value)).")
            }
            return date
        }
    }

    /// How `Date`s are decoded. The default is ``DateDecodingStrategy/deferredToDate``, as in `JSONDecoder`.
    ///
    /// ```swift
    /// var decoder = NodeDecoder()
    /// decoder.dateDecodingStrategy = .iso8601
    /// ```
    public var dateDecodingStrategy: DateDecodingStrategy {
        get { decodingStrategy(for: Date.self) as? DateDecodingStrategy ?? .deferredToDate }
        set {
            if case .deferredToDate = newValue {
                removeDecodingStrategy(for: Date.self)
            } else {
                setDecodingStrategy(newValue)
            }
        }
    }
}

extension NodeEncoder {
    /// How a ``NodeEncoder`` writes `Date`s. Set it with ``NodeEncoder/dateEncodingStrategy``.
    public enum DateEncodingStrategy: NodeEncodingStrategy {
        /// `Date`'s own `Encodable`: seconds since 1 January 2001, as a number. The default, as in `JSONEncoder`.
        case deferredToDate
        /// Seconds since 1 January 1970, as a number.
        case secondsSince1970
        /// Milliseconds since 1 January 1970, as a number.
        case millisecondsSince1970
        /// An ISO 8601 string in UTC without fractional seconds, `2024-05-01T10:30:00Z`, as `JSONEncoder` writes.
        case iso8601
        /// An ISO 8601 string in UTC with milliseconds: `2024-05-01T10:30:00.250Z`.
        case iso8601WithFractionalSeconds
        /// A string written by the formatter.
        case formatted(DateFormatter)
        /// Your own code, given the encoder positioned where the value goes. Encoding nothing writes `{}`.
        case custom(@Sendable (_ date: Date, _ encoder: any Encoder) throws -> Void)

        public func encode(_ date: Date, to encoder: any Encoder) throws {
            switch self {
            case .deferredToDate:
                try date.encode(to: encoder)
            case .secondsSince1970:
                var container = encoder.singleValueContainer()
                try container.encode(date.timeIntervalSince1970)
            case .millisecondsSince1970:
                var container = encoder.singleValueContainer()
                try container.encode(date.millisecondsSince1970)
            case .iso8601:
                var container = encoder.singleValueContainer()
                try container.encode(iso8601String(from: date, fractionalSeconds: .omitted))
            case .iso8601WithFractionalSeconds:
                var container = encoder.singleValueContainer()
                try container.encode(iso8601String(from: date, fractionalSeconds: .milliseconds))
            case .formatted(let formatter):
                var container = encoder.singleValueContainer()
                try container.encode(formatter.string(from: date))
            case .custom(let encode):
                try encode(date, encoder)
            }
        }
    }

    /// How `Date`s are encoded. The default is ``DateEncodingStrategy/deferredToDate``, as in `JSONEncoder`.
    public var dateEncodingStrategy: DateEncodingStrategy {
        get { encodingStrategy(for: Date.self) as? DateEncodingStrategy ?? .deferredToDate }
        set {
            if case .deferredToDate = newValue {
                removeEncodingStrategy(for: Date.self)
            } else {
                setEncodingStrategy(newValue)
            }
        }
    }
}

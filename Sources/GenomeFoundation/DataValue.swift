// A `Data` encoding for one Codable property, as BetterCodable's `@DataValue` gives: the coder-wide
// `dataDecodingStrategy` cannot say that `thumbnail` is base64 and `digest` is hexadecimal. As with `DateValue`, the
// encoding is a type, because a wrapper used by synthesized Codable cannot hold a value that is not in the JSON.
import Foundation
import Genome

/// How a ``DataValue`` property spells its bytes as a string: a type, so that a property wrapper can name it.
///
/// Genome has ``DataValueFormats/Base64``, ``DataValueFormats/Base64URL`` and ``DataValueFormats/Hexadecimal``; name
/// your own the same way:
///
/// ```swift
/// enum Binary: DataValueFormat {
///     static let expectation = "a string of 0s and 1s"
///     static func data(from string: String) -> Data? {
///         guard string.count % 8 == 0, string.allSatisfy({ $0 == "0" || $0 == "1" }) else { return nil }
///         let digits = Array(string)
///         return Data(stride(from: 0, to: digits.count, by: 8).map { UInt8(String(digits[$0..<$0 + 8]), radix: 2)! })
///     }
///     static func string(from data: Data) -> String {
///         data.map { String(repeating: "0", count: 8 - String($0, radix: 2).count) + String($0, radix: 2) }.joined()
///     }
/// }
/// ```
public protocol DataValueFormat: Sendable {
    /// What a readable string is, for errors: `"base64"` gives "Expected base64 data but found …".
    static var expectation: String { get }
    /// The bytes `string` spells, or nil when it is not in this format.
    static func data(from string: String) -> Data?
    /// `data` spelled in this format.
    static func string(from data: Data) -> String
}

/// The ``DataValueFormat``s Genome has.
public enum DataValueFormats {
    /// Base64 (RFC 4648 section 4), with padding: what `JSONEncoder` writes and `JSONDecoder` reads by default.
    public enum Base64: DataValueFormat {
        public static var expectation: String { "base64" }
        public static func data(from string: String) -> Data? { Data(base64Encoded: string) }
        public static func string(from data: Data) -> String { data.base64EncodedString() }
    }

    /// Base64 with the URL and file name safe alphabet (RFC 4648 section 5: `-` and `_` for `+` and `/`), as JSON
    /// Web Tokens spell their parts: read with or without padding, written without.
    public enum Base64URL: DataValueFormat {
        public static var expectation: String { "base64url" }

        public static func data(from string: String) -> Data? {
            guard !string.contains(where: { $0 == "+" || $0 == "/" }) else { return nil }
            var standard = string.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
            if !standard.hasSuffix("=") {
                standard += String(repeating: "=", count: (4 - standard.utf8.count % 4) % 4)
            }
            return Data(base64Encoded: standard)
        }

        public static func string(from data: Data) -> String {
            var string = data.base64EncodedString()
            while string.hasSuffix("=") { string.removeLast() }
            return string.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
        }
    }

    /// Two hexadecimal digits a byte, either case read (`"00ff"`, `"00FF"`), lowercase written, as digests are
    /// usually shown.
    public enum Hexadecimal: DataValueFormat {
        public static var expectation: String { "hexadecimal" }

        public static func data(from string: String) -> Data? {
            let digits = Array(string.utf8)
            guard digits.count % 2 == 0 else { return nil }
            var data = Data(capacity: digits.count / 2)
            var index = 0
            while index < digits.count {
                guard let high = value(ofHexDigit: digits[index]), let low = value(ofHexDigit: digits[index + 1]) else {
                    return nil
                }
                data.append(high << 4 | low)
                index += 2
            }
            return data
        }

        public static func string(from data: Data) -> String {
            let digits = Array("0123456789abcdef".utf8)
            var bytes: [UInt8] = []
            bytes.reserveCapacity(data.count * 2)
            for byte in data {
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0x0F)])
            }
            return String(decoding: bytes, as: UTF8.self)
        }

        private static func value(ofHexDigit digit: UInt8) -> UInt8? {
            switch digit {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit - UInt8(ascii: "A") + 10
            default: nil
            }
        }
    }
}

/// A `Data` property of a `Codable` model read and written as a string in its own format, whatever the coder's data
/// strategy.
///
/// ```swift
/// struct Upload: Codable {
///     @DataValue<DataValueFormats.Base64> var thumbnail: Data
///     @DataValue<DataValueFormats.Hexadecimal> var digest: Data
/// }
/// let upload = try NodeDecoder().decode(Upload.self, fromJSON: #"{"thumbnail": "R2Vub21l", "digest": "00ff"}"#)
/// ```
///
/// It works with any coder, `JSONDecoder` and `JSONEncoder` included. A string the format cannot read is
/// `dataCorrupted` at the property's coding path ("Expected hexadecimal data but found the string "0g"."); any other
/// value is a `typeMismatch`, a missing key `keyNotFound` and `null` `valueNotFound`, as for any non-optional
/// `String`. Nothing here is a recovery: the format is what the property declares.
///
/// In the static-decode API, decode `DataValue<Format>` like any other type:
/// `let digest: DataValue<DataValueFormats.Hexadecimal> = try json.decode("digest")`.
@propertyWrapper
public struct DataValue<Format: DataValueFormat>: Codable, Sendable, Hashable {
    /// The bytes.
    public var wrappedValue: Data

    /// Wraps `wrappedValue`.
    public init(wrappedValue: Data) {
        self.wrappedValue = wrappedValue
    }

    /// Reads the bytes from a string in `Format`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let string = try container.decode(String.self)
        guard let data = Format.data(from: string) else {
            throw DecodingError.dataCorruptedError(
                in: container,
                debugDescription: "Expected \(Format.expectation) data but found the string \"\(string)\".")
        }
        wrappedValue = data
    }

    /// Writes the bytes as a string in `Format`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(Format.string(from: wrappedValue))
    }
}

extension DataValue: NodeDecodable {
    /// Reads the bytes from a string in `Format`.
    ///
    /// - Throws: `TypeMismatchError` for anything but a string, and for a string not in `Format`, with the reason
    ///   "which is not" the format's expectation.
    public static func decode(_ json: Node) throws -> DataValue {
        guard case .string(let string) = json else { throw TypeMismatchError(expected: Data.self, found: json) }
        guard let data = Format.data(from: string) else {
            throw TypeMismatchError(expected: Data.self, found: json, reason: "which is not \(Format.expectation)")
        }
        return DataValue(wrappedValue: data)
    }
}

extension DataValue: NodeRepresentable {
    /// The bytes as a string in `Format`.
    public func makeNode(in context: any Context) throws -> Node {
        .string(Format.string(from: wrappedValue))
    }
}

/// A raw-value enum that decodes raw values it does not know as one of its cases, instead of failing; in both
/// APIs.
///
/// ```swift
/// enum Status: String, Codable, NodeDecodable, UnknownCaseRepresentable {
///     case active, suspended, unknown
///     static let unknownCase = Status.unknown
/// }
/// // "archived", added to the API last week, decodes as .unknown
/// ```
///
/// Only an unknown raw value takes the fallback: a raw value of the wrong type (a number for a `String` enum) still
/// throws, and so does `null` or a missing key. Each fallback taken is a ``Recovery`` of kind
/// ``Recovery/Kind/fallbackUsed``, whose error is the one the unknown raw value would have thrown. Encoding is
/// unchanged: `unknownCase` encodes its own raw value.
///
/// Under `Codable`, this works for enums whose raw values are `String` or `Int`; in the static-decode API, for any
/// `NodeDecodable` raw value.
public protocol UnknownCaseRepresentable: RawRepresentable {
    /// The case that stands for every raw value the enum does not know.
    static var unknownCase: Self { get }
}

extension UnknownCaseRepresentable {
    /// The case for `rawValue`, or ``unknownCase`` (recorded as a recovery).
    fileprivate static func known(
        _ rawValue: RawValue, codingPath: @autoclosure () -> [any CodingKey]
    ) -> Self {
        if let value = Self(rawValue: rawValue) { return value }
        Recoveries.record(
            .fallbackUsed, codingPath: codingPath(),
            replacing: DecodingError.dataCorrupted(
                DecodingError.Context(
                    codingPath: codingPath(),
                    debugDescription: "Cannot initialize \(Self.self) from invalid \(RawValue.self) value \(rawValue)"))
        )
        return unknownCase
    }
}

extension UnknownCaseRepresentable where Self: Decodable, RawValue == String {
    /// Decodes a known case, or ``unknownCase`` for a string it does not know.
    public init(from decoder: any Decoder) throws {
        self = Self.known(try decoder.singleValueContainer().decode(String.self), codingPath: decoder.codingPath)
    }
}

extension UnknownCaseRepresentable where Self: Decodable, RawValue == Int {
    /// Decodes a known case, or ``unknownCase`` for an integer it does not know.
    public init(from decoder: any Decoder) throws {
        self = Self.known(try decoder.singleValueContainer().decode(Int.self), codingPath: decoder.codingPath)
    }
}

extension NodeDecodable where Self: UnknownCaseRepresentable, RawValue: NodeDecodable {
    /// Decodes a known case, or ``UnknownCaseRepresentable/unknownCase`` for a raw value it does not know.
    public static func decode(_ json: Node) throws -> Self {
        let raw = try RawValue.decode(json)
        if let value = Self(rawValue: raw) { return value }
        Recoveries.record(
            .fallbackUsed, in: json, at: [],
            replacing: RawRepresentableInitializationError(rawValue: json, type: Self.self))
        return unknownCase
    }
}

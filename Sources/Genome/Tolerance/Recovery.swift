/// One thing tolerant decoding did instead of throwing: a default it used, an element it dropped, a fallback it
/// took or a value it coerced, with where that happened and the error it replaced.
///
/// ```swift
/// let (user, report) = try RecoveryReport.collect {
///     try NodeDecoder().decode(User.self, fromJSON: #"{"name": "Ada", "posts": [{"title": 1}]}"#)
/// }
/// for recovery in report {
///     print(recovery)
///     // element dropped at posts[0]: typeMismatch: Expected to decode String but found number instead.
/// }
/// ```
///
/// A recovery is an `Error` only so that ``ErrorLoggers`` can hand it to the loggers you registered; nothing
/// throws it.
public struct Recovery: Error, Sendable, CustomStringConvertible {
    /// What was done.
    public struct Kind: Hashable, Sendable, CustomStringConvertible {
        internal enum Value: Hashable, Sendable {
            case defaultUsed, elementDropped, fallbackUsed, valueCoerced
        }
        internal let value: Value

        /// A missing (or, where asked for, null) value was replaced by its default.
        public static let defaultUsed = Kind(value: .defaultUsed)
        /// An element of a lossy array or dictionary, or the value of a lossy optional, did not decode and was left
        /// out.
        public static let elementDropped = Kind(value: .elementDropped)
        /// An unknown raw value or tag decoded as the declared fallback.
        public static let fallbackUsed = Kind(value: .fallbackUsed)
        /// A value of another JSON type was converted: a number from a string, a `Bool` from a number or a
        /// string, an array from a single value.
        public static let valueCoerced = Kind(value: .valueCoerced)

        /// `default used`, `element dropped`, `fallback used` or `value coerced`.
        public var description: String {
            switch value {
            case .defaultUsed: "default used"
            case .elementDropped: "element dropped"
            case .fallbackUsed: "fallback used"
            case .valueCoerced: "value coerced"
            }
        }
    }

    /// What was done.
    public let kind: Kind
    /// Where: under `Codable`, from the value the `NodeDecoder` call decodes. In the static-decode API, from the
    /// node given to ``Node/decode(as:report:)``; inside ``RecoveryReport/collect(_:)``, from the object or array
    /// the recovery was made in (the object that lacked the key, the array that lost an element).
    public internal(set) var path: [PathComponent]
    /// The error that would have been thrown: a Genome error in the static-decode API, a `DecodingError` under
    /// `Codable`.
    public let error: any Error
    /// The object or array a static-decode recovery was made in, until its path is made whole; nil under
    /// `Codable`.
    internal var container: Node?

    /// `path` as `"posts[3].title"`; empty at the top level.
    public var formattedPath: String { path.formattedPath }

    /// `kind at path: error`, on one line: `default used at settings.theme: MissingKeyError at settings: …`.
    public var description: String {
        let location = path.isEmpty ? "" : " at " + path.formattedPath
        return "\(kind)\(location): \(Recovery.describe(error))"
    }

    /// An error on one line: Genome's own errors describe themselves; `DecodingError`s are written as their case
    /// and their debug description, as `Foundation` users read them.
    internal static func describe(_ error: any Error) -> String {
        let text: String
        if let decoding = error as? DecodingError {
            switch decoding {
            case .keyNotFound(_, let context): text = "keyNotFound: " + context.debugDescription
            case .valueNotFound(_, let context): text = "valueNotFound: " + context.debugDescription
            case .typeMismatch(_, let context): text = "typeMismatch: " + context.debugDescription
            case .dataCorrupted(let context): text = "dataCorrupted: " + context.debugDescription
            @unknown default: text = "\(decoding)"
            }
        } else {
            text = "\(error)"
        }
        return text.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: " ")
    }
}

// A key style per type, as MetaCodable's `@CodingKeys(.snake_case)` and CodableWrappers' key-style wrappers give,
// without a macro and under any coder: the style lives in the keys themselves, so `JSONDecoder` sees the styled
// keys too. Genome's coders leave such keys alone under their key strategy (DecoderImplementation.swift,
// EncoderImplementation.swift), so that one type's style holds whatever the coder converts for the others.

/// A `CodingKeys` enum whose keys are its cases' names spelled in one ``CodingKeyStyle``.
///
/// ```swift
/// struct Profile: Codable {
///     var userID: Int
///     var displayName: String
///
///     enum CodingKeys: String, StyledCodingKey {
///         static let style = CodingKeyStyle.snakeCase
///         case userID, displayName            // {"user_id": 1, "display_name": "Ada"}
///     }
/// }
/// ```
///
/// The style applies to each case's raw value: its name, or the string it is given (`case id = "identifier"`).
/// Decoding and encoding use the same keys, so what is written reads back, and ``CodingKeyStyle`` says how words
/// are found (`userID` → `user_id`, `HTTPServer` → `http_server`, `url2` → `url2`).
///
/// `NodeDecoder` and `NodeEncoder` use the keys as they are under every key strategy: the type's style wins over
/// the coder's. Foundation's `JSONDecoder` and `JSONEncoder` apply their strategy on top of the keys, so a type
/// with a style wants the default keys there: `convertFromSnakeCase` turns the document's `user_id` into
/// `userId`, which a snake case key no longer matches.
public protocol StyledCodingKey: CodingKey, RawRepresentable, CaseIterable where RawValue == String {
    /// The spelling of every key of the type.
    static var style: CodingKeyStyle { get }
}

extension StyledCodingKey {
    /// The case's raw value in the type's style.
    public var stringValue: String { Self.style.key(for: rawValue) }

    /// The case whose styled key is `stringValue`, or nil.
    public init?(stringValue: String) {
        guard let found = Self.allCases.first(where: { $0.stringValue == stringValue }) else { return nil }
        self = found
    }
}

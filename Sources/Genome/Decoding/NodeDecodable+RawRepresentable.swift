/// A `RawRepresentable` type whose raw value is decodable gets `decode` for free once it declares
/// `NodeDecodable`:
///
/// ```swift
/// enum PetType: String, NodeDecodable { case dog, cat }
/// let type: PetType = try json.decode("type")
/// ```
///
/// A raw value with no matching case throws ``RawRepresentableInitializationError``; a raw value of the wrong
/// kind throws ``TypeMismatchError``.
extension NodeDecodable where Self: RawRepresentable, RawValue: NodeDecodable {
    /// Decodes the raw value, then the case it names.
    public static func decode(_ json: Node) throws -> Self {
        let raw = try RawValue.decode(json)
        guard let value = Self(rawValue: raw) else {
            throw RawRepresentableInitializationError(rawValue: json, type: Self.self)
        }
        return value
    }

    /// Decodes `node` with `decode(_:)`, skipping the stack check that models get: a scalar never recurses.
    public static func make(from node: Node, in context: any Context) throws -> Self {
        try decode(node)
    }
}

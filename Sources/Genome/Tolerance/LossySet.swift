// A lossy `Set`, as CodableWrappers' `@LossySetDecoding` gives: `@LossyArray` then `Set(…)` loses the wrapper's
// failures and needs a second property. It is a `LossyArray` underneath, so both read an array by the same rules
// and report the same recoveries.

/// A set that keeps the elements that decode and reports the ones that do not, instead of failing whole; in both
/// APIs.
///
/// ```swift
/// struct Article: Codable {
///     @LossySet var tags: Set<String>          // ["swift", 7, "json", null] gives ["swift", "json"]
/// }
/// article.$tags.failures.map(\.index)       // [1, 3]
///
/// let tags: LossySet<String> = try json.decode("tags")      // the static-decode API
/// ```
///
/// The JSON is an array, as `Set` reads and writes one; anything else throws, and so does a missing key. Each
/// element that does not decode is a ``Recovery`` of kind ``Recovery/Kind/elementDropped``, with its index, as in
/// ``LossyArray``. A repeated element is kept once, as `Set` does, and is not a recovery: nothing failed. Encoding
/// writes the elements as an array, in the set's order.
@propertyWrapper
public struct LossySet<Element: Hashable> {
    /// The elements that decoded.
    public var wrappedValue: Set<Element>
    /// The elements that did not, in array order.
    public var failures: [LossyArray<Element>.Failure]

    /// The set itself, with its ``failures``: `$tags.failures`.
    public var projectedValue: LossySet<Element> { self }

    /// A set of `wrappedValue`, with no failures.
    public init(wrappedValue: Set<Element>) {
        self.wrappedValue = wrappedValue
        failures = []
    }

    /// The set of the elements of `array`, with its failures.
    internal init(_ array: LossyArray<Element>) {
        wrappedValue = Set(array.elements)
        failures = array.failures
    }
}

extension LossySet: NodeDecodable where Element: NodeDecodable {
    public static func decode(_ json: Node) throws -> LossySet<Element> {
        try make(from: json, in: EmptyContext())
    }

    public static func make(from node: Node, in context: any Context) throws -> LossySet<Element> {
        guard case .array = node else { throw TypeMismatchError(expected: Set<Element>.self, found: node) }
        return LossySet(try LossyArray<Element>.make(from: node, in: context))
    }
}

extension LossySet: Decodable where Element: Decodable {
    /// Decodes the elements of an unkeyed container, dropping those that fail.
    public init(from decoder: any Decoder) throws {
        self.init(try LossyArray<Element>(from: decoder))
    }
}

extension LossySet: Encodable where Element: Encodable {
    /// Encodes the elements that decoded, as an array.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encode(to: encoder)
    }
}

/// Two lossy sets are equal when their elements are: failures hold errors, which do not compare.
extension LossySet: Equatable {
    public static func == (lhs: LossySet, rhs: LossySet) -> Bool { lhs.wrappedValue == rhs.wrappedValue }
}

extension LossySet: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

extension LossySet: Sendable where Element: Sendable {}

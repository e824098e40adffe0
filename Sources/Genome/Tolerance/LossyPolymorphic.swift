// A lossy array of a tagged family: `@Polymorphic var animals: [Animal]` fails whole for one unknown tag unless the
// tagging declares a fallback, and `@LossyArray var animals: [Animal]` cannot build subclasses (a class's own
// `init(from:)` cannot return one). This wrapper reads each element through the family's tagging and drops, and
// reports, the ones that fail.

/// An array of a ``TaggedCodable`` family (a class hierarchy or a tagged enum) that keeps the elements that decode
/// and reports the ones that do not, an unknown tag included, instead of failing whole.
///
/// ```swift
/// struct Shelter: Codable {
///     @LossyPolymorphic var animals: [Animal]     // a Dog and a Cat; {"type": "parrot", …} dropped
/// }
/// shelter.$animals.failures.map(\.index)         // [1]
/// ```
///
/// Each element is decoded as ``Polymorphic`` decodes one: the tag picks the subclass or case. An element with an
/// unknown tag (when the tagging has no fallback), a missing tag, or a payload that does not decode is left out,
/// kept in ``failures`` with its error, and is a ``Recovery`` of kind ``Recovery/Kind/elementDropped`` in the
/// ``RecoveryReport`` being collected, at the element's index: `element dropped at animals[1]: dataCorrupted:
/// Unknown tag "parrot" for Animal; known tags: dog, cat.` The value itself must be an array: anything else throws,
/// and so does a missing key. Encoding writes the elements that decoded, each with its tag.
@propertyWrapper
public struct LossyPolymorphic<Element: PolymorphicValue> {
    /// The elements that decoded, in order.
    public var wrappedValue: [Element]
    /// The elements that did not, in order.
    public var failures: [LossyArray<Element>.Failure]

    /// The array itself, with its ``failures``: `$animals.failures`.
    public var projectedValue: LossyPolymorphic<Element> { self }

    /// An array of `wrappedValue`, with no failures.
    public init(wrappedValue: [Element]) {
        self.wrappedValue = wrappedValue
        failures = []
    }
}

extension LossyPolymorphic: Codable {
    /// Decodes each element through its family's tagging, dropping those that fail.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(wrappedValue: [])
        if let count = container.count { wrappedValue.reserveCapacity(count) }
        while !container.isAtEnd {
            let index = container.currentIndex
            do {
                wrappedValue.append(try Element.decodeTagged(from: container.superDecoder()))
            } catch {
                // A container that did not move past the failed element is moved on by hand.
                if container.currentIndex == index { _ = try container.decode(SkippedValue.self) }
                failures.append(LossyArray<Element>.Failure(index: index, error: error))
                Recoveries.record(
                    .elementDropped, codingPath: container.codingPath + [NodeCodingKey(index: index)], replacing: error)
            }
        }
    }

    /// Encodes the elements that decoded, each through its family's tagging.
    public func encode(to encoder: any Encoder) throws {
        try wrappedValue.encodeTagged(to: encoder)
    }
}

extension LossyPolymorphic: Sendable where Element: Sendable {}

/// Two lossy arrays are equal when their elements are: failures hold errors, which do not compare.
extension LossyPolymorphic: Equatable where Element: Equatable {
    public static func == (lhs: LossyPolymorphic, rhs: LossyPolymorphic) -> Bool {
        lhs.wrappedValue == rhs.wrappedValue
    }
}

extension LossyPolymorphic: Hashable where Element: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(wrappedValue) }
}

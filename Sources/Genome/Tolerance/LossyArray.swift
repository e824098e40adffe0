/// An array that keeps the elements that decode and reports the ones that do not, instead of failing whole; in
/// both APIs.
///
/// In the static-decode API, decode it like any other type:
///
/// ```swift
/// let posts: LossyArray<Post> = try json.decode("posts")
/// posts.elements              // the posts that decoded
/// for failure in posts.failures {
///     print(failure.index, failure.error)   // 3, MissingKeyError at [3]: no key "title" in {…}
/// }
/// ```
///
/// Under `Codable`, it is a property wrapper:
///
/// ```swift
/// struct Feed: Codable {
///     @LossyArray var posts: [Post]
/// }
/// feed.posts            // the posts that decoded
/// feed.$posts.failures  // the ones that did not
/// ```
///
/// The value itself must still be an array: anything else throws, and so does a missing key. Each failure's error
/// has the element's index in its path. (This is Decodable's `ignoreInvalidObjects`.) Encoding writes the elements
/// that decoded.
///
/// Each dropped element is also a ``Recovery`` of kind ``Recovery/Kind/elementDropped`` in the
/// ``RecoveryReport`` being collected, and goes to the ``ErrorLoggers``, if any.
@propertyWrapper
public struct LossyArray<Element> {
    /// An element that did not decode.
    public struct Failure: Sendable {
        /// Its position in the array.
        public let index: Int
        /// Why it did not decode, with the index in the path.
        public let error: any Error
    }

    /// The elements that decoded, in order.
    public var elements: [Element]
    /// The elements that did not, in order.
    public var failures: [Failure]

    /// The elements that decoded.
    public var wrappedValue: [Element] {
        get { elements }
        set { elements = newValue }
    }

    /// The array itself, with its ``failures``: `$posts.failures`.
    public var projectedValue: LossyArray<Element> { self }

    /// An array of `wrappedValue`, with no failures.
    public init(wrappedValue: [Element]) {
        elements = wrappedValue
        failures = []
    }

    /// An array of `elements` and the `failures` that were dropped.
    public init(elements: [Element], failures: [Failure]) {
        self.elements = elements
        self.failures = failures
    }
}

extension LossyArray: NodeDecodable where Element: NodeDecodable {
    public static func decode(_ json: Node) throws -> LossyArray<Element> {
        try make(from: json, in: EmptyContext())
    }

    public static func make(from node: Node, in context: any Context) throws -> LossyArray<Element> {
        guard case .array(let array) = node else {
            throw TypeMismatchError(expected: [Element].self, found: node)
        }
        var result = LossyArray(elements: [], failures: [])
        result.elements.reserveCapacity(array.count)
        for (index, element) in array.enumerated() {
            do {
                result.elements.append(
                    try withPath([.index(index)], root: node) { try Element.make(from: element, in: context) })
            } catch {
                result.failures.append(Failure(index: index, error: error))
                Recoveries.record(.elementDropped, in: node, at: [.index(index)], replacing: error)
            }
        }
        return result
    }
}

extension LossyArray: Decodable where Element: Decodable {
    /// Decodes the elements of an unkeyed container, dropping those that fail.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        self.init(elements: [], failures: [])
        if let count = container.count { elements.reserveCapacity(count) }
        while !container.isAtEnd {
            let index = container.currentIndex
            do {
                elements.append(try container.decode(Element.self))
            } catch {
                // A container that did not move past the failed element is moved on by hand.
                if container.currentIndex == index { _ = try container.decode(SkippedValue.self) }
                failures.append(Failure(index: index, error: error))
                Recoveries.record(
                    .elementDropped, codingPath: container.codingPath + [NodeCodingKey(index: index)], replacing: error)
            }
        }
    }
}

extension LossyArray: Encodable where Element: Encodable {
    /// Encodes the elements that decoded, as an array.
    public func encode(to encoder: any Encoder) throws {
        try elements.encode(to: encoder)
    }
}

extension LossyArray: RandomAccessCollection {
    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element { elements[position] }
}

/// Two lossy arrays are equal when their elements are: failures hold errors, which do not compare.
extension LossyArray: Equatable where Element: Equatable {
    public static func == (lhs: LossyArray, rhs: LossyArray) -> Bool { lhs.elements == rhs.elements }
}

extension LossyArray: Hashable where Element: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension LossyArray: Sendable where Element: Sendable {}

/// Any value, decoded as nothing: moves an unkeyed container past an element that failed.
internal struct SkippedValue: Decodable {
    init(from decoder: any Decoder) throws {}
}

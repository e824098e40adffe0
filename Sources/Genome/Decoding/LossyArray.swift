/// An array that keeps the elements that decode and reports the ones that do not, instead of failing whole.
///
/// ```swift
/// let posts: LossyArray<Post> = try json.decode("posts")
/// posts.elements              // the posts that decoded
/// for failure in posts.failures {
///     print(failure.index, failure.error)   // 3, MissingKeyError at [3]: no key "title" in {…}
/// }
/// ```
///
/// The node itself must still be an array: anything else throws ``TypeMismatchError``. Each failure's error has
/// the element's index in its path. (This is Decodable's `ignoreInvalidObjects`.)
///
/// The failures are not logged: they reach you as values, and ``ErrorLoggers`` only sees errors that are thrown
/// to you. (An error that already left an entry point inside the element's own `decode`, such as its
/// `json.decode("title")`, was logged there.)
public struct LossyArray<Element: NodeDecodable>: NodeDecodable {
    /// An element that did not decode.
    public struct Failure: Sendable {
        /// Its position in the array.
        public let index: Int
        /// Why it did not decode, with the index in the path when it is a Genome error.
        public let error: any Error
    }

    /// The elements that decoded, in order.
    public var elements: [Element]
    /// The elements that did not, in order.
    public var failures: [Failure]

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
                result.elements.append(try Element.make(from: element, in: context))
            } catch {
                result.failures.append(Failure(index: index, error: prefixing(error, by: [.index(index)], root: node)))
            }
        }
        return result
    }
}

extension LossyArray: RandomAccessCollection {
    public var startIndex: Int { elements.startIndex }
    public var endIndex: Int { elements.endIndex }
    public subscript(position: Int) -> Element { elements[position] }
}

extension LossyArray: Sendable where Element: Sendable {}

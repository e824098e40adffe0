/// Why a `Node` could not be written as JSON.
///
/// ```swift
/// let node: Node = ["ratio": .number(.double(.nan))]
/// try node.serialized()
/// // JSONWritingError at ratio: JSON has no spelling for the non-finite number nan
/// ```
public struct JSONWritingError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The family a writing error belongs to. New kinds may be added, so `switch` over it with a `default`.
    public struct Kind: Sendable, Hashable, CustomStringConvertible {
        internal let name: String
        public var description: String { name }

        /// NaN or an infinity: JSON numbers are finite.
        public static let nonFiniteNumber = Kind(name: "nonFiniteNumber")
        /// Nesting deeper than `JSONWritingError.maximumDepth`, which only a hand-built node can reach.
        public static let tooDeeplyNested = Kind(name: "tooDeeplyNested")
    }

    /// The writer's nesting limit: the same as the largest depth the reader can be set to accept.
    public static let maximumDepth = Node.ReadingOptions.maximumDepthLimit

    /// What is wrong: a non-finite number, or nesting too deep.
    public let kind: Kind
    /// Where the offending value sits in the node being written.
    public let path: [PathComponent]
    /// The offending value, for `.nonFiniteNumber`.
    public let value: Node?

    public var description: String {
        let location = path.boundedFormattedPath
        switch kind {
        case .nonFiniteNumber:
            return
                "JSONWritingError at \(location): JSON has no spelling for the non-finite number \(value?.number?.description ?? "")"
        default:
            return "JSONWritingError at \(location): nested deeper than \(Self.maximumDepth) levels"
        }
    }
}

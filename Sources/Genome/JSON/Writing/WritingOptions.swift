extension Node {
    /// How ``Node/serialized(_:)`` and ``Node/serializedBytes(_:)`` write JSON. The default is compact output
    /// with keys in their insertion order.
    public struct WritingOptions: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// Newlines and two-space indentation, with `": "` between key and value.
        public static let prettyPrinted = WritingOptions(rawValue: 1 << 0)
        /// Object members ordered by their keys' UTF-8 bytes, at every level.
        public static let sortedKeys = WritingOptions(rawValue: 1 << 1)
        /// Writes `/` as `\/`, for JSON embedded in HTML `<script>` elements. Off by default, as RFC 8259 allows.
        public static let escapesSlashes = WritingOptions(rawValue: 1 << 2)
    }
}

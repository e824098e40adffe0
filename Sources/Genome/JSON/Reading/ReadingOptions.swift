extension Node {
    /// How `Node(json:options:)` reads a document. The defaults are strict RFC 8259 with a nesting limit;
    /// ``json5`` reads JSON5.
    ///
    /// ```swift
    /// var options = Node.ReadingOptions()
    /// options.maximumDepth = 64
    /// options.allowsTrailingCommas = true
    /// let node = try Node(json: "[1, 2, ]", options: options)
    /// ```
    public struct ReadingOptions: Sendable, Hashable {
        /// The deepest nesting of arrays and objects accepted; deeper input is a `.tooDeeplyNested` error.
        ///
        /// The default, 512, matches Foundation. The reader itself never recurses, so any limit is safe to
        /// read; but freeing the resulting `Node` recurses once per level, so limits above
        /// ``maximumDepthLimit`` are lowered to it.
        public var maximumDepth: Int {
            get { _maximumDepth }
            set { _maximumDepth = max(0, min(newValue, Self.maximumDepthLimit)) }
        }
        private var _maximumDepth: Int

        /// The largest `maximumDepth` that can be set. A `Node` this deep is still freed, compared, hashed and
        /// written safely on a thread with a 512 KiB stack (a Swift concurrency thread), even in a debug build,
        /// which uses about twice the stack of a release build for each level.
        public static let maximumDepthLimit = 2_048

        /// Accepts one comma after the last element of an array or the last member of an object.
        public var allowsTrailingCommas: Bool

        /// Accepts `// line` and `/* block */` comments wherever whitespace may appear.
        public var allowsComments: Bool

        /// Accepts `NaN`, `Infinity` and `-Infinity` as numbers. Note that the writer rejects non-finite numbers.
        public var allowsNonFiniteNumbers: Bool

        /// Rejects an object that repeats a key, with a `.duplicateKey` error at the repeated key. By default a
        /// repeated key keeps its first position and takes the last value, as JavaScript does.
        public var rejectsDuplicateKeys: Bool

        /// Reads [JSON5](https://spec.json5.org): everything JSON allows, plus comments, trailing commas,
        /// single-quoted and multi-line strings, JSON5's escapes, unquoted (identifier) keys, hexadecimal numbers,
        /// a leading or trailing decimal point, an explicit `+`, `Infinity` and `NaN` with either sign, and
        /// JavaScript's extra whitespace. Foundation's `JSONDecoder.allowsJSON5` names the same switch.
        ///
        /// It implies ``allowsTrailingCommas``, ``allowsComments`` and ``allowsNonFiniteNumbers``, whatever they
        /// are set to. A hexadecimal number reads as an exact integer and must fit `Int64` or `UInt64`; a larger
        /// one is a `.numberOutOfRange` error. See ``json5`` and <doc:ReadingAndWritingJSON>.
        public var allowsJSON5: Bool

        /// Options with the given settings; the defaults are strict RFC 8259 with a nesting limit of 512.
        /// A `maximumDepth` above ``maximumDepthLimit`` is lowered to it, and a negative one raised to 0.
        public init(
            maximumDepth: Int = 512,
            allowsTrailingCommas: Bool = false,
            allowsComments: Bool = false,
            allowsNonFiniteNumbers: Bool = false,
            rejectsDuplicateKeys: Bool = false,
            allowsJSON5: Bool = false
        ) {
            self._maximumDepth = max(0, min(maximumDepth, Self.maximumDepthLimit))
            self.allowsTrailingCommas = allowsTrailingCommas
            self.allowsComments = allowsComments
            self.allowsNonFiniteNumbers = allowsNonFiniteNumbers
            self.rejectsDuplicateKeys = rejectsDuplicateKeys
            self.allowsJSON5 = allowsJSON5
        }

        /// Strict RFC 8259, nesting up to 512 levels.
        public static let strict = ReadingOptions()

        /// Trailing commas, comments and non-finite numbers all accepted: handy for hand-written files.
        public static let lenient = ReadingOptions(
            allowsTrailingCommas: true, allowsComments: true, allowsNonFiniteNumbers: true)

        /// Every JSON5 feature (``allowsJSON5``, with the switches it implies also set), nesting up to 512 levels.
        ///
        /// ```swift
        /// let config = try Node(json: "{name: 'Rover', age: 0x10, tags: ['a', 'b',], /* soon */}", options: .json5)
        /// config["age"]  // 16
        /// ```
        public static let json5 = ReadingOptions(
            allowsTrailingCommas: true, allowsComments: true, allowsNonFiniteNumbers: true, allowsJSON5: true)
    }
}

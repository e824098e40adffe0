/// Decodes any `Decodable` type from a ``Node`` or straight from JSON: Genome's drop-in for Foundation's
/// `JSONDecoder`, without Foundation.
///
/// ```swift
/// struct User: Codable { let id: Int; let login: String }
///
/// let user = try NodeDecoder().decode(User.self, fromJSON: #"{"id": 1, "login": "anviking"}"#)
/// let same = try NodeDecoder().decode(User.self, from: node)      // from a Node you already have
/// ```
///
/// `decode(_:fromJSON:)` takes JSON text, as a `String` or as UTF-8 bytes (`[UInt8]`, `ArraySlice<UInt8>`,
/// Foundation's `Data`, …); `decode(_:from:)` takes a ``Node`` you already have, and also reads a `String` (and,
/// with GenomeFoundation, a `Data`) as JSON text, as `JSONDecoder` users expect. A `String` given to a decode call
/// is never a JSON string value. Bytes under `from:` are a compile error that names `fromJSON:`.
///
/// Failures are `Swift.DecodingError`s with the full `codingPath`, array indices included, worded as Foundation
/// words them, so `catch DecodingError.keyNotFound` code keeps working:
///
/// ```swift
/// do { _ = try NodeDecoder().decode([User].self, fromJSON: #"[{"id": 1, "login": "a"}, {"id": 2}]"#) }
/// catch DecodingError.keyNotFound(let key, let context) {
///     key.stringValue                              // "login"
///     context.codingPath.map(\.stringValue)        // ["Index 1"]
///     context.debugDescription
///     // No value associated with key CodingKeys(stringValue: "login", intValue: nil) ("login").
/// }
/// ```
///
/// A `NodeDecoder` is a value: configure a copy, share it between tasks, decode from many threads at once.
public struct NodeDecoder: Sendable {
    /// How the keys of JSON objects become the `stringValue`s of a type's coding keys.
    public enum KeyDecodingStrategy: Sendable {
        /// Keys are used as they are.
        case useDefaultKeys
        /// `snake_case_keys` become `camelCaseKeys` before they are matched: words after the first are
        /// capitalised and the underscores between words removed. Leading and trailing underscores are kept,
        /// and a key without an inner underscore is left alone. Foundation's rules, character for character.
        ///
        /// Keys of `[String: Value]` dictionaries are data, not names, and are never converted.
        case convertFromSnakeCase
        /// Calls the closure with the coding path of every key, the key itself last (as found in the JSON, as a
        /// ``NodeCodingKey``); it returns the key to match instead.
        case custom(@Sendable (_ codingPath: [any CodingKey]) -> any CodingKey)
    }

    /// The options a run reads; see `SharedSettings`.
    internal struct Settings: Sendable {
        var keyStrategy: KeyDecodingStrategy = .useDefaultKeys {
            didSet {
                if case .useDefaultKeys = keyStrategy { convertsKeys = false } else { convertsKeys = true }
            }
        }
        /// Whether `keyStrategy` changes keys: kept as a flag, so that a run asks it without copying the strategy.
        private(set) var convertsKeys = false
        var userInfo: [CodingUserInfoKey: any Sendable] = [:]
        /// The strategies runs use: the decoder's own, and those its coercions add for primitives.
        var valueStrategies: [ObjectIdentifier: any NodeDecodingStrategy] = [:]
        /// The strategies set with `setDecodingStrategy(_:)`.
        var ownStrategies: [ObjectIdentifier: any NodeDecodingStrategy] = [:]
        var nonConformingFloatStrategy: NonConformingFloatDecodingStrategy = .throw
        var coercions: Coercions = []
    }

    private static let defaultSettings = SharedSettings(Settings(), strategizedTypes: [])

    /// This decoder's run options, shared by its copies.
    internal private(set) var shared = NodeDecoder.defaultSettings

    private var settings: Settings {
        get { shared.value }
        set { shared = SharedSettings(newValue, strategizedTypes: newValue.valueStrategies.keys) }
    }

    /// How object keys are matched to coding keys. The default uses them as they are.
    public var keyDecodingStrategy: KeyDecodingStrategy {
        get { settings.keyStrategy }
        set { settings.keyStrategy = newValue }
    }

    /// Values handed to every `init(from:)` through `Decoder.userInfo`.
    public var userInfo: [CodingUserInfoKey: any Sendable] {
        get { settings.userInfo }
        set { settings.userInfo = newValue }
    }

    /// How `decode(_:fromJSON:)` reads JSON: strict RFC 8259 by default.
    public var readingOptions: Node.ReadingOptions = .strict

    /// Whether JSON text that does not start with `{` is the inside of an object, as `JSONDecoder`'s option of
    /// the same name reads it: `"x": 42` decodes as `{"x": 42}`, and empty input as `{}`. Off by default.
    public var assumesTopLevelDictionary = false

    /// How NaN and the infinities are read. The default, `.throw`, reads numbers only; a ``Node`` built in code
    /// may still hold a non-finite `Double`, which decodes as it is.
    public var nonConformingFloatDecodingStrategy: NonConformingFloatDecodingStrategy {
        get { settings.nonConformingFloatStrategy }
        set { settings.nonConformingFloatStrategy = newValue }
    }

    /// Whether `decode(_:fromJSON:)` reads JSON5 as well as JSON: `readingOptions.allowsJSON5` under the name
    /// Foundation's `JSONDecoder` gives it. Off by default.
    ///
    /// ```swift
    /// var decoder = NodeDecoder()
    /// decoder.allowsJSON5 = true
    /// let user = try decoder.decode(User.self, fromJSON: "{id: 0x10, login: 'anviking', /* admin */}")
    /// ```
    ///
    /// Setting it leaves the rest of ``readingOptions`` as it is. Genome follows the JSON5 specification where
    /// Foundation does not; <doc:CodableWithGenome> lists the differences.
    public var allowsJSON5: Bool {
        get { readingOptions.allowsJSON5 }
        set { readingOptions.allowsJSON5 = newValue }
    }

    /// The conversions between JSON types this decoder makes where a value does not decode as it is: numbers from
    /// strings, `Bool`s from `0`/`1` or `"true"`/`"false"`, arrays from single values. None by default: decoding is
    /// strict. Each value coerced is a ``Recovery``; see <doc:DecodingImperfectData>.
    ///
    /// Coercions into `Bool` and the number types run as per-type strategies (see ``setDecodingStrategy(_:)``): a
    /// strategy you set yourself for one of those types wins, and that type is not coerced.
    ///
    /// ```swift
    /// var decoder = NodeDecoder()
    /// decoder.coercions = .all
    /// let stats = try decoder.decode(Stats.self, fromJSON: #"{"count": "42", "isPublic": 1}"#)
    /// ```
    public var coercions: Coercions {
        get { settings.coercions }
        set {
            settings.coercions = newValue
            settings.valueStrategies = Coercions.strategies(newValue, under: settings.ownStrategies)
        }
    }

    /// Per-type strategies; see ``setDecodingStrategy(_:)``.
    internal var valueStrategies: [ObjectIdentifier: any NodeDecodingStrategy] {
        get { settings.ownStrategies }
        set {
            settings.ownStrategies = newValue
            settings.valueStrategies =
                settings.coercions.isEmpty ? newValue : Coercions.strategies(settings.coercions, under: newValue)
        }
    }

    /// A decoder with the default settings, which match Foundation's.
    public init() {}

    // MARK: Decoding

    /// Decodes a value of `type` from `node`.
    ///
    /// - Throws: `DecodingError` with the coding path of the first value that does not fit `type`.
    public func decode<T: Decodable>(_ type: T.Type = T.self, from node: Node) throws -> T {
        try decode(type, fromTape: JSONTape(node: node))
    }

    /// Decodes a value of `type` from `tape`, the document of one run. Inlined into its callers: as a call, the tape
    /// would be moved into it, which a small document's decode would pay for.
    @inline(__always)
    private func decode<T: Decodable>(_ type: T.Type, fromTape tape: consuming JSONTape) throws -> T {
        // A tape of JSON bytes reads the caller's buffer in place; a decoder the model kept copies it before it goes.
        var decoder = DecoderImplementation(tape: tape, settings: shared)
        defer { DecoderImplementation.keepInputIfKept(&decoder) }
        return try decoder.decodeDocument(type)
    }

    /// Decodes a value of `type` from JSON text, as ``decode(_:fromJSON:)-(_,String)`` does.
    ///
    /// ```swift
    /// let user = try NodeDecoder().decode(User.self, from: #"{"id": 1, "login": "anviking"}"#)
    /// ```
    ///
    /// A `String` passed to a decode call is always JSON text, never a string value: `Node` is expressible by a
    /// string literal, and without this overload the literal above would silently become the string node
    /// `"{\"id\": 1, …}"` and fail at run time. To decode from a string node, pass a ``Node``:
    /// `decode(String.self, from: Node.string("a"))`.
    ///
    /// - Throws: as ``decode(_:fromJSON:)-(_,Collection<UInt8>)``.
    public func decode<T: Decodable>(_ type: T.Type = T.self, from text: String) throws -> T {
        try decode(type, fromJSON: text.utf8)
    }

    /// Not callable: JSON in bytes goes to ``decode(_:fromJSON:)-(_,Collection<UInt8>)``, and the compiler says so.
    ///
    /// Bytes under `from:` cannot decode: an overload taking them would also take array literals meant as nodes
    /// (`decode([Int].self, from: [1, 2])`). The compiler picks an unavailable function only when no available one
    /// fits, so a literal still builds a ``Node``, and a `[UInt8]` or `ArraySlice<UInt8>` gets this message rather
    /// than "cannot convert to Node". GenomeFoundation's `decode(_:from:)` taking `Data` is available and wins.
    @available(
        *, unavailable,
        message: "JSON bytes go to 'decode(_:fromJSON:)': 'try decoder.decode(User.self, fromJSON: bytes)'"
    )
    public func decode<T: Decodable>(_ type: T.Type = T.self, from bytes: some Collection<UInt8>) throws -> T {
        fatalError("unavailable")
    }

    /// Decodes a value of `type` from JSON in UTF-8 bytes: `[UInt8]`, `ArraySlice<UInt8>`, `Data`,
    /// `String.UTF8View`, …
    ///
    /// - Throws: `DecodingError.dataCorrupted` whose `underlyingError` is the ``JSONSyntaxError`` for input that is
    ///   not JSON, or `DecodingError` with the coding path of the first value that does not fit `type`.
    /// - Complexity: O(*n*) in the size of the input.
    @inlinable  // so that a caller's `[UInt8]` or `Data` reaches its contiguous storage without a generic dispatch
    public func decode<T: Decodable>(_ type: T.Type = T.self, fromJSON bytes: some Collection<UInt8>) throws -> T {
        if let decoded = try bytes.withContiguousStorageIfAvailable({ buffer in try decode(type, fromJSONIn: buffer) })
        {
            return decoded
        }
        return try Array(bytes).withUnsafeBufferPointer { buffer in try decode(type, fromJSONIn: buffer) }
    }

    /// Decodes a value of `type` from the JSON in `buffer`.
    @usableFromInline
    internal func decode<T: Decodable>(_ type: T.Type, fromJSONIn buffer: UnsafeBufferPointer<UInt8>) throws -> T {
        if assumesTopLevelDictionary, var members = Self.wrappedAsObject(buffer) {
            return try members.withUnsafeMutableBufferPointer { object in
                let tape: JSONTape
                do throws(JSONSyntaxError) {
                    tape = try readTape(UnsafeBufferPointer(object))
                } catch {
                    throw CodingErrors.invalidJSON(Self.relocated(error, toMembersIn: buffer))
                }
                return try decode(type, fromTape: tape)
            }
        }
        let tape: JSONTape
        do {
            tape = try readTape(buffer)
        } catch {
            throw CodingErrors.invalidJSON(error)
        }
        return try decode(type, fromTape: tape)
    }

    /// The tape of the JSON in `buffer`, read with the decoder's reading options.
    private func readTape(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> JSONTape {
        try JSONReader.readTape(buffer, options: readingOptions)
    }

    /// Decodes a value of `type` from JSON text.
    ///
    /// - Throws: as ``decode(_:fromJSON:)-(_,Collection<UInt8>)``.
    public func decode<T: Decodable>(_ type: T.Type = T.self, fromJSON text: String) throws -> T {
        try decode(type, fromJSON: text.utf8)
    }

    // MARK: Strategies for single types

    /// Makes this decoder decode every `Strategy.Value` through `strategy`, in place of the type's own
    /// `init(from:)`. Setting a strategy for a type replaces the one set before.
    ///
    /// GenomeFoundation builds its date and data strategies on this; your own types can use it too:
    ///
    /// ```swift
    /// struct LenientBool: NodeDecodingStrategy {
    ///     func decode(from decoder: any Decoder) throws -> Bool {
    ///         let container = try decoder.singleValueContainer()
    ///         if let string = try? container.decode(String.self) { return string == "true" }
    ///         return try container.decode(Bool.self)
    ///     }
    /// }
    /// var decoder = NodeDecoder()
    /// decoder.setDecodingStrategy(LenientBool())
    /// ```
    public mutating func setDecodingStrategy<Strategy: NodeDecodingStrategy>(_ strategy: Strategy) {
        valueStrategies[ObjectIdentifier(Strategy.Value.self)] = strategy
    }

    /// The strategy set for `type`, or `nil` when `type` decodes itself.
    public func decodingStrategy<Value: Decodable>(for type: Value.Type) -> (any NodeDecodingStrategy)? {
        valueStrategies[ObjectIdentifier(type)]
    }

    /// Goes back to decoding `type` with its own `init(from:)`.
    public mutating func removeDecodingStrategy<Value: Decodable>(for type: Value.Type) {
        valueStrategies[ObjectIdentifier(type)] = nil
    }
}

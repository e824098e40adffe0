/// A property that takes a default value when its key is missing (and, when its provider says so, when it is
/// null), for `Codable` models.
///
/// The default comes from a type, because a property wrapper that `init(from:)` creates can take no arguments:
///
/// ```swift
/// enum Light: DefaultValueProvider {
///     static let defaultValue = "light"
/// }
///
/// struct Settings: Codable {
///     @Default<Light> var theme: String          // "light" when "theme" is missing
///     @DefaultFalse var isBeta: Bool             // false when missing
///     @DefaultEmpty var tags: [String]           // [] when missing
/// }
/// ```
///
/// Only a missing key uses the default. A `null` throws `valueNotFound`, as for any non-optional property (an
/// optional value is nil), unless the provider's ``DefaultValueProvider/nullAsMissing`` is `true`: then `null` takes
/// the default too, optional value or not. A value of the wrong type always throws. Each default used is a ``Recovery`` of kind ``Recovery/Kind/defaultUsed`` in the ``RecoveryReport`` being collected,
/// and goes to the ``ErrorLoggers``, if any. Encoding writes the value, default or not.
///
/// The static-decode API spells it in one call: `try json.decode("theme", default: "light")`.
@propertyWrapper
public struct Default<Provider: DefaultValueProvider> {
    /// The decoded value, or the default.
    public var wrappedValue: Provider.Value

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Provider.Value) {
        self.wrappedValue = wrappedValue
    }
}

/// The default value of a ``Default`` property: a type, so that a property wrapper can name it.
///
/// ```swift
/// enum Guest: DefaultValueProvider {
///     static let defaultValue = "guest"
///     static let nullAsMissing = true      // null gives "guest" too
/// }
/// ```
public protocol DefaultValueProvider {
    /// The type of the value.
    associatedtype Value
    /// The value a missing key decodes as.
    static var defaultValue: Value { get }
    /// Whether `null` decodes as the default too. `false` unless you say otherwise: `null` then throws for a
    /// non-optional value.
    static var nullAsMissing: Bool { get }
}

extension DefaultValueProvider {
    /// `false`: only a missing key takes the default.
    public static var nullAsMissing: Bool { false }
}

/// Default value providers for the common cases; use them through ``DefaultFalse``, ``DefaultTrue``,
/// ``DefaultZero`` and ``DefaultEmpty``.
public enum Defaults {
    /// `false`.
    public enum False: DefaultValueProvider {
        public static var defaultValue: Bool { false }
    }

    /// `true`.
    public enum True: DefaultValueProvider {
        public static var defaultValue: Bool { true }
    }

    /// Zero, of any number type.
    public enum Zero<Value: Numeric>: DefaultValueProvider {
        public static var defaultValue: Value { 0 }
    }

    /// An empty array or string.
    public enum Empty<Value: RangeReplaceableCollection>: DefaultValueProvider {
        public static var defaultValue: Value { Value() }
    }

    /// An empty dictionary.
    public enum EmptyDictionary<Key: Hashable, Element>: DefaultValueProvider {
        public static var defaultValue: [Key: Element] { [:] }
    }
}

/// A `Bool` that is `false` when its key is missing.
public typealias DefaultFalse = Default<Defaults.False>
/// A `Bool` that is `true` when its key is missing.
public typealias DefaultTrue = Default<Defaults.True>
/// A number that is zero when its key is missing.
public typealias DefaultZero<Value: Numeric> = Default<Defaults.Zero<Value>>
/// An array or string that is empty when its key is missing.
public typealias DefaultEmpty<Value: RangeReplaceableCollection> = Default<Defaults.Empty<Value>>
/// A dictionary that is empty when its key is missing.
public typealias DefaultEmptyDictionary<Key: Hashable, Element> = Default<Defaults.EmptyDictionary<Key, Element>>

extension Default: Decodable where Provider.Value: Decodable {
    /// Decodes the value; `null` decodes as the default when the provider's `nullAsMissing` is `true`, and
    /// otherwise as the value's type decodes null (nil for an optional, `valueNotFound` for any other).
    ///
    /// A missing key never reaches here: ``init(missingKey:codingPath:)`` handles it.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if Provider.nullAsMissing, container.decodeNil() {
            Recoveries.record(
                .defaultUsed, codingPath: decoder.codingPath,
                replacing: DecodingError.valueNotFound(
                    Provider.Value.self,
                    DecodingError.Context(
                        codingPath: decoder.codingPath,
                        debugDescription: "Expected \(Provider.Value.self) value but found null instead.")))
            wrappedValue = Provider.defaultValue
            return
        }
        wrappedValue = try container.decode(Provider.Value.self)
    }
}

extension Default: Encodable where Provider.Value: Encodable {
    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension Default: MissingKeyDecodable where Provider.Value: Decodable {
    /// The provider's default, for a missing key (recorded as a recovery).
    public init(missingKey key: any CodingKey, codingPath: [any CodingKey]) {
        Recoveries.recordDefault(forMissing: key, codingPath: codingPath)
        self.init(wrappedValue: Provider.defaultValue)
    }
}

extension Default: Equatable where Provider.Value: Equatable {}
extension Default: Hashable where Provider.Value: Hashable {}
extension Default: Sendable where Provider.Value: Sendable {}

extension Node {
    /// The value at `key`, or `defaultValue` when the key is missing (and, with `nullAsMissing`, when it is null):
    /// the static-decode API's ``Default``.
    ///
    /// ```swift
    /// let theme: String = try json.decode("theme", default: "light")
    /// ```
    ///
    /// A value of the wrong type still throws, and so does this node when it is not an object. Each default used
    /// is a ``Recovery`` whose error is the ``MissingKeyError`` (or, for null, the ``TypeMismatchError``) it
    /// replaced.
    public func decode<T: NodeDecodable>(
        _ key: String, default defaultValue: @autoclosure () -> T, nullAsMissing: Bool = false
    ) throws -> T {
        try loggingErrors {
            try decodeValue(key, default: defaultValue, nullAsMissing: nullAsMissing, in: EmptyContext())
        }
    }

    /// `decode(_:default:nullAsMissing:)` without logging, in `context`.
    internal func decodeValue<T: NodeDecodable>(
        _ key: String, default defaultValue: () -> T, nullAsMissing: Bool, in context: any Context
    ) throws -> T {
        guard case .object(let object) = self else {
            throw TypeMismatchError(expectedTypeName: "an object", found: self, reason: nil, attempts: [])
        }
        guard let value = object[key] else {
            Recoveries.record(
                .defaultUsed, in: self, at: [.key(key)], replacing: MissingKeyError(missing: .key(key), in: self))
            return defaultValue()
        }
        if nullAsMissing, value.isNull {
            Recoveries.record(
                .defaultUsed, in: self, at: [.key(key)],
                replacing: TypeMismatchError(expected: T.self, found: value).prefixed(by: [.key(key)], root: self))
            return defaultValue()
        }
        return try withPath([.key(key)], root: self) { try T.make(from: value, in: context) }
    }
}

extension Map {
    /// Decodes the value at `key`, or gives `defaultValue` when the key is missing (and, with `nullAsMissing`,
    /// when it is null); see ``Node/decode(_:default:nullAsMissing:)``.
    ///
    /// ```swift
    /// theme = try map.extract("theme", default: "light")
    /// ```
    public func extract<T: NodeDecodable>(
        _ key: String, default defaultValue: @autoclosure () -> T, nullAsMissing: Bool = false
    ) throws -> T {
        try loggingErrors {
            try node.decodeValue(key, default: defaultValue, nullAsMissing: nullAsMissing, in: context)
        }
    }
}

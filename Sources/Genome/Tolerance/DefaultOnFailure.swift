// The default on a failed decode too, as BetterCodable's `@DefaultCodable` gives, but never silently: `Default`
// keeps a wrong value an error, because a default that hides a broken field hides it for good. This wrapper is the
// explicit choice to accept that, and every default it takes is in the recovery report with the error it replaced.

/// A property that takes its provider's default when its key is missing, when it is null, or when its value does
/// not decode at all, for `Codable` models: the opt-in counterpart of ``Default`` for fields you would rather have
/// wrong than missing.
///
/// ```swift
/// enum Light: DefaultValueProvider {
///     static let defaultValue = "light"
/// }
///
/// struct Settings: Codable {
///     @DefaultOnFailure<Light> var theme: String     // "light" for a missing key, null, 42 or ["dark"]
/// }
/// ```
///
/// Every default taken is a ``Recovery`` of kind ``Recovery/Kind/defaultUsed`` in the ``RecoveryReport`` being
/// collected, with the error it replaced (`keyNotFound`, `valueNotFound`, `typeMismatch`, or whatever the value's
/// own `init(from:)` threw, from deep inside a model too), and goes to the ``ErrorLoggers``, if any: the default
/// on error is safe only when someone can see it happen. For an optional value, `null` is nil, as for any optional,
/// not a failure. It works under any decoder, `JSONDecoder` included, and with ``NestedCodingKey`` paths. Encoding
/// writes the value, default or not.
///
/// The static-decode API spells it in one call: `try json.decode("theme", defaultOnFailure: "light")`.
@propertyWrapper
public struct DefaultOnFailure<Provider: DefaultValueProvider> {
    /// The decoded value, or the default.
    public var wrappedValue: Provider.Value

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Provider.Value) {
        self.wrappedValue = wrappedValue
    }
}

extension DefaultOnFailure: Decodable where Provider.Value: Decodable {
    /// Decodes the value, or takes the default, recorded with the error it replaced, when that fails.
    public init(from decoder: any Decoder) throws {
        do {
            wrappedValue = try decoder.singleValueContainer().decode(Provider.Value.self)
        } catch {
            Recoveries.record(.defaultUsed, codingPath: decoder.codingPath, replacing: error)
            wrappedValue = Provider.defaultValue
        }
    }
}

extension DefaultOnFailure: Encodable where Provider.Value: Encodable {
    /// Encodes the value.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wrappedValue)
    }
}

extension DefaultOnFailure: MissingKeyDecodable where Provider.Value: Decodable {
    /// The provider's default, for a missing key (recorded as a recovery).
    public init(missingKey key: any CodingKey, codingPath: [any CodingKey]) {
        Recoveries.recordDefault(forMissing: key, codingPath: codingPath)
        self.init(wrappedValue: Provider.defaultValue)
    }
}

extension DefaultOnFailure: Equatable where Provider.Value: Equatable {}
extension DefaultOnFailure: Hashable where Provider.Value: Hashable {}
extension DefaultOnFailure: Sendable where Provider.Value: Sendable {}

extension Node {
    /// The value at `key`, or `defaultValue` when the key is missing, the value is null, or it does not decode as
    /// `T`: the static-decode API's ``DefaultOnFailure``.
    ///
    /// ```swift
    /// let theme: String = try json.decode("theme", defaultOnFailure: "light")
    /// ```
    ///
    /// Only this node not being an object still throws. Each default used is a ``Recovery`` of kind
    /// ``Recovery/Kind/defaultUsed`` whose error is the one it replaced: the ``MissingKeyError``, or the error
    /// decoding the value threw, with the key in its path.
    public func decode<T: NodeDecodable>(_ key: String, defaultOnFailure defaultValue: @autoclosure () -> T) throws
        -> T
    {
        try loggingErrors {
            try decodeValue(key, defaultOnFailure: defaultValue, in: EmptyContext())
        }
    }

    /// `decode(_:defaultOnFailure:)` without logging, in `context`.
    internal func decodeValue<T: NodeDecodable>(
        _ key: String, defaultOnFailure defaultValue: () -> T, in context: any Context
    ) throws -> T {
        guard case .object(let object) = self else {
            throw TypeMismatchError(expectedTypeName: "an object", found: self, reason: nil, attempts: [])
        }
        guard let value = object[key] else {
            Recoveries.record(
                .defaultUsed, in: self, at: [.key(key)], replacing: MissingKeyError(missing: .key(key), in: self))
            return defaultValue()
        }
        do {
            return try withPath([.key(key)], root: self) { try T.make(from: value, in: context) }
        } catch {
            Recoveries.record(.defaultUsed, in: self, at: [.key(key)], replacing: error)
            return defaultValue()
        }
    }
}

extension Map {
    /// Decodes the value at `key`, or gives `defaultValue` when the key is missing, the value is null, or it does
    /// not decode; see ``Node/decode(_:defaultOnFailure:)``.
    ///
    /// ```swift
    /// theme = try map.extract("theme", defaultOnFailure: "light")
    /// ```
    public func extract<T: NodeDecodable>(_ key: String, defaultOnFailure defaultValue: @autoclosure () -> T) throws
        -> T
    {
        try loggingErrors {
            try node.decodeValue(key, defaultOnFailure: defaultValue, in: context)
        }
    }
}

/// A dictionary that keeps the members that decode and reports the ones that do not, instead of failing whole; in
/// both APIs.
///
/// ```swift
/// let prices: LossyDictionary<String, Double> = try json.decode("prices")   // static-decode API
///
/// struct Catalog: Codable {                                                 // Codable
///     @LossyDictionary var prices: [String: Double]
/// }
/// catalog.$prices.failures   // the members that were dropped, by key
/// ```
///
/// JSON keys are strings; `Key` is any `LosslessStringConvertible` type (`String`, `Int`, …), made from each key
/// with `Key(_:)`. A key that does not convert is dropped like a value that does not decode. The value itself must
/// still be an object: anything else throws, and so does a missing key. Encoding writes the members that decoded,
/// as an object keyed by each key's `description`.
///
/// Each dropped member is also a ``Recovery`` of kind ``Recovery/Kind/elementDropped`` in the ``RecoveryReport``
/// being collected, and goes to the ``ErrorLoggers``, if any.
@propertyWrapper
public struct LossyDictionary<Key: Hashable & LosslessStringConvertible, Value> {
    /// A member that did not decode.
    public struct Failure: Sendable {
        /// Its key, as the JSON has it.
        public let key: String
        /// Why it did not decode, with the key in the path.
        public let error: any Error
    }

    /// The members that decoded.
    public var elements: [Key: Value]
    /// The members that did not, in document order.
    public var failures: [Failure]

    /// The members that decoded.
    public var wrappedValue: [Key: Value] {
        get { elements }
        set { elements = newValue }
    }

    /// The dictionary itself, with its ``failures``: `$prices.failures`.
    public var projectedValue: LossyDictionary<Key, Value> { self }

    /// A dictionary of `wrappedValue`, with no failures.
    public init(wrappedValue: [Key: Value]) {
        elements = wrappedValue
        failures = []
    }

    /// A dictionary of `elements` and the `failures` that were dropped.
    public init(elements: [Key: Value], failures: [Failure]) {
        self.elements = elements
        self.failures = failures
    }

    /// The error for a JSON key that `Key(_:)` does not accept.
    fileprivate static func keyError(_ key: String) -> String {
        "\"\(key)\" is not a valid \(Key.self)"
    }
}

extension LossyDictionary: NodeDecodable where Value: NodeDecodable {
    public static func decode(_ json: Node) throws -> LossyDictionary {
        try make(from: json, in: EmptyContext())
    }

    public static func make(from node: Node, in context: any Context) throws -> LossyDictionary {
        guard case .object(let object) = node else {
            throw TypeMismatchError(expected: [String: Value].self, found: node)
        }
        var result = LossyDictionary(elements: [:], failures: [])
        for (name, member) in object {
            do {
                result.elements[try converted(name, member)] = try withPath([.key(name)], root: node) {
                    try Value.make(from: member, in: context)
                }
            } catch {
                result.failures.append(Failure(key: name, error: error))
                Recoveries.record(.elementDropped, in: node, at: [.key(name)], replacing: error)
            }
        }
        return result
    }

    private static func converted(_ name: String, _ member: Node) throws -> Key {
        guard let key = Key(name) else {
            throw TypeMismatchError(
                expectedTypeName: "\(Key.self)", found: .string(name), reason: keyError(name), attempts: []
            ).prefixed(by: [.key(name)], root: member)
        }
        return key
    }
}

extension LossyDictionary: Decodable where Value: Decodable {
    /// Decodes the members of a keyed container, dropping those that fail.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: NodeCodingKey.self)
        self.init(elements: [:], failures: [])
        for name in container.allKeys {
            do {
                guard let key = Key(name.stringValue) else {
                    throw DecodingError.dataCorruptedError(
                        forKey: name, in: container, debugDescription: LossyDictionary.keyError(name.stringValue))
                }
                elements[key] = try container.decode(Value.self, forKey: name)
            } catch {
                failures.append(Failure(key: name.stringValue, error: error))
                Recoveries.record(.elementDropped, codingPath: container.codingPath + [name], replacing: error)
            }
        }
    }
}

extension LossyDictionary: Encodable where Value: Encodable {
    /// Encodes the members that decoded, as an object.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NodeCodingKey.self)
        for (key, value) in elements {
            try container.encode(value, forKey: NodeCodingKey(stringValue: key.description))
        }
    }
}

/// Two lossy dictionaries are equal when their members are: failures hold errors, which do not compare.
extension LossyDictionary: Equatable where Value: Equatable {
    public static func == (lhs: LossyDictionary, rhs: LossyDictionary) -> Bool { lhs.elements == rhs.elements }
}

extension LossyDictionary: Hashable where Value: Hashable {
    public func hash(into hasher: inout Hasher) { hasher.combine(elements) }
}

extension LossyDictionary: Sendable where Key: Sendable, Value: Sendable {}

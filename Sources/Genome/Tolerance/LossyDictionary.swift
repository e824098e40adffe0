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
    /// The members that did not: in document order under `NodeDecoder` and in the static-decode API, by key under
    /// other decoders.
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
    /// Decodes the members of an object, dropping those that fail. Keys are data, as a `[String: Value]`'s are: a
    /// key strategy does not convert them.
    public init(from decoder: any Decoder) throws {
        // Read as a `[String: …]`, whose keys every decoder leaves alone, where a keyed container would convert them.
        let members = try decoder.singleValueContainer().decode([String: LossyDictionaryMember<Value>].self)
        self.init(elements: [:], failures: [])
        elements.reserveCapacity(members.count)
        for (name, member) in members {
            do {
                guard let key = Key(name) else {
                    throw DecodingError.dataCorrupted(
                        DecodingError.Context(
                            codingPath: decoder.codingPath + [NodeCodingKey(stringValue: name)],
                            debugDescription: LossyDictionary.keyError(name)))
                }
                elements[key] = try member.result.get()
            } catch {
                failures.append(Failure(key: name, error: error))
            }
        }
        if failures.isEmpty { return }
        failures = Self.inDocumentOrder(failures, in: decoder)
        for failure in failures {
            Recoveries.record(
                .elementDropped, codingPath: decoder.codingPath + [NodeCodingKey(stringValue: failure.key)],
                replacing: failure.error)
        }
    }

    /// `failures` in the order of their keys in the document, when the decoder is a `NodeDecoder`'s; by key
    /// otherwise, since a dictionary has no order of its own.
    private static func inDocumentOrder(_ failures: [Failure], in decoder: any Decoder) -> [Failure] {
        guard failures.count > 1 else { return failures }
        guard case .object(let object)? = decoder.genomeNode else {
            return failures.sorted { $0.key < $1.key }
        }
        var byKey = [String: Failure](failures.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        return object.compactMap { byKey.removeValue(forKey: $0.key) }
    }
}

/// A member of a ``LossyDictionary`` as it decoded: its value, or why it did not decode.
private struct LossyDictionaryMember<Value: Decodable>: Decodable {
    let result: Result<Value, any Error>

    init(from decoder: any Decoder) {
        do {
            result = .success(try decoder.singleValueContainer().decode(Value.self))
        } catch {
            result = .failure(error)
        }
    }
}

extension LossyDictionary: Encodable where Value: Encodable {
    /// Encodes the members that decoded, as an object keyed by each key's `description`. Keys are data: a key
    /// strategy does not convert them, as it does not convert a `[String: Value]`'s.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(
            [String: Value](elements.map { ($0.key.description, $0.value) }, uniquingKeysWith: { _, last in last }))
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

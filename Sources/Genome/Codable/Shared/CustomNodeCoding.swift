// Extension points of NodeDecoder and NodeEncoder, for types that code themselves differently under Genome than
// their Codable implementation says, and for per-type strategies. The core cannot name Foundation's types;
// GenomeFoundation plugs Date, Data, URL and Decimal in through these.

/// A type that ``NodeDecoder`` decodes through ``init(nodeDecoder:)`` instead of `init(from:)`.
///
/// Use it when a type's `Decodable` implementation does not suit JSON. Foundation's `URL`, for one, decodes itself
/// from a keyed container, while JSON spells a URL as a string; GenomeFoundation makes `URL` conform, so that
/// `NodeDecoder` reads it from a string, as `JSONDecoder` does. `[String: Value]` conforms too, so that its keys
/// are never converted by a key strategy.
///
/// Other decoders ignore the conformance and call `init(from:)`.
public protocol CustomNodeDecodable: Decodable {
    /// Decodes the value under a `NodeDecoder`. `decoder.genomeNode` is the node being decoded.
    init(nodeDecoder decoder: any Decoder) throws
}

/// A type that ``NodeEncoder`` encodes through ``encode(nodeEncoder:)`` instead of `encode(to:)`; the
/// counterpart of ``CustomNodeDecodable``.
public protocol CustomNodeEncodable: Encodable {
    /// Encodes the value under a `NodeEncoder`.
    func encode(nodeEncoder encoder: any Encoder) throws
}

/// How a ``NodeDecoder`` decodes one type, set with ``NodeDecoder/setDecodingStrategy(_:)``.
///
/// A strategy replaces `Value`'s own `init(from:)` for one decoder, and wins over ``CustomNodeDecodable``.
/// GenomeFoundation's `dateDecodingStrategy` and `dataDecodingStrategy` are strategies for `Date` and `Data`.
///
/// A strategy applies wherever a `Value` is decoded: top level, keyed and unkeyed containers, arrays and
/// dictionaries, the primitives (`Bool`, `String`, the number types) included.
///
/// To fall back on the type's own decoding, call `Value(from: decoder)`. For a primitive `Value`, the single value
/// container's `decode(Value.self)` reads the node as it is, so that the strategy can read the raw value; for any
/// other type it would come back to the strategy.
public protocol NodeDecodingStrategy: Sendable {
    /// The type this strategy decodes, in place of its own `init(from:)`.
    associatedtype Value: Decodable
    /// Decodes one value; `decoder` is positioned on it, with its `codingPath` for errors.
    func decode(from decoder: any Decoder) throws -> Value
}

/// How a ``NodeEncoder`` encodes one type, set with ``NodeEncoder/setEncodingStrategy(_:)``; the counterpart of
/// ``NodeDecodingStrategy``.
///
/// As with decoding, a strategy applies wherever a `Value` is encoded, primitives included, and a single value
/// container's `encode(_:)` of a primitive writes it as it is.
///
/// To fall back on the type's own encoding, call `value.encode(to: encoder)`.
public protocol NodeEncodingStrategy: Sendable {
    /// The type this strategy encodes, in place of its own `encode(to:)`.
    associatedtype Value: Encodable
    /// Encodes one value; `encoder` is positioned where it goes.
    func encode(_ value: Value, to encoder: any Encoder) throws
}

extension Decoder {
    /// The node being decoded, when this decoder is a ``NodeDecoder``'s; `nil` under any other decoder.
    ///
    /// It lets an `init(from:)` take what `Decodable` cannot express, such as a member of any JSON shape, while
    /// staying an ordinary `Decodable` that works with `JSONDecoder` too:
    ///
    /// ```swift
    /// struct Event: Decodable {
    ///     let name: String
    ///     let payload: Node     // whatever the event carries
    ///
    ///     init(from decoder: any Decoder) throws {
    ///         if let node = decoder.genomeNode {          // fast path under NodeDecoder
    ///             name = try NodeDecoder().decode(String.self, from: node["name"] ?? nil)
    ///             payload = node["payload"] ?? nil
    ///         } else {
    ///             let container = try decoder.container(keyedBy: CodingKeys.self)
    ///             name = try container.decode(String.self, forKey: .name)
    ///             payload = try container.decode(Node.self, forKey: .payload)
    ///         }
    ///     }
    ///     enum CodingKeys: CodingKey { case name, payload }
    /// }
    /// ```
    ///
    /// Decoding a `Node` property needs none of this: `Node` is `Decodable`, and under `NodeDecoder` it is
    /// handed the node as it is.
    public var genomeNode: Node? {
        if let decoder = self as? DecoderImplementation { return decoder.tape.node(at: decoder.index) }
        return nil
    }
}

// MARK: - Arrays

// Arrays skip the standard library's generic `init(from:)`, which grows the array element by element and
// instantiates generic metadata on every call, and arrays of primitives convert in one tight loop.

extension Array: CustomNodeDecodable where Element: Decodable {
    /// Decodes the elements of an array node into an exactly sized array.
    public init(nodeDecoder decoder: any Decoder) throws {
        guard let implementation = decoder as? DecoderImplementation else {
            try self.init(from: decoder)
            return
        }
        self = try implementation.decodeArray(Self.self, of: Element.self)
    }
}

/// The route `NodeDecoder` takes for arrays itself: like `init(nodeDecoder:)`, but handed the array type's
/// metadata and the decoder's concrete type, which an unspecialised `init` would have to look up and cast.
internal protocol ArrayNodeDecoding {
    static func decodeElements<Result>(with decoder: DecoderImplementation, as type: Result.Type) throws -> Result
}

extension Array: ArrayNodeDecoding where Element: Decodable {
    static func decodeElements<Result>(with decoder: DecoderImplementation, as type: Result.Type) throws -> Result {
        try decoder.decodeArray(Result.self, of: Element.self)
    }
}

extension Array: CustomNodeEncodable where Element: Encodable {
    /// Encodes the elements as an array node.
    public func encode(nodeEncoder encoder: any Encoder) throws {
        guard let implementation = encoder as? EncoderImplementation else {
            try encode(to: encoder)
            return
        }
        try encodeElements(with: implementation)
    }
}

/// The route `NodeEncoder` takes for arrays itself: like `encode(nodeEncoder:)`, without casting the encoder.
internal protocol ArrayNodeEncoding {
    func encodeElements(with encoder: EncoderImplementation) throws
}

extension Array: ArrayNodeEncoding where Element: Encodable {
    /// Encodes the array. Arrays of the common primitives are converted in one loop by code specialised for
    /// them; other elements are encoded one by one.
    ///
    /// This runs unspecialised. Written here, the casts find `[Element]`'s metadata in the call itself; a generic
    /// function over `Element` would look it up, and the array's `Collection` conformance, for every array.
    func encodeElements(with encoder: EncoderImplementation) throws {
        if count == 0 {
            encoder.store(.array([]))
        } else if encoder.run.strategizesPrimitives {
            try encoder.encodeEachElement(of: self)
        } else if Element.self == Int.self {
            encoder.storePrimitives(
                sameType(self, as: [Int].self), node: { .number(.int(Int64($0))) },
                writing: { $0.writeInteger(Int64($1)) })
        } else if Element.self == Double.self, sameType(self, as: [Double].self).allSatisfy({ $0.isFinite }) {
            // A closure, not `\.isFinite`: a debug build applies a key path through the runtime for every element.
            encoder.storePrimitives(
                sameType(self, as: [Double].self), node: { .number(.double($0)) },
                writing: { $0.writeFiniteDouble($1) })
        } else if Element.self == String.self {
            encoder.storePrimitives(
                sameType(self, as: [String].self), node: { .string($0) }, writing: { $0.writeString($1) })
        } else if Element.self == Int64.self {
            encoder.storePrimitives(
                sameType(self, as: [Int64].self), node: { .number(.int($0)) }, writing: { $0.writeInteger($1) })
        } else if Element.self == Bool.self {
            encoder.storePrimitives(
                sameType(self, as: [Bool].self), node: { .bool($0) }, writing: { $0.writeBool($1) })
        } else {
            try encoder.encodeEachElement(of: self)
        }
    }
}

// MARK: - Dictionaries with string keys

// `[String: Value]` is decoded and encoded directly from and to object members: faster than going through a keyed
// container with `_DictionaryCodingKey`, and its keys are left alone by key strategies, as Foundation leaves them.

extension Dictionary: CustomNodeDecodable where Key == String, Value: Decodable {
    /// Decodes the members of an object, keys as they are (no key strategy applies to dictionary keys).
    public init(nodeDecoder decoder: any Decoder) throws {
        guard let implementation = decoder as? DecoderImplementation else {
            try self.init(from: decoder)
            return
        }
        self = try implementation.decodeStringKeyedDictionary(Value.self)
    }
}

/// `[String: Value]`, which the decoder reads member by member; `Result` is `Self`, passed in by the caller, which
/// has its metadata at hand, so the `sameType` casts below are of a value to its own type.
internal protocol StringKeyedDictionaryDecoding {
    static func decodeMembers<Result>(with decoder: DecoderImplementation, as type: Result.Type) throws -> Result
}

extension Dictionary: StringKeyedDictionaryDecoding where Key == String, Value: Decodable {
    static func decodeMembers<Result>(with decoder: DecoderImplementation, as type: Result.Type) throws -> Result {
        sameType(try decoder.decodeStringKeyedDictionary(Value.self), as: Result.self)
    }
}

extension Dictionary: CustomNodeEncodable where Key == String, Value: Encodable {
    /// Encodes the entries as object members, keys as they are (no key strategy applies to dictionary keys).
    public func encode(nodeEncoder encoder: any Encoder) throws {
        guard let implementation = encoder as? EncoderImplementation else {
            try encode(to: encoder)
            return
        }
        try implementation.encodeStringKeyedDictionary(self)
    }
}

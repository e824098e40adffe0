// Data under NodeDecoder and NodeEncoder: base64 strings by default, as Foundation's JSONDecoder and JSONEncoder
// do, and the same alternatives, as per-type strategies.
import Foundation
import Genome

extension Data: CustomNodeDecodable {
    /// Decodes a base64 string: `NodeDecoder`'s default for `Data`, as `JSONDecoder`'s. Another
    /// ``NodeDecoder/dataDecodingStrategy`` takes precedence.
    public init(nodeDecoder decoder: any Decoder) throws {
        self = try NodeDecoder.DataDecodingStrategy.base64.decode(from: decoder)
    }
}

extension Data: CustomNodeEncodable {
    /// Encodes a base64 string: `NodeEncoder`'s default for `Data`, as `JSONEncoder`'s. Another
    /// ``NodeEncoder/dataEncodingStrategy`` takes precedence.
    public func encode(nodeEncoder encoder: any Encoder) throws {
        try NodeEncoder.DataEncodingStrategy.base64.encode(self, to: encoder)
    }
}

extension NodeDecoder {
    /// How a ``NodeDecoder`` reads `Data`. Set it with ``NodeDecoder/dataDecodingStrategy``.
    public enum DataDecodingStrategy: NodeDecodingStrategy {
        /// `Data`'s own `Decodable`: an array of byte values.
        case deferredToData
        /// A base64 string (RFC 4648, with padding). The default, as in `JSONDecoder`.
        case base64
        /// Your own code, given the decoder positioned on the value.
        case custom(@Sendable (_ decoder: any Decoder) throws -> Data)

        public func decode(from decoder: any Decoder) throws -> Data {
            switch self {
            case .deferredToData:
                return try Data(from: decoder)
            case .base64:
                let container = try decoder.singleValueContainer()
                let string = try container.decode(String.self)
                guard let data = Data(base64Encoded: string) else {
                    throw DecodingError.dataCorruptedError(
                        in: container, debugDescription: "Encountered Data is not valid Base64.")
                }
                return data
            case .custom(let decode):
                return try decode(decoder)
            }
        }
    }

    /// How `Data` is decoded. The default is ``DataDecodingStrategy/base64``, as in `JSONDecoder`.
    public var dataDecodingStrategy: DataDecodingStrategy {
        get { decodingStrategy(for: Data.self) as? DataDecodingStrategy ?? .base64 }
        set {
            if case .base64 = newValue {
                removeDecodingStrategy(for: Data.self)
            } else {
                setDecodingStrategy(newValue)
            }
        }
    }
}

extension NodeEncoder {
    /// How a ``NodeEncoder`` writes `Data`. Set it with ``NodeEncoder/dataEncodingStrategy``.
    public enum DataEncodingStrategy: NodeEncodingStrategy {
        /// `Data`'s own `Encodable`: an array of byte values.
        case deferredToData
        /// A base64 string (RFC 4648, with padding). The default, as in `JSONEncoder`.
        case base64
        /// Your own code, given the encoder positioned where the value goes. Encoding nothing writes `{}`.
        case custom(@Sendable (_ data: Data, _ encoder: any Encoder) throws -> Void)

        public func encode(_ data: Data, to encoder: any Encoder) throws {
            switch self {
            case .deferredToData:
                try data.encode(to: encoder)
            case .base64:
                var container = encoder.singleValueContainer()
                try container.encode(data.base64EncodedString())
            case .custom(let encode):
                try encode(data, encoder)
            }
        }
    }

    /// How `Data` is encoded. The default is ``DataEncodingStrategy/base64``, as in `JSONEncoder`.
    public var dataEncodingStrategy: DataEncodingStrategy {
        get { encodingStrategy(for: Data.self) as? DataEncodingStrategy ?? .base64 }
        set {
            if case .base64 = newValue {
                removeEncodingStrategy(for: Data.self)
            } else {
                setEncodingStrategy(newValue)
            }
        }
    }
}

extension Data: NodeDecodable {
    /// Reads a base64 string (RFC 4648, with padding), as `JSONDecoder` does by default.
    ///
    /// - Throws: `TypeMismatchError` for anything but a string, and for a string that is not base64, with the
    ///   reason "which is not base64".
    public static func decode(_ json: Node) throws -> Data {
        try decodeString(json, as: Data.self, expectation: "base64") { Data(base64Encoded: $0) }
    }
}

extension Data: NodeRepresentable {
    /// A base64 string (RFC 4648, with padding), as `JSONEncoder` writes by default.
    public func makeNode(in context: any Context) throws -> Node {
        .string(base64EncodedString())
    }
}

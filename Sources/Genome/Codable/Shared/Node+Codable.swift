// `Node` is Codable, so a member of any JSON shape can sit in a Codable model, under any decoder or encoder.
//
// Under NodeDecoder and NodeEncoder a node is handed over as it is. Under other coders it is written as the JSON
// value it stands for. Reading one back has to probe, since `Decoder` cannot say what kind of value comes next:
// null, array and object, then bool, then exact integers (`Int64`, `UInt64`, then `Int128` and `UInt128`) before
// `Double`, so that integers stay exact, then string.

extension Node: Decodable {
    /// Decodes whatever value the decoder holds. Under `NodeDecoder` that is the node itself; under another
    /// decoder, such as Foundation's `JSONDecoder`, the value is rebuilt: integers stay exact when the decoder can
    /// decode them as `Int64` or `UInt64`, and object members come in the order of the decoder's `allKeys`
    /// (`JSONDecoder`'s is not the document's order).
    public init(from decoder: any Decoder) throws {
        if let node = decoder.genomeNode {
            self = node
            return
        }
        // Containers first: each failed probe costs the decoder an error with its coding path, which grows with
        // the depth, so a deeply nested document probed scalar-first would take time quadratic in its depth. An
        // array or object fails no probe at all or one.
        let single = try? decoder.singleValueContainer()
        if let single, single.decodeNil() {
            self = .null
            return
        }
        if var container = try? decoder.unkeyedContainer() {
            var elements: [Node] = []
            if let count = container.count { elements.reserveCapacity(count) }
            while !container.isAtEnd {
                elements.append(try container.decode(Node.self))
            }
            self = .array(elements)
            return
        }
        if let container = try? decoder.container(keyedBy: NodeCodingKey.self) {
            var object = Object()
            for key in container.allKeys {
                object[key.stringValue] = try container.decode(Node.self, forKey: key)
            }
            self = .object(object)
            return
        }
        if let container = single {
            if let bool = try? container.decode(Bool.self) {
                self = .bool(bool)
                return
            }
            if let integer = try? container.decode(Int64.self) {
                self = .number(.int(integer))
                return
            }
            if let integer = try? container.decode(UInt64.self) {
                self = .number(.uint(integer))
                return
            }
            if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
                if let integer = try? container.decode(Int128.self) {
                    self = .number(.exact(Node.ExactNumber(integer: integer)))
                    return
                }
                if let integer = try? container.decode(UInt128.self) {
                    self = .number(.exact(Node.ExactNumber(integer: integer)))
                    return
                }
            }
            if let double = try? container.decode(Double.self) {
                self = .number(.double(double))
                return
            }
            if let string = try? container.decode(String.self) {
                self = .string(string)
                return
            }
        }
        throw DecodingError.dataCorrupted(
            DecodingError.Context(
                codingPath: decoder.codingPath,
                debugDescription: "Expected a null, bool, number, string, array or dictionary value."))
    }
}

extension Node: Encodable {
    /// Encodes the node as the JSON value it stands for: members in their order, integers exactly, doubles as
    /// doubles. Under `NodeEncoder` the node is stored as it is.
    public func encode(to encoder: any Encoder) throws {
        if let implementation = encoder as? EncoderImplementation {
            implementation.store(self)
            return
        }
        switch self {
        case .null:
            var container = encoder.singleValueContainer()
            try container.encodeNil()
        case .bool(let bool):
            var container = encoder.singleValueContainer()
            try container.encode(bool)
        case .number(.int(let integer)):
            var container = encoder.singleValueContainer()
            try container.encode(integer)
        case .number(.uint(let integer)):
            var container = encoder.singleValueContainer()
            try container.encode(integer)
        case .number(.double(let double)):
            var container = encoder.singleValueContainer()
            try container.encode(double)
        case .number(.exact(let number)):
            // Other encoders have no type for any number: a 128-bit integer when it is one, else the nearest
            // double (CodableWithGenome.md, "Exact numbers").
            var container = encoder.singleValueContainer()
            if #available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *) {
                if let integer = number.exactly(Int128.self) {
                    try container.encode(integer)
                    return
                }
                if let integer = number.exactly(UInt128.self) {
                    try container.encode(integer)
                    return
                }
            }
            try container.encode(number.doubleValue)
        case .string(let string):
            var container = encoder.singleValueContainer()
            try container.encode(string)
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for element in elements {
                try container.encode(element)
            }
        case .object(let object):
            var container = encoder.container(keyedBy: NodeCodingKey.self)
            for (key, value) in object {
                try container.encode(value, forKey: NodeCodingKey(stringValue: key))
            }
        }
    }
}

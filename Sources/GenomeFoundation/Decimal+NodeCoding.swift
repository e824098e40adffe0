// Decimal under NodeDecoder and NodeEncoder: a JSON number, as JSONDecoder and JSONEncoder read and write it.
// (Decimal's own Codable uses a keyed container of its internal fields.)
//
// A `Node` keeps integers exactly (64 bits, signed or unsigned) and everything else as a `Double`, so a decimal
// reads exactly from an integer, and otherwise from the shortest text that reads back as the same `Double`. That
// text has the literal's digits whenever the literal has at most 15 significant digits, which covers prices,
// rates and measurements. Longer literals (and integers beyond 64 bits) come back rounded to 17 significant
// digits: `0.1234567890123456789` decodes as `0.12345678901234568`.
import Foundation
import Genome

extension Decimal: CustomNodeDecodable {
    /// Decodes a decimal from a number node: exactly from an integer, else from the `Double`'s shortest
    /// round-trip text (see the note at the top of this file).
    public init(nodeDecoder decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard let node = decoder.genomeNode, case .number(let number) = node else {
            // Not a number: let the single value container say so, in Foundation's words.
            self = Decimal(try container.decode(Double.self))
            return
        }
        guard let decimal = Decimal(nodeNumber: number) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "Parsed JSON number <\(number)> does not fit in Decimal.")
        }
        self = decimal
    }
}

extension Decimal: CustomNodeEncodable {
    /// Encodes the decimal as a number: an exact integer when it is integral and fits 64 bits, else the nearest
    /// `Double`, which JSON output writes in its shortest form (`12.34` stays `12.34`).
    public func encode(nodeEncoder encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        guard let number = Node.Number(decimal: self) else {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: "Unable to encode Decimal \(self) in JSON."))
        }
        switch number {
        case .int(let integer): try container.encode(integer)
        case .uint(let integer): try container.encode(integer)
        case .double(let double): try container.encode(double)
        }
    }
}

extension Decimal: NodeDecodable {
    /// Reads a number exactly: an integer as it is, any other number from the shortest text that reads back as
    /// the same `Double`, so `0.1` is exactly `0.1` (see <doc:Foundation>).
    ///
    /// - Throws: `TypeMismatchError` for anything but a number. A string is not read as a number: to accept
    ///   `"12.34"`, use a transform, `map.extract("price") { (text: String) in Decimal(string: text) }`.
    public static func decode(_ json: Node) throws -> Decimal {
        guard case .number(let number) = json else { throw TypeMismatchError(expected: Decimal.self, found: json) }
        guard let decimal = Decimal(nodeNumber: number) else {
            throw TypeMismatchError(expected: Decimal.self, found: json, reason: "which does not fit in Decimal")
        }
        return decimal
    }
}

extension Decimal: NodeRepresentable {
    /// A number: an exact integer when the decimal is integral and fits 64 bits, else the nearest `Double`, which
    /// JSON output writes in its shortest form (`12.34` stays `12.34`). Not-a-number becomes a `Double` NaN, which
    /// `serialized()` rejects, as it rejects `Double.nan`.
    public func makeNode(in context: any Context) throws -> Node {
        .number(Node.Number(decimal: self) ?? .double(.nan))
    }
}

extension Decimal {
    /// The decimal a node's number stands for: exactly an integer, else the `Double`'s shortest round-trip text
    /// (see the note at the top of this file); nil for a non-finite `Double`.
    init?(nodeNumber number: Node.Number) {
        switch number {
        case .int(let integer):
            self = Decimal(integer)
        case .uint(let integer):
            self = Decimal(integer)
        case .double(let double):
            guard double.isFinite, let decimal = Decimal(string: double.description, locale: nil) else { return nil }
            self = decimal
        }
    }
}

extension Node.Number {
    /// The number for a decimal: an exact integer when it is integral and fits 64 bits, else the nearest `Double`;
    /// nil for not-a-number and for a decimal beyond `Double`'s range.
    init?(decimal: Decimal) {
        let text = decimal.description
        if let integer = Int64(text) {
            self = .int(integer)
        } else if let integer = UInt64(text) {
            self = .uint(integer)
        } else if let double = Double(text), double.isFinite {
            self = .double(double)
        } else {
            return nil
        }
    }
}

// Decimal under NodeDecoder and NodeEncoder: a JSON number, as JSONDecoder and JSONEncoder read and write it.
// (Decimal's own Codable uses a keyed container of its internal fields.)
//
// A `Node` keeps integers exactly (64 bits, signed or unsigned), numbers a `Double` keeps as a `Double`, and
// everything else as its exact text (`Node.ExactNumber`). A decimal reads exactly from an integer and from exact
// text; from a `Double` it reads the shortest text that reads back as the same `Double`. That text has the
// literal's digits whenever the literal has at most 15 significant digits; a literal of 16 or 17 significant
// digits may come back as the double's shortest digits. Longer literals are exact numbers, and exact.
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
        case .exact:
            // Only NodeEncoder calls this, and it stores a node as it is: the digits are kept.
            try container.encode(Node.number(number))
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
        case .exact(let exact):
            guard let decimal = Decimal(string: exact.text, locale: nil), decimal.isFinite else { return nil }
            self = decimal
        }
    }
}

extension Node.Number {
    /// The number for a decimal: an integer when it is integral and fits 64 bits, its digits when it is integral
    /// beyond, a `Double` when one holds its digits (its shortest text reads back as the same decimal), else the
    /// decimal's exact text; nil for not-a-number.
    init?(decimal: Decimal) {
        guard decimal.isFinite else { return nil }
        let text = decimal.description
        if let integer = Int64(text) {
            self = .int(integer)
        } else if let integer = UInt64(text) {
            self = .uint(integer)
        } else if !text.contains("."), let exact = Node.ExactNumber(text) {
            // An integer beyond 64 bits: its digits, as JSONEncoder writes them.
            self = .exact(exact)
        } else if let double = Double(text), double.isFinite,
            Decimal(string: double.description, locale: nil) == decimal
        {
            self = .double(double)
        } else if let exact = Node.ExactNumber(text) {
            self = .exact(exact)
        } else {
            return nil
        }
    }
}

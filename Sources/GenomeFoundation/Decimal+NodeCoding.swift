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
        switch number {
        case .int(let integer):
            self = Decimal(integer)
        case .uint(let integer):
            self = Decimal(integer)
        case .double(let double):
            guard double.isFinite, let decimal = Decimal(string: double.description, locale: nil) else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "Parsed JSON number <\(double)> does not fit in Decimal.")
            }
            self = decimal
        }
    }
}

extension Decimal: CustomNodeEncodable {
    /// Encodes the decimal as a number: an exact integer when it is integral and fits 64 bits, else the nearest
    /// `Double`, which JSON output writes in its shortest form (`12.34` stays `12.34`).
    public func encode(nodeEncoder encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        let text = description
        if let integer = Int64(text) {
            try container.encode(integer)
        } else if let integer = UInt64(text) {
            try container.encode(integer)
        } else if let double = Double(text), double.isFinite {
            try container.encode(double)
        } else {
            throw EncodingError.invalidValue(
                self,
                EncodingError.Context(
                    codingPath: encoder.codingPath, debugDescription: "Unable to encode Decimal \(text) in JSON."))
        }
    }
}

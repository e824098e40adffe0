// Foundation's `Data` at the edge of Genome: the core reads any `Collection<UInt8>` already, so `Data` input
// needs nothing; these add the way back out, and JSONDecoder's spelling for reading it.
import Foundation
@_exported import Genome

extension Node {
    /// The node as compact (or, with options, pretty or sorted) JSON in a `Data`.
    ///
    /// - Throws: ``JSONWritingError`` for a non-finite number.
    public func serializedData(_ options: WritingOptions = []) throws(JSONWritingError) -> Data {
        Data(try serializedBytes(options))
    }
}

extension NodeEncoder {
    /// Encodes `value` as UTF-8 JSON in a `Data`: the counterpart of `JSONEncoder().encode(value)`.
    ///
    /// ```swift
    /// let data = try NodeEncoder().encodeJSONData(user)
    /// let back = try NodeDecoder().decode(User.self, fromJSON: data)
    /// ```
    ///
    /// - Throws: as ``NodeEncoder/encodeJSON(_:options:)``.
    public func encodeJSONData<T: Encodable>(_ value: T, options: Node.WritingOptions = []) throws -> Data {
        Data(try encodeJSON(value, options: options))
    }
}

extension NodeDecoder {
    /// Decodes a value of `type` from JSON in a `Data`: `JSONDecoder`'s spelling, so that replacing
    /// `JSONDecoder()` with `NodeDecoder()` is the whole change (DESIGN.md, "Drop-in spelling").
    ///
    /// ```swift
    /// let user = try NodeDecoder().decode(User.self, from: data)
    /// ```
    ///
    /// - Throws: as ``NodeDecoder/decode(_:fromJSON:)-(_,Collection<UInt8>)``.
    public func decode<T: Decodable>(_ type: T.Type = T.self, from data: Data) throws -> T {
        try decode(type, fromJSON: data)
    }
}

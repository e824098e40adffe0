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
    /// Encodes `value` as UTF-8 JSON in a `Data`, laid out as `options` and ``NodeEncoder/outputFormatting``
    /// together say: the counterpart of `JSONEncoder().encode(value)`, also spelled `encode(_:)` where a `Data` is
    /// wanted.
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

    /// Encodes `value` as UTF-8 JSON in a `Data`, laid out as ``NodeEncoder/outputFormatting`` says: the
    /// `JSONEncoder` spelling, for where a `Data` is wanted.
    ///
    /// ```swift
    /// var request = URLRequest(url: URL(string: "https://example.com/users")!)
    /// request.httpBody = try NodeEncoder().encode(user)
    /// let data: Data = try NodeEncoder().encode(user)
    /// ```
    ///
    /// Where nothing asks for a `Data`, `encode(_:)` gives a ``Node``, as it does without
    /// GenomeFoundation: `let node = try NodeEncoder().encode(user)` keeps its meaning. Say `Data`, or call
    /// ``NodeEncoder/encodeJSONData(_:options:)``, to get bytes.
    ///
    /// - Throws: as ``NodeEncoder/encodeJSON(_:options:)``.
    @_disfavoredOverload
    public func encode<T: Encodable>(_ value: T) throws -> Data {
        try encodeJSONData(value)
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

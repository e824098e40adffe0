// Foundation's `Data` at the edge of Genome: the core reads any `Collection<UInt8>` already, so `Data` input
// needs nothing; these add the way back out.
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

import Foundation

/// One corpus document, held in the input type each library takes most naturally.
public struct CorpusFile: Sendable {
    /// The file name, e.g. `twitter.json`.
    public let name: String
    /// The input for Genome, which parses any `Collection<UInt8>`; an array is the common case.
    public let bytes: [UInt8]
    /// The input for `JSONSerialization`, which only takes `Data`.
    public let data: Data

    /// The size of the document in bytes: the numerator of every MB/s figure, for both libraries and both
    /// operations, so that MB/s ratios are time ratios.
    public var size: Int { bytes.count }

    init(name: String, data: Data) {
        self.name = name
        self.data = data
        self.bytes = [UInt8](data)
    }
}

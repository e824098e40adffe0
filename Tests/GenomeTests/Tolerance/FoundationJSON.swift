import Foundation

/// What Foundation's `JSONEncoder` writes for `value`, keys sorted: the wrappers' tests check that they write the
/// same under Foundation's encoder as under Genome's.
func sortedJSON(_ value: some Encodable) throws -> String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    return String(decoding: try encoder.encode(value), as: UTF8.self)
}

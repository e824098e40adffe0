// What URL, UUID and Data share in Genome's own protocols: a string node, parsed by Foundation.
import Genome

/// The `T` that `parse` makes of the string `json` holds.
///
/// - Throws: `TypeMismatchError` when `json` is not a string, and when `parse` returns nil, with the reason
///   "which is not" `expectation`: `expected UUID but found a string: "E621E1F8", which is not a UUID`.
func decodeString<T>(_ json: Node, as type: T.Type, expectation: String, _ parse: (String) -> T?) throws -> T {
    guard case .string(let string) = json else { throw TypeMismatchError(expected: T.self, found: json) }
    guard let value = parse(string) else {
        throw TypeMismatchError(expected: T.self, found: json, reason: "which is not \(expectation)")
    }
    return value
}

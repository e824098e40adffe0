// expected-error: 'decode' is unavailable: the type to decode must conform to NodeDecodable or Decodable (String, Int, Bool, Node, [T], [String: T] and T? do)
// A type that is neither NodeDecodable nor Decodable (a forgotten conformance): `decode(_:)` must not fall back on
// `decode(_:asOneOf:)` with no candidates, which would fail at run time with "expected one of  but found…".
import Genome

struct User { var name: String }

func load(_ json: Node) throws -> User {
    try json.decode("user")
}

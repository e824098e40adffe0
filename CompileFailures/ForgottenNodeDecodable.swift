// expected-error: no exact matches in call to instance method 'decode'
// A type that is not NodeDecodable (a forgotten conformance): `decode(_:)` must not fall back on
// `decode(_:asOneOf:)` with no candidates, which would fail at run time with "expected one of  but found…".
import Genome

struct User { var name: String }

func load(_ json: Node) throws -> User {
    try json.decode("user")
}

// expected-error: 'decode' is unavailable: the type to decode must conform to NodeDecodable or Decodable (String, Int, Bool, Node, [T], [String: T] and T? do)
// A collection of a type that is neither NodeDecodable nor Decodable is neither too. (`[Int: String]` used to be
// refused here; it is Decodable, and decodes from string keys as JSONDecoder decodes it.)
import Genome

struct User { var name: String }

func users(_ json: Node) throws -> [String: User] {
    try json.decode("users")
}

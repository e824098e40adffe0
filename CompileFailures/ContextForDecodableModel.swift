// expected-error: 'decode(path:as:in:)' is unavailable: the type to decode must conform to NodeDecodable or Decodable (String, Int, Bool, Node, [T], [String: T] and T? do); only a NodeDecodable type takes a context
// A context reaches NodeDecodable models only: a Decodable one given a context must not compile as if it took it.
import Genome

struct User: Decodable { var name: String }
struct Database: Context {}

func user(_ json: Node) throws -> User {
    try json.decode(path: ["user"], in: Database())
}

// expected-error: 'decode' is unavailable: the type to decode must conform to NodeDecodable or Decodable (String, Int, Bool, Node, [T], [String: T] and T? do)
// `Character` is neither NodeDecodable nor Decodable: a compile error, not an empty list of candidates.
import Genome

func initial(_ json: Node) throws -> Character {
    try json.decode("initial")
}

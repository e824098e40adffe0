// expected-error: cannot convert return expression of type 'Node' to return type 'Character'
// `Character` is not NodeDecodable: a compile error, not an empty list of candidates.
import Genome

func initial(_ json: Node) throws -> Character {
    try json.decode("initial")
}

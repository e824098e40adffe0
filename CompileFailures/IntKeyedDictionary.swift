// expected-error: 'decode' is unavailable: the type to decode must conform to NodeDecodable (String, Int, Bool, Node, [T], [String: T] and T? do)
// `[Int: String]` is not NodeDecodable (JSON keys are strings).
import Genome

func names(_ json: Node) throws -> [Int: String] {
    try json.decode("names")
}

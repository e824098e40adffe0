// expected-error: no exact matches in call to instance method 'decode'
// `[Int: String]` is not NodeDecodable (JSON keys are strings).
import Genome

func names(_ json: Node) throws -> [Int: String] {
    try json.decode("names")
}

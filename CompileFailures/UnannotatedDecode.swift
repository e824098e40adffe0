// expected-error: 'decode' is unavailable: add the type to decode: 'let name: String = try json.decode("name")'
// `decode` with nowhere to learn its type from (issue 12). The compiler used to say "static member 'decode'
// cannot be used on instance of type 'Node'".
import Genome

func greet(_ json: Node) throws -> String {
    let name = try json.decode("name")
    return "Hello, \(name)"
}

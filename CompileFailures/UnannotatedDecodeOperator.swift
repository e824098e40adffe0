// expected-error: '=>' is unavailable: add the type to decode: 'let name: String = try json => "name"'
// `=>` with nowhere to learn its type from. The compiler used to say "cannot convert value of type 'Node' to
// expected argument type 'NodePath'".
import GenomeOperators

func greet(_ json: Node) throws -> String {
    let name = try json => "name"
    return "Hello, \(name)"
}

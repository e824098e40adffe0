// expected-error: 'extract' is unavailable: add the type to extract: 'let name: String = try map.extract("name")'
// `extract` with nowhere to learn its type from. The compiler used to fail to produce a diagnostic at all.
import Genome

func title(_ map: Map) throws -> String {
    let title = try map.extract("title")
    return "\(title)"
}

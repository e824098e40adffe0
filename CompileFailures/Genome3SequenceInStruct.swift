// expected-error: unavailable static property '_genome3SequenceSpelling' was used to satisfy a requirement of protocol 'MappableBase': sequence(map:) is Genome 3's spelling, and Genome never calls it: rename it to sequence(_ map: Map)
// Genome 3's `sequence(map:)` in a struct (issue 12): it used to compile, Genome ran the default `sequence(_:)`,
// and `makeNode()` returned `{}`.
import GenomeOperators

struct Pet: MappableObject {
    let name: String
    init(map: Map) throws { name = try map.extract("name") }
    func sequence(map: Map) throws { try name ~> map["name"] }
}

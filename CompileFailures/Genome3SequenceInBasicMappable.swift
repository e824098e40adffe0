// expected-error: unavailable static property '_genome3SequenceSpelling' was used to satisfy a requirement of protocol 'MappableBase': sequence(map:) is Genome 3's spelling, and Genome never calls it: rename it to sequence(_ map: Map)
// Genome 3's `mutating func sequence(map:)` in a BasicMappable (issue 12).
import GenomeOperators

struct Photo: BasicMappable {
    var title = ""
    init() {}
    mutating func sequence(map: Map) throws { try title <~> map["title"] }
}

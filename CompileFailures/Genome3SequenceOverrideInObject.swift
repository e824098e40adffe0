// expected-error: instance method overrides a 'final' instance method
// Genome 3's `sequence(map:)` in an Object subclass, with `override` (issue 12). The error's note shows
// Object's final `sequence(map:)`, whose attribute says "rename it to sequence(_ map: Map)".
import GenomeOperators

class Animal: Object {
    var name = ""
    override func sequence(map: Map) throws { try name <~> map["name"] }
}

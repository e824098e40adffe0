// expected-error: instance method overrides a 'final' instance method
// Genome 3's `sequence(map:)` in an Object subclass, without `override` (issue 12): an unavailable method in
// Object would let this one through as a new method; a final one does not.
import GenomeOperators

class Animal: Object {
    var name = ""
    func sequence(map: Map) throws { try name <~> map["name"] }
}

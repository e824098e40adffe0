import Genome
import Testing

/// Genome 3's `sequence(map:)` is a compile error (see CompileFailures/Genome3Sequence*.swift). What is left at run
/// time is `Object.sequence(map:)` called on `super`, as a Genome 3 subclass may: it is deprecated, and throws.
@Suite struct Genome3SpellingTests {
    class Animal: Object {
        var name = ""
        // Deprecated itself, so the deprecated call inside compiles without a warning.
        @available(*, deprecated)
        override func sequence(_ map: Map) throws {
            try super.sequence(map: map)
            try map["name"].bind(&name)
        }
    }

    @Test func callingObjectsSequenceMapThrows() {
        let error = #expect(throws: (any Error).self) { _ = try Animal(node: ["name": "Rex"]) }
        #expect(
            "\(error.map { "\($0)" } ?? "")"
                == "Animal.sequence(map:) was called: it is Genome 3's spelling of sequence(_:), which Genome 4 never "
                + "calls; call super.sequence(map) instead")
    }
}

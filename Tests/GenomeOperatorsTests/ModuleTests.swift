import GenomeOperators
import Testing

// The operators themselves arrive with the Decodable-style core and the Map API; until then this checks that
// importing GenomeOperators alone gives a user all of Genome.
@Suite struct GenomeOperatorsModuleTests {
    @Test func importingGenomeOperatorsAloneExposesGenome() throws {
        let node = try Node(json: #"{"name": "Rover"}"#)
        #expect(node["name"]?.string == "Rover")
    }
}

import Genome
import Testing

@Suite struct MapExtractTests {
    let map = Map(node: household)

    @Test func extractsScalars() throws {
        let count: Int = try map.extract("count")
        let label: String = try map.extract("label")
        let ratio: Double = try map.extract("ratio")
        #expect(count == 4 && label == "the household" && ratio == 0.75)
    }

    @Test func extractsAModel() throws {
        let person: Person = try map.extract("person")
        #expect(person == ada)
    }

    @Test func extractsAnArrayOfModels() throws {
        let people: [Person] = try map.extract("people")
        #expect(people == [ada, alan, grace, edsger])
    }

    @Test func extractsASetOfModelsCollapsingDuplicates() throws {
        let people: Set<Person> = try map.extract("duplicated_people")
        #expect(people == [ada, alan, grace])
        let all: [Person] = try map.extract("duplicated_people")
        #expect(all.count == 5)
    }

    @Test func extractsADictionaryOfModels() throws {
        let relationships: [String: Person] = try map.extract("relationships")
        #expect(relationships == ["best_friend": grace, "mentor": alan])
    }

    @Test func extractsADictionaryOfArraysOfModels() throws {
        let groups: [String: [Person]] = try map.extract("groups")
        #expect(groups == ["scientists": [ada, alan], "admirals": [grace]])
    }

    @Test func extractsAnArrayOfArraysOfModels() throws {
        let groups: [[Person]] = try map.extract("ordered_groups")
        #expect(groups == [[ada, alan], [grace], []])
    }

    @Test func extractsAlongANestedPath() throws {
        let first: String = try map.extract("relationships", "mentor", "first_name")
        let indexed: String = try map.extract("people", 3, "last_name")
        #expect(first == "Alan")
        #expect(indexed == "Dijkstra")
    }

    @Test func keysWithDotsAreLiteralUnlessSplitExplicitly() throws {
        let dotted = Map(node: ["a.b": 1, "a": ["b": 2]])
        let literal: Int = try dotted.extract("a.b")
        let split: Int = try dotted[dotted: "a.b"].extract()
        #expect(literal == 1)
        #expect(split == 2)
    }

    @Test func anOptionalIsNilWhenMissingOrNull() throws {
        let missing: Person? = try map.extract("missing_person")
        let null: Person? = try map.extract("nothing")
        let deepMissing: String? = try map.extract("person", "middle_name")
        #expect(missing == nil && null == nil && deepMissing == nil)
    }

    @Test func anOptionalOfTheWrongTypeStillThrows() {
        let error = #expect(throws: TypeMismatchError.self) { let _: String? = try map.extract("count") }
        #expect(error?.formattedPath == "count")
    }

    @Test func aValueOfTheWrongTypeThrowsWithItsPath() {
        let error = #expect(throws: TypeMismatchError.self) { let _: Person = try map.extract("wrong_person") }
        #expect(error?.formattedPath == "wrong_person.first_name")
        #expect(error?.expectedType == "String")
        #expect(error?.rootObject == household)
    }

    @Test func aMissingValueThrowsWithItsPath() {
        let error = #expect(throws: MissingKeyError.self) { let _: Person = try map.extract("missing_person") }
        #expect(error?.key == "missing_person")
        #expect(error?.formattedPath == "")
        #expect(error?.rootObject == household)
    }

    @Test func anErrorInsideACollectionCarriesTheIndexAndKey() {
        let broken = Map(node: ["groups": ["scientists": [personNode(ada), ["first_name": "Alan"]]]])
        let error = #expect(throws: MissingKeyError.self) { let _: [String: [Person]] = try broken.extract("groups") }
        #expect(error?.formattedPath == "groups.scientists[1]")
        #expect(error?.key == "last_name")
    }

    @Test func extractWithATransform() throws {
        let upper: String = try map.extract("label") { (label: String) in label.uppercased() }
        let initials: [String] = try map.extract("people") { (people: [Person]) in
            people.map { String($0.firstName.prefix(1)) }
        }
        #expect(upper == "THE HOUSEHOLD")
        #expect(initials == ["A", "A", "G", "E"])
    }

    @Test func extractWithATransformIntoAnOptionalSkipsMissingValues() throws {
        var called = false
        let value: String? = try map.extract("missing") { (raw: String) -> String? in
            called = true
            return raw
        }
        #expect(value == nil)
        #expect(called == false)
    }

    @Test func errorsThrownByATransformPassThroughAndGenomeErrorsGainThePath() {
        struct Rejected: Error, Equatable {}
        #expect(throws: Rejected()) {
            let _: String = try map.extract("label") { (_: String) -> String in throw Rejected() }
        }
        let error = #expect(throws: TypeMismatchError.self) {
            let _: Int = try map.extract("label") { (raw: String) -> Int in
                guard let value = Int(raw) else { throw TypeMismatchError(expected: Int.self, found: .string(raw)) }
                return value
            }
        }
        #expect(error?.formattedPath == "label")
    }
}

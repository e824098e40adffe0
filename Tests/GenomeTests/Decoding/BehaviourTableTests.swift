import Genome
import Testing

// One test per row and column of the behaviour table, in the operator-free spelling.
@Suite struct BehaviourTableTests {
    let json: Node = ["value": "text", "null": nil, "number": 3, "owner": ["id": 1]]

    // decode -> T

    @Test func decodeToNonOptionalThrowsOnNull() {
        #expect(throws: TypeMismatchError.self) { let _: String = try json.decode("null") }
    }

    @Test func decodeToNonOptionalThrowsOnMissingKey() {
        #expect(throws: MissingKeyError.self) { let _: String = try json.decode("missing") }
    }

    @Test func decodeToNonOptionalThrowsOnTypeMismatch() {
        #expect(throws: TypeMismatchError.self) { let _: String = try json.decode("number") }
    }

    @Test func decodeToNonOptionalThrowsOnAnErrorInsideASubObject() {
        #expect(throws: MissingKeyError.self) { let _: Owner = try json.decode("owner") }
    }

    // decode -> T?

    @Test func decodeToOptionalGivesNilOnNull() throws {
        let value: String? = try json.decode("null")
        #expect(value == nil)
    }

    @Test func decodeToOptionalThrowsOnMissingKey() {
        #expect(throws: MissingKeyError.self) { let _: String? = try json.decode("missing") }
    }

    @Test func decodeToOptionalThrowsOnTypeMismatch() {
        #expect(throws: TypeMismatchError.self) { let _: String? = try json.decode("number") }
    }

    @Test func decodeToOptionalThrowsOnAnErrorInsideASubObject() {
        #expect(throws: MissingKeyError.self) { let _: Owner? = try json.decode("owner") }
    }

    // decodeIfPresent -> T?

    @Test func decodeIfPresentGivesNilOnNull() throws {
        let value: String? = try json.decodeIfPresent("null")
        #expect(value == nil)
    }

    @Test func decodeIfPresentGivesNilOnMissingKey() throws {
        let value: String? = try json.decodeIfPresent("missing")
        #expect(value == nil)
    }

    @Test func decodeIfPresentThrowsOnTypeMismatch() {
        #expect(throws: TypeMismatchError.self) { let _: String? = try json.decodeIfPresent("number") }
    }

    @Test func decodeIfPresentThrowsOnAnErrorInsideASubObject() {
        #expect(throws: MissingKeyError.self) { let _: Owner? = try json.decodeIfPresent("owner") }
    }

    @Test func decodeIfPresentDecodesAPresentValue() throws {
        let value: String? = try json.decodeIfPresent("value")
        #expect(value == "text")
    }

    // try? around any of them

    @Test func tryQuestionMarkGivesNilForEveryFailure() {
        let null: String? = try? json.decode("null") as String
        let missing: String? = try? json.decode("missing") as String
        let mismatch: String? = try? json.decode("number") as String
        let inside: Owner? = try? json.decode("owner") as Owner
        #expect(null == nil)
        #expect(missing == nil)
        #expect(mismatch == nil)
        #expect(inside == nil)
    }

    // Along a path

    @Test func decodeThrowsForAMissingStepPartwayAlongAPath() {
        let error = #expect(throws: MissingKeyError.self) { let _: String? = try json.decode("absent", "name") }
        #expect(error?.key == "absent")
        #expect(error?.path == [])
    }

    @Test func decodeThrowsForANullStepPartwayAlongAPathEvenIntoAnOptional() {
        let error = #expect(throws: TypeMismatchError.self) { let _: String? = try json.decode("null", "name") }
        #expect(error?.formattedPath == "null")
        #expect(error?.expectedType == "an object")
    }

    @Test func decodeIfPresentGivesNilForAMissingOrNullStepPartwayAlongAPath() throws {
        let missing: String? = try json.decodeIfPresent("absent", "name")
        let null: String? = try json.decodeIfPresent("null", "name")
        #expect(missing == nil)
        #expect(null == nil)
    }

    @Test func decodeIfPresentThrowsForAStepIntoAScalar() {
        let error = #expect(throws: TypeMismatchError.self) {
            let _: String? = try json.decodeIfPresent("value", "name")
        }
        #expect(error?.formattedPath == "value")
    }

    @Test func decodeWithNoPathDecodesTheNodeItself() throws {
        let owner: Owner = try Node(["id": 5, "login": "x"]).decode()
        #expect(owner == Owner(id: 5, login: "x"))
    }

    @Test func decodeAlongIndices() throws {
        let list: Node = ["items": [["id": 7, "login": "first"]]]
        let login: String = try list.decode("items", 0, "login")
        #expect(login == "first")
        let error = #expect(throws: MissingKeyError.self) { let _: Int = try list.decode("items", 3, "id") }
        #expect(error?.key == "[3]")
        #expect(error?.formattedPath == "items")
    }
}

import GenomeOperators
import Testing

// Operators are checked at use sites in a module of their own: an operator that compiles inside
// GenomeOperators can still fail to parse or type-check in a user's module.

private struct Owner: NodeDecodable, Equatable {
    let id: Int
    let login: String

    static func decode(_ json: Node) throws -> Owner {
        try Owner(id: json => "id", login: json => "login")
    }
}

@Suite struct DecodingOperatorTests {
    let json: Node = [
        "name": "Rover", "nickname": nil, "age": 3,
        "object": ["repo": ["owner": ["id": 1, "login": "anviking"]]],
        "owners": [["id": 1, "login": "a"], ["id": 2, "login": "b"]],
    ]

    @Test func arrowDecodesAValue() throws {
        let name: String = try json => "name"
        #expect(name == "Rover")
    }

    @Test func arrowChainsAlongAPath() throws {
        let login: String = try json => "object" => "repo" => "owner" => "login"
        #expect(login == "anviking")
        let second: String = try json => "owners" => 1 => "login"
        #expect(second == "b")
    }

    @Test func arrowParsesWithAsForTheResultType() throws {
        let age = try json => "age" as Int
        #expect(age == 3)
    }

    @Test func arrowDecodesModelsAndCollections() throws {
        let owner: Owner = try json => "object" => "repo" => "owner"
        let owners: [Owner] = try json => "owners"
        #expect(owner == Owner(id: 1, login: "anviking"))
        #expect(owners.map(\.login) == ["a", "b"])
    }

    @Test func arrowWithVariablesForKeysAndIndices() throws {
        let key = "owners"
        let index = 0
        let login: String = try json => NodePath(key) => NodePath(index) => "login"
        #expect(login == "a")
    }

    // The behaviour table, row by row, in the operator spelling.

    @Test func arrowToNonOptionalThrowsOnNull() {
        #expect(throws: TypeMismatchError.self) { let _: String = try json => "nickname" }
    }

    @Test func arrowToNonOptionalThrowsOnMissingKey() {
        #expect(throws: MissingKeyError.self) { let _: String = try json => "missing" }
    }

    @Test func arrowToNonOptionalThrowsOnTypeMismatch() {
        #expect(throws: TypeMismatchError.self) { let _: String = try json => "age" }
    }

    @Test func arrowToOptionalGivesNilOnNull() throws {
        let nickname: String? = try json => "nickname"
        #expect(nickname == nil)
    }

    @Test func arrowToOptionalThrowsOnMissingKey() {
        #expect(throws: MissingKeyError.self) { let _: String? = try json => "missing" }
    }

    @Test func arrowToOptionalThrowsOnTypeMismatch() {
        #expect(throws: TypeMismatchError.self) { let _: String? = try json => "age" }
    }

    @Test func optionalArrowGivesNilOnNullAndMissingKey() throws {
        let nickname: String? = try json =>? "nickname"
        let missing: String? = try json =>? "missing"
        let deepMissing: String? = try json =>? "object" =>? "nothing" =>? "here"
        #expect(nickname == nil)
        #expect(missing == nil)
        #expect(deepMissing == nil)
    }

    @Test func optionalArrowThrowsOnTypeMismatch() {
        #expect(throws: TypeMismatchError.self) { let _: String? = try json =>? "age" }
    }

    @Test func errorsInsideSubObjectsThrowThroughBothArrows() {
        let broken: Node = ["owner": ["id": 1]]
        #expect(throws: MissingKeyError.self) { let _: Owner = try broken => "owner" }
        #expect(throws: MissingKeyError.self) { let _: Owner? = try broken =>? "owner" }
    }

    @Test func tryQuestionMarkTurnsEveryFailureIntoNil() {
        let null: String? = try? json => "nickname"
        let missing: String? = try? json => "missing"
        let mismatch: String? = try? json => "age"
        #expect(null == nil && missing == nil && mismatch == nil)
    }

    @Test func arrowErrorsCarryTheFullPath() {
        do {
            let _: String = try json => "object" => "repo" => "owner" => "name"
            Issue.record("expected an error")
        } catch let error as MissingKeyError {
            #expect(error.formattedPath == "object.repo.owner")
            #expect(error.key == "name")
            #expect(error.rootObject == json)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

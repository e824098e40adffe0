import Genome
import Testing

// `Decodable` models in the static-decode API: every spelling that decodes a `NodeDecodable` decodes a type that
// is only `Decodable`, with the behaviour table and Genome's errors, paths from the root included.

private struct User: Codable, Equatable {
    let id: Int
    let login: String
}

private enum Role: String, Codable {
    case admin, member
}

private struct Member: Codable, Equatable {
    let login: String
    let role: Role
}

/// Decoded by hand from an unkeyed container: `[x, y]`.
private struct Point: Decodable, Equatable {
    let x: Double
    let y: Double
    init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        x = try container.decode(Double.self)
        y = try container.decode(Double.self)
    }
}

/// A `NodeDecodable` model with a `Decodable` one inside.
private struct Project: NodeDecodable {
    let name: String
    let owner: User
    static func decode(_ json: Node) throws -> Project {
        try Project(name: json.decode("name"), owner: json.decode("owner"))
    }
}

/// Both at once, each conformance leaving its mark: the static API must take `decode(_:)`.
private struct Both: NodeDecodable, Decodable, Equatable {
    let via: String
    init(via: String) { self.via = via }
    init(from decoder: any Decoder) throws { via = "Decodable" }
    static func decode(_ json: Node) throws -> Both { Both(via: "NodeDecodable") }
}

private struct OwnError: Error {}

private struct Validated: Decodable {
    init(from decoder: any Decoder) throws { throw OwnError() }
}

@Suite struct DecodableModelTests {
    let json: Node = [
        "owner": ["id": 1, "login": "anviking"],
        "nobody": nil,
        "number": 3,
        "repos": [
            ["name": "Genome", "owner": ["id": 1, "login": "anviking"]],
            ["name": "Decodable", "owner": ["id": 2]],
        ],
        "owners": [["id": 1, "login": "a"], ["id": 2, "login": "b"]],
        "nested": [[["id": 1, "login": "a"], ["id": 2, "login": "b"]], []],
        "users": ["a": ["id": 1, "login": "a"], "b": ["id": 2, "login": "b"]],
        "maybe": [["id": 1, "login": "a"], nil],
        "badOwner": ["id": 1, "login": 7],
        "member": ["login": "a", "role": "root"],
        "point": [1.5],
        "both": ["via": "json"],
    ]

    // Every spelling

    @Test func decodeAtAKeyDecodesACodableModel() throws {
        let owner: User = try json.decode("owner")
        #expect(owner == User(id: 1, login: "anviking"))
    }

    @Test func decodeAlongAVariadicPathDecodesACodableModel() throws {
        let owner: User = try json.decode("repos", 0, "owner")
        #expect(owner == User(id: 1, login: "anviking"))
    }

    @Test func decodeAlongAKeyPathDecodesACodableModel() throws {
        let owner = try json.decode(path: ["repos", 0, "owner"], as: User.self)
        #expect(owner == User(id: 1, login: "anviking"))
        let inferred: User = try json.decode(path: ["owner"])
        #expect(inferred == owner)
    }

    @Test func decodeAtAPointerDecodesACodableModel() throws {
        let owner: User = try json.decode(at: JSONPointer("/repos/0/owner"))
        #expect(owner == User(id: 1, login: "anviking"))
        let missing: User? = try json.decodeIfPresent(at: JSONPointer("/repos/5/owner"))
        #expect(missing == nil)
    }

    @Test func parseWithATypeDecodesACodableModel() throws {
        let owner = try parse(json: json, path: ["repos", 0, "owner"], as: User.self)
        #expect(owner == User(id: 1, login: "anviking"))
        let inferred: User = try parse(json: json, path: ["owner"])
        #expect(inferred == owner)
    }

    @Test func parseWithATypeDecodesANodeDecodableModelToo() throws {
        let repository = try parse(json: json, path: ["repos", 0], as: Project.self)
        #expect(repository.name == "Genome")
    }

    @Test func aNodeDecodableModelDecodesACodableOneInside() throws {
        let repository: Project = try json.decode("repos", 0)
        #expect(repository.owner == User(id: 1, login: "anviking"))
    }

    // The behaviour table

    @Test func decodeToNonOptionalThrowsOnNull() {
        let error = #expect(throws: TypeMismatchError.self) { let _: User = try json.decode("nobody") }
        #expect(error?.formattedPath == "nobody")
        #expect(error?.expectedType == "User")
        #expect(error?.object == .null)
    }

    @Test func decodeToNonOptionalThrowsOnMissingKey() {
        let error = #expect(throws: MissingKeyError.self) { let _: User = try json.decode("missing") }
        #expect(error?.key == "missing")
    }

    @Test func decodeToNonOptionalThrowsOnTypeMismatch() {
        let error = #expect(throws: TypeMismatchError.self) { let _: User = try json.decode("number") }
        #expect(error?.description == "TypeMismatchError at number: expected User but found a number: 3")
    }

    @Test func decodeToOptionalGivesNilOnNull() throws {
        let owner: User? = try json.decode("nobody")
        #expect(owner == nil)
    }

    @Test func decodeToOptionalThrowsOnMissingKey() {
        #expect(throws: MissingKeyError.self) { let _: User? = try json.decode("missing") }
    }

    @Test func decodeIfPresentGivesNilOnNullAndMissingKey() throws {
        let null: User? = try json.decodeIfPresent("nobody")
        let missing: User? = try json.decodeIfPresent("missing")
        let alongPath: User? = try json.decodeIfPresent("nobody", "owner")
        #expect(null == nil && missing == nil && alongPath == nil)
        let present: User? = try json.decodeIfPresent("owner")
        #expect(present == User(id: 1, login: "anviking"))
    }

    @Test func decodeIfPresentThrowsOnTypeMismatch() {
        #expect(throws: TypeMismatchError.self) { let _: User? = try json.decodeIfPresent("number") }
        #expect(throws: TypeMismatchError.self) { let _: User? = try json.decodeIfPresent(path: ["number"]) }
    }

    @Test func tryQuestionMarkGivesNilOnAnErrorInside() {
        let owner: User? = try? json.decode("badOwner")
        #expect(owner == nil)
    }

    // Collections of Codable models

    @Test func arraysDictionariesAndOptionalElementsOfCodableModelsDecode() throws {
        let owners: [User] = try json.decode("owners")
        #expect(owners == [User(id: 1, login: "a"), User(id: 2, login: "b")])
        let users: [String: User] = try json.decode("users")
        #expect(users == ["a": User(id: 1, login: "a"), "b": User(id: 2, login: "b")])
        let maybe: [User?] = try json.decode("maybe")
        #expect(maybe == [User(id: 1, login: "a"), nil])
        let nested: [[User]] = try json.decode(path: ["nested"])
        #expect(nested.map(\.count) == [2, 0])
    }

    @Test func aNullInAnArrayOfCodableModelsIsAMismatchAtItsIndex() {
        let error = #expect(throws: TypeMismatchError.self) { let _: [User] = try json.decode("maybe") }
        #expect(error?.formattedPath == "maybe[1]")
        #expect(error?.object == .null)
    }

    // Errors: Genome's, with the path from the root

    @Test func aMissingKeyInsideACodableModelNamesTheWholePath() {
        let error = #expect(throws: MissingKeyError.self) { let _: [Project] = try json.decode("repos") }
        #expect(error?.formattedPath == "repos[1].owner")
        #expect(error?.key == "login")
        #expect(error?.object == ["id": 2])
        #expect(error?.rootObject == json)
        #expect(error?.description == #"MissingKeyError at repos[1].owner: no key "login" in {"id":2}"#)
    }

    @Test func aTypeMismatchInsideACodableModelNamesTheWholePath() {
        let error = #expect(throws: TypeMismatchError.self) { let _: User = try json.decode("badOwner") }
        #expect(error?.formattedPath == "badOwner.login")
        #expect(error?.expectedType == "String")
        #expect(error?.object == 7)
        #expect(error?.rootObject == json)
        let atPointer = #expect(throws: TypeMismatchError.self) {
            let _: User = try json.decode(at: JSONPointer("/badOwner"))
        }
        #expect(atPointer?.formattedPath == "badOwner.login")
    }

    @Test func aNestedContainerOfTheWrongKindIsExpectedAsAnObject() {
        let groups: Node = ["groups": ["admins": ["root": 0]]]
        let error = #expect(throws: TypeMismatchError.self) {
            let _: [String: [String: User]] = try groups.decode("groups")
        }
        #expect(error?.formattedPath == "groups.admins.root")
        #expect(error?.expectedType == "an object")
    }

    @Test func readingPastTheEndOfAnArrayIsAMissingIndex() {
        let error = #expect(throws: MissingKeyError.self) { let _: Point = try json.decode("point") }
        #expect(error?.formattedPath == "point")
        #expect(error?.missing == .index(1))
    }

    @Test func aFailureWithoutAGenomeCounterpartStaysADecodingErrorWithThePathFromTheRoot() throws {
        do {
            let _: Member = try json.decode("member")
            Issue.record("decoded an unknown role")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["member", "role"])
        }
    }

    @Test func aModelsOwnErrorPassesThroughUnchanged() {
        #expect(throws: OwnError.self) { let _: Validated = try json.decode("owner") }
    }

    @Test func aDecodingErrorFromInsideANodeDecodableModelGainsItsPath() throws {
        let repos: Node = ["repos": [["name": "a", "owner": ["login": "a", "role": "root"]]]]
        struct Holder: NodeDecodable {
            static func decode(_ json: Node) throws -> Holder {
                let _: Member = try json.decode("owner")
                return Holder()
            }
        }
        do {
            let _: [Holder] = try repos.decode("repos")
            Issue.record("decoded an unknown role")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["repos", "Index 0", "owner", "role"])
        }
    }

    // A type that is both

    @Test func aTypeThatIsBothDecodesThroughNodeDecodableInEverySpelling() throws {
        let byKey: Both = try json.decode("both")
        let alongPath: Both = try json.decode("both", "via")
        let byKeyPath = try json.decode(path: ["both"], as: Both.self)
        let atPointer: Both = try json.decode(at: JSONPointer("/both"))
        let ifPresent: Both? = try json.decodeIfPresent("both")
        let ifPresentAlongPath: Both? = try json.decodeIfPresent("both", "via")
        let ifPresentByKeyPath = try json.decodeIfPresent(path: ["both"], as: Both.self)
        let ifPresentAtPointer: Both? = try json.decodeIfPresent(at: JSONPointer("/both"))
        let parsed = try parse(json: json, path: ["both"], as: Both.self)
        let inArray: [Both] = try json.decode("repos")
        let inDictionary: [String: Both] = try json.decode("users")
        let all = [byKey, alongPath, byKeyPath, atPointer, parsed] + inArray + inDictionary.values
        #expect(all.allSatisfy { $0.via == "NodeDecodable" })
        let optionals = [ifPresent, ifPresentAlongPath, ifPresentByKeyPath, ifPresentAtPointer]
        #expect(optionals.allSatisfy { $0?.via == "NodeDecodable" })
    }

    @Test func standardTypesStillDecodeThroughNodeDecodable() {
        // Int is both; NodeDecodable reports 1.5 with its reason, NodeDecoder would say "does not fit".
        let node: Node = ["n": 1.5]
        let error = #expect(throws: TypeMismatchError.self) { let _: Int = try node.decode("n") }
        #expect(error?.reason != nil)
    }

    @Test func anIntegerKeyedDictionaryDecodesAsJSONDecoderDecodesIt() throws {
        let node: Node = ["names": ["1": "one", "2": "two"]]
        let names: [Int: String] = try node.decode("names")
        #expect(names == [1: "one", 2: "two"])
    }

    // Patches and pointers are Codable, so the static API decodes them too.

    @Test func aPatchInADocumentDecodesThroughTheStaticAPI() throws {
        let request: Node = ["patch": [["op": "remove", "path": "/a"]], "at": "/a~1b"]
        let patch: JSONPatch = try request.decode("patch")
        let pointer: JSONPointer = try request.decode("at")
        let expected: JSONPatch = [.remove(path: try JSONPointer("/a"))]
        #expect(patch == expected)
        #expect(pointer.tokens == ["a/b"])
    }
}

import GenomeOperators
import Testing

// `=>` and `=>?` with `Decodable` models, at use sites in a module of their own (see DecodingOperatorTests).

private struct User: Codable, Equatable {
    let id: Int
    let login: String
}

private struct Both: NodeDecodable, Decodable {
    let via: String
    init(via: String) { self.via = via }
    init(from decoder: any Decoder) throws { via = "Decodable" }
    static func decode(_ json: Node) throws -> Both { Both(via: "NodeDecodable") }
}

private struct Repository: NodeDecodable {
    let name: String
    let owner: User
    let reviewer: User?
    static func decode(_ json: Node) throws -> Repository {
        try Repository(name: json => "name", owner: json => "owner", reviewer: json =>? "reviewer")
    }
}

@Suite struct DecodableOperatorTests {
    let json: Node = [
        "repos": [
            ["name": "Genome", "owner": ["id": 1, "login": "anviking"], "reviewer": nil],
            ["name": "Decodable", "owner": ["id": 2]],
        ],
        "nobody": nil,
        "owners": [["id": 1, "login": "a"], ["id": 2, "login": "b"]],
        "byLogin": ["a": ["id": 1, "login": "a"]],
        "maybe": [nil, ["id": 2, "login": "b"]],
    ]

    @Test func arrowDecodesACodableModelAlongAPath() throws {
        let owner: User = try json => "repos" => 0 => "owner"
        #expect(owner == User(id: 1, login: "anviking"))
        let typed = try json => "repos" => 0 => "owner" as User
        #expect(typed == owner)
    }

    @Test func optionalArrowGivesNilForAMissingOrNullCodableModel() throws {
        let missing: User? = try json =>? "repos" =>? 0 =>? "reviewer"
        let null: User? = try json =>? "nobody"
        #expect(missing == nil && null == nil)
        let present: User? = try json =>? "repos" =>? 0 =>? "owner"
        #expect(present?.login == "anviking")
    }

    @Test func arrowDecodesCollectionsOfCodableModels() throws {
        let owners: [User] = try json => "owners"
        let byLogin: [String: User] = try json => "byLogin"
        let maybe: [User?] = try json => "maybe"
        #expect(owners == [User(id: 1, login: "a"), User(id: 2, login: "b")])
        #expect(byLogin == ["a": User(id: 1, login: "a")])
        #expect(maybe == [nil, User(id: 2, login: "b")])
    }

    @Test func anErrorInsideACodableModelNamesThePathFromTheRoot() {
        let error = #expect(throws: MissingKeyError.self) { let _: [Repository] = try json => "repos" }
        #expect(error?.formattedPath == "repos[1].owner")
        #expect(error?.key == "login")
    }

    @Test func aTypeThatIsBothDecodesThroughNodeDecodable() throws {
        let both: Both = try json => "repos" => 0
        let maybe: Both? = try json =>? "repos" =>? 0
        #expect(both.via == "NodeDecodable")
        #expect(maybe?.via == "NodeDecodable")
    }
}

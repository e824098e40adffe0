import GenomeOperators
import Testing

// The examples the DocC articles show, with the output they quote. An article that prints an error no release
// produces is worse than no article, so each quoted line is checked here, word for word. When a test fails
// because wording improved, update the article it names along with the test.

@Suite struct DocumentationExampleTests {
    /// The description of the error `body` throws, or a note that it threw nothing.
    private func printed(_ body: () throws -> Void) -> String {
        do {
            try body()
            return "(no error)"
        } catch {
            return "\(error)"
        }
    }

    // MARK: Genome.md and GettingStarted.md

    private struct Owner: NodeDecodable, Equatable {
        let id: Int
        let login: String

        static func decode(_ json: Node) throws -> Owner {
            try Owner(id: json.decode("id"), login: json.decode("login"))
        }
    }

    @Test func landingPageOverviewPrintsWhatItQuotes() throws {
        let json = try Node(json: #"{"repo": {"name": "Genome", "owner": {"id": 1, "login": "anviking"}}}"#)
        let owner: Owner = try json.decode("repo", "owner")
        #expect(owner == Owner(id: 1, login: "anviking"))
        #expect(
            printed { let _: String = try json.decode("repo", "license") }
                == #"MissingKeyError at repo: no key "license" in {"name":"Genome","owner":{"id":1,"login":"anviking"}}"#
        )
        var copy = json
        copy["repo", "stars"] = 1650
        #expect(
            try copy.serialized() == #"{"repo":{"name":"Genome","owner":{"id":1,"login":"anviking"},"stars":1650}}"#)
    }

    private struct Repository: NodeDecodable {
        let name: String
        let stars: Int
        let language: String?

        static func decode(_ json: Node) throws -> Repository {
            try Repository(
                name: json.decode("name"), stars: json.decode("stars"), language: json.decodeIfPresent("language"))
        }
    }

    private struct User: NodeDecodable {
        let login: String
        let name: String?
        let repositories: [Repository]

        static func decode(_ json: Node) throws -> User {
            try User(login: json.decode("login"), name: json.decode("name"), repositories: json.decode("repositories"))
        }
    }

    @Test func gettingStartedPrintsWhatItQuotes() throws {
        let json = try Node(
            json: """
                {"login": "anviking", "name": null, "repositories": [
                  {"name": "Decodable", "stars": 1650, "language": "Swift"}, {"name": "dotfiles", "stars": 3}]}
                """)
        #expect(try User.decode(json).repositories.map(\.name) == ["Decodable", "dotfiles"])
        var broken = json
        broken["repositories", 1, "stars"] = "lots"
        #expect(
            printed { _ = try User.decode(broken) }
                == #"TypeMismatchError at repositories[1].stars: expected Int but found a string: "lots""#)
        broken["repositories", 1] = ["stars": 3]
        #expect(
            printed { _ = try User.decode(broken) }
                == #"MissingKeyError at repositories[1]: no key "name" in {"stars":3}"#)
        #expect(
            printed { _ = try Node(json: #"{"login": "anviking",}"#) } == """
                JSONSyntaxError at line 1, column 22 (byte 21): expected a string key but found '}'
                  near: {"login": "anviking",}
                                             ^
                """)
    }

    // MARK: SecurityAndLimits.md

    @Test func aMillionOpenBracketsPrintWhatTheArticleQuotes() {
        #expect(
            printed { _ = try Node(json: String(repeating: "[", count: 1_000_000)) } == """
                JSONSyntaxError at line 1, column 513 (byte 512): expected no more than 512 nested arrays and \
                objects (ReadingOptions.maximumDepth) but found '['
                  near: …[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[[…
                                                 ^
                """)
    }

    // MARK: Operators.md

    private let chain: Node = ["a": ["b": 1], "owner": ["id": 2]]

    @Test func theOperatorNextToTheNodeDecidesForTheWholeChain() throws {
        #expect(throws: MissingKeyError.self) { let _: Int? = try chain => "missing" =>? "b" }
        #expect(throws: MissingKeyError.self) { let _: Int? = try chain => "a" =>? "missing" }
        let missingFirst: Int? = try chain =>? "missing" => "b"
        let missingSecond: Int? = try chain =>? "a" => "missing"
        #expect(missingFirst == nil && missingSecond == nil)
    }

    @Test func defaultsNeedNoParenthesesAfterTheOptionalArrow() throws {
        let count = try chain =>? "count" ?? 0 as Int
        let title: String = try chain =>? "title" ?? "Untitled"
        #expect(count == 0 && title == "Untitled")
    }

    // MARK: Migration guides

    private struct Version: NodeDecodable {
        let major: Int
        let minor: Int

        static func decode(_ json: Node) throws -> Version {
            let parts = try String.decode(json).split(separator: ".").compactMap { Int($0) }
            guard parts.count == 2 else {
                throw TypeMismatchError(
                    expected: Version.self, found: json, reason: "which is not a major.minor version")
            }
            return Version(major: parts[0], minor: parts[1])
        }
    }

    @Test func migratingFromDecodableOwnErrorGainsAPath() {
        #expect(
            printed { let _: [Version] = try Node(["1.2", "one"]).decode() }
                == #"TypeMismatchError at [1]: expected Version but found a string: "one", which is not a major.minor version"#
        )
    }

    private struct Item: BasicMappable {
        var id = 0
        init() {}
        mutating func sequence(_ map: Map) throws {
            try id
                <~> map["id"]
                .transformFromNode { (text: String) in
                    guard let id = Int(text) else {
                        throw TypeMismatchError(
                            expected: Int.self, found: .string(text), reason: "which is not a number")
                    }
                    return id
                }
                .transformToNode { String($0) }
        }
    }

    @Test func migratingFromObjectMapperTransformErrorGainsTheFieldsPath() throws {
        #expect(try Item(node: ["id": "42"]).makeNode() == ["id": "42"])
        #expect(
            printed { _ = try [Item](node: [["id": "1"], ["id": "x"]]) }
                == #"TypeMismatchError at [1].id: expected Int but found a string: "x", which is not a number"#)
    }

    private struct Person: NodeDecodable {
        let id: Int
        let active: Bool
        let roles: [String]

        static func decode(_ json: Node) throws -> Person {
            try Person(
                id: json.decode("id"), active: json.decodeIfPresent("active") ?? false,
                roles: json.decodeIfPresent("roles") ?? [])
        }
    }

    @Test func migratingFromJSONMapperDefaultsAndStrictness() throws {
        let person = try Person.decode(["id": 1, "active": nil])
        #expect(person.active == false && person.roles == [])
        #expect(
            printed { _ = try Person.decode(["id": 1, "active": "yes"]) }
                == #"TypeMismatchError at active: expected Bool but found a string: "yes""#)
    }
}

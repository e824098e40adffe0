import Foundation
import Genome
import Testing

private struct NestedRepository: Codable, Equatable {
    var name: String
    var ownerLogin: String
    var ownerID: Int
    var license: String?
    var stars: Double?

    enum CodingKeys: String, NestedCodingKey {
        case name
        case ownerLogin = "owner.login"
        case ownerID = "owner.id"
        case license = "meta.license.spdx"
        case stars = "meta.stars"
    }
}

@Suite struct NestedCodingKeyTests {
    let json = #"{"name": "Genome", "owner": {"login": "anviking", "id": 7}, "meta": {"license": {"spdx": "MIT"}}}"#

    @Test func dottedKeysReadNestedObjects() throws {
        let repository = try NodeDecoder().decode(NestedRepository.self, fromJSON: json)
        #expect(
            repository
                == NestedRepository(name: "Genome", ownerLogin: "anviking", ownerID: 7, license: "MIT", stars: nil))
    }

    @Test func dottedKeysWriteNestedObjectsSharingTheirStart() throws {
        let repository = try NodeDecoder().decode(NestedRepository.self, fromJSON: json)
        let node = try NodeEncoder().encode(repository)
        #expect(
            node == ["name": "Genome", "owner": ["login": "anviking", "id": 7], "meta": ["license": ["spdx": "MIT"]]])
        #expect(try NodeDecoder().decode(NestedRepository.self, from: node) == repository)
    }

    @Test func aMissingStepIsKeyNotFoundForTheWholeKey() {
        do {
            _ = try NodeDecoder().decode(NestedRepository.self, fromJSON: #"{"name": "x", "owner": {"id": 1}}"#)
            Issue.record("expected an error")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "owner.login")
            #expect(context.codingPath.isEmpty)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func optionalsAtTheEndOfAPathAreNilWhenAnyStepIsMissingOrNull() throws {
        let repository = try NodeDecoder().decode(
            NestedRepository.self, fromJSON: #"{"name": "x", "owner": {"login": "a", "id": 1}, "meta": null}"#)
        #expect(repository.license == nil && repository.stars == nil)
    }

    @Test func aWrongTypeAtTheEndOfAPathHasTheDottedKeyInItsPath() {
        do {
            _ = try NodeDecoder().decode(
                NestedRepository.self, fromJSON: #"{"name": "x", "owner": {"login": 1, "id": 1}}"#)
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["owner.login"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func foundationCodersReadTheDottedKeyAsOneKey() throws {
        let flat = #"{"name": "x", "owner.login": "a", "owner.id": 2}"#
        let repository = try JSONDecoder().decode(NestedRepository.self, from: Data(flat.utf8))
        #expect(repository.ownerLogin == "a" && repository.ownerID == 2)
    }
}

/// A type that codes itself one way under Genome and another under its own Codable implementation, as
/// GenomeFoundation's `URL` does: a string for NodeDecoder and NodeEncoder, `{"raw": …}` otherwise.
private struct Token: Codable, Equatable, CustomNodeDecodable, CustomNodeEncodable {
    var raw: String
    init(raw: String) { self.raw = raw }
    init(nodeDecoder decoder: any Decoder) throws { raw = try decoder.singleValueContainer().decode(String.self) }
    func encode(nodeEncoder encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(raw)
    }
}

/// A `NestedCodingKey` model whose keys are mostly plain ones.
private struct Session: Codable, Equatable {
    var token: Token
    var userName: String
    var ownerLogin: String
    var expiry: Int?
    enum CodingKeys: String, NestedCodingKey {
        case token, userName, expiry
        case ownerLogin = "owner.login"
    }
}

@Suite struct NestedCodingKeyPlainKeyTests {
    fileprivate let session = Session(token: Token(raw: "abc"), userName: "ada", ownerLogin: "anviking", expiry: nil)

    @Test func plainKeysOfANestedCodingKeyModelDecodeAsInAnyModel() throws {
        // From JSON text with default keys (the flat document), and under a key strategy (the tree).
        let text = #"{"token": "abc", "userName": "ada", "owner": {"login": "anviking"}}"#
        #expect(try NodeDecoder().decode(Session.self, fromJSON: text) == session)
        var snake = NodeDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let snakeText = #"{"token": "abc", "user_name": "ada", "owner": {"login": "anviking"}}"#
        #expect(try snake.decode(Session.self, fromJSON: snakeText) == session)
    }

    @Test func plainKeysOfANestedCodingKeyModelEncodeAsInAnyModel() throws {
        #expect(
            try NodeEncoder().encode(session) == ["token": "abc", "userName": "ada", "owner": ["login": "anviking"]])
        var snake = NodeEncoder()
        snake.keyEncodingStrategy = .convertToSnakeCase
        #expect(try snake.encode(session) == ["token": "abc", "user_name": "ada", "owner": ["login": "anviking"]])
        let bytes = try NodeEncoder().encodeJSON(session)
        #expect(try Node(json: bytes) == ["token": "abc", "userName": "ada", "owner": ["login": "anviking"]])
    }

    @Test func aMissingPlainKeyOfANestedCodingKeyModelIsKeyNotFound() {
        for decode in [
            { try NodeDecoder().decode(Session.self, fromJSON: #"{"userName": "ada", "owner": {"login": "a"}}"#) },
            { try NodeDecoder().decode(Session.self, from: ["userName": "ada", "owner": ["login": "a"]]) },
        ] {
            do {
                _ = try decode()
                Issue.record("expected an error")
            } catch DecodingError.keyNotFound(let key, let context) {
                #expect(key.stringValue == "token")
                #expect(context.codingPath.isEmpty)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }
}

private struct Wrapped: Codable, Equatable {
    @DefaultFalse var flag: Bool
    @LossyArray var items: [Int]
    @LossyOptional var note: Int?
    @Coerced var count: Int?
    enum CodingKeys: String, NestedCodingKey {
        case flag = "a.flag"
        case items = "a.items"
        case note = "a.note"
        case count = "b.count"
    }
}

@Suite struct NestedCodingKeyWithWrappersTests {
    @Test func wrappersWorkAtTheEndOfAPath() throws {
        let (value, report) = try RecoveryReport.collect {
            try NodeDecoder().decode(
                Wrapped.self, fromJSON: #"{"a": {"items": [1, "x", 3], "note": "n"}, "b": {"count": "4"}}"#)
        }
        #expect(value == Wrapped(flag: false, items: [1, 3], note: nil, count: 4))
        #expect(report.map(\.formattedPath) == ["a.flag", "a.items[1]", "a.note", "b.count"])
        let node = try NodeEncoder().encode(value)
        #expect(node == ["a": ["flag": false, "items": [1, 3]], "b": ["count": 4]])
    }
}

/// The wrappers and the report work under Foundation's coders too: they only use the `Decoder` protocol.
@Suite struct ToleranceUnderFoundationCodersTests {
    private struct Item: Codable, Equatable { let name: String }

    private struct Bag: Codable {
        @DefaultEmpty var tags: [String]
        @LossyArray var items: [Item]
        @Coerced var count: Int
    }

    @Test func wrappersAndTheReportUnderJSONDecoder() throws {
        let json = Data(#"{"items": [{"name": "a"}, {"name": 1}], "count": "3"}"#.utf8)
        let (bag, report) = try RecoveryReport.collect { try JSONDecoder().decode(Bag.self, from: json) }
        #expect(bag.tags.isEmpty && bag.items == [Item(name: "a")] && bag.count == 3)
        #expect(report.map(\.formattedPath) == ["tags", "items[1]", "count"])
        let encoded = try JSONEncoder().encode(bag)
        let again = try JSONDecoder().decode(Bag.self, from: encoded)
        #expect(again.items == bag.items && again.count == 3)
    }
}

// A literal dot in a nested key's name, escaped with a backslash.
private struct Release: Codable, Equatable {
    var version: String
    var buildNumber: Int
    var odd: String?
    var path: String?

    enum CodingKeys: String, NestedCodingKey {
        case version = #"app\.version"#
        case buildNumber = #"meta.build\.number"#
        case odd = #"meta.back\\slash\.dot"#
        case path = #"c:\temp"#
    }
}

@Suite struct NestedCodingKeyEscapeTests {
    let json = #"""
        {"app.version": "2.1", "meta": {"build.number": 7, "back\\slash.dot": "x"}, "c:\\temp": "t"}
        """#

    @Test func anEscapedDotIsPartOfTheKeyAndAnUnescapedOneSeparatesSteps() throws {
        let release = try NodeDecoder().decode(Release.self, fromJSON: json)
        #expect(release == Release(version: "2.1", buildNumber: 7, odd: "x", path: "t"))
        let node = try NodeEncoder().encode(release)
        #expect(try node == Node(json: json))
        #expect(try NodeDecoder().decode(Release.self, from: node) == release)
    }

    @Test func aMissingStepIsKeyNotFoundForTheWholeKeyAsSpelled() {
        do {
            _ = try NodeDecoder().decode(Release.self, fromJSON: #"{"app": {"version": "2.1"}}"#)
            Issue.record("expected an error")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == #"app\.version"#)
            #expect(context.codingPath.isEmpty)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aWrapperAtAnEscapedKeyReportsItsPath() throws {
        struct Build: Codable {
            @DefaultOnFailure<Defaults.Zero<Int>> var number: Int
            enum CodingKeys: String, NestedCodingKey { case number = #"meta.build\.number"# }
        }
        let (build, report) = try RecoveryReport.collect {
            try NodeDecoder().decode(Build.self, fromJSON: #"{"meta": {"build.number": "seven"}}"#)
        }
        #expect(build.number == 0)
        #expect(report.map(\.formattedPath) == [#"meta.build\.number"#])
        #expect(try NodeEncoder().encode(build) == ["meta": ["build.number": 0]])
    }

    @Test func otherCodersUseTheKeyAsSpelled() throws {
        let flat = #"{"app\\.version": "2", "meta.build\\.number": 1}"#
        let release = try JSONDecoder().decode(Release.self, from: Data(flat.utf8))
        #expect(release.version == "2" && release.buildNumber == 1)
    }
}

// Fallback keys for one property: alternatives separated by `|`, the first that is there wins.
private enum Anonymous: DefaultValueProvider {
    static let defaultValue = "anonymous"
}

private struct Author: Codable, Equatable {
    var name: String
    var handle: String?
    @Default<Anonymous> var team: String

    enum CodingKeys: String, NestedCodingKey {
        case name = "name|title|meta.label"
        case handle = #"handle|user\|handle"#
        case team = "team|group"
    }
}

@Suite struct NestedCodingKeyAlternativesTests {
    @Test(arguments: [
        (#"{"name": "a", "title": "b", "meta": {"label": "c"}}"#, "a"),
        (#"{"title": "b", "meta": {"label": "c"}}"#, "b"),
        (#"{"meta": {"label": "c"}}"#, "c"), (#"{"meta": {}, "title": "b"}"#, "b"),
    ])
    func theFirstAlternativeThatIsThereWins(json: String, name: String) throws {
        let (author, report) = try RecoveryReport.collect { try NodeDecoder().decode(Author.self, fromJSON: json) }
        #expect(author.name == name)
        #expect(report.map(\.formattedPath) == ["team|group"])
    }

    @Test func writingUsesTheFirstAlternative() throws {
        let author = try NodeDecoder().decode(
            Author.self, fromJSON: #"{"title": "b", "user|handle": "@b", "group": "core"}"#)
        #expect(author == Author(name: "b", handle: "@b", team: "core"))
        #expect(try NodeEncoder().encode(author) == ["name": "b", "handle": "@b", "team": "core"])
        let again = try NodeDecoder().decode(Author.self, from: NodeEncoder().encode(author))
        #expect(again == author)
    }

    @Test func aNullInTheFirstAlternativeIsTheValueAndNotASkip() throws {
        let author = try NodeDecoder().decode(
            Author.self, fromJSON: #"{"name": "a", "handle": null, "user|handle": "x"}"#)
        #expect(author.handle == nil)
        #expect(throws: DecodingError.self) {
            try NodeDecoder().decode(Author.self, fromJSON: #"{"name": null, "title": "b"}"#)
        }
    }

    @Test func whenNoneIsThereTheWholeKeyIsMissing() {
        do {
            _ = try NodeDecoder().decode(Author.self, fromJSON: #"{"label": "c", "meta": {"name": "x"}}"#)
            Issue.record("expected an error")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "name|title|meta.label")
            #expect(context.codingPath.isEmpty)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aWrongValueHasTheWholeKeyInItsPathInsideArrays() {
        do {
            _ = try NodeDecoder().decode([Author].self, fromJSON: #"[{"name": "a"}, {"title": 2}]"#)
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(_, let context) {
            #expect(context.codingPath.map(\.stringValue) == ["Index 1", "name|title|meta.label"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func otherCodersReadTheKeyAsSpelled() throws {
        let json = Data(#"{"name|title|meta.label": "a", "team|group": "t"}"#.utf8)
        let author = try JSONDecoder().decode(Author.self, from: json)
        #expect(author == Author(name: "a", handle: nil, team: "t"))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(Author.self, from: Data(#"{"title": "b"}"#.utf8))
        }
    }
}

import Genome
import Testing

@Suite struct DecodingErrorTests {
    let document: Node = [
        "object": ["repo": ["owner": ["id": 1, "login": "anviking"]]],
        "apples": [["color": "red"], ["color": "green"]],
    ]

    @Test func missingKeyErrorCarriesKeyPathObjectAndRoot() {
        let error = #expect(throws: MissingKeyError.self) {
            _ = try parse(json: document, path: ["object", "repo", "owner", "name"], decode: String.decode)
        }
        #expect(error?.key == "name")
        #expect(error?.missing == "name")
        #expect(error?.path == ["object", "repo", "owner"])
        #expect(error?.formattedPath == "object.repo.owner")
        #expect(error?.object == ["id": 1, "login": "anviking"])
        #expect(error?.rootObject == document)
        #expect(
            error?.description == #"MissingKeyError at object.repo.owner: no key "name" in {"id":1,"login":"anviking"}"#
        )
    }

    @Test func missingKeyErrorSuggestsTheNearestKey() {
        let json: Node = ["name": "Rover", "age": 3]
        let error = #expect(throws: MissingKeyError.self) { let _: String = try json.decode("nmae") }
        #expect(error?.suggestion == "name")
        #expect(
            error?.description
                == #"MissingKeyError at (root): no key "nmae" in {"name":"Rover","age":3}; did you mean "name"?"#)
    }

    @Test func missingKeyErrorSuggestsNothingWhenNoKeyIsClose() {
        let json: Node = ["name": "Rover"]
        let error = #expect(throws: MissingKeyError.self) { let _: String = try json.decode("identifier") }
        #expect(error?.suggestion == nil)
    }

    @Test func errorsInsideNestedModelsGetTheFullPathAndTheOutermostRoot() {
        let json: Node = ["repos": [repositoryJSON, ["name": "broken", "owner": ["id": 2]]]]
        let error = #expect(throws: MissingKeyError.self) { let _: [Repository] = try json.decode("repos") }
        // The broken repository lacks "description"? No: decoding stops at the first failure, "description".
        #expect(error?.formattedPath == "repos[1]")
        #expect(error?.key == "description")
        #expect(error?.rootObject == json)
    }

    @Test func errorsCrossingParseGetPathAndRoot() {
        let json: Node = ["data": ["owner": ["id": "one", "login": "x"]]]
        let error = #expect(throws: TypeMismatchError.self) {
            _ = try parse(json: json, path: ["data"]) { data in
                try parse(json: data, path: ["owner"], decode: Owner.decode)
            }
        }
        #expect(error?.formattedPath == "data.owner.id")
        #expect(error?.rootObject == json)
        #expect(error?.object == "one")
    }

    @Test func aStepIntoTheWrongKindIsATypeMismatchAtThatStep() {
        let error = #expect(throws: TypeMismatchError.self) {
            _ = try parse(json: document, path: ["apples", "color"], decode: String.decode)
        }
        #expect(error?.formattedPath == "apples")
        #expect(
            error?.description.hasPrefix("TypeMismatchError at apples: expected an object but found an array: ") == true
        )
    }

    @Test func userErrorsPassThroughUnchanged() {
        struct Refused: Error, Equatable {}
        struct Picky: NodeDecodable {
            static func decode(_ json: Node) throws -> Picky { throw Refused() }
        }
        let json: Node = ["items": [["x": 1]]]
        #expect(throws: Refused()) { let _: [Picky] = try json.decode("items") }
        #expect(throws: Refused()) { _ = try parse(json: json, path: ["items", 0], decode: Picky.decode) }
    }

    @Test func descriptionsOfHugeObjectsStayShort() throws {
        var object = Node.Object()
        for index in 0..<50_000 { object["key\(index)"] = Node("value number \(index)") }
        let json: Node = ["big": .object(object)]
        let error = #expect(throws: MissingKeyError.self) { let _: Int = try json.decode("big", "absent") }
        let description = try #require(error?.description)
        #expect(description.utf8.count < 400)
        #expect(description.contains("an object of 50000 members"))
    }

    @Test func errorsAreSendableValuesHoldingNodes() async throws {
        let json: Node = ["a": 1]
        let error = try await Task.detached { () -> MissingKeyError? in
            do {
                let _: Int = try json.decode("b")
                return nil
            } catch let error as MissingKeyError {
                return error
            }
        }.value
        #expect(error?.object == json)
    }

    @Test func errorsCanBeHandledThroughTheSharedProtocol() {
        let json: Node = ["a": "x"]
        do {
            let _: Int = try json.decode("a")
            Issue.record("expected an error")
        } catch let error as any NodeDecodingError {
            #expect(error.formattedPath == "a")
            #expect(error.rootObject == json)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }
}

@Suite struct RepositoryDecodingTests {
    @Test func aWholeModelDecodes() throws {
        let repository = try Repository.decode(repositoryJSON)
        #expect(repository.name == "Genome")
        #expect(repository.description == nil)
        #expect(repository.owner == Owner(id: 1, login: "anviking"))
        #expect(repository.contributors.count == 2)
        #expect(repository.topics == ["json", "swift"])
    }

    @Test func decodingFromManyTasksAtOnceGivesTheSameModels() async throws {
        let json: Node = ["repos": .array(Array(repeating: repositoryJSON, count: 50))]
        let expected = try Repository.decode(repositoryJSON)
        let all = try await withThrowingTaskGroup(of: [Repository].self) { group in
            for _ in 0..<32 {
                group.addTask { try json.decode("repos") }
            }
            return try await group.reduce(into: [[Repository]]()) { $0.append($1) }
        }
        #expect(all.count == 32)
        #expect(all.allSatisfy { $0.count == 50 && $0.allSatisfy { $0 == expected } })
    }

    @Test func failingFromManyTasksAtOnceGivesTheSameErrors() async {
        let json: Node = ["repos": [repositoryJSON, ["name": 1]]]
        let paths = await withTaskGroup(of: String.self) { group in
            for _ in 0..<32 {
                group.addTask {
                    do {
                        let _: [Repository] = try json.decode("repos")
                        return "no error"
                    } catch let error as any NodeDecodingError {
                        return error.formattedPath
                    } catch {
                        return "\(error)"
                    }
                }
            }
            return await group.reduce(into: [String]()) { $0.append($1) }
        }
        #expect(paths == Array(repeating: "repos[1].name", count: 32))
    }
}

@Suite struct BoundedDescriptionTests {
    @Test func aHugeKeyInThePathIsCutShort() throws {
        let hugeKey = String(repeating: "k", count: 1_000_000)
        let json: Node = .object(Node.Object([(key: hugeKey, value: Node.string("not a number"))]))
        let error = #expect(throws: TypeMismatchError.self) { let _: [String: Int] = try json.decode() }
        let description = try #require(error?.description)
        #expect(description.utf8.count < 400)
        #expect(description.hasPrefix("TypeMismatchError at " + String(repeating: "k", count: 32) + "…: expected Int"))
    }

    @Test func aVeryDeepPathIsCutInTheMiddle() throws {
        var node: Node = "leaf"
        for index in (0..<100).reversed() { node = .object(Node.Object([(key: "level\(index)", value: node)])) }
        struct Deep: NodeDecodable {
            static func decode(_ json: Node) throws -> Deep {
                if case .object(let object) = json, let (key, value) = object.first {
                    let _: Deep = try json.decode(key)
                    _ = value
                    return Deep()
                }
                _ = try Int.decode(json)
                return Deep()
            }
        }
        let error = #expect(throws: TypeMismatchError.self) { _ = try Deep.decode(node) }
        #expect(error?.path.count == 100)
        #expect(
            error?.description.hasPrefix(
                "TypeMismatchError at level0.level1.level2.level3.level4.level5 …86 more steps… level92.") == true)
    }

    @Test func aHugeStringValueIsQuotedShortWithoutWritingAllOfIt() throws {
        let json: Node = ["text": .string(String(repeating: "é", count: 5_000_000))]
        let error = #expect(throws: TypeMismatchError.self) { let _: Int = try json.decode("text") }
        let description = try #require(error?.description)
        #expect(description.utf8.count < 300)
        #expect(description.hasSuffix("… (a string of 10000000 bytes)"))
    }

    @Test func aHugeWritingErrorPathIsCutShort() throws {
        let hugeKey = String(repeating: "w", count: 100_000)
        let node: Node = .object(Node.Object([(key: hugeKey, value: .number(.double(.nan)))]))
        let error = #expect(throws: JSONWritingError.self) { try node.serializedBytes() }
        #expect((error?.description.utf8.count ?? .max) < 200)
    }
}

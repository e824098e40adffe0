import Genome
import Testing

@Suite struct LossyArrayTests {
    @Test func invalidElementsAreDroppedAndReported() throws {
        let json: Node = ["owners": [["id": 1, "login": "a"], ["id": "two"], ["id": 3, "login": "c"], 4]]
        let owners: LossyArray<Owner> = try json.decode("owners")
        #expect(owners.elements == [Owner(id: 1, login: "a"), Owner(id: 3, login: "c")])
        #expect(owners.failures.map(\.index) == [1, 3])
        let first = try #require(owners.failures.first?.error as? TypeMismatchError)
        #expect(first.formattedPath == "[1].id")
        #expect(owners.count == 2)
        #expect(owners.map(\.login) == ["a", "c"])
    }

    @Test func aLossyArrayStillRequiresAnArray() {
        #expect(throws: TypeMismatchError.self) { try LossyArray<Int>.decode(["a": 1]) }
    }

    @Test func anOptionalLossyArrayIsNilForNull() throws {
        let json: Node = ["list": nil]
        let list: LossyArray<Int>? = try json.decode("list")
        #expect(list == nil)
    }
}

@Suite struct OneOfTests {
    enum Identifier: Equatable {
        case number(Int)
        case text(String)
    }

    @Test func theFirstCandidateThatFitsWins() throws {
        let json: Node = ["a": 7, "b": "seven", "c": 7.0]
        let candidates: [DecodingCandidate<Identifier>] = [
            .type(Int.self, Identifier.number), .type(String.self, Identifier.text),
        ]
        #expect(
            try json.decode("a", asOneOf: .type(Int.self, Identifier.number), .type(String.self, Identifier.text))
                == .number(7))
        #expect(
            try json.decode("b", asOneOf: .type(Int.self, Identifier.number), .type(String.self, Identifier.text))
                == .text("seven"))
        #expect(try Node(7.0).decode(asOneOf: candidates, in: EmptyContext()) == .number(7))
    }

    @Test func whenNothingFitsTheErrorListsEveryAttempt() {
        let json: Node = ["id": true]
        let error = #expect(throws: TypeMismatchError.self) {
            _ = try json.decode("id", asOneOf: .type(Int.self, Identifier.number), .type(String.self, Identifier.text))
        }
        #expect(error?.attempts.count == 2)
        #expect(error?.expectedType == "one of Int, String")
        #expect(
            error?.description == """
                TypeMismatchError at id: expected one of Int, String but found a bool: true
                  attempt 1: expected Int
                  attempt 2: expected String
                """)
    }

    @Test func customCandidatesAreNamedInErrors() {
        let error = #expect(throws: TypeMismatchError.self) {
            _ = try Node("x").decode(
                asOneOf: .custom("even number") { node -> Int in
                    let value = try Int.decode(node)
                    guard value % 2 == 0 else {
                        throw TypeMismatchError(expected: Int.self, found: node, reason: "which is odd")
                    }
                    return value
                }, .itself)
        }
        #expect(error?.expectedType == "one of even number, Int")
    }
}

// JSON Merge Patch (RFC 7396): applying one, RFC 7396's own examples, and computing one between two documents.

import Genome
import Testing

@Suite struct MergePatchTests {
    /// RFC 7396, appendix A: original, patch, result.
    @Test(arguments: [
        (#"{"a":"b"}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"b"}"#, #"{"b":"c"}"#, #"{"a":"b","b":"c"}"#),
        (#"{"a":"b"}"#, #"{"a":null}"#, #"{}"#),
        (#"{"a":"b","b":"c"}"#, #"{"a":null}"#, #"{"b":"c"}"#),
        (#"{"a":["b"]}"#, #"{"a":"c"}"#, #"{"a":"c"}"#),
        (#"{"a":"c"}"#, #"{"a":["b"]}"#, #"{"a":["b"]}"#),
        (#"{"a":{"b":"c"}}"#, #"{"a":{"b":"d","c":null}}"#, #"{"a":{"b":"d"}}"#),
        (#"{"a":[{"b":"c"}]}"#, #"{"a":[1]}"#, #"{"a":[1]}"#),
        (#"["a","b"]"#, #"["c","d"]"#, #"["c","d"]"#),
        (#"{"a":"b"}"#, #"["c"]"#, #"["c"]"#),
        (#"{"a":"foo"}"#, #"null"#, #"null"#),
        (#"{"a":"foo"}"#, #""bar""#, #""bar""#),
        (#"{"e":null}"#, #"{"a":1}"#, #"{"e":null,"a":1}"#),
        (#"[1,2]"#, #"{"a":"b","c":null}"#, #"{"a":"b"}"#),
        (#"{}"#, #"{"a":{"bb":{"ccc":null}}}"#, #"{"a":{"bb":{}}}"#),
    ])
    func rfc7396AppendixAExamples(original: String, patch: String, result: String) throws {
        let merged = try Node(json: original).applyingMergePatch(Node(json: patch))
        #expect(merged == (try Node(json: result)))
        #expect(try merged.serialized() == result)
    }

    /// RFC 7396, section 3's example.
    @Test func rfc7396SectionThreeExample() throws {
        let target = try Node(
            json: #"""
                {"title": "Goodbye!", "author": {"givenName": "John", "familyName": "Doe"},
                 "tags": ["example", "sample"], "content": "This will be unchanged"}
                """#)
        let patch = try Node(
            json:
                #"{"title": "Hello!", "phoneNumber": "+01-123-456-7890", "author": {"familyName": null}, "tags": ["example"]}"#
        )
        let result = try Node(
            json: #"""
                {"title": "Hello!", "author": {"givenName": "John"}, "tags": ["example"],
                 "content": "This will be unchanged", "phoneNumber": "+01-123-456-7890"}
                """#)
        #expect(target.applyingMergePatch(patch) == result)
        var inPlace = target
        inPlace.applyMergePatch(patch)
        #expect(inPlace == result)
        #expect(inPlace.object?.keys == ["title", "author", "tags", "content", "phoneNumber"])
    }

    @Test func mergePatchFromAToBGivesOnlyTheDifferences() throws {
        let a: Node = ["name": "Rover", "age": 3, "owner": ["id": 1, "login": "anviking"], "tags": [1, 2]]
        let b: Node = [
            "name": "Rover", "owner": ["id": 1, "login": "LoganWright"], "tags": [1, 2, 3], "new": ["x": 1],
        ]
        let patch = Node.mergePatch(from: a, to: b)
        #expect(patch == ["age": nil, "owner": ["login": "LoganWright"], "tags": [1, 2, 3], "new": ["x": 1]])
        #expect(a.applyingMergePatch(patch) == b)
        #expect(Node.mergePatch(from: a, to: a) == [:])
    }

    @Test func whenEitherDocumentIsNotAnObjectThePatchIsTheTarget() {
        #expect(Node.mergePatch(from: [1], to: ["a": 1]) == ["a": 1])
        #expect(Node.mergePatch(from: ["a": 1], to: [1]) == [1])
        #expect(Node.mergePatch(from: ["a": 1], to: nil) == nil)
        let a: Node = "text"
        #expect(a.applyingMergePatch(Node.mergePatch(from: a, to: ["x": ["y": 1]])) == ["x": ["y": 1]])
    }

    /// A merge patch cannot set a member to null: such a member is removed instead, and every other change holds.
    @Test func nullMembersOfTheTargetAreTheOneThingAMergePatchCannotSay() {
        let a: Node = ["keep": 1, "gone": 2]
        let b: Node = ["keep": 1, "gone": nil, "added": nil, "inArray": [nil]]
        let patch = Node.mergePatch(from: a, to: b)
        #expect(a.applyingMergePatch(patch) == ["keep": 1, "inArray": [nil]])
    }

    @Test func mergePatchesOfRandomEditsApplyWhereTheyCanSayIt() {
        var rng = SeededGenerator(seed: 7396)
        for _ in 0..<500 {
            let a = randomTree(depth: 4, using: &rng)
            let b = withoutNullMembers(
                Bool.random(using: &rng) ? randomTree(depth: 4, using: &rng) : randomlyEdited(a, using: &rng))
            let patch = Node.mergePatch(from: a, to: b)
            #expect(a.applyingMergePatch(patch) == b, "\(a) -> \(b) by \(patch)")
        }
    }
}

/// `node` without the null members of its objects (nulls in arrays stay): what a merge patch can produce.
func withoutNullMembers(_ node: Node) -> Node {
    switch node {
    case .object(let object):
        return .object(Node.Object(object.filter { !$0.value.isNull }.map { ($0.key, withoutNullMembers($0.value)) }))
    case .array(let elements):
        return .array(elements.map(withoutNullMembers))
    default:
        return node
    }
}

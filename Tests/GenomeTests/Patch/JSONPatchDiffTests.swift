// JSONPatch(from:to:): the patch it computes turns the first document into the second, and stays small.

import Genome
import Testing

@Suite struct JSONPatchDiffTests {
    func expectDiff(
        from a: Node, to b: Node, is expected: Node, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let diff = JSONPatch(from: a, to: b)
        #expect(diff.node == expected, "\(diff)", sourceLocation: sourceLocation)
        #expect(try diff.applied(to: a) == b, sourceLocation: sourceLocation)
    }

    @Test func equalDocumentsGiveAnEmptyPatch() throws {
        try expectDiff(from: ["a": [1, ["b": 2]]], to: ["a": [1.0, ["b": 2]]], is: [])
        try expectDiff(from: ["a": 1, "b": 2], to: ["b": 2, "a": 1], is: [])
        try expectDiff(from: nil, to: nil, is: [])
    }

    @Test func membersAreRemovedAddedAndChangedOneByOne() throws {
        try expectDiff(
            from: ["name": "Rover", "tags": ["good"], "age": 3, "owner": ["id": 1, "login": "a"]],
            to: ["name": "Rover", "tags": ["good"], "owner": ["id": 1, "login": "b"], "vet": nil],
            is: [
                ["op": "remove", "path": "/age"], ["op": "add", "path": "/vet", "value": nil],
                ["op": "replace", "path": "/owner/login", "value": "b"],
            ])
    }

    @Test func oneInsertionOrRemovalInAnArrayIsOneOperation() throws {
        try expectDiff(from: [1, 2, 3, 4], to: [1, 2, 9, 3, 4], is: [["op": "add", "path": "/2", "value": 9]])
        try expectDiff(from: [1, 2, 3, 4], to: [1, 3, 4], is: [["op": "remove", "path": "/1"]])
        try expectDiff(from: [1, 2], to: [0, 1, 2], is: [["op": "add", "path": "/0", "value": 0]])
        try expectDiff(from: [1, 2], to: [1, 2, 3], is: [["op": "add", "path": "/2", "value": 3]])
        try expectDiff(
            from: [1, 2, 3, 4, 5], to: [1, 5],
            is: [["op": "remove", "path": "/3"], ["op": "remove", "path": "/2"], ["op": "remove", "path": "/1"]])
    }

    @Test func changedElementsArePatchedInPlace() throws {
        try expectDiff(
            from: [["id": 1, "n": "a"], ["id": 2, "n": "b"]], to: [["id": 1, "n": "A"], ["id": 2, "n": "b"], 3],
            is: [["op": "add", "path": "/2", "value": 3], ["op": "replace", "path": "/0/n", "value": "A"]])
    }

    @Test func aValueIsReplacedWholeOnlyWhereItsKindChangesOrItIsAScalar() throws {
        try expectDiff(from: ["a": [1]], to: ["a": ["x": 1]], is: [["op": "replace", "path": "/a", "value": ["x": 1]]])
        try expectDiff(from: 1, to: "1", is: [["op": "replace", "path": "", "value": "1"]])
        try expectDiff(from: ["a": 1], to: [1], is: [["op": "replace", "path": "", "value": [1]]])
    }

    @Test func aLargeDocumentWithOneChangeGivesOneOperation() throws {
        var a = Node.Object()
        for index in 0..<1_000 {
            a["key\(index)"] = ["index": .number(.int(Int64(index))), "tags": ["a", "b"]]
        }
        var b = Node.object(a)
        try b.setValue("c", at: JSONPointer("/key500/tags/1"))
        try expectDiff(from: .object(a), to: b, is: [["op": "replace", "path": "/key500/tags/1", "value": "c"]])
    }

    @Test func keysNeedingEscapesAreEscapedInTheirPointers() throws {
        try expectDiff(
            from: ["a/b": 1, "m~n": ["x": 1]], to: ["a/b": 2, "m~n": ["x": 1, "y": 2]],
            is: [["op": "replace", "path": "/a~1b", "value": 2], ["op": "add", "path": "/m~0n/y", "value": 2]])
    }

    /// Random trees and random edits of them: the diff always turns one into the other.
    @Test func diffsOfRandomEditsApply() throws {
        var rng = SeededGenerator(seed: 14)
        for _ in 0..<500 {
            let a = randomTree(depth: 4, using: &rng)
            let b = Bool.random(using: &rng) ? randomTree(depth: 4, using: &rng) : randomlyEdited(a, using: &rng)
            let diff = JSONPatch(from: a, to: b)
            #expect(try diff.applied(to: a) == b, "\(a) -> \(b) by \(diff)")
            #expect(try JSONPatch(diff.node) == diff)
        }
    }
}

/// A small random tree whose values repeat often, so that arrays share elements.
func randomTree(depth: Int, using rng: inout SeededGenerator) -> Node {
    let roll = Int.random(in: 0..<10, using: &rng)
    if depth > 0 && roll < 4 {
        let count = Int.random(in: 0...5, using: &rng)
        if roll % 2 == 0 {
            return .array((0..<count).map { _ in randomTree(depth: depth - 1, using: &rng) })
        }
        var object = Node.Object()
        for _ in 0..<count {
            object[["a", "b", "c", "0", "a/b", "~", ""].randomElement(using: &rng)!] = randomTree(
                depth: depth - 1, using: &rng)
        }
        return .object(object)
    }
    return [nil, true, 1, 2, 1.5, "x", "y"].randomElement(using: &rng)!
}

/// `node` with a few random members or elements added, removed or replaced.
func randomlyEdited(_ node: Node, using rng: inout SeededGenerator) -> Node {
    var edited = node
    for _ in 0..<Int.random(in: 1...4, using: &rng) {
        var pointer = JSONPointer()
        var current = edited
        while Int.random(in: 0..<3, using: &rng) > 0 {
            switch current {
            case .array(let elements) where !elements.isEmpty:
                let index = Int.random(in: 0..<elements.count, using: &rng)
                pointer = pointer.appending(String(index))
                current = elements[index]
            case .object(let object) where !object.isEmpty:
                let member = object[Int.random(in: 0..<object.count, using: &rng)]
                pointer = pointer.appending(member.key)
                current = member.value
            default:
                break
            }
            if !current.isContainer { break }
        }
        let replacement = randomTree(depth: 2, using: &rng)
        switch (Int.random(in: 0..<3, using: &rng), current) {
        case (0, .array(let elements)):
            edited =
                (try? JSONPatch([
                    .add(
                        path: pointer.appending(String(Int.random(in: 0...elements.count, using: &rng))),
                        value: replacement)
                ]).applied(to: edited)) ?? edited
        case (1, _) where !pointer.tokens.isEmpty:
            try? edited.removeValue(at: pointer)
        default:
            try? edited.setValue(replacement, at: pointer)
        }
    }
    return edited
}

extension Node {
    fileprivate var isContainer: Bool { array != nil || object != nil }
}

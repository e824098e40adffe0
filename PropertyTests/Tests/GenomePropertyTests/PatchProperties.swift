// JSON Patch and JSON Merge Patch on random documents: a computed patch turns the first document into the second,
// and a patch that fails changes nothing.

import Genome
import PropertyBased
import Testing

@Suite struct PatchProperties {
    @Test func aDiffTurnsOneRandomTreeIntoAnother() async {
        await propertyCheck(count: 1_000, input: Generators.node, Generators.node) { a, b in
            let diff = JSONPatch(from: a, to: b)
            #expect(
                Result { () throws(JSONPatchError) in try diff.applied(to: a) } == .success(b),
                "\(brief(a)) -> \(brief(b)) by \(brief(diff.node))")
            #expect(Result { () throws(JSONPatchError) in try JSONPatch(diff.node) } == .success(diff))
        }
    }

    /// A tree and an edit of it: the diff follows the edit, and a handful of edits never need a whole-document
    /// `replace` when the document is a container whose kind stays.
    @Test func aDiffTurnsATreeIntoAnEditOfIt() async {
        await propertyCheck(count: 2_000, input: Generators.editedNode) { pair in
            let diff = JSONPatch(from: pair.original, to: pair.edited)
            #expect(
                Result { () throws(JSONPatchError) in try diff.applied(to: pair.original) } == .success(pair.edited),
                "\(brief(pair.original)) by \(brief(diff.node))")
            if pair.original.kind == pair.edited.kind && (pair.original.kind == .array || pair.original.kind == .object)
            {
                #expect(!diff.operations.contains { $0.path.tokens.isEmpty }, "\(brief(diff.node))")
            }
        }
    }

    /// Merge patches say every change except a member set to `null` (a `null` in a patch removes the member).
    @Test func aMergePatchTurnsATreeIntoAnotherWithoutNullMembers() async {
        await propertyCheck(count: 1_000, input: Generators.node, Generators.node) { a, b in
            let target = withoutNullMembers(b)
            let patch = Node.mergePatch(from: a, to: target)
            #expect(a.applyingMergePatch(patch) == target, "\(brief(a)) -> \(brief(target)) by \(brief(patch))")
        }
        await propertyCheck(count: 1_000, input: Generators.editedNode) { pair in
            let target = withoutNullMembers(pair.edited)
            let patch = Node.mergePatch(from: pair.original, to: target)
            #expect(pair.original.applyingMergePatch(patch) == target)
        }
    }

    /// A patch whose operation fails, anywhere in the patch, throws that operation's index and leaves the document
    /// exactly as it was, compared with a copy that shares no storage with it.
    @Test func aFailingPatchLeavesTheDocumentUnchanged() async {
        await propertyCheck(count: 1_000, input: Generators.editedNode) { pair in
            let document = pair.original
            let untouched = copyWithNewStorage(document)
            var operations = JSONPatch(from: document, to: pair.edited).operations
            let failing = brief(document).utf8.count % (operations.count + 1)  // anywhere, reproducibly
            // No document holds this value, so the test fails wherever it lands.
            operations.insert(.test(path: JSONPointer(), value: ["no document has this": .array([.null])]), at: failing)
            operations.append(.remove(path: JSONPointer(tokens: ["no", "such", "member"])))
            do {
                _ = try JSONPatch(operations).applied(to: document)
                Issue.record("a patch with a failing test applied")
            } catch let error as JSONPatchError {
                #expect(error.operationIndex == failing)
            } catch {
                Issue.record("unexpected \(error)")
            }
            #expect(document == untouched)
            expectIdentical(document, untouched, "the failing patch changed the document")
        }
    }
}

/// A copy of `node` in which every array and object is built anew, so that it shares no storage with `node`.
private func copyWithNewStorage(_ node: Node) -> Node {
    switch node {
    case .array(let elements):
        return .array(elements.map(copyWithNewStorage))
    case .object(let object):
        return .object(Node.Object(object.map { ($0.key, copyWithNewStorage($0.value)) }))
    default:
        return node
    }
}

/// `node` without the null members of its objects (nulls in arrays stay): what a merge patch can produce.
private func withoutNullMembers(_ node: Node) -> Node {
    switch node {
    case .object(let object):
        return .object(Node.Object(object.filter { !$0.value.isNull }.map { ($0.key, withoutNullMembers($0.value)) }))
    case .array(let elements):
        return .array(elements.map(withoutNullMembers))
    default:
        return node
    }
}

/// A tree, and the tree after a few random changes made through Genome's pointer API.
struct EditedNode: Sendable {
    let original: Node
    let edited: Node
}

extension Generators {
    static let editedNode = Generator<EditedNode, Shrink.None<EditedNode>>(run: { rng in
        let original = RandomJSON.node(depth: 5, using: &rng)
        var edited = original
        for _ in 0..<Int.random(in: 1...5, using: &rng) {
            // Walk to a random value, then change it, remove it, or add beside it.
            var pointer = JSONPointer()
            var current = edited
            walk: while Int.random(in: 0..<4, using: &rng) > 0 {
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
                    break walk
                }
            }
            let value = RandomJSON.node(depth: 2, using: &rng)
            switch Int.random(in: 0..<3, using: &rng) {
            case 0 where !pointer.tokens.isEmpty:
                try? edited.removeValue(at: pointer)
            case 1 where current.array != nil:
                let index = Int.random(in: 0...(current.array?.count ?? 0), using: &rng)
                let insert = JSONPatch([.add(path: pointer.appending(String(index)), value: value)])
                edited = (try? insert.applied(to: edited)) ?? edited
            case 1 where current.object != nil:
                try? edited.setValue(value, at: pointer.appending(RandomJSON.string(maximumLength: 3, using: &rng)))
            default:
                try? edited.setValue(value, at: pointer)
            }
        }
        return EditedNode(original: original, edited: edited)
    })
}

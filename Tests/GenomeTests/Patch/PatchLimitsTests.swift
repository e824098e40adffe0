// Hostile patches and extreme documents: errors, never crashes, traps, stack overflows or quadratic time.

import Genome
import Testing

@Suite struct PatchLimitsTests {
    @Test func hugeAndMalformedIndicesAreErrors() throws {
        let document: Node = ["list": [1, 2]]
        for text in [
            "/list/99999999999999999999", "/list/9223372036854775807", "/list/9223372036854775808",
            "/list/01", "/list/00", "/list/-1", "/list/1e0", "/list/ 1",
        ] {
            for operation: Node in [
                ["op": "add", "path": .string(text), "value": 0], ["op": "remove", "path": .string(text)],
                ["op": "replace", "path": .string(text), "value": 0],
                ["op": "test", "path": .string(text), "value": 1],
                ["op": "copy", "from": .string(text), "path": "/x"],
                ["op": "move", "from": .string(text), "path": "/x"],
            ] {
                #expect(throws: JSONPatchError.self, "\(operation)") {
                    try JSONPatch([operation]).applied(to: document)
                }
            }
        }
    }

    /// A million operations apply, each changing the one working copy in place. (Tests never assert speed: a patch
    /// applied in quadratic time would take hours here, not seconds, and CI would stop on its time limit. The note
    /// on issue 14 has the measured times.)
    @Test func aMillionOperationsApply() throws {
        var operations: [JSONPatch.Operation] = []
        operations.reserveCapacity(1_000_000)
        let items = JSONPointer(tokens: ["items"])
        let map = JSONPointer(tokens: ["map"])
        for round in 0..<250_000 {
            let value = Node.number(.int(Int64(round)))
            operations.append(.add(path: items.appending("-"), value: value))
            operations.append(.add(path: map.appending("k\(round)"), value: value))
            operations.append(.replace(path: items.appending(String(round)), value: ["round": value]))
            operations.append(.test(path: map.appending("k\(round)"), value: value))
        }
        let document: Node = ["items": [], "map": [:]]
        let (result, time) = try timed { try JSONPatch(operations).applied(to: document) }
        print("a patch of 1,000,000 operations: \(time)")
        #expect(result["items"]?.array?.count == 250_000)
        #expect(result[try JSONPointer("/items/249999/round")] == 249_999)
        #expect(result["map"]?.object?.count == 250_000)
        #expect(document == ["items": [], "map": [:]])
    }

    /// A patch whose last operation fails leaves nothing half-applied: the caller's document is as it was.
    @Test func aMillionOperationPatchThatFailsAtTheEndChangesNothing() throws {
        var operations: [JSONPatch.Operation] = Array(
            repeating: .add(path: JSONPointer(tokens: ["-"]), value: 1), count: 999_999)
        operations.append(.remove(path: JSONPointer(tokens: ["1000000"])))
        let document: Node = [0]
        let error = #expect(throws: JSONPatchError.self) { try JSONPatch(operations).applied(to: document) }
        #expect(error?.operationIndex == 999_999)
        #expect(error?.reason == .indexOutOfBounds("1000000", count: 1_000_000, at: JSONPointer()))
        #expect(document == [0])
    }

    /// 10,000 levels: ten times the reader's default depth limit.
    static let depth = 10_000

    /// Freeing a `Node` releases its levels recursively (see ReadingAndWritingJSON.md, "Nesting limits"), so the
    /// deep documents live on a thread with room for that; the work under test runs on a 512 KiB stack, a Swift
    /// task's, where any recursion over 10,000 levels would overflow.
    static func onSmallStack<Value>(_ body: () -> Value) -> Value {
        runOnThread(stackSize: 512 << 10, body)
    }

    static func withRoomToFree(_ body: () -> Void) {
        runOnThread(stackSize: 256 << 20, body)
    }

    /// A chain `depth` levels deep, alternating objects and arrays, with `leaf` at the bottom and a sibling beside
    /// every level.
    static func deepChain(leaf: Node) -> Node {
        var node = leaf
        for level in 0..<depth {
            node = level % 2 == 0 ? ["next": node, "level": .number(.int(Int64(level)))] : [node, "sibling"]
        }
        return node
    }

    @Test func diffsAndPatchesOfDocumentsTenThousandLevelsDeep() {
        Self.withRoomToFree {
            let a = Self.deepChain(leaf: "old")
            let b = Self.deepChain(leaf: "new")
            let (diff, diffTime) = timed { Self.onSmallStack { JSONPatch(from: a, to: b) } }
            print("diff of two documents \(Self.depth) levels deep: \(diffTime)")
            #expect(diff.operations.count == 1)
            #expect(diff.operations.first?.path.tokens.count == Self.depth)
            let patched = Self.onSmallStack { Result { () throws(JSONPatchError) in try diff.applied(to: a) } }
            #expect(patched == .success(b))
            #expect(Result { () throws(JSONPatchError) in try JSONPatch(diff.node) } == .success(diff))
            #expect(Self.onSmallStack { JSONPatch(from: a, to: a) }.operations.isEmpty)
            // The top level is an array: [chain, "sibling"]. Move the whole deep chain past the sibling.
            let move = JSONPatch([.move(from: JSONPointer(tokens: ["0"]), path: JSONPointer(tokens: ["-"]))])
            let moved = Self.onSmallStack { try? move.applied(to: a) }
            #expect(moved?[1] == a[0])
            #expect(moved?[0] == "sibling")
        }
    }

    @Test func mergePatchesOfDocumentsTenThousandLevelsDeep() {
        func chain(leaf: Node) -> Node {
            var node = leaf
            for _ in 0..<Self.depth {
                node = ["next": node, "same": 1]
            }
            return node
        }
        Self.withRoomToFree {
            let a = chain(leaf: ["value": "old", "gone": true])
            let b = chain(leaf: ["value": "new"])
            let (patch, time) = timed { Self.onSmallStack { Node.mergePatch(from: a, to: b) } }
            print("merge patch of two documents \(Self.depth) levels deep: \(time)")
            let merged = Self.onSmallStack { a.applyingMergePatch(patch) }
            #expect(merged == b)
            var expected: Node = ["value": "new", "gone": nil]
            for _ in 0..<Self.depth {
                expected = ["next": expected]
            }
            #expect(patch == expected)
        }
    }
}

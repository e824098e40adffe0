import Testing

@testable import Genome

// TypeKindTable: the process-wide, lock-free answers behind every Codable run's type kinds.

private struct A {}
private struct B {}
private struct C {}
private enum D {}
private final class E {}

private let types: [Any.Type] = [
    A.self, B.self, C.self, D.self, E.self, Int.self, String.self, [Int].self, [String: Int].self, Int?.self,
    [A].self, [B].self, [C?].self, (Int, String).self, Double.self, Bool.self, UInt8.self, [[Int]].self,
]

/// Counts the calls of a table's look-up, from any thread.
private final class Calls: @unchecked Sendable {
    // @unchecked: only touched under `lock`.
    private let lock = LockedState([ObjectIdentifier: Int]())
    func record(_ type: Any.Type) { lock.withLock { $0[ObjectIdentifier(type), default: 0] += 1 } }
    var counts: [ObjectIdentifier: Int] { lock.withLock { $0 } }
}

struct TypeKindTableTests {
    @Test func everyTypeGetsItsOwnAnswerOnEveryThreadAndIsWorkedOutAboutOnce() async {
        let calls = Calls()
        let table = TypeKindTable<String> { type in
            calls.record(type)
            return String(reflecting: type)
        }
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var allRight = true
                    for round in 0..<2_000 {
                        let type = types[(round &* 7 &+ task) % types.count]
                        allRight = allRight && table.kind(of: type) == String(reflecting: type)
                    }
                    return allRight
                }
            }
            for await allRight in group { #expect(allRight) }
        }
        let counts = calls.counts
        #expect(counts.count == types.count)
        // Threads can race to work out the same type: each loser drops its answer and reads the winner's.
        #expect(counts.values.allSatisfy { (1...8).contains($0) })
        for type in types { #expect(table.kind(of: type) == String(reflecting: type)) }
    }
}

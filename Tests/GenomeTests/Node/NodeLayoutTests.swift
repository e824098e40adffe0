import Testing

@testable import Genome

// The size of a node is a cost every document pays: arrays of nodes, objects' members and every copy. Exact
// numbers and the other rare cases hold one reference, so that a node stays a double's or a reference's size plus
// a tag.
@Suite struct NodeLayoutTests {
    @Test func aNumberIsADoubleAndATag() {
        #expect(MemoryLayout<Node.Number>.size <= 9)
        #expect(MemoryLayout<Node.ExactNumber>.size == MemoryLayout<Int>.size)
    }

    @Test func aNodeIsNoLargerThanAStringAndATag() {
        #expect(MemoryLayout<Node>.size <= MemoryLayout<String>.size + 1)
    }

    /// An object's member keeps half of its key's fingerprint after the value, where a 17-byte node leaves
    /// padding: a member is two words for the key, three for the value and its tag, and no more.
    @Test func anObjectMemberIsAKeyANodeAndNoMore() {
        #expect(MemoryLayout<Node.Object.Entry>.stride == 5 * MemoryLayout<UInt64>.size)
    }
}

import Genome
import Testing

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
}

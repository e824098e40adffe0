// Every read of a tape entry is bounds-checked (JSONTape's subscript): an index below 0 or past the last entry
// traps instead of reading memory that is not the tape's. The check is one unsigned comparison, so these run in a
// child process each and expect it to end with a failure.

import Testing

@testable import Genome

@Suite struct TapeBoundsTests {
    /// The kind of entry `index` of the tape of `[1,2]` (an array and its two numbers: three entries).
    static func kindInTwoElementArray(at index: Int) -> TapeKind {
        Array("[1,2]".utf8).withUnsafeBufferPointer { buffer in
            let tape = try! JSONReader.readTape(buffer, options: .strict)
            return tape.kind(at: index)
        }
    }

    @Test func everyEntryOfTheTapeCanBeRead() {
        #expect((0..<3).map(Self.kindInTwoElementArray) == [.array, .int, .int])
    }

    @Test func aNegativeIndexTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = TapeBoundsTests.kindInTwoElementArray(at: -1)
        }
    }

    @Test func theMostNegativeIndexTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = TapeBoundsTests.kindInTwoElementArray(at: .min)
        }
    }

    @Test func anIndexPastTheLastEntryTraps() async {
        await #expect(processExitsWith: .failure) {
            _ = TapeBoundsTests.kindInTwoElementArray(at: 3)
        }
    }
}

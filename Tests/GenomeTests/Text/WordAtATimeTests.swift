import Testing

@testable import Genome

// The string scans find the first stopper byte in a word, then keep only the bytes before it: for a key's
// fingerprint and for the non-ASCII flag. A flag above the first may be spurious (a borrow in `zeroBytes`), and
// must not matter.
@Suite struct WordAtATimeTests {
    @Test func theMaskCoversExactlyTheBytesBeforeTheLowestFlag() {
        for lowest in 0..<8 {
            let expected: UInt64 = lowest == 0 ? 0 : UInt64.max >> (64 - 8 * lowest)
            let flag = UInt64(0x80) << (8 * lowest)
            #expect(bytesBelowLowestFlag(flag) == expected, "flag in byte \(lowest)")
            // Any flags above the lowest change nothing.
            let above = 0x8080_8080_8080_8080 & ~(UInt64.max >> (56 - 8 * min(lowest, 7)))
            #expect(bytesBelowLowestFlag(flag | above) == expected, "flags from byte \(lowest) up")
        }
    }

    @Test func aStringIsScannedToItsFirstStopperWhereverItIs() throws {
        // Every length up to three words, with a non-ASCII byte right after the closing quote (inside the same
        // word, where the scan must not count it) and without.
        for length in 0...24 {
            let text = String(repeating: "a", count: length)
            for after in ["", "é"] {
                let node = try Node(json: "[\"\(text)\",\"\(after)\"]")
                #expect(node == .array([.string(text), .string(after)]), "length \(length)")
                let keyed = try Node(json: "{\"\(text)\":\"\(after)\"}")
                #expect(keyed[text] == .string(after), "key of length \(length)")
            }
        }
    }
}

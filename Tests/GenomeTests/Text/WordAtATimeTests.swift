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

    // The readers bit-cast sixteen-byte vectors and their comparison masks to two words, and take byte `i` of the
    // words as lane `i`. Proved here for every lane and every byte value, since the casts no longer check it.
    @Test func aVectorsWordsHoldItsLanesInOrder() {
        for lane in 0..<16 {
            for value in [UInt8(0x01), 0x22, 0x5C, 0x7F, 0x80, 0xFF] {
                var vector = SIMD16<UInt8>(repeating: 0)
                vector[lane] = value
                let (low, high) = words(of: vector)
                let expected = UInt64(value) << (8 * (lane % 8))
                #expect(low == (lane < 8 ? expected : 0), "lane \(lane), byte \(value)")
                #expect(high == (lane < 8 ? 0 : expected), "lane \(lane), byte \(value)")
            }
        }
        var ramp = SIMD16<UInt8>()
        for lane in 0..<16 { ramp[lane] = UInt8(lane + 1) }
        #expect(words(of: ramp) == (0x0807_0605_0403_0201, 0x100F_0E0D_0C0B_0A09))
    }

    @Test func aMasksWordsHoldAFullByteForEachSetLane() {
        for lane in 0..<16 {
            var block = SIMD16<Int8>(repeating: 0)
            block[lane] = 1
            let (low, high) = words(of: block .== SIMD16<Int8>(repeating: 1))
            let expected = UInt64(0xFF) << (8 * (lane % 8))
            #expect(low == (lane < 8 ? expected : 0), "lane \(lane)")
            #expect(high == (lane < 8 ? 0 : expected), "lane \(lane)")
        }
        let none = words(of: SIMD16<Int8>(repeating: 0) .== SIMD16<Int8>(repeating: 1))
        let all = words(of: SIMD16<Int8>(repeating: 1) .== SIMD16<Int8>(repeating: 1))
        #expect(none == (0, 0))
        #expect(all == (UInt64.max, UInt64.max))
    }
}

// The writer's integers must read exactly as Swift's `description` spells them: every digit count and the
// boundaries between the writer's one-, two- and three-part paths, through the public writer, and random values.

import Testing

@testable import Genome

@Suite struct IntegerFormattingTests {
    @Test func everyDigitCountAndItsEdges() {
        var values: [UInt64] = [0, UInt64.max, UInt64.max - 1]
        var power: UInt64 = 1
        while true {
            // Just below, at and above each power of ten, and its all-nines and fives.
            values += [power - 1, power, power + 1, power &* 5, power / 10 &* 9 &+ power / 10]
            if power > UInt64.max / 10 { break }
            power *= 10
        }
        for value in values {
            #expect(formatted(value, negative: false) == value.description)
            #expect(formatted(value, negative: true) == (value == 0 ? "-0" : "-" + value.description))
        }
    }

    @Test func signedExtremesThroughTheWriter() throws {
        let node: Node = [.number(.int(.min)), .number(.int(.max)), .number(.int(-1)), .number(.uint(.max)), 0]
        #expect(try node.serialized() == "[-9223372036854775808,9223372036854775807,-1,18446744073709551615,0]")
    }

    @Test func randomValuesOfEveryMagnitude() {
        var random = SystemRandomNumberGenerator()
        var mismatches: [UInt64] = []
        for _ in 0..<200_000 {
            let bits: UInt64 = random.next()
            let value = bits >> (bits % 64)
            if formatted(value, negative: false) != value.description { mismatches.append(value) }
        }
        #expect(mismatches.isEmpty, "first mismatches: \(mismatches.prefix(5))")
    }

    @Test func appendsAfterExistingBytes() {
        var output = ScratchStack<UInt8>(capacity: 1)
        output.push(UInt8(ascii: "["))
        appendInteger(12, negative: true, to: &output)
        output.push(UInt8(ascii: ","))
        appendInteger(123_456_789, negative: false, to: &output)
        #expect(String(decoding: output.popArray(from: 0), as: UTF8.self) == "[-12,123456789")
    }

    private func formatted(_ value: UInt64, negative: Bool) -> String {
        var output = ScratchStack<UInt8>(capacity: 1)
        appendInteger(value, negative: negative, to: &output)
        return String(decoding: output.popArray(from: 0), as: UTF8.self)
    }
}

import Testing

@testable import Genome

// An entry's kind is read by a switch over the raw values as literals (`TapeEntry.kind`), which holds only while
// the kinds are plain cases numbered 0, 1, 2... in order, and the switch names every one.
@Suite struct TapeEntryTests {
    @Test func everyKindIsStoredAsItsRawValue() {
        #expect(TapeKind.allCases.count == 10, "TapeEntry.kind names each kind's raw value")
        for (index, kind) in TapeKind.allCases.enumerated() {
            #expect(kind.rawValue == UInt8(index), "\(kind)")
            #expect(TapeEntry(kind, count: 3, payload: 7).kind == kind, "\(kind)")
            #expect(TapeEntry(kind, count: 3, payload: 7).count == 3, "\(kind)")
        }
    }

    @Test func aByteNoEntryIsWrittenWithReadsAsNull() {
        for byte in UInt64(10)...255 {
            var entry = TapeEntry(.null)
            entry.header = byte
            #expect(entry.kind == .null, "byte \(byte)")
        }
    }
}

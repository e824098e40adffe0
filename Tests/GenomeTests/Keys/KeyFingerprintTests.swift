import Testing

@testable import Genome

// A key's fingerprint and byte comparison read a word at a time, the last bytes of a short key by overlapping
// loads. Whatever the length, they must depend on every byte: keys that differ in one byte must stay apart when
// read, looked up and decoded, and equal keys must meet.
@Suite struct KeyFingerprintTests {
    @Test func everyByteOfKeysUpToTwentyBytesCounts() throws {
        for length in 1...20 {
            let base = Array(repeating: UInt8(ascii: "k"), count: length)
            var fingerprints: Set<UInt64> = []
            for position in 0..<length {
                var changed = base
                changed[position] = UInt8(ascii: "j")
                fingerprints.insert(changed.withUnsafeBufferPointer(keyFingerprint))
            }
            fingerprints.insert(base.withUnsafeBufferPointer(keyFingerprint))
            #expect(fingerprints.count == length + 1, "length \(length)")
        }
    }

    @Test func byteComparisonSeesEveryByteOfEveryLength() {
        // Key lookups compare bytes a word at a time, short keys and tails by overlapping loads.
        for length in 0...20 {
            let base = (0..<length).map { UInt8(truncatingIfNeeded: 0x61 + $0) }
            base.withUnsafeBufferPointer { original in
                #expect(bytesEqual(original, original))
                for position in 0..<length {
                    var changed = base
                    changed[position] ^= 0x20
                    changed.withUnsafeBufferPointer {
                        #expect(!bytesEqual(original, $0), "length \(length), byte \(position)")
                    }
                }
                let longer = base + [0x61]
                longer.withUnsafeBufferPointer { #expect(!bytesEqual(original, $0)) }
            }
        }
    }

    @Test func aKeyReadFromADocumentHasTheFingerprintOfItsBytes() throws {
        // Both readers fingerprint a plain ASCII key in the pass that finds its closing quote. A key with escapes
        // or non-ASCII bytes, and one too near the end of the input for a word-sized load, is fingerprinted
        // from its bytes afterwards. Whatever the length and whatever follows, the two must agree, or looking
        // the key up by name would miss it.
        for length in 0...40 {
            let plain = String((0..<length).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
            let variants = [(plain, plain), (plain + "\\u00e9", plain + "é"), ("é" + plain, "é" + plain)]
            for (written, key) in variants {
                for padding in 0...9 {
                    let text = "{\"\(written)\":1" + String(repeating: " ", count: padding) + "}"
                    let node = try Node(json: text)
                    guard case .object(let object) = node else {
                        Issue.record("\(text) did not read as an object")
                        continue
                    }
                    #expect(object.position(of: key, fingerprint: keyFingerprint(key)) == 0, "\(text)")
                    #expect(node[key] == 1, "\(text)")
                    OneField.CodingKeys.name = key
                    #expect(try NodeDecoder().decode(OneField.self, fromJSON: Array(text.utf8)).value == 1, "\(text)")
                }
            }
        }
    }

    @Test func objectsWithKeysThatDifferInOneByteKeepThemApart() throws {
        struct Pair: Decodable, Equatable {
            let first: Int
            let second: Int
            enum CodingKeys: CodingKey {
                case first, second
                var stringValue: String { self == .first ? Self.names.0 : Self.names.1 }
                init?(stringValue: String) {
                    switch stringValue {
                    case Self.names.0: self = .first
                    case Self.names.1: self = .second
                    default: return nil
                    }
                }
                nonisolated(unsafe) static var names = ("", "")
            }
        }
        for length in 1...20 {
            for position in 0..<length {
                var other = Array(repeating: Character("k"), count: length)
                other[position] = "j"
                let name = String(repeating: "k", count: length)
                let otherName = String(other)
                let node = try Node(json: "{\"\(otherName)\":2,\"\(name)\":1}")
                #expect(node[name] == 1)
                #expect(node[otherName] == 2)
                Pair.CodingKeys.names = (name, otherName)
                let pair = try NodeDecoder().decode(
                    Pair.self, fromJSON: Array("{\"\(otherName)\":2,\"\(name)\":1}".utf8))
                #expect(pair == Pair(first: 1, second: 2))
            }
        }
    }
}

/// A model with one field whose key is set by the test.
private struct OneField: Decodable {
    let value: Int
    enum CodingKeys: CodingKey {
        case value
        var stringValue: String { Self.name }
        init?(stringValue: String) {
            guard stringValue == Self.name else { return nil }
            self = .value
        }
        nonisolated(unsafe) static var name = ""
    }
}

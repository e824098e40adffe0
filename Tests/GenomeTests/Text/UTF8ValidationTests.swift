// `isWellFormedUTF8`, the tree reader's check of non-ASCII strings, against the standard library's validator: every
// sequence of one and two bytes, and three- and four-byte sequences from every lead of 0xC0 up with their other
// bytes at the edges of the ranges that matter; each alone and after ASCII prefixes that put it inside, across and
// after the first eight-byte word.

import Testing

@testable import Genome

@Suite struct UTF8ValidationTests {
    /// Bytes at the edges of every range Unicode's Table 3-7 distinguishes.
    static let edges: [UInt8] = [
        0x00, 0x41, 0x7F, 0x80, 0x8F, 0x90, 0x9F, 0xA0, 0xBF, 0xC0, 0xC1, 0xC2, 0xDF, 0xE0, 0xF4, 0xF5, 0xFF,
    ]

    static func agrees(_ sequence: [UInt8]) -> Bool {
        for prefix in [0, 7, 8] {
            let bytes = Array(repeating: UInt8(ascii: "a"), count: prefix) + sequence
            let expected = String(validating: bytes, as: UTF8.self) != nil
            let found = bytes.withUnsafeBufferPointer { isWellFormedUTF8($0) }
            if found != expected { return false }
        }
        return true
    }

    @Test func oneAndTwoByteSequences() {
        var wrong: [[UInt8]] = []
        for first in 0...255 {
            if !Self.agrees([UInt8(first)]) { wrong.append([UInt8(first)]) }
            for second in 0...255 where !Self.agrees([UInt8(first), UInt8(second)]) {
                wrong.append([UInt8(first), UInt8(second)])
            }
        }
        #expect(wrong.count == 0, "\(wrong.prefix(10))")
    }

    @Test func threeByteSequences() {
        var wrong: [[UInt8]] = []
        for first in 0xC0...0xFF {
            for second in Self.edges {
                for third in Self.edges where !Self.agrees([UInt8(first), second, third]) {
                    wrong.append([UInt8(first), second, third])
                }
            }
        }
        #expect(wrong.count == 0, "\(wrong.prefix(10))")
    }

    @Test func threeByteSequencesInARunOfThreeByteCharacters() {
        // After a three-byte character the validator takes the next ones a word at a time: every three-byte
        // sequence must be judged the same there, between CJK characters and before ASCII, and at the end.
        let kanji: [UInt8] = [0xE6, 0x97, 0xA5]
        var wrong: [[UInt8]] = []
        for first in 0xC0...0xFF {
            for second in Self.edges {
                for third in Self.edges {
                    let sequence = [UInt8(first), second, third]
                    for bytes in [kanji + sequence, kanji + kanji + sequence + kanji, kanji + sequence + [0x41]]
                    where !Self.agrees(bytes) {
                        wrong.append(bytes)
                    }
                }
            }
        }
        #expect(wrong.count == 0, "\(wrong.prefix(10))")
    }

    @Test func fourByteSequences() {
        var wrong: [[UInt8]] = []
        for first in 0xF0...0xF7 {
            for second in Self.edges {
                for third in Self.edges {
                    for fourth in Self.edges where !Self.agrees([UInt8(first), second, third, fourth]) {
                        wrong.append([UInt8(first), second, third, fourth])
                    }
                }
            }
        }
        #expect(wrong.count == 0, "\(wrong.prefix(10))")
    }

    @Test func textInEveryScript() {
        for text in ["plain ASCII text, longer than a word", "Zoë 🦊 naïve", "日本語のテキストです。", "Ελληνικά", "𝄞𝄞𝄞 ok"] {
            #expect(Self.agrees(Array(text.utf8)), "\(text)")
            // Cut short anywhere, most of these stop being well-formed; the two validators must still agree.
            let bytes = Array(text.utf8)
            for end in 0...bytes.count { #expect(Self.agrees(Array(bytes[..<end])), "\(text) cut at \(end)") }
        }
    }
}

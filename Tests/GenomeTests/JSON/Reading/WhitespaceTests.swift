// Whitespace between tokens: the reader takes runs of spaces eight bytes at a time, so every run length, every
// place a run can stand and every byte that can end one is checked against what the grammar says.

import Testing

@testable import Genome

@Suite struct WhitespaceTests {
    /// Runs of 0 to 40 spaces (across every eight-byte boundary) wherever the grammar allows whitespace.
    @Test(arguments: 0...40) func runsOfSpacesAnywhereReadTheSameDocument(length: Int) throws {
        let run = String(repeating: " ", count: length)
        let text = "\(run){\(run)\"a\"\(run):\(run)[\(run)1\(run),\(run)true\(run)]\(run),\"b\":\(run)null\(run)}\(run)"
        let node = try Node(json: text)
        #expect(node == ["a": [1, true], "b": nil])
    }

    /// Indentation as pretty-printers write it: a line break, then spaces, or tabs.
    @Test(arguments: 0...24) func indentedLinesReadTheSameDocument(depth: Int) throws {
        for indent in [String(repeating: " ", count: depth), String(repeating: "\t", count: depth)] {
            let text = "{\n\(indent)\"a\": [\r\n\(indent)  1,\n\(indent)  2\n\(indent)]\n}\n"
            #expect(try Node(json: text) == ["a": [1, 2]])
        }
    }

    /// The first byte after a run that is not whitespace is where an error points, whatever the run's length and
    /// whatever that byte is (a control byte, DEL, a byte of a multi-byte character, or the input's end).
    @Test(arguments: 0...20) func aRunEndsAtTheFirstByteThatIsNoSpace(length: Int) {
        let run = [UInt8](repeating: UInt8(ascii: " "), count: length)
        for stray: [UInt8] in [[0x1F], [0x7F], [0x21], [0xC2, 0xA0], [0x0B], [0x0C], [0x00]] {
            let json = [UInt8(ascii: "[")] + run + stray + [UInt8(ascii: "]")]
            _ = expectSyntaxError(json, kind: .unexpectedCharacter, offset: 1 + length, line: 1, column: 2 + length)
        }
        let unclosed = [UInt8(ascii: "[")] + run
        _ = expectSyntaxError(unclosed, kind: .unexpectedEndOfInput, offset: 1 + length)
    }
}

import Testing

@testable import Genome

// Both readers find the end of a string sixteen bytes at a time, then a word at a time, then a byte at a time near
// the end of the input; a key's first sixteen bytes are tested as one vector and fingerprinted from its two words.
// Whatever the length, wherever the first quote, backslash, control byte or non-ASCII byte falls (in the first
// block, the second, a word after them, or the last bytes of the input), each reader must stop there: read the
// same string, flag invalid UTF-8 that a block stepped over, and report a control byte where it is.
@Suite struct StringScanTests {
    /// Plain ASCII of `count` bytes, no two neighbours equal.
    static func plain(_ count: Int) -> String {
        String((0..<count).map { Character(UnicodeScalar(UInt8(0x61 + $0 % 26))) })
    }

    /// What is put at one place of a string: how it is written in JSON, and what it reads as.
    static let specials: [(written: String, read: String)] = [
        ("\\n", "\n"), ("\\\"", "\""), ("\\u00e9", "é"), ("é", "é"), ("日本", "日本"), ("\u{1F600}", "\u{1F600}"),
    ]

    /// Decodes `text`, a one-member object, through the tape: the member under `key`.
    static func decodedMember(_ text: String, key: String) throws -> String {
        let object = try NodeDecoder().decode([String: String].self, fromJSON: Array(text.utf8))
        guard let value = object[key] else { throw LookupFailure(key: key, text: text) }
        return value
    }

    struct LookupFailure: Error {
        let key: String
        let text: String
    }

    /// Calls `body` with every string of up to 40 ASCII bytes with one special (`specials`) put in at every place,
    /// as written in JSON and as read, and with whitespace of several lengths to put after it: the end of the input
    /// then falls in the string's first block, its second, or further on.
    static func forEachStringWithASpecial(_ body: (_ written: String, _ read: String, _ padding: String) throws -> Void)
        rethrows
    {
        for length in 0...40 {
            let text = plain(length)
            for position in 0...length {
                let before = String(text.prefix(position))
                let after = String(text.dropFirst(position))
                for (written, read) in specials {
                    for padding in [0, 1, 7, 15, 16, 17] {
                        try body(
                            before + written + after, before + read + after, String(repeating: " ", count: padding))
                    }
                }
            }
        }
    }

    @Test func valueStringsReadTheSameWhereverTheirFirstSpecialByteIs() throws {
        try Self.forEachStringWithASpecial { written, expected, padding in
            let json = "{\"k\":\"\(written)\"\(padding)}"
            let node = try Node(json: json)
            #expect(node["k"] == .string(expected), "\(json)")
            #expect(try Self.decodedMember(json, key: "k") == expected, "\(json)")
        }
    }

    @Test func keysReadTheSameWhereverTheirFirstSpecialByteIs() throws {
        try Self.forEachStringWithASpecial { written, key, padding in
            let json = "{\"\(written)\":\"v\"\(padding)}"
            let node = try Node(json: json)
            guard case .object(let object) = node else {
                Issue.record("\(json) did not read as an object")
                return
            }
            #expect(object.keys == [key], "\(json)")
            #expect(node[key] == "v", "\(json)")
            #expect(try Self.decodedMember(json, key: key) == "v", "\(json)")
        }
    }

    @Test func invalidUTF8IsCaughtWhereverABlockStepsOverIt() throws {
        // A byte that is never UTF-8 (0xFF) or a lead byte without its continuation (0xC3), at every place of a
        // string of ASCII: the non-ASCII flag of each block the scan stepped over must carry it to the validation.
        for length in 1...40 {
            for position in 0..<length {
                for bad: UInt8 in [0xFF, 0xC3] {
                    for asKey in [false, true] {
                        var string = Array(Self.plain(length).utf8)
                        string[position] = bad
                        let json: [UInt8] =
                            asKey
                            ? Array("{\"".utf8) + string + Array("\":1}".utf8)
                            : Array("{\"k\":\"".utf8) + string + Array("\"}".utf8)
                        let offset = (asKey ? 2 : 6) + position
                        expectSyntaxError(json, kind: .invalidUTF8, offset: offset)
                        expectTapeSyntaxError(json, kind: .invalidUTF8, offset: offset)
                    }
                }
            }
        }
    }

    @Test func aControlByteIsReportedWhereItIs() throws {
        for length in 1...40 {
            for position in 0..<length {
                for asKey in [false, true] {
                    var string = Array(Self.plain(length).utf8)
                    string[position] = 0x01
                    let start = asKey ? 2 : 6
                    let json: [UInt8] =
                        asKey
                        ? Array("{\"".utf8) + string + Array("\":1}".utf8)
                        : Array("{\"k\":\"".utf8) + string + Array("\"}".utf8)
                    expectSyntaxError(json, kind: .controlCharacterInString, offset: start + position)
                    expectTapeSyntaxError(json, kind: .controlCharacterInString, offset: start + position)
                }
            }
        }
    }

    @Test func aStringThatRunsToTheEndOfTheInputIsAnError() {
        // No closing quote: every block and word load must stay inside the input (the address sanitizer run checks
        // the loads; this, that the error comes out).
        for length in 0...40 {
            for asKey in [false, true] {
                let json = (asKey ? "{\"" : "[\"") + Self.plain(length)
                expectSyntaxError(json, kind: .unexpectedEndOfInput)
                expectTapeSyntaxError(Array(json.utf8), kind: .unexpectedEndOfInput, offset: json.utf8.count)
            }
        }
    }
}

/// Decodes `json` from bytes, as the tape reader reads them, and expects the syntax error `kind` at `offset`.
private func expectTapeSyntaxError(
    _ json: [UInt8], kind: JSONSyntaxError.Kind, offset: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let decoded = try NodeDecoder().decode([String: String].self, fromJSON: json)
        Issue.record("expected a \(kind) error, but decoded \(decoded)", sourceLocation: sourceLocation)
    } catch DecodingError.dataCorrupted(let context) {
        let underlying = context.underlyingError as? JSONSyntaxError
        #expect(underlying?.kind == kind, "\(context)", sourceLocation: sourceLocation)
        #expect(underlying?.offset == offset, "\(context)", sourceLocation: sourceLocation)
    } catch {
        Issue.record("expected a \(kind) error, got \(error)", sourceLocation: sourceLocation)
    }
}

// Parsing and printing JSON Pointers (RFC 6901), their errors, and their conversion to and from key paths.

import Genome
import Testing

@Suite struct JSONPointerTests {
    @Test func textParsesIntoUnescapedTokens() throws {
        #expect(try JSONPointer("").tokens == [])
        #expect(try JSONPointer("/").tokens == [""])
        #expect(try JSONPointer("/owner/login").tokens == ["owner", "login"])
        #expect(try JSONPointer("/a~1b/m~0n").tokens == ["a/b", "m~n"])
        #expect(try JSONPointer("//x/").tokens == ["", "x", ""])
        #expect(try JSONPointer("/é/日本").tokens == ["é", "日本"])
    }

    /// `~01` is `~` followed by `1`, not `/`: each escape is read once, left to right.
    @Test func escapesAreReadOnceLeftToRight() throws {
        #expect(try JSONPointer("/~01").tokens == ["~1"])
        #expect(try JSONPointer("/~10").tokens == ["/0"])
        #expect(JSONPointer(tokens: ["~1"]).description == "/~01")
    }

    @Test func descriptionWritesEscapesBack() throws {
        for text in ["", "/", "/owner/login", "/a~1b/m~0n", "/~01", "//x/", "/ ", "/é"] {
            #expect(try JSONPointer(text).description == text)
        }
        #expect(JSONPointer(tokens: ["a/b", "~"]).description == "/a~1b/~0")
    }

    @Test func textWithoutALeadingSlashIsRejected() {
        expectPointerError("owner/login", offset: 0, reason: .missingLeadingSlash)
        expectPointerError("#/owner", offset: 0, reason: .missingLeadingSlash)
        let error = #expect(throws: JSONPointerError.self) { try JSONPointer("owner") }
        #expect(error?.description == #"JSONPointerError at byte 0 of "owner": a pointer is empty or starts with "/""#)
    }

    @Test func aTildeNotFollowedByZeroOrOneIsRejected() {
        expectPointerError("/a~2", offset: 2, reason: .invalidEscape)
        expectPointerError("/a~", offset: 2, reason: .invalidEscape)
        expectPointerError("/é~x", offset: 3, reason: .invalidEscape)
        let error = #expect(throws: JSONPointerError.self) { try JSONPointer("/a~2") }
        #expect(
            error?.description
                == #"JSONPointerError at byte 2 of "/a~2": "~" must be followed by "0" (for "~") or "1" (for "/")"#)
    }

    @Test func pointersCompareByTokens() throws {
        #expect(try JSONPointer("/a~1b") == JSONPointer(tokens: ["a/b"]))
        #expect(try JSONPointer("/a/b") != JSONPointer(tokens: ["a/b"]))
        #expect(Set([try JSONPointer("/a"), try JSONPointer("/a"), JSONPointer()]).count == 2)
    }

    @Test func parentAppendingAndPrefixes() throws {
        let pointer = try JSONPointer("/a/b")
        #expect(pointer.parent == (try JSONPointer("/a")))
        #expect(JSONPointer().parent == nil)
        #expect(pointer.appending("c/d").description == "/a/b/c~1d")
        #expect(try JSONPointer("/a").isProperPrefix(of: pointer))
        #expect(JSONPointer().isProperPrefix(of: pointer))
        #expect(!pointer.isProperPrefix(of: pointer))
        #expect(try !pointer.isProperPrefix(of: JSONPointer("/a/bc")))
    }

    @Test func keyPathsBecomePointers() {
        #expect(JSONPointer(["owners", 0, "login"]).description == "/owners/0/login")
        #expect(JSONPointer([PathComponent]()).description == "")
        #expect(JSONPointer([.key("a/b"), .index(12)]).tokens == ["a/b", "12"])
    }

    @Test func pointersBecomeKeyPathsByWhatTheDocumentHolds() throws {
        let node: Node = ["items": [["0": "zero"]], "7": ["x": 1]]
        #expect(try JSONPointer("/items/0/0").path(in: node) == ["items", 0, "0"])
        #expect(try JSONPointer("/7/x").path(in: node) == ["7", "x"])
        #expect(try JSONPointer("/items/-").path(in: node) == ["items", 1])
        #expect(try JSONPointer("/items/5/a").path(in: node) == ["items", 5, "a"])
        #expect(try JSONPointer("/items/01").path(in: node) == ["items", "01"])
        #expect(try JSONPointer("/items/99999999999999999999").path(in: node) == ["items", "99999999999999999999"])
        #expect(try JSONPointer("/missing/0").path(in: node) == ["missing", "0"])
        #expect(JSONPointer().path(in: node) == [])
    }

    @Test func aKeyPathRoundTripsThroughAPointer() {
        let node: Node = ["owners": [["login": "a"], ["login": "b"]], "1": true]
        for path: [PathComponent] in [["owners", 1, "login"], ["1"], [], ["owners", 0]] {
            #expect(JSONPointer(path).path(in: node) == path)
        }
    }
}

private func expectPointerError(
    _ text: String, offset: Int, reason: JSONPointerError.Reason, sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        let pointer = try JSONPointer(text)
        Issue.record(
            "expected \(text.debugDescription) to be rejected, got \(pointer.tokens)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.text == text, sourceLocation: sourceLocation)
        #expect(error.offset == offset, "\(error)", sourceLocation: sourceLocation)
        #expect(error.reason == reason, "\(error)", sourceLocation: sourceLocation)
    }
}

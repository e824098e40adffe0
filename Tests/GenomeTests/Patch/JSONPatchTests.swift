// JSON Patch (RFC 6902): reading patches and writing them back, each operation's meaning, and the errors, which
// name the operation, its pointer and the reason.

import Genome
import Testing

@Suite struct JSONPatchReadingTests {
    @Test func aPatchReadsEveryOperationAndWritesItBack() throws {
        let node = try Node(
            json: """
                [{"op": "add", "path": "/a", "value": 1},
                 {"op": "remove", "path": "/b"},
                 {"op": "replace", "path": "/c", "value": null},
                 {"op": "move", "from": "/d", "path": "/e"},
                 {"op": "copy", "from": "/f", "path": "/g~1h"},
                 {"op": "test", "path": "/i", "value": [1]}]
                """)
        let patch = try JSONPatch(node)
        #expect(
            patch.operations == [
                .add(path: try JSONPointer("/a"), value: 1),
                .remove(path: try JSONPointer("/b")),
                .replace(path: try JSONPointer("/c"), value: nil),
                .move(from: try JSONPointer("/d"), path: try JSONPointer("/e")),
                .copy(from: try JSONPointer("/f"), path: JSONPointer(tokens: ["g/h"])),
                .test(path: try JSONPointer("/i"), value: [1]),
            ])
        #expect(patch.node == node)
        #expect(try JSONPatch(patch.node) == patch)
        #expect(patch.operations.map(\.name) == ["add", "remove", "replace", "move", "copy", "test"])
        #expect(patch.operations[4].path.description == "/g~1h")
        #expect(
            patch.description
                == #"[{"op":"add","path":"/a","value":1},{"op":"remove","path":"/b"},{"op":"replace","path":"/c","value":null},{"op":"move","path":"/e","from":"/d"},{"op":"copy","path":"/g~1h","from":"/f"},{"op":"test","path":"/i","value":[1]}]"#
        )
    }

    @Test func membersAnOperationDoesNotUseAreIgnored() throws {
        let patch = try JSONPatch([["op": "remove", "path": "/a", "value": 1, "from": "/b", "extra": true]])
        #expect(patch.operations == [.remove(path: try JSONPointer("/a"))])
    }

    @Test func anArrayLiteralOfOperationsIsAPatch() throws {
        let patch: JSONPatch = [.add(path: try JSONPointer("/a"), value: 1)]
        #expect(try patch.applied(to: [:]) == ["a": 1])
        #expect(
            try JSONPatch.Operation(["op": "test", "path": "", "value": nil]) == .test(path: JSONPointer(), value: nil))
    }

    @Test(
        arguments: [
            ([:] as Node, #"JSONPatchError at operation 0: a patch is an array of operations, not an object"#),
            (["x"], #"JSONPatchError at operation 0: an operation is an object, not a string"#),
            ([["path": "/a"]], #"JSONPatchError at operation 0: no "op" member"#),
            ([["op": 1, "path": "/a"]], #"JSONPatchError at operation 0: "op" must be a string, not a number"#),
            (
                [["op": "test", "path": "", "value": 1], ["op": "spam", "path": "/a"]],
                #"JSONPatchError at operation 1: "spam" is not an operation (add, remove, replace, move, copy or test)"#
            ),
            ([["op": "add", "value": 1]], #"JSONPatchError at operation 0 (add): no "path" member"#),
            (
                [["op": "add", "path": nil, "value": 1]],
                #"JSONPatchError at operation 0 (add): "path" must be a string, not null"#
            ),
            (
                [["op": "add", "path": "a", "value": 1]],
                #"JSONPatchError at operation 0 (add): JSONPointerError at byte 0 of "a": a pointer is empty or starts with "/""#
            ),
            ([["op": "add", "path": "/a"]], #"JSONPatchError at operation 0 (add "/a"): no "value" member"#),
            ([["op": "replace", "path": "/a"]], #"JSONPatchError at operation 0 (replace "/a"): no "value" member"#),
            ([["op": "test", "path": "/a"]], #"JSONPatchError at operation 0 (test "/a"): no "value" member"#),
            ([["op": "move", "path": "/a"]], #"JSONPatchError at operation 0 (move): no "from" member"#),
            (
                [["op": "copy", "path": "/a", "from": "b"]],
                #"JSONPatchError at operation 0 (copy): JSONPointerError at byte 0 of "b": a pointer is empty or starts with "/""#
            ),
        ] as [(Node, String)])
    func malformedPatchesThrowWithTheOperationsIndex(patch: Node, message: String) {
        let error = #expect(throws: JSONPatchError.self) { try JSONPatch(patch) }
        #expect(error?.description == message)
    }

    @Test func aMalformedPatchErrorCarriesItsParts() {
        let error = #expect(throws: JSONPatchError.self) {
            try JSONPatch([["op": "add", "path": "/ok", "value": 1], ["op": "move", "path": "/a", "from": 3]])
        }
        #expect(error?.operationIndex == 1)
        #expect(error?.operationName == "move")
        #expect(error?.pointer == nil)
        #expect(error?.reason == .memberNotAString("from", found: .number))
    }
}

@Suite struct JSONPatchApplyingTests {
    let document: Node = ["name": "Rover", "tags": ["good", "loyal"], "owner": ["id": 1], "nothing": nil]

    func applying(_ patch: Node, sourceLocation: SourceLocation = #_sourceLocation) throws -> Node {
        try JSONPatch(patch).applied(to: document)
    }

    @Test func addSetsMembersInsertsElementsAndAppendsAtTheDash() throws {
        let result = try applying([
            ["op": "add", "path": "/age", "value": 3],
            ["op": "add", "path": "/name", "value": "Rex"],
            ["op": "add", "path": "/tags/0", "value": "first"],
            ["op": "add", "path": "/tags/3", "value": "at count"],
            ["op": "add", "path": "/tags/-", "value": "last"],
            ["op": "add", "path": "/nothing", "value": ["now": "something"]],
        ])
        #expect(
            result == [
                "name": "Rex", "tags": ["first", "good", "loyal", "at count", "last"], "owner": ["id": 1],
                "nothing": ["now": "something"], "age": 3,
            ])
        #expect(result.object?.keys == ["name", "tags", "owner", "nothing", "age"])
    }

    @Test func addAtTheEmptyPointerReplacesTheDocument() throws {
        #expect(try applying([["op": "add", "path": "", "value": [1]]]) == [1])
    }

    @Test func removeReplaceAndTest() throws {
        let result = try applying([
            ["op": "test", "path": "/owner", "value": ["id": 1.0]],
            ["op": "remove", "path": "/tags/0"],
            ["op": "replace", "path": "/owner/id", "value": 2],
            ["op": "replace", "path": "/nothing", "value": false],
            ["op": "test", "path": "/tags", "value": ["loyal"]],
            ["op": "remove", "path": "/name"],
        ])
        #expect(result == ["tags": ["loyal"], "owner": ["id": 2], "nothing": false])
    }

    @Test func moveAndCopy() throws {
        let result = try applying([
            ["op": "copy", "from": "/owner", "path": "/previousOwner"],
            ["op": "move", "from": "/tags/1", "path": "/tags/0"],
            ["op": "move", "from": "/name", "path": "/owner/dog"],
            ["op": "replace", "path": "/previousOwner/id", "value": 0],
            ["op": "move", "from": "/nothing", "path": "/nothing"],
        ])
        #expect(
            result == [
                "tags": ["loyal", "good"], "owner": ["id": 1, "dog": "Rover"], "nothing": nil,
                "previousOwner": ["id": 0],
            ])
    }

    @Test func theDocumentPassedInIsNeverChanged() throws {
        var document: Node = ["list": [1, 2, 3], "a": ["b": 1]]
        let before = document
        let patch = try JSONPatch([
            ["op": "add", "path": "/list/0", "value": 0], ["op": "replace", "path": "/a/b", "value": 2],
            ["op": "remove", "path": "/list/1"],
        ])
        let after = try patch.applied(to: document)
        #expect(document == before)
        #expect(after == ["list": [0, 2, 3], "a": ["b": 2]])
        document = after
        #expect(try patch.applied(to: document) == ["list": [0, 2, 3], "a": ["b": 2]])
    }

    @Test(
        arguments: [
            (
                ["op": "remove", "path": "/owner/name"] as Node,
                #"JSONPatchError at operation 1 (remove "/owner/name"): no value at "/owner/name""#
            ),
            (
                ["op": "replace", "path": "/missing/deeper", "value": 1],
                #"JSONPatchError at operation 1 (replace "/missing/deeper"): no value at "/missing""#
            ),
            (
                ["op": "add", "path": "/missing/deeper", "value": 1],
                #"JSONPatchError at operation 1 (add "/missing/deeper"): no value at "/missing""#
            ),
            (
                ["op": "add", "path": "/name/x", "value": 1],
                #"JSONPatchError at operation 1 (add "/name/x"): cannot step into a string at "/name""#
            ),
            (
                ["op": "add", "path": "/nothing/x", "value": 1],
                #"JSONPatchError at operation 1 (add "/nothing/x"): cannot step into null at "/nothing""#
            ),
            (
                ["op": "add", "path": "/tags/01", "value": 1],
                #"JSONPatchError at operation 1 (add "/tags/01"): "01" is not an index, in the array at "/tags""#
            ),
            (
                ["op": "add", "path": "/tags/3", "value": 1],
                #"JSONPatchError at operation 1 (add "/tags/3"): index "3" is out of bounds for the 2 elements at "/tags""#
            ),
            (
                ["op": "add", "path": "/tags/-/x", "value": 1],
                #"JSONPatchError at operation 1 (add "/tags/-/x"): index "-" is out of bounds for the 2 elements at "/tags""#
            ),
            (
                ["op": "remove", "path": "/tags/-"],
                #"JSONPatchError at operation 1 (remove "/tags/-"): index "-" is out of bounds for the 2 elements at "/tags""#
            ),
            (
                ["op": "remove", "path": "/tags/99999999999999999999"],
                #"JSONPatchError at operation 1 (remove "/tags/99999999999999999999"): index "99999999999999999999" is out of bounds for the 2 elements at "/tags""#
            ),
            (
                ["op": "replace", "path": "/tags/1e0", "value": 1],
                #"JSONPatchError at operation 1 (replace "/tags/1e0"): "1e0" is not an index, in the array at "/tags""#
            ),
            (
                ["op": "test", "path": "/tags/0", "value": "bad"],
                #"JSONPatchError at operation 1 (test "/tags/0"): test expected "bad" but found "good""#
            ),
            (
                ["op": "test", "path": "/owner", "value": ["id": "1"]],
                #"JSONPatchError at operation 1 (test "/owner"): test expected {"id":"1"} but found {"id":1}"#
            ),
            (
                ["op": "move", "from": "/owner", "path": "/owner/self"],
                #"JSONPatchError at operation 1 (move "/owner/self"): cannot move "/owner" into its own child"#
            ),
            (
                ["op": "move", "from": "", "path": "/x"],
                #"JSONPatchError at operation 1 (move "/x"): cannot move "" (the whole document) into its own child"#
            ),
            (
                ["op": "move", "from": "/gone", "path": "/x"],
                #"JSONPatchError at operation 1 (move "/gone"): no value at "/gone""#
            ),
            (
                ["op": "move", "from": "/name", "path": "/tags/7"],
                #"JSONPatchError at operation 1 (move "/tags/7"): index "7" is out of bounds for the 2 elements at "/tags""#
            ),
            (
                ["op": "copy", "from": "/gone", "path": "/x"],
                #"JSONPatchError at operation 1 (copy "/gone"): no value at "/gone""#
            ),
            (
                ["op": "remove", "path": ""],
                #"JSONPatchError at operation 1 (remove "" (the whole document)): cannot remove the whole document"#
            ),
        ] as [(Node, String)])
    func aFailingOperationThrowsItsIndexPointerAndReasonAndChangesNothing(operation: Node, message: String) throws {
        let patch = try JSONPatch([["op": "add", "path": "/first", "value": 1], operation])
        let error = #expect(throws: JSONPatchError.self) { try patch.applied(to: document) }
        #expect(error?.description == message)
        #expect(error?.operationIndex == 1)
    }

    /// `{"a": {"a": … 1}}`, `levels` objects deep.
    static func nested(_ levels: Int) -> Node {
        var node: Node = 1
        for _ in 0..<levels { node = ["a": node] }
        return node
    }

    @Test func copiesThatWouldNestTheDocumentTooDeepAreRefused() throws {
        // Each copy of the whole document into its own member nests it one level deeper: a few bytes an operation
        // could otherwise make a document too deep to free.
        let copies = Array(repeating: ["op": "copy", "from": "", "path": "/a"] as Node, count: 20)
        let patch = try JSONPatch(Node.array(copies))
        let document = Self.nested(2_040)
        let error = #expect(throws: JSONPatchError.self) { try patch.applied(to: document) }
        // Before operation 8 the document is 2,048 levels deep; one more would make 2,049.
        #expect(error?.operationIndex == 8)
        #expect(error?.reason == .tooDeeplyNested(limit: 2_048))
        #expect(
            error?.description
                == #"JSONPatchError at operation 8 (copy "/a"): the document would nest deeper than 2048 levels"#)
        #expect(try JSONPatch(Node.array(Array(copies.prefix(8)))).applied(to: document) == Self.nestedCopies(8))
    }

    /// What `n` copies of `nested(2_040)` into its own member `a` make: each wraps the one before.
    static func nestedCopies(_ n: Int) -> Node {
        var node = nested(2_040)
        for _ in 0..<n { node = ["a": node] }
        return node
    }

    @Test func addReplaceAndMovePlaceNoValueDeeperThanTheLimit() throws {
        let deepest = Self.nested(2_047)  // 2,047 levels; under a member, 2,048
        #expect(try JSONPatch([["op": "add", "path": "/x", "value": deepest]]).applied(to: [:]) == ["x": deepest])
        let tooDeep = ["a": deepest] as Node  // 2,048 levels; under a member, 2,049
        let document: Node = ["x": [:], "y": tooDeep]
        for operation: Node in [
            ["op": "add", "path": "/x", "value": tooDeep],
            ["op": "replace", "path": "/x", "value": tooDeep],
            ["op": "move", "from": "/y", "path": "/x/z"],
            ["op": "copy", "from": "/y", "path": "/x/z"],
        ] {
            let error = #expect(throws: JSONPatchError.self) { try JSONPatch([operation]).applied(to: document) }
            #expect(error?.reason == .tooDeeplyNested(limit: 2_048))
        }
        // The whole document may be as deep as the limit, a value may move or be copied to a place no deeper
        // than it was, and a scalar may go anywhere.
        #expect(try JSONPatch([["op": "add", "path": "", "value": tooDeep]]).applied(to: [:]) == tooDeep)
        #expect(
            try JSONPatch([["op": "copy", "from": "/y", "path": "/w"]]).applied(to: document)
                == ["x": [:], "y": tooDeep, "w": tooDeep])
        #expect(
            try JSONPatch([["op": "add", "path": "/y/a", "value": 1]]).applied(to: document)
                == ["x": [:], "y": ["a": 1]])
    }

    @Test func anIndexPastAOneElementArrayNamesOneElement() throws {
        let patch = try JSONPatch([["op": "add", "path": "/one/5", "value": 1]])
        let error = #expect(throws: JSONPatchError.self) { try patch.applied(to: ["one": [1]]) }
        #expect(
            error?.description
                == #"JSONPatchError at operation 0 (add "/one/5"): index "5" is out of bounds for the 1 element at "/one""#
        )
    }

    @Test func theErrorsPartsNameTheFailingPointer() throws {
        let patch = try JSONPatch([["op": "copy", "from": "/owner/x/y", "path": "/z"]])
        let error = #expect(throws: JSONPatchError.self) { try patch.applied(to: document) }
        #expect(error?.operationName == "copy")
        #expect(error?.pointer == (try JSONPointer("/owner/x/y")))
        #expect(error?.reason == .noValue(at: try JSONPointer("/owner/x")))
    }

    @Test func testComparesAsNodeEquality() throws {
        let document: Node = ["n": 1, "o": ["a": 1, "b": 2], "s": "\u{E9}"]
        #expect(throws: Never.self) {
            try JSONPatch([
                ["op": "test", "path": "/n", "value": 1.0], ["op": "test", "path": "/o", "value": ["b": 2, "a": 1]],
                ["op": "test", "path": "", "value": document],
            ]).applied(to: document)
        }
        // By Unicode scalars: a decomposed é is another string.
        #expect(throws: JSONPatchError.self) {
            try JSONPatch([["op": "test", "path": "/s", "value": "e\u{301}"]]).applied(to: document)
        }
    }
}

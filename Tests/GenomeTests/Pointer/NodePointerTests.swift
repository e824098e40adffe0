// Reading, writing and decoding a Node at a JSON Pointer: RFC 6901's own examples, what a token means in an array,
// and hostile pointers.

import Genome
import Testing

@Suite struct NodePointerTests {
    /// RFC 6901, section 5.
    static let rfcDocument: Node = [
        "foo": ["bar", "baz"],
        "": 0,
        "a/b": 1,
        "c%d": 2,
        "e^f": 3,
        "g|h": 4,
        "i\\j": 5,
        "k\"l": 6,
        " ": 7,
        "m~n": 8,
    ]

    @Test(
        arguments: [
            ("", rfcDocument),
            ("/foo", ["bar", "baz"]),
            ("/foo/0", "bar"),
            ("/", 0),
            ("/a~1b", 1),
            ("/c%d", 2),
            ("/e^f", 3),
            ("/g|h", 4),
            ("/i\\j", 5),
            ("/k\"l", 6),
            ("/ ", 7),
            ("/m~0n", 8),
        ] as [(String, Node)])
    func rfc6901SectionFiveExamples(text: String, expected: Node) throws {
        let pointer = try JSONPointer(text)
        #expect(Self.rfcDocument[pointer] == expected)
        #expect(pointer.description == text)
    }

    @Test func zeroIsAnIndexInAnArrayAndAKeyInAnObject() throws {
        let node: Node = ["list": ["first"], "map": ["0": "zero"]]
        #expect(node[try JSONPointer("/list/0")] == "first")
        #expect(node[try JSONPointer("/map/0")] == "zero")
    }

    @Test func tokensThatAreNotIndicesFindNothingInAnArray() throws {
        let node: Node = ["list": ["a", "b"]]
        for text in [
            "/list/01", "/list/00", "/list/1e0", "/list/-1", "/list/-", "/list/", "/list/ 1", "/list/+1",
            "/list/2", "/list/99999999999999999999", "/list/9223372036854775808", "/list/0/x",
        ] {
            #expect(node[try JSONPointer(text)] == nil, "\(text)")
        }
        #expect(node[try JSONPointer("/list/1")] == "b")
    }

    @Test func stepsIntoScalarsFindNothing() throws {
        let node: Node = ["s": "text", "n": nil, "b": true]
        #expect(node[try JSONPointer("/s/0")] == nil)
        #expect(node[try JSONPointer("/n/a")] == nil)
        #expect(node[try JSONPointer("/b/a")] == nil)
        #expect(node[try JSONPointer("/n")] == .null)
    }

    // MARK: - setValue(_:at:)

    @Test func setValueReplacesAppendsAndCreatesAsAKeyPathDoes() throws {
        var node: Node = ["tags": ["a"], "nothing": nil]
        try node.setValue("b", at: JSONPointer("/tags/-"))
        try node.setValue("c", at: JSONPointer("/tags/2"))
        try node.setValue("A", at: JSONPointer("/tags/0"))
        try node.setValue(1, at: JSONPointer("/owner/id"))
        try node.setValue(2, at: JSONPointer("/nothing/deep/0"))
        try node.setValue("x", at: JSONPointer("/tags/-/y"))
        #expect(
            node == ["tags": ["A", "b", "c", ["y": "x"]], "nothing": ["deep": ["0": 2]], "owner": ["id": 1]])
        #expect(node.object?.keys == ["tags", "nothing", "owner"])
        try node.setValue(["replaced": true], at: JSONPointer())
        #expect(node == ["replaced": true])
    }

    @Test func setValueAgreesWithTheKeyPathSetter() throws {
        let start: Node = ["a": [1, ["b": nil]], "c": nil]
        for path: [PathComponent] in [["a", 0], ["a", 2], ["a", 1, "b", "c"], ["c", "d"], ["new", "x"], []] {
            var byPath = start
            var byPointer = start
            try byPath.setValue("v", at: path)
            try byPointer.setValue("v", at: JSONPointer(path))
            #expect(byPointer == byPath, "\(path)")
        }
    }

    @Test func setValueThatCannotFollowThePointerThrowsAndChangesNothing() throws {
        let start: Node = ["name": "Rover", "list": [1]]
        var node = start
        let intoString = #expect(throws: NodePathError.self) { try node.setValue(1, at: JSONPointer("/name/first")) }
        #expect(intoString?.path == ["name", "first"])
        #expect(intoString?.reason == .cannotStep(into: .string))
        let pastEnd = #expect(throws: NodePathError.self) { try node.setValue(1, at: JSONPointer("/list/5")) }
        #expect(pastEnd?.description == "NodePathError at list[5]: index out of bounds for an array of 1 element")
        let huge = #expect(throws: NodePathError.self) {
            try node.setValue(1, at: JSONPointer("/list/99999999999999999999"))
        }
        #expect(huge?.reason == .indexOutOfBounds(count: 1))
        let leadingZero = #expect(throws: NodePathError.self) { try node.setValue(1, at: JSONPointer("/list/01/x")) }
        #expect(leadingZero?.description == "NodePathError at list.01: cannot follow 01 into an array")
        #expect(node == start)
    }

    // MARK: - removeValue(at:)

    @Test func removeValueRemovesMembersAndElements() throws {
        var node: Node = ["list": [1, 2, 3], "a": ["b": 1, "c": 2]]
        try node.removeValue(at: JSONPointer("/list/1"))
        try node.removeValue(at: JSONPointer("/a/b"))
        #expect(node == ["list": [1, 3], "a": ["c": 2]])
        try node.removeValue(at: JSONPointer())
        #expect(node == .null)
    }

    @Test func removingWhatIsNotThereChangesNothing() throws {
        let start: Node = ["list": [1], "a": ["b": 1]]
        var node = start
        for text in ["/missing", "/missing/deeper", "/list/1", "/list/-", "/list/99999999999999999999", "/a/x/y"] {
            try node.removeValue(at: JSONPointer(text))
        }
        #expect(node == start)
    }

    @Test func removingThroughTheWrongKindThrows() throws {
        var node: Node = ["list": [1], "s": "x"]
        let notIndex = #expect(throws: NodePathError.self) { try node.removeValue(at: JSONPointer("/list/01")) }
        #expect(notIndex?.path == ["list", "01"])
        #expect(notIndex?.reason == .cannotStep(into: .array))
        let intoString = #expect(throws: NodePathError.self) { try node.removeValue(at: JSONPointer("/s/a/b")) }
        #expect(intoString?.path == ["s", "a"])
        #expect(node == ["list": [1], "s": "x"])
    }

    // MARK: - decode(at:)

    @Test func decodeAtAPointerDecodesTheValueThere() throws {
        let json: Node = ["owner": ["login": "anviking", "ids": [7, 8]], "0": "key zero"]
        let login: String = try json.decode(at: JSONPointer("/owner/login"))
        let second: Int = try json.decode(at: JSONPointer("/owner/ids/1"))
        let zero: String = try json.decode(at: JSONPointer("/0"))
        let whole: [String: Node] = try json.decode(at: JSONPointer())
        #expect(login == "anviking" && second == 8 && zero == "key zero" && whole.count == 2)
        let missing: String? = try json.decodeIfPresent(at: JSONPointer("/owner/name"))
        #expect(missing == nil)
    }

    /// The same error, path and description as `decode(path:)` along the pointer's key path.
    @Test(arguments: ["/owner/name", "/owner/ids/5", "/owner/ids/-", "/owner/login/x", "/owner/ids/01", "/nothing/x"])
    func decodeAtAPointerThrowsWhatDecodeAlongItsPathThrows(text: String) throws {
        let json: Node = ["owner": ["login": "anviking", "ids": [7, 8]], "nothing": nil]
        let pointer = try JSONPointer(text)
        var byPointer: (any Error)?
        var byPath: (any Error)?
        do { let _: Int = try json.decode(at: pointer) } catch { byPointer = error }
        do { let _: Int = try json.decode(path: pointer.path(in: json)) } catch { byPath = error }
        #expect(byPointer != nil)
        #expect(byPointer.map { "\($0)" } == byPath.map { "\($0)" })
        #expect(type(of: byPointer!) == type(of: byPath!))
    }

    @Test func decodeAtAPointerReportsTheMissingKeyAsDecodeDoes() throws {
        let json: Node = ["owner": ["id": 1]]
        let error = #expect(throws: MissingKeyError.self) {
            let _: String = try json.decode(at: JSONPointer("/owner/login"))
        }
        #expect(error?.description == #"MissingKeyError at owner: no key "login" in {"id":1}"#)
        #expect(error?.path == ["owner"])
    }

    // MARK: - Depth

    /// A pointer 10,000 tokens long into a document as deep, on a 512 KiB stack (a Swift task's): no walk
    /// recurses, so none can overflow it. The document itself lives on a thread with room to free it, which
    /// releases its levels recursively.
    @Test func pointersTenThousandLevelsDeepReadWriteAndRemove() {
        runOnThread(stackSize: 256 << 20) {
            let depth = 10_000
            var node: Node = ["leaf": 0]
            for _ in 0..<depth {
                node = ["k": node]
            }
            let tokens = [String](repeating: "k", count: depth)
            let leaf = JSONPointer(tokens: tokens + ["leaf"])
            let added = JSONPointer(tokens: tokens + ["new"])
            let outcome = runOnThread(stackSize: 512 << 10) { () -> Result<Int, any Error> in
                Result {
                    guard node[leaf] == 0 else { return -1 }
                    try node.setValue(1, at: leaf)
                    try node.setValue(2, at: added)
                    guard node[leaf] == 1 else { return -2 }
                    try node.removeValue(at: leaf)
                    guard node[leaf] == nil, node[JSONPointer(tokens: tokens)] == ["new": 2] else { return -3 }
                    return try node.decode(at: added)
                }
            }
            #expect((try? outcome.get()) == 2, "\(outcome)")
        }
    }
}

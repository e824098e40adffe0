// Inputs that broke a check of the fuzz target (Fuzz/, see Fuzz/README.md) or a property (PropertyTests/),
// minimised, each pinned by a test. A library bug not fixed yet would be a test wrapped in `withKnownIssue`: it
// keeps CI green while the bug is open, and fails as soon as the bug is fixed, so that the wrapper (and any step
// around the bug in Fuzz/Sources/FuzzChecks) gets removed. There are none.

import Genome
import Testing

@Suite struct FuzzRegressionTests {
    // MARK: - Differences from Foundation

    /// Fuzzing, first run (crash-e127304c…): Foundation's `JSONSerialization` accepted an object holding
    /// `1.7976931348623157e3085`, because a later duplicate key replaced that member and Foundation converts a
    /// number only when its value is used. Since exact numbers, Genome accepts a number beyond Double's range
    /// anywhere (it keeps its text), so both accept this document and keep the last value.
    @Test func anOutOfRangeNumberInAMemberReplacedByALaterDuplicateIsAccepted() {
        expectParses(#"{"b":1e999,"b":2}"#, to: ["b": 2])
        expectParses(#"{"a":{"b":[-1e999]},"a":1}"#, to: ["a": 1])
    }

    /// The same document with the number in range keeps the last value.
    @Test func aMemberReplacedByALaterDuplicateTakesTheLastValue() {
        expectParses(#"{"b":1e300,"b":2}"#, to: ["b": 2])
    }

    /// Fuzzing, once the differential check compared values (crash-24d299c8…, crash-ca95efe5…): Foundation drops
    /// a raw U+FEFF (the bytes EF BB BF) at the start of a string or key and right after an escape sequence, as
    /// if it were a byte order mark. Genome keeps every character of a string; only a byte order mark before the
    /// top-level value is skipped.
    @Test func aByteOrderMarkInsideAStringIsKept() {
        expectParses("[\"\u{FEFF}x\"]", to: ["\u{FEFF}x"])
        expectParses("[\"a\\n\u{FEFF}b\"]", to: ["a\n\u{FEFF}b"])
        expectParses("{\"\u{FEFF}\":1}", to: ["\u{FEFF}": 1])
        expectParses("\u{FEFF}\"\u{FEFF}\"", to: "\u{FEFF}")
    }

    // MARK: - Bounded error descriptions

    /// Found by the fuzz checks on a hand-made input: a `.duplicateKey` error quotes the repeated key cut to 40
    /// `Character`s, and one `Character` can hold any number of combining scalars, so one letter with 600
    /// combining accents made a 1.4 KB description (and a megabyte key a megabyte description). Fixed: keys are
    /// now cut by Unicode scalars.
    @Test func duplicateKeyErrorDescriptionIsBoundedForAnyKey() {
        let key = "a" + String(repeating: "\u{301}", count: 600)
        var options = Node.ReadingOptions()
        options.rejectsDuplicateKeys = true
        guard
            let error = expectSyntaxError(
                "{\"\(key)\":1,\"\(key)\":2}", options: options, kind: .duplicateKey, offset: 1207)
        else { return }
        #expect(error.description.utf8.count <= 1024, "\(error.description.utf8.count) bytes")
    }

    /// Found by the fuzz checks' decoding step: a decoding error's description spelled out its whole path, and a
    /// dictionary puts the document's own keys in the path, so a 5,000-byte key made a 5 KB description. Fixed
    /// in 1b2f4f6 (keys past 32 characters are cut in descriptions); `path` itself stays exact.
    @Test func decodingErrorDescriptionIsBoundedForALongKeyInItsPath() throws {
        let key = String(repeating: "k", count: 5_000)
        let error = try #require(throws: TypeMismatchError.self) {
            try [String: Int].decode(Node(json: "{\"\(key)\": \"x\"}"))
        }
        #expect(error.path == [.key(key)])
        #expect(error.description.utf8.count <= 2048, "\(error.description.utf8.count) bytes")
    }

    /// The same, with a key that is one `Character` long: one letter and 3,000 combining accents. The description
    /// cut keys to 32 `Character`s, and this key is one, so the description was 6 KB. Fixed: keys are now cut by
    /// Unicode scalars.
    @Test func decodingErrorDescriptionIsBoundedForAKeyOfCombiningMarks() throws {
        let key = "a" + String(repeating: "\u{301}", count: 3_000)
        let error = try #require(throws: TypeMismatchError.self) {
            try [String: Int].decode(Node(json: "{\"\(key)\": \"x\"}"))
        }
        #expect(error.path == [.key(key)])
        #expect(error.description.utf8.count <= 2048, "\(error.description.utf8.count) bytes")
    }

    // MARK: - Numbers

    /// Found by the property tests (PropertyTests, `edgeIntegersReadAsTheDocumentedCaseAndConvertExactly`): the
    /// integers from -2^63 - 1024 to -2^63 - 1 are beyond 64 bits, so converting them to an integer type is
    /// documented to fail. But they round to the double -2^63, which is exactly `Int64.min`, and both
    /// `exactly(Int64.self)` and `Int64.decode` gave `Int64.min`: a silent change of value. Fixed: the double
    /// -2^63 never converts to an integer type.
    @Test(arguments: ["-9223372036854775809", "-9223372036854775810", "-9223372036854776832"])
    func integersJustBelowInt64MinDoNotBecomeInt64Min(literal: String) throws {
        let node = try Node(json: literal)
        expectExact(node, literal, double: -0x1p63)
        #expect(node != .number(.double(-0x1p63)), "not equal to the double they round to")
        #expect(node.number?.exactly(Int64.self) == nil)
        #expect(node.number?.int64Value == nil)
        #expect(throws: TypeMismatchError.self) { try Int64.decode(node) }
    }

    /// The first integer below the window rounds to -2^63 - 2048, outside `Int64`, and fails as documented.
    @Test func theFirstIntegerBelowTheWindowFailsToConvert() throws {
        let node = try Node(json: "-9223372036854776833")
        #expect(node.number?.exactly(Int64.self) == nil)
        #expect(throws: TypeMismatchError.self) { try Int64.decode(node) }
    }

    // MARK: - Stack depth

    // Found while probing what the fuzz target cannot reach (it decodes on the main thread's 8 MiB stack):
    // decoding a recursive model recurses once per level of the document, through the model's own code. At about
    // 1 KiB per level in a debug build (NodeDecodable) and 1 KiB per level in a release build (NodeDecoder), a
    // document within the depth limit overflowed a 512 KiB stack (a Swift concurrency thread's) and the process
    // died. Fixed: where each level begins, Genome checks the stack and throws a `StackLimitError` with the path
    // when it is nearly used up, on the caller's own thread. Each test decodes at the depth ceiling on a 512 KiB
    // stack, in a child process so that an overflow fails the test instead of ending the run: the outcome must be
    // the whole model or that error, pointing into the document.

    @Test func aRecursiveNodeDecodableModelAtTheDepthCeilingDecodesOrStopsWithItsPathOnA512KiBStack() async {
        await #expect(processExitsWith: .success) {
            try decodeAtTheCeilingOnA512KiBStack(RecursiveModel.json) { try RecursiveModel.decode($0).depth }
        }
    }

    @Test func aModelWithAnOptionalChildAtTheDepthCeilingDecodesOrStopsWithItsPathOnA512KiBStack() async {
        await #expect(processExitsWith: .success) {
            try decodeAtTheCeilingOnA512KiBStack(ChainedModel.json) { try ChainedModel.decode($0).depth }
        }
    }

    @Test func aRecursiveMappableModelAtTheDepthCeilingReadsOrStopsWithItsPathOnA512KiBStack() async {
        await #expect(processExitsWith: .success) {
            try decodeAtTheCeilingOnA512KiBStack(RecursiveModel.json) {
                try MappedRecursiveModel(node: $0).depth
            }
        }
    }

    @Test func aRecursiveCodableModelAtTheDepthCeilingDecodesOrStopsWithItsPathOnA512KiBStack() async {
        await #expect(processExitsWith: .success) {
            let depth = Node.ReadingOptions.maximumDepthLimit
            let node = try deepNode(ChainedModel.json(depth: depth), depth: depth)
            let outcome = runOnThread(stackSize: 512 * 1024) { () -> Result<Int, any Error> in
                Result { try NodeDecoder().decode(ChainedModel.self, from: node).depth }
            }
            switch outcome {
            case .success(let decoded):
                precondition(decoded == depth, "decoded \(decoded) levels of \(depth)")
            case .failure(DecodingError.dataCorrupted(let context)):
                let error = context.underlyingError as? StackLimitError
                precondition(error != nil, "\(context): not a StackLimitError")
                precondition(error!.path.count == context.codingPath.count && !context.codingPath.isEmpty)
                precondition(context.codingPath.allSatisfy { $0.stringValue == "next" })
                precondition(node[path: error!.path] == error!.object, "the error's object is not at its path")
                precondition(context.debugDescription.hasPrefix("StackLimitError at next.next."))
            case .failure(let error):
                preconditionFailure("\(error)")
            }
        }
    }

    /// Encoding a model as deep as the ceiling (decoded on a large stack) on a 512 KiB stack: the document back, or
    /// the error at the level that did not start.
    @Test func encodingARecursiveModelOnA512KiBStackGivesTheDocumentOrStopsWithItsPath() async {
        await #expect(processExitsWith: .success) {
            let depth = Node.ReadingOptions.maximumDepthLimit
            let node = try deepNode(ChainedModel.json(depth: depth), depth: depth)
            let mappedNode = try deepNode(RecursiveModel.json(depth: depth), depth: depth)
            let models = runOnThread(stackSize: 64 << 20) {
                (try? NodeDecoder().decode(ChainedModel.self, from: node), try? MappedRecursiveModel(node: mappedNode))
            }
            guard let chained = models.0, let mapped = models.1 else { preconditionFailure("no models to encode") }
            let (encoded, written) = runOnThread(stackSize: 512 * 1024) {
                (Result { try NodeEncoder().encode(chained) }, Result { try mapped.makeNode() })
            }
            switch encoded {
            case .success(let encoded): precondition(encoded == node, "encoding did not give the document back")
            case .failure(EncodingError.invalidValue(_, let context)):
                let error = context.underlyingError as? StackLimitError
                precondition(error?.isEncoding == true, context.debugDescription)
                precondition(error?.typeName.contains("ChainedModel") == true, context.debugDescription)
                precondition(!context.codingPath.isEmpty)
                precondition(context.codingPath.allSatisfy { $0.stringValue == "next" })
            case .failure(let error): preconditionFailure("\(error)")
            }
            switch written {
            case .success(let written): precondition(written == mappedNode, "the model did not write the document back")
            case .failure(let error as StackLimitError): precondition(error.isEncoding, "\(error)")
            case .failure(let error): preconditionFailure("\(error)")
            }
        }
    }

    /// At the default depth limit, 512, a recursive model decodes whole on an 8 MiB stack (a main thread's).
    @Test func recursiveModelsAtTheDefaultDepthDecodeWholeOnAnEightMiBStack() throws {
        let depth = Node.ReadingOptions().maximumDepth
        let node = try Node(json: RecursiveModel.json(depth: depth))
        let chained = try Node(json: ChainedModel.json(depth: depth))
        let depths = runOnThread(stackSize: 8 << 20) {
            (
                try? RecursiveModel.decode(node).depth, try? MappedRecursiveModel(node: node).depth,
                try? NodeDecoder().decode(ChainedModel.self, from: chained).depth
            )
        }
        #expect(depths.0 == depth && depths.1 == depth && depths.2 == depth)
    }

    /// Genome never moves a model's code to another thread: every level sees the caller's task-local values. (With
    /// the thread hop this replaced, 838 of 1,000 levels saw the default value on a 512 KiB stack.)
    @Test func everyLevelOfARecursiveModelSeesTheCallersTaskLocals() throws {
        let depth = 2_000
        let node = try deepNode(TaskLocalModel.json(depth: depth), depth: depth)
        let (levels, outcome) = runOnThread(stackSize: 512 * 1024) {
            TaskLocalModel.$expected.withValue("bound") {
                let counter = LevelCounter()
                let outcome = TaskLocalModel.$counter.withValue(counter) {
                    Result { try TaskLocalModel.decode(node) }
                }
                return (counter.levels, outcome.map { _ in () })
            }
        }
        #expect(levels.seen > 0 && levels.seen == levels.bound, "\(levels.seen - levels.bound) levels saw the default")
        switch outcome {
        case .success: #expect(levels.seen == depth)
        case .failure(let error):
            let error = try #require(error as? StackLimitError)
            #expect(error.path.count == levels.seen && error.typeName == "TaskLocalModel")
        }
    }
}

/// Reads the document `json(depth)` as deep as the ceiling, decodes it on a 512 KiB stack with `decode`, which
/// gives the depth it found, and traps unless that is the whole depth or a `StackLimitError` whose path leads into
/// the document to the node it names.
private func decodeAtTheCeilingOnA512KiBStack(_ json: (Int) -> String, _ decode: (Node) throws -> Int) throws {
    let depth = Node.ReadingOptions.maximumDepthLimit
    let node = try deepNode(json(depth), depth: depth)
    let outcome = runOnThread(stackSize: 512 * 1024) { Result { try decode(node) } }
    switch outcome {
    case .success(let decoded):
        precondition(decoded == depth, "decoded \(decoded) levels of \(depth)")
    case .failure(let error as StackLimitError):
        precondition(!error.path.isEmpty, "\(error): no path")
        precondition(node[path: error.path] == error.object, "\(error): the object is not at the path")
        precondition(error.rootObject == node, "\(error): the root is not the document")
        precondition(error.description.hasPrefix("StackLimitError at "), error.description)
    case .failure(let error):
        preconditionFailure("\(error)")
    }
}

/// Reads `json`, which is `depth` levels deep.
private func deepNode(_ json: String, depth: Int) throws -> Node {
    try Node(json: json, options: .init(maximumDepth: depth))
}

/// Levels of nesting of a `{"c":[…]}` chain, an object and an array per model, following the first child without
/// recursion.
private func nestingDepth<Model>(of root: Model, children: (Model) -> [Model]) -> Int {
    var levels = 0
    var current: Model? = root
    while let model = current {
        levels += 2
        current = children(model).first
    }
    return levels
}

/// `{"c":[{"c":[…]}]}`: an object holding an array of itself, two levels of nesting per model level.
private struct RecursiveModel: NodeDecodable {
    var children: [RecursiveModel]

    static func decode(_ json: Node) throws -> RecursiveModel {
        try RecursiveModel(children: json.decodeIfPresent("c") ?? [])
    }

    /// Levels of nesting, counting arrays and objects (two per model), found without recursion.
    var depth: Int { nestingDepth(of: self, children: \.children) }

    static func json(depth: Int) -> String {
        String(repeating: #"{"c":["#, count: depth / 2) + String(repeating: "]}", count: depth / 2)
    }
}

/// A chain of `{"c":{…}}` whose decoding counts, at each level, whether the task-local value is the bound one.
private struct TaskLocalModel: NodeDecodable {
    @TaskLocal static var expected = "default"
    @TaskLocal static var counter: LevelCounter? = nil

    static func decode(_ json: Node) throws -> TaskLocalModel {
        counter?.count(sawBound: expected == "bound")
        _ = try json.decodeIfPresent("c") as TaskLocalModel?
        return TaskLocalModel()
    }

    static func json(depth: Int) -> String {
        String(repeating: #"{"c":"#, count: depth - 1) + "{}" + String(repeating: "}", count: depth - 1)
    }
}

private final class LevelCounter: @unchecked Sendable {
    private(set) var levels = (seen: 0, bound: 0)

    func count(sawBound: Bool) {
        levels.seen += 1
        if sawBound { levels.bound += 1 }
    }
}

/// The same document through the Map API, read with `extract` and written with `write`.
private struct MappedRecursiveModel: MappableObject {
    var children: [MappedRecursiveModel]

    init(map: Map) throws {
        children = try map.extract("c")
    }

    mutating func sequence(_ map: Map) throws {
        try map["c"].write(children)
    }

    /// Levels of nesting, counting arrays and objects (two per model), found without recursion.
    var depth: Int { nestingDepth(of: self, children: \.children) }
}

/// `{"next":{"next":{…"next":null}}}`: one level of nesting per model level, through an optional member. A class,
/// so that it can hold itself; decodable both ways.
private final class ChainedModel: NodeDecodable, Codable {
    let next: ChainedModel?

    init(next: ChainedModel?) {
        self.next = next
    }

    static func decode(_ json: Node) throws -> ChainedModel {
        try ChainedModel(next: json.decode("next"))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(next, forKey: .next)  // null at the bottom, as in the document
    }

    /// Levels of nesting, found without recursion.
    var depth: Int {
        var levels = 0
        var current: ChainedModel? = self
        while let model = current {
            levels += 1
            current = model.next
        }
        return levels
    }

    static func json(depth: Int) -> String {
        String(repeating: #"{"next":"#, count: depth) + "null" + String(repeating: "}", count: depth)
    }
}

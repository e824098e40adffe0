// A recursive model on a small stack: every entry point decodes or encodes at the depth ceiling, or stops with a
// `StackLimitError` and its path, never overflowing; and the work stays on the caller's thread (CallStack/).

import Genome
import Testing

@Suite struct StackLimitTests {
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
            let (encoded, bytes, written) = runOnThread(stackSize: 512 * 1024) {
                (
                    Result { try NodeEncoder().encode(chained) }, Result { try NodeEncoder().encodeJSON(chained) },
                    Result { try mapped.makeNode() }
                )
            }
            expectEncodedOrStoppedAtALevel(encoded.map { $0 == node })
            // The byte path, whose detour on a low stack hands the run to the tree path.
            expectEncodedOrStoppedAtALevel(
                bytes.map { (try? Node(json: $0, options: .init(maximumDepth: depth))) == node })
            switch written {
            case .success(let written): precondition(written == mappedNode, "the model did not write the document back")
            case .failure(let error as StackLimitError): precondition(error.isEncoding, "\(error)")
            case .failure(let error): preconditionFailure("\(error)")
            }
        }
    }

    /// A model whose code moves the rest of the run to another thread, with a small stack, halfway down: the check
    /// of the stack still applies there (the run's cached bounds are the first thread's).
    @Test func encodingThatMovesToASmallerThreadHalfwayStillStopsBeforeItsStackEnds() async {
        await #expect(processExitsWith: .success) {
            let depth = Node.ReadingOptions.maximumDepthLimit
            let node = try deepNode(ChainedModel.json(depth: depth), depth: depth)
            let model = runOnThread(stackSize: 64 << 20) { try? NodeDecoder().decode(ChainedModel.self, from: node) }
            guard let model else { preconditionFailure("no model to encode") }
            let hopping = ThreadHopping(levelsBeforeHop: 10, rest: model)
            let outcomes = runOnThread(stackSize: 64 << 20) {
                (Result { try NodeEncoder().encode(hopping) }, Result { try NodeEncoder().encodeJSON(hopping) })
            }
            for outcome in [outcomes.0.map { _ in true }, outcomes.1.map { _ in true }] {
                guard case .failure(EncodingError.invalidValue(_, let context)) = outcome else {
                    preconditionFailure("a 2,048-level model encoded on a 256 KiB stack: \(outcome)")
                }
                precondition(context.underlyingError is StackLimitError, context.debugDescription)
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

/// The outcome of encoding a `ChainedModel`: whether the document came back, or the error, which must be a stop at
/// one of its levels.
private func expectEncodedOrStoppedAtALevel(_ outcome: Result<Bool, any Error>) {
    switch outcome {
    case .success(let same): precondition(same, "encoding did not give the document back")
    case .failure(EncodingError.invalidValue(_, let context)):
        let error = context.underlyingError as? StackLimitError
        precondition(error?.isEncoding == true, context.debugDescription)
        precondition(error?.typeName.contains("ChainedModel") == true, context.debugDescription)
        precondition(!context.codingPath.isEmpty)
        precondition(context.codingPath.allSatisfy { $0.stringValue == "next" })
    case .failure(let error): preconditionFailure("\(error)")
    }
}

/// Encodes a few levels of its own, then the rest of the model on a new thread with a 256 KiB stack, waiting for
/// it: a model whose code moves the run to another thread.
private struct ThreadHopping: Encodable {
    var levelsBeforeHop: Int
    var rest: ChainedModel

    enum CodingKeys: CodingKey { case next }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        if levelsBeforeHop > 0 {
            try container.encode(ThreadHopping(levelsBeforeHop: levelsBeforeHop - 1, rest: rest), forKey: .next)
        } else {
            let rest = rest
            nonisolated(unsafe) var hopped = container
            let failure = runOnThread(stackSize: 256 * 1024) { () -> (any Error)? in
                do { try hopped.encode(rest, forKey: .next) } catch { return error }
                return nil
            }
            if let failure { throw failure }
        }
    }
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

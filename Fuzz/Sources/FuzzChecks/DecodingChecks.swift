// Decoding every accepted document into a few small models, through the Decodable-style API and through
// `NodeDecoder`.
//
// The fuzzer cannot know what a document should decode to, but it can check what every outcome must look like:
// - a Decodable-style failure is one of Genome's three decoding errors (the models throw nothing of their own),
//   whose root object is the node decoding started from and whose path leads from there to its `object` (for a
//   missing key, the object that lacks it), with a short description;
// - the Decodable-style spellings (`T.decode`, `parse(json:path:decode:)`, `node.decode(...)`) agree, and
//   `decodeIfPresent` agrees with `decode` as the behaviour table says;
// - `NodeDecoder` agrees with itself (from the node and from the input bytes) and with the Decodable-style API:
//   the same value, or a failure of the same kind at the same path; its `DecodingError`s' coding paths lead to
//   the offending value (for `keyNotFound`, to the object that lacks the key);
// - a success holds what the node holds.
//
// Each model conforms to both `NodeDecodable` and `Decodable`, with the same meaning: "a" is required, "b" must
// be present but may be null, "c" may be missing or null.

import Genome

enum Flavour: String, NodeDecodable, Decodable, Equatable {
    case plain, salted, sweet
}

/// A small generic model: a required value, an optional one (nil on null, but the key must be there) and an
/// array that may be missing altogether.
struct Pair<First: NodeDecodable & Decodable & Equatable, Second: NodeDecodable & Decodable & Equatable>:
    NodeDecodable, Decodable, Equatable
{
    var first: First
    var second: Second?
    var more: [First]?

    init(first: First, second: Second?, more: [First]?) {
        self.first = first
        self.second = second
        self.more = more
    }

    static func decode(_ json: Node) throws -> Self {
        try Self(first: json.decode("a"), second: json.decode("b"), more: json.decodeIfPresent("c"))
    }

    private enum CodingKeys: String, CodingKey { case a, b, c }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        first = try container.decode(First.self, forKey: .a)
        second = try container.decode(Second?.self, forKey: .b)
        more = try container.decodeIfPresent([First].self, forKey: .c)
    }
}

/// A recursive model, so that errors come from deep inside a document.
struct Tree: NodeDecodable, Decodable, Equatable {
    var name: String?
    var flavour: Flavour?
    var size: UInt8?
    var children: [Tree]

    init(name: String?, flavour: Flavour?, size: UInt8?, children: [Tree]) {
        self.name = name
        self.flavour = flavour
        self.size = size
        self.children = children
    }

    static func decode(_ json: Node) throws -> Tree {
        try Tree(
            name: json.decodeIfPresent("n"), flavour: json.decodeIfPresent("f"), size: json.decodeIfPresent("s"),
            children: json.decodeIfPresent("c") ?? [])
    }

    private enum CodingKeys: String, CodingKey { case n, f, s, c }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decodeIfPresent(String.self, forKey: .n)
        flavour = try container.decodeIfPresent(Flavour.self, forKey: .f)
        size = try container.decodeIfPresent(UInt8.self, forKey: .s)
        children = try container.decodeIfPresent([Tree].self, forKey: .c) ?? []
    }
}

/// The longest description a decoding error may have, path included (it cuts long keys and long paths short).
let maximumDecodingErrorDescriptionBytes = 2048

/// Decodes `node`, which `input` strictly reads as, in every way.
func checkDecoding(_ node: Node, input: UnsafeBufferPointer<UInt8>) throws(Failure) {
    try checkModel(Pair<Int, String>.self, node, input)
    try checkModel(Pair<Double, [String: Bool]>.self, node, input)
    try checkModel(Pair<UInt8, Flavour>.self, node, input)
    try checkModel(Pair<Node, Set<String>>.self, node, input)
    try checkModel(Pair<[Int8?], Float>.self, node, input)
    try checkModel(Tree.self, node, input, nullIsAnEmptyModel: true)
    try checkModel([Tree].self, node, input, nullIsAnEmptyModel: true)
    try checkModel([String: Int64].self, node, input)
    try checkModel(UInt64.self, node, input)

    // Three spellings of the same decode agree.
    for path: [PathComponent] in [["a"], [0], ["a", 0], ["c", "c"]] {
        let viaParse = outcome { try parse(json: node, path: path, decode: String.decode) }
        let viaMethod = outcome { () throws -> String in try node.decode(path: path) }
        try checkOutcome(viaParse, root: node, decoding: "String at \(path)")
        try expectAgreement(viaParse, viaMethod, "parse(json:path:decode:) and Node.decode(path:) disagree")
    }

    // decodeIfPresent is decode with nil for a missing key or null, and the same errors otherwise.
    let required = outcome { () throws -> Int? in try node.decode("a") }
    let ifPresent = outcome { () throws -> Int? in try node.decodeIfPresent("a") }
    let missing: Bool
    if case .object(let object) = node { missing = object["a"] == nil } else { missing = false }
    switch (required, ifPresent) {
    case (.success(let a), .success(let b)) where a == b:
        break
    case (.failure(let error), .success(nil)) where missing && error is MissingKeyError:
        break
    case (.failure(let error), .success(nil)) where node == .null && error is TypeMismatchError:
        break
    case (.failure(let a), .failure(let b)) where "\(a)" == "\(b)":
        break
    default:
        throw Failure(
            check: "decodeIfPresent disagrees with decode",
            details: "decode: \(required)\ndecodeIfPresent: \(ifPresent)")
    }
}

/// What every input that is not JSON must do to `NodeDecoder`: fail with `dataCorrupted` carrying the reader's
/// error.
func checkNodeDecoderRejects(_ input: UnsafeBufferPointer<UInt8>, strictError: JSONSyntaxError) throws(Failure) {
    let result = outcome { try NodeDecoder().decode(UInt64.self, fromJSON: input) }
    guard case .failure(DecodingError.dataCorrupted(let context)) = result,
        let underlying = context.underlyingError as? JSONSyntaxError, underlying == strictError,
        context.codingPath.isEmpty
    else {
        throw Failure(
            check: "NodeDecoder does not report the syntax error", details: "\(result)\nexpected: \(strictError)")
    }
}

private func outcome<T>(_ body: () throws -> T) -> Result<T, any Error> {
    Result { try body() }
}

/// Decodes `node` as `T` in four ways, which must agree, and checks each outcome.
///
/// `nullIsAnEmptyModel` marks a model whose fields are all read with `decodeIfPresent`. The two APIs then
/// differ by design on `null` where the model is expected: the Decodable-style API treats a null in the way as
/// a missing value (the behaviour table), so every field is nil and the model decodes; `Decodable` asks for a
/// keyed container first, and a null has none (`valueNotFound`, as with Foundation's `JSONDecoder`).
private func checkModel<T: NodeDecodable & Decodable & Equatable>(
    _ type: T.Type, _ node: Node, _ input: UnsafeBufferPointer<UInt8>, nullIsAnEmptyModel: Bool = false
) throws(Failure) {
    let direct = outcome { try T.decode(node) }
    let viaParse = outcome { try parse(json: node, path: [], decode: T.decode) }
    try checkOutcome(direct, root: node, decoding: "\(T.self)")
    try expectAgreement(direct, viaParse, "T.decode and parse(json:path: []) disagree for \(T.self)")
    if case .success(let value) = direct {
        try checkValue(value, node)
    }

    let codable = outcome { try NodeDecoder().decode(T.self, from: node) }
    let fromBytes = outcome { try NodeDecoder().decode(T.self, fromJSON: input) }
    try checkCodableOutcome(codable, root: node, decoding: "\(T.self)")
    switch (codable, fromBytes) {
    case (.success(let a), .success(let b)) where a == b:
        break
    case (.failure(let a), .failure(let b)) where "\(a)" == "\(b)":
        break
    default:
        throw Failure(
            check: "NodeDecoder from a node and from bytes disagree for \(T.self)",
            details: "\(codable.description)\nagainst \(fromBytes.description)")
    }
    if nullIsAnEmptyModel, case .failure(DecodingError.valueNotFound(_, let context)) = codable,
        context.debugDescription.contains("keyed decoding container"), value(at: context.codingPath, in: node) == .null
    {
        return
    }
    try compare(direct, codable, root: node, decoding: "\(T.self)")
}

/// Both succeed (values are not compared: sets and dictionaries print in no fixed order), or both fail alike.
private func expectAgreement<T>(_ a: Result<T, any Error>, _ b: Result<T, any Error>, _ check: String) throws(Failure) {
    switch (a, b) {
    case (.success, .success):
        return
    case (.failure(let x), .failure(let y)) where "\(x)" == "\(y)":
        return
    default:
        throw Failure(check: check, details: "\(a.description)\nagainst \(b.description)")
    }
}

/// A failure must be a Genome decoding error whose path leads from the root to its object, with a short
/// description.
private func checkOutcome<T>(_ result: Result<T, any Error>, root: Node, decoding: String) throws(Failure) {
    guard case .failure(let anyError) = result else { return }
    guard let error = anyError as? any NodeDecodingError else {
        throw Failure(
            check: "decoding \(decoding) threw a foreign error", details: "\(type(of: anyError)): \(anyError)")
    }
    guard let rootObject = error.rootObject, rootObject == root else {
        throw Failure(
            check: "decoding \(decoding): the error's root object is not the decoded node",
            details: "\(error)\nroot: \(error.rootObject.map { summary($0) } ?? "nil")")
    }
    guard let reached = root[path: error.path], reached == error.object else {
        throw Failure(
            check: "decoding \(decoding): the error's path does not lead to its object",
            details: "\(error)\npath \(error.path) reaches \(root[path: error.path].map { summary($0) } ?? "nothing")")
    }
    if let missing = error as? MissingKeyError {
        let present: Bool
        switch (missing.missing, error.object) {
        case (.key(let key), .object(let object)): present = object[key] != nil
        case (.index(let index), .array(let array)): present = array.indices.contains(index)
        default: present = false
        }
        guard !present else {
            throw Failure(check: "decoding \(decoding): MissingKeyError for a present step", details: "\(error)")
        }
    }
    let description = error.description
    guard description.utf8.count <= maximumDecodingErrorDescriptionBytes else {
        throw Failure(
            check: "decoding \(decoding): error description too long",
            details: "\(description.utf8.count) bytes: \(description.prefix(300))…")
    }
}

/// A `NodeDecoder` failure must be a `DecodingError` whose coding path leads to the offending value, or for a
/// missing key to the object without it, and whose description is short (unless the standard library wrote it:
/// a `RawRepresentable` enum's synthesised `init(from:)` quotes the whole raw value).
private func checkCodableOutcome<T>(_ result: Result<T, any Error>, root: Node, decoding: String) throws(Failure) {
    guard case .failure(let anyError) = result else { return }
    guard let error = anyError as? DecodingError else {
        throw Failure(
            check: "NodeDecoder decoding \(decoding) threw a foreign error",
            details: "\(type(of: anyError)): \(anyError)")
    }
    let context: DecodingError.Context
    switch error {
    case .keyNotFound(let key, let keyContext):
        context = keyContext
        guard case .object(let object)? = value(at: keyContext.codingPath, in: root), object[key.stringValue] == nil
        else {
            throw Failure(
                check:
                    "NodeDecoder decoding \(decoding): keyNotFound's path does not lead to an object without the key",
                details: "\(error)")
        }
    case .valueNotFound(_, let valueContext):
        context = valueContext
        guard value(at: valueContext.codingPath, in: root) == .null else {
            throw Failure(
                check: "NodeDecoder decoding \(decoding): valueNotFound's path does not lead to null",
                details: "\(error)")
        }
    case .typeMismatch(_, let mismatchContext), .dataCorrupted(let mismatchContext):
        context = mismatchContext
        guard value(at: mismatchContext.codingPath, in: root) != nil else {
            throw Failure(
                check: "NodeDecoder decoding \(decoding): the error's path leads nowhere", details: "\(error)")
        }
    @unknown default:
        throw Failure(check: "NodeDecoder decoding \(decoding): an unknown DecodingError", details: "\(error)")
    }
    let fromStandardLibrary = context.debugDescription.hasPrefix("Cannot initialize ")
    guard context.debugDescription.utf8.count <= maximumDecodingErrorDescriptionBytes || fromStandardLibrary else {
        throw Failure(
            check: "NodeDecoder decoding \(decoding): error description too long",
            details: "\(context.debugDescription.utf8.count) bytes: \(context.debugDescription.prefix(300))…")
    }
}

/// The node a coding path leads to: a key's integer value steps into an array, its string value into an object.
private func value(at codingPath: [any CodingKey], in root: Node) -> Node? {
    pathComponents(codingPath, in: root).flatMap { root[path: $0] }
}

/// The Decodable-style API and `NodeDecoder` give the same value, or fail in the same place in the same way.
private func compare<T: Equatable>(
    _ genome: Result<T, any Error>, _ codable: Result<T, any Error>, root: Node, decoding: String
) throws(Failure) {
    switch (genome, codable) {
    case (.success(let a), .success(let b)):
        guard a == b else {
            throw Failure(
                check: "the Decodable-style API and NodeDecoder decode \(decoding) differently",
                details: "\(a)\nagainst \(b)"
            )
        }
    case (.failure(let genomeError as any NodeDecodingError), .failure(let codableError as DecodingError)):
        guard let (codingPath, key) = codingPathAndKey(of: codableError),
            let codablePath = pathComponents(codingPath, in: root),
            genomeError.path == codablePath,
            sameKind(genomeError, codableError, key: key)
        else {
            throw Failure(
                check: "the Decodable-style API and NodeDecoder fail differently for \(decoding)",
                details: "\(genomeError)\nagainst \(codableError)")
        }
    default:
        throw Failure(
            check: "the Decodable-style API and NodeDecoder disagree for \(decoding)",
            details: "\(genome.description)\nagainst \(codable.description)")
    }
}

private func codingPathAndKey(of error: DecodingError) -> ([any CodingKey], (any CodingKey)?)? {
    switch error {
    case .keyNotFound(let key, let context): (context.codingPath, key)
    case .valueNotFound(_, let context), .typeMismatch(_, let context), .dataCorrupted(let context):
        (context.codingPath, nil)
    @unknown default: nil
    }
}

/// A coding path as Genome's path components, resolving each key against the node it steps into.
private func pathComponents(_ codingPath: [any CodingKey], in root: Node) -> [PathComponent]? {
    var path: [PathComponent] = []
    for key in codingPath {
        switch root[path: path] {
        case .array?:
            guard let index = key.intValue else { return nil }
            path.append(.index(index))
        case .object?:
            path.append(.key(key.stringValue))
        default:
            return nil
        }
    }
    return path
}

/// A missing key is `keyNotFound` for the same key; a wrong value is `typeMismatch`, `valueNotFound` (null) or
/// `dataCorrupted` (a number that does not fit, a raw value with no case).
private func sameKind(_ genome: any NodeDecodingError, _ codable: DecodingError, key: (any CodingKey)?) -> Bool {
    switch (genome, codable) {
    case (let missing as MissingKeyError, .keyNotFound):
        return missing.key == key?.stringValue
    case (is TypeMismatchError, .typeMismatch), (is TypeMismatchError, .valueNotFound),
        (is TypeMismatchError, .dataCorrupted), (is RawRepresentableInitializationError, .dataCorrupted):
        return true
    default:
        return false
    }
}

/// What a successful decode must hold, for the models whose fields can be compared with the node directly.
private func checkValue<T>(_ value: T, _ node: Node) throws(Failure) {
    switch value {
    case let pair as Pair<Int, String>:
        guard node["a"]?.number?.exactly(Int.self) == pair.first, node["b"]?.string == pair.second else {
            throw Failure(check: "Pair<Int, String> decoded wrongly", details: "\(pair) from \(summary(node))")
        }
    case let pair as Pair<UInt8, Flavour>:
        guard node["a"]?.number?.exactly(UInt8.self) == pair.first,
            node["b"]?.string.flatMap(Flavour.init(rawValue:)) == pair.second
        else {
            throw Failure(check: "Pair<UInt8, Flavour> decoded wrongly", details: "\(pair) from \(summary(node))")
        }
    case let dictionary as [String: Int64]:
        // A Swift dictionary holds canonically equivalent keys (`"é"`, `"e\u{301}"`) as one, which Genome's
        // object keeps apart: the last of them wins, as for any repeated key.
        var expected: [String: Int64?] = [:]
        if case .object(let object) = node {
            for (key, value) in object { expected[key] = value.number?.exactly(Int64.self) }
        }
        guard case .object = node, expected.count == dictionary.count,
            expected.allSatisfy({ dictionary[$0.key] == $0.value })
        else {
            throw Failure(check: "[String: Int64] decoded wrongly", details: "\(dictionary) from \(summary(node))")
        }
    case let number as UInt64:
        guard node.number?.exactly(UInt64.self) == number else {
            throw Failure(check: "UInt64 decoded wrongly", details: "\(number) from \(summary(node))")
        }
    default:
        break
    }
}

extension Result {
    fileprivate var description: String {
        switch self {
        case .success(let value): "success(\(value))"
        case .failure(let error): "failure(\(error))"
        }
    }
}

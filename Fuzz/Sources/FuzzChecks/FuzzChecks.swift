// Everything the fuzzer asserts about one input, in one place, so that the libFuzzer target and the replay tool
// check exactly the same things.
//
// For every input:
// - it is read strictly, leniently, with duplicate keys rejected, with a small depth limit and with the largest
//   one; each reading must agree with the strict one in the ways the options promise;
// - every error must point inside the input and describe itself in a bounded number of bytes;
// - every accepted document is written with every combination of writing options, read back and compared, and
//   the compact and the pretty sorted forms must be fixed points (writing what was read back gives the same
//   bytes);
// - the strict verdict, and when both accept the values read, are compared with Foundation's
//   `JSONSerialization` (see `ForeignDifferences.swift`), and NodeDecoder is compared with `JSONDecoder` on a
//   generic Codable JSON value (see `CodableDifferential.swift`);
// - every accepted document is decoded into a few models through the Decodable-style API and through
//   `NodeDecoder`, and every outcome checked (see `DecodingChecks.swift`);
// - the input is fed in random chunkings to `Node.elements(at:)` and `Node.lines`, which must agree with
//   `Node(json:)` (see `StreamingChecks.swift`).
//
// A violation is reported through `Failure` rather than trapping here, so the replay tool can list them all;
// the fuzz target traps on the first.

import Genome

/// A broken invariant: which check failed and what was seen.
public struct Failure: Error, CustomStringConvertible {
    public let check: String
    public let details: String
    public var description: String { "\(check): \(details)" }
}

/// Which checks to run. The fuzzer runs all of them.
public struct CheckOptions: Sendable {
    /// Compare the strict verdict with Foundation's `JSONSerialization`.
    public var comparesWithFoundation = true
    /// Also read through `Node(json: String)` and through a non-contiguous collection.
    public var readsOtherInputForms = true

    public init(comparesWithFoundation: Bool = true, readsOtherInputForms: Bool = true) {
        self.comparesWithFoundation = comparesWithFoundation
        self.readsOtherInputForms = readsOtherInputForms
    }
}

/// Runs every check on `input` and returns the first broken invariant, if any.
public func checkInput(_ input: UnsafeBufferPointer<UInt8>, options: CheckOptions = CheckOptions()) -> Failure? {
    do {
        try runChecks(input, options: options)
        return nil
    } catch {
        return error
    }
}

/// The longest description a `JSONSyntaxError` may have: its snippet quotes at most about 40 bytes of input,
/// whatever the document's size. A kilobyte leaves room for every reason and escaped control characters.
let maximumErrorDescriptionBytes = 1024

/// A small depth limit, to exercise `.tooDeeplyNested` on inputs the fuzzer can reach quickly.
let smallDepth = 8

private func read(_ input: UnsafeBufferPointer<UInt8>, _ options: Node.ReadingOptions) -> Result<Node, JSONSyntaxError>
{
    Result { () throws(JSONSyntaxError) in try Node(json: input, options: options) }
}

private func runChecks(_ input: UnsafeBufferPointer<UInt8>, options: CheckOptions) throws(Failure) {
    let strict = read(input, .strict)
    try checkError(strict, input: input, reading: "strict")

    // The other input forms must read exactly as the bytes do.
    if options.readsOtherInputForms {
        if let text = String(validating: input, as: UTF8.self) {
            let fromText = Result { () throws(JSONSyntaxError) in try Node(json: text) }
            try expectSame(fromText, strict, "Node(json: String) differs from Node(json: bytes)")
        }
        if input.count <= 4096 {
            // A lazy map is not contiguous, so this takes the copying path.
            let lazy = Result { () throws(JSONSyntaxError) in try Node(json: input.lazy.map { $0 }) }
            try expectSame(lazy, strict, "a non-contiguous collection reads differently")
        }
    }

    // Lenient reading accepts a superset of strict JSON, and reads strict JSON the same way.
    let lenient = read(input, .lenient)
    try checkError(lenient, input: input, reading: "lenient")
    switch (strict, lenient) {
    case (.success(let a), .success(let b)):
        try expectIdentical(a, b, "lenient reading changed a strict document")
    case (.success(let node), .failure(let error)):
        throw Failure(
            check: "lenient rejects strict JSON", details: "\(error)\nstrict read: \(summary(node))")
    case (.failure(let strictError), .failure(let lenientError)):
        // Each leniency only lets the reader go further before it fails.
        guard lenientError.offset >= strictError.offset else {
            throw Failure(
                check: "lenient fails earlier than strict", details: "strict: \(strictError)\nlenient: \(lenientError)")
        }
    case (.failure, .success):
        break
    }

    // Rejecting duplicate keys accepts a subset, and otherwise fails like the strict reader, or earlier at a key.
    var unique = Node.ReadingOptions()
    unique.rejectsDuplicateKeys = true
    let uniqueResult = read(input, unique)
    try checkError(uniqueResult, input: input, reading: "rejectsDuplicateKeys")
    try expectRestriction(uniqueResult, of: strict, allowedKind: .duplicateKey, "rejectsDuplicateKeys")

    // A small depth limit accepts a subset; anything more it rejects is too deep.
    let shallow = read(input, Node.ReadingOptions(maximumDepth: smallDepth))
    try checkError(shallow, input: input, reading: "maximumDepth \(smallDepth)")
    try expectRestriction(shallow, of: strict, allowedKind: .tooDeeplyNested, "maximumDepth \(smallDepth)")

    // The largest limit accepts a superset, differing only where the default limit was hit.
    let deep = read(input, Node.ReadingOptions(maximumDepth: Node.ReadingOptions.maximumDepthLimit))
    try checkError(deep, input: input, reading: "maximumDepthLimit")
    try expectRestriction(strict, of: deep, allowedKind: .tooDeeplyNested, "default depth against maximumDepthLimit")

    if case .success(let node) = strict {
        try checkWriting(node, readingOptions: .strict)
        try checkEncoding(node, input: input)
    }
    if case .success(let node) = lenient, case .failure = strict {
        try checkWriting(node, readingOptions: .lenient)
        try checkEncoding(node, input: input)
    }
    if case .success(let node) = deep, case .failure = strict {
        try checkWriting(node, readingOptions: Node.ReadingOptions(maximumDepth: Node.ReadingOptions.maximumDepthLimit))
    }

    if options.comparesWithFoundation {
        try compareWithFoundation(input, genome: strict)
        try compareCodableWithFoundation(input, genome: strict)
    }

    // Decoding through the Decodable-style API and NodeDecoder: see DecodingChecks.swift.
    switch strict {
    case .success(let node): try checkDecoding(node, input: input)
    case .failure(let error): try checkNodeDecoderRejects(input, strictError: error)
    }

    // The same input through the streaming API in random chunkings: see StreamingChecks.swift.
    try checkStreaming(input, strict: strict, unique: uniqueResult)
}

/// `restricted` (a reading with a stricter option) must accept only what `base` accepts, giving the same node,
/// and may otherwise fail only with `allowedKind` where `base` succeeded, or where `base` failed later.
private func expectRestriction(
    _ restricted: Result<Node, JSONSyntaxError>, of base: Result<Node, JSONSyntaxError>,
    allowedKind: JSONSyntaxError.Kind, _ name: String
) throws(Failure) {
    switch (restricted, base) {
    case (.success(let a), .success(let b)):
        try expectIdentical(a, b, "\(name) read a document differently")
    case (.success(let node), .failure(let error)):
        throw Failure(
            check: "\(name) accepts more than it should", details: "read \(summary(node)), but: \(error)")
    case (.failure(let error), .success):
        guard error.kind == allowedKind else {
            throw Failure(check: "\(name) rejects with an unexpected kind", details: "\(error)")
        }
    case (.failure(let error), .failure(let baseError)):
        guard error == baseError || (error.kind == allowedKind && error.offset <= baseError.offset) else {
            throw Failure(
                check: "\(name) fails differently", details: "with the option: \(error)\nwithout: \(baseError)")
        }
    }
}

/// An error must point inside the input and describe itself briefly.
private func checkError(
    _ result: Result<Node, JSONSyntaxError>, input: UnsafeBufferPointer<UInt8>, reading: String
) throws(Failure) {
    guard case .failure(let error) = result else { return }
    guard
        error.offset >= 0 && error.offset <= input.count && error.line >= 1 && error.column >= 1
            && error.line <= error.offset + 1 && error.column <= error.offset + 1
    else {
        throw Failure(
            check: "error location out of range",
            details:
                "\(reading): offset \(error.offset), line \(error.line), column \(error.column) in \(input.count) bytes"
        )
    }
    let description = error.description
    guard description.utf8.count <= maximumErrorDescriptionBytes else {
        throw Failure(
            check: "error description too long",
            details: "\(reading): \(description.utf8.count) bytes: \(description.prefix(300))…")
    }
}

private func expectSame(
    _ a: Result<Node, JSONSyntaxError>, _ b: Result<Node, JSONSyntaxError>, _ check: String
) throws(Failure) {
    switch (a, b) {
    case (.success(let x), .success(let y)):
        try expectIdentical(x, y, check)
    case (.failure(let x), .failure(let y)) where x == y:
        break
    default:
        throw Failure(check: check, details: "\(a)\nagainst \(b)")
    }
}

/// Equal, with equal hashes, and written to the same bytes: the same document, down to the sign of a zero. Key
/// order is compared too, unless `keyOrderMatters` is false (after writing with `.sortedKeys`).
private func expectIdentical(_ a: Node, _ b: Node, _ check: String, keyOrderMatters: Bool = true) throws(Failure) {
    let sameText =
        keyOrderMatters
        ? a.description == b.description
        : (try? a.serializedBytes(.sortedKeys)) == (try? b.serializedBytes(.sortedKeys))
    guard a == b, b == a, a.hashValue == b.hashValue, sameText else {
        throw Failure(check: check, details: "\(summary(a))\nagainst \(summary(b))")
    }
}

private let allWritingOptions: [Node.WritingOptions] = (0..<8).map { Node.WritingOptions(rawValue: $0) }

/// Writes `node` with every combination of options and reads each output back.
private func checkWriting(_ node: Node, readingOptions: Node.ReadingOptions) throws(Failure) {
    // A node read with these options may hold NaN or infinities (lenient), which the writer must refuse, naming
    // the path to the first one in document order.
    let firstNonFinite = firstNonFinitePath(in: node)
    // Reading back needs the depth the node was read with, but nothing else: the writer writes strict JSON.
    let rereadOptions = Node.ReadingOptions(maximumDepth: readingOptions.maximumDepth)

    for options in allWritingOptions {
        let written: [UInt8]
        do {
            written = try node.serializedBytes(options)
        } catch {
            guard error.kind == .nonFiniteNumber, let expected = firstNonFinite else {
                throw Failure(check: "writing failed", details: "\(error) with options \(options.rawValue)")
            }
            // With sorted keys the first non-finite number written may be another one; it must still be one.
            let found = node[path: error.path]
            guard let value = found?.number?.doubleValue, !value.isFinite, found == error.value,
                options.contains(.sortedKeys) || error.path == expected
            else {
                throw Failure(
                    check: "nonFiniteNumber error names the wrong path",
                    details: "\(error) (path \(error.path)), expected \(expected)")
            }
            continue
        }
        if let expected = firstNonFinite {
            throw Failure(check: "wrote a non-finite number", details: "at \(expected): \(written.count) bytes")
        }
        guard String(validating: written, as: UTF8.self) != nil else {
            throw Failure(check: "wrote ill-formed UTF-8", details: "options \(options.rawValue)")
        }
        let reread = written.withUnsafeBufferPointer { read($0, rereadOptions) }
        switch reread {
        case .failure(let error):
            throw Failure(
                check: "written JSON does not read back",
                details: "options \(options.rawValue): \(error)\nwritten: \(excerpt(written))")
        case .success(let back):
            try expectIdentical(
                back, node, "round trip with options \(options.rawValue) changed the node",
                keyOrderMatters: !options.contains(.sortedKeys))
            // Reading back what was written and writing it again gives the same bytes.
            if options == [] || options == [.prettyPrinted, .sortedKeys] {
                guard let again = try? back.serializedBytes(options), again == written else {
                    throw Failure(
                        check: "written form is not a fixed point",
                        details: "options \(options.rawValue): \(excerpt(written))")
                }
            }
        }
    }
}

/// The path to the first NaN or infinity in document order, found without recursion.
private func firstNonFinitePath(in node: Node) -> [PathComponent]? {
    var stack: [(Node, [PathComponent])] = [(node, [])]
    while let (current, path) = stack.popLast() {
        switch current {
        case .number(let number):
            // An exact number beyond Double's range is written as its text; only a Double can be non-finite.
            if !number.isExact && !number.doubleValue.isFinite { return path }
        case .array(let elements):
            for (index, element) in elements.enumerated().reversed() {
                stack.append((element, path + [.index(index)]))
            }
        case .object(let object):
            for (key, value) in object.reversed() {
                stack.append((value, path + [.key(key)]))
            }
        default:
            break
        }
    }
    return nil
}

/// A short rendering of a node for failure messages.
func summary(_ node: Node, limit: Int = 300) -> String {
    let text = node.description
    return text.utf8.count <= limit ? text : String(text.prefix(limit)) + "… (\(text.utf8.count) bytes)"
}

/// A short, escaped rendering of some bytes for failure messages.
func excerpt(_ bytes: some Collection<UInt8>, limit: Int = 300) -> String {
    let text = String(decoding: bytes.prefix(limit), as: UTF8.self).debugDescription
    return bytes.count <= limit ? text : text + "… (\(bytes.count) bytes)"
}

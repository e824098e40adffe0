// A stricter comparison than `Node`'s `==`: the same cases (`.int` stays `.int`), doubles by bit pattern (so
// `-0.0` differs from `0.0`), exact numbers by text, strings by Unicode scalars rather than canonical
// equivalence, and keys in the same order. A round trip must preserve all of it, with one documented exception
// (ReadingAndWritingJSON.md, "Numbers"): a double beyond 2^53 is written with its shortest digits, and when those
// mean another integer than the double, they read back as that integer, whose nearest double is the same.

import Genome
import Testing

/// The first difference between `expected` and `actual`, described with its path, or nil when they are identical.
/// With `sortedKeys`, `actual`'s objects must hold `expected`'s keys in UTF-8 byte order.
func firstDifference(_ expected: Node, _ actual: Node, sortedKeys: Bool = false) -> String? {
    var pending: [(Node, Node, [PathComponent])] = [(expected, actual, [])]
    while let (a, b, path) = pending.popLast() {
        let place = path.isEmpty ? "the root" : path.formattedPath
        switch (a, b) {
        case (.null, .null):
            break
        case (.bool(let x), .bool(let y)) where x == y:
            break
        case (.number(.int(let x)), .number(.int(let y))) where x == y:
            break
        case (.number(.uint(let x)), .number(.uint(let y))) where x == y:
            break
        case (.number(.double(let x)), .number(.double(let y))) where x.bitPattern == y.bitPattern:
            break
        case (.number(.exact(let x)), .number(.exact(let y))) where x.text == y.text:
            break
        case (.number(.double(let x)), .number(let y))
        where x.magnitude >= 0x1p53 && !y.isDouble && y.doubleValue.bitPattern == x.bitPattern:
            break
        case (.string(let x), .string(let y)) where x.unicodeScalars.elementsEqual(y.unicodeScalars):
            break
        case (.array(let x), .array(let y)) where x.count == y.count:
            for index in x.indices {
                pending.append((x[index], y[index], path + [.index(index)]))
            }
        case (.object(let x), .object(let y)) where x.count == y.count:
            let expectedMembers = sortedKeys ? x.sortedByKey() : Array(x)
            for (expectedMember, actualMember) in zip(expectedMembers, y) {
                guard expectedMember.key.unicodeScalars.elementsEqual(actualMember.key.unicodeScalars) else {
                    return
                        "at \(place): key \(expectedMember.key.debugDescription) became \(actualMember.key.debugDescription)"
                }
                pending.append((expectedMember.value, actualMember.value, path + [.key(expectedMember.key)]))
            }
        default:
            return "at \(place): expected \(brief(a)), found \(brief(b))"
        }
    }
    return nil
}

/// Records an issue when `actual` is not identical to `expected`.
func expectIdentical(
    _ actual: Node, _ expected: Node, sortedKeys: Bool = false, _ context: @autoclosure () -> String = "",
    sourceLocation: SourceLocation = #_sourceLocation
) {
    if let difference = firstDifference(expected, actual, sortedKeys: sortedKeys) {
        Issue.record("\(context()) \(difference)", sourceLocation: sourceLocation)
    }
}

/// A short rendering for failure messages, with the number's case spelled out.
func brief(_ node: Node, limit: Int = 160) -> String {
    let text: String
    switch node {
    case .number(.int(let value)): text = ".int(\(value))"
    case .number(.uint(let value)): text = ".uint(\(value))"
    case .number(.double(let value)): text = ".double(\(value))"
    case .number(.exact(let value)): text = ".exact(\(value))"
    default: text = node.description
    }
    return text.count <= limit ? text : String(text.prefix(limit)) + "… (\(text.utf8.count) bytes)"
}

/// Every combination of the writing options.
let allWritingOptions: [Node.WritingOptions] = (0..<8).map { Node.WritingOptions(rawValue: $0) }

extension Node.WritingOptions {
    var names: String {
        var names: [String] = []
        if contains(.prettyPrinted) { names.append("prettyPrinted") }
        if contains(.sortedKeys) { names.append("sortedKeys") }
        if contains(.escapesSlashes) { names.append("escapesSlashes") }
        return "[" + names.joined(separator: ", ") + "]"
    }
}

/// Writes `node` with `options` and reads it back, recording an issue when either step fails or the result is
/// not identical.
func expectRoundTrip(
    _ node: Node, options: Node.WritingOptions, readingOptions: Node.ReadingOptions = .strict,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let written: [UInt8]
    do {
        written = try node.serializedBytes(options)
    } catch {
        Issue.record("\(brief(node)) did not write with \(options.names): \(error)", sourceLocation: sourceLocation)
        return
    }
    do {
        let back = try Node(json: written, options: readingOptions)
        expectIdentical(
            back, node, sortedKeys: options.contains(.sortedKeys),
            "round trip with \(options.names) of \(brief(node)):", sourceLocation: sourceLocation)
    } catch {
        Issue.record(
            "\(brief(node)) written with \(options.names) did not read back: \(error)", sourceLocation: sourceLocation)
    }
}

extension Node.Number {
    var isDouble: Bool {
        if case .double = self { return true }
        return false
    }
}

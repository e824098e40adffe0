// Encoding every accepted document back through `NodeEncoder`, member by member, as a Codable model would.
//
// `encodeJSON(_:)` writes bytes while a model encodes, and turns the run into a tree run, without encoding
// anything again, when it meets what only a tree holds (ByteEncoding.swift, ByteEncodingHandover.swift). A `Walk`
// encodes a node through keyed, unkeyed and single value containers; every so often (as the input's own bytes
// decide) it opens a nested container instead, encodes a member twice, writes a value through a super encoder or
// through its own single value container, each of which the byte path must hand to the tree. Either way
// `encodeJSON` must give the bytes of `encode(_:)` followed by `serializedBytes()`, run each walk's
// `encode(to:)` as many times as `encode(_:)` does (once per value), and a walk without detours must write
// exactly the node's own serialization.

import Genome

/// A node, encoded through containers. `detourEvery` is 0 for none; otherwise every so many members and elements
/// take one of the detours, chosen by `seed`.
struct Walk: Encodable {
    var node: Node
    var detourEvery: Int
    var seed: Int
    /// Counts the calls of `encode(to:)` of this walk and every walk inside it.
    let calls: CallCounter

    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(_ string: String) { stringValue = string }
        init?(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    private func child(_ node: Node, _ index: Int) -> Walk {
        Walk(node: node, detourEvery: detourEvery, seed: seed &+ index &* 31, calls: calls)
    }

    /// Which detour member or element `index` takes, if any: 0 nested container, 1 written twice, 2 through a
    /// single value container (which is no detour, but a second way down).
    private func detour(at index: Int) -> Int? {
        guard detourEvery > 0, (index &+ seed) % detourEvery == 0 else { return nil }
        return (seed &+ index) % 3
    }

    func encode(to encoder: any Encoder) throws {
        calls.count += 1
        switch node {
        case .object(let object):
            var container = encoder.container(keyedBy: Key.self)
            for (index, (key, value)) in object.enumerated() {
                switch detour(at: index) {
                case 0:
                    var nested = container.nestedUnkeyedContainer(forKey: Key(key))
                    try nested.encode(child(value, index))
                case 1:
                    try container.encode(child(value, index), forKey: Key(key))
                    try container.encode(child(value, index &+ 1), forKey: Key(key))
                case 2:
                    try child(value, index).encode(to: container.superEncoder(forKey: Key(key)))
                default:
                    try container.encode(child(value, index), forKey: Key(key))
                }
            }
        case .array(let elements):
            var container = encoder.unkeyedContainer()
            for (index, element) in elements.enumerated() {
                switch detour(at: index) {
                case 0:
                    var nested = container.nestedContainer(keyedBy: Key.self)
                    try nested.encode(child(element, index), forKey: Key("n"))
                case 1:
                    var single = encoder.singleValueContainer()
                    try single.encode(child(element, index))
                default:
                    try container.encode(child(element, index))
                }
            }
        default:
            var container = encoder.singleValueContainer()
            try container.encode(node)
        }
    }
}

/// How many times `encode(to:)` ran; one fuzz input at a time, on one thread.
final class CallCounter {
    var count = 0
}

func checkEncoding(_ node: Node, input: UnsafeBufferPointer<UInt8>) throws(Failure) {
    let seed = input.reduce(0) { $0 &* 31 &+ Int($1) } & 0xFFFF
    for detourEvery in [0, 2, 5] {
        let writtenCalls = CallCounter()
        let written = Result {
            try NodeEncoder().encodeJSON(Walk(node: node, detourEvery: detourEvery, seed: seed, calls: writtenCalls))
        }
        let nodeCalls = CallCounter()
        let throughNode = Result {
            try NodeEncoder().encode(Walk(node: node, detourEvery: detourEvery, seed: seed, calls: nodeCalls))
        }.flatMap { node in
            Result { () throws(JSONWritingError) in try node.serializedBytes() }.mapError { $0 as any Error }
        }
        if case .success = written, case .success = throughNode, writtenCalls.count != nodeCalls.count {
            throw Failure(
                check: "encodeJSON ran encode(to:) another number of times than encode (detours every \(detourEvery))",
                details: "encodeJSON: \(writtenCalls.count) calls, encode: \(nodeCalls.count)")
        }
        switch (written, throughNode) {
        case (.success(let bytes), .success(let expected)):
            guard bytes == expected else {
                throw Failure(
                    check: "encodeJSON differs from encode and serializedBytes (detours every \(detourEvery))",
                    details:
                        "encodeJSON: \(excerpt(bytes))\nthrough a Node: \(excerpt(expected))\nnode: \(summary(node))")
            }
            if detourEvery == 0, let own = try? node.serializedBytes(), own != bytes {
                throw Failure(
                    check: "a walk through containers does not write the node's own bytes",
                    details: "encodeJSON: \(excerpt(bytes))\nserializedBytes: \(excerpt(own))")
            }
        case (.failure, .failure):
            // The same failure, as a kind: a NaN or an infinity (lenient documents), or the stack. The two runs
            // stand at different depths of the call stack, so a stack limit may fall at a different level.
            break
        default:
            throw Failure(
                check: "encodeJSON and encode disagree on success (detours every \(detourEvery))",
                details:
                    "encodeJSON: \(written.map { excerpt($0) })\nthrough a Node: \(throughNode.map { excerpt($0) })")
        }
    }
}

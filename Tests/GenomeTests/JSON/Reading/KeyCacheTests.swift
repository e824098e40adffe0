// The reader's key cache: made after 16 keys, with slots in proportion to the document. Whatever its size, every
// key must come out as written, including keys that share a slot.

import Testing

@testable import Genome

@Suite struct KeyCacheTests {
    @Test func theCacheGrowsWithTheDocumentFrom16To256Slots() {
        #expect(JSONReader.keyCacheSize(forDocumentOf: 0) == 16)
        #expect(JSONReader.keyCacheSize(forDocumentOf: 400) == 16)
        #expect(JSONReader.keyCacheSize(forDocumentOf: 2_000) == 64)
        #expect(JSONReader.keyCacheSize(forDocumentOf: 4_000) == 128)
        #expect(JSONReader.keyCacheSize(forDocumentOf: 8_192) == 256)
        #expect(JSONReader.keyCacheSize(forDocumentOf: .max) == 256)
    }

    /// Objects with up to 300 distinct keys, repeated, in documents whose caches have 16 to 256 slots: more keys
    /// than slots, so keys evict one another.
    @Test(arguments: [1, 5, 20, 100, 300]) func everyKeyReadsAsWritten(distinctKeys: Int) throws {
        for padding in [0, 3_000, 10_000] {
            let keys = (0..<distinctKeys).map { "key_\($0)_\(String(repeating: "x", count: $0 % 20))" }
            let object = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
            let text =
                "[" + Array(repeating: object, count: 4).joined(separator: ",") + ","
                + "\"\(String(repeating: " ", count: padding))\"]"
            let node = try Node(json: text)
            let objects = try #require(node.array).dropLast()
            for element in objects {
                #expect(element.object?.keys == keys)
                #expect(element[keys[distinctKeys - 1]] == .number(.int(Int64(distinctKeys - 1))))
            }
        }
    }
}

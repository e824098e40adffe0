import Testing

@testable import Genome

// An object's members keep only half of each key's fingerprint, so two different keys share it far more often than
// they share a whole fingerprint: about once in 77,000 keys. Every lookup must still tell such keys apart by
// comparing them, whether the object is scanned or indexed.
@Suite struct FoldedFingerprintTests {
    /// Two different keys whose fingerprints have the same low half but differ as a whole, found by trying keys
    /// in order (the first pair comes after about 77,000 keys).
    static let collidingKeys: (String, String) = {
        var seen: [UInt32: String] = [:]
        var number = 0
        while true {
            let key = "key\(number)"
            let fingerprint = keyFingerprint(key)
            let half = FoldedFingerprint(fingerprint).bits
            if let earlier = seen[half], keyFingerprint(earlier) != fingerprint { return (earlier, key) }
            seen[half] = key
            number += 1
        }
    }()

    @Test func theKeysShareTheHalfOnly() {
        let (first, second) = Self.collidingKeys
        #expect(first != second)
        #expect(FoldedFingerprint(keyFingerprint(first)) == FoldedFingerprint(keyFingerprint(second)))
        #expect(keyFingerprint(first) != keyFingerprint(second))
    }

    @Test(arguments: [0, 100])
    func eachKeyFindsItsOwnValue(otherMembers: Int) throws {
        let (first, second) = Self.collidingKeys
        // With 100 other members the object is above `indexThreshold` and keeps an index.
        var members: [(key: String, value: Node)] = (0..<otherMembers).map { ("other\($0)", .number(.int(Int64($0)))) }
        members.append((second, "second"))
        members.insert((first, "first"), at: members.count / 2)
        var object = Node.Object(members)
        #expect(object.count == otherMembers + 2)
        #expect(object[first] == "first")
        #expect(object[second] == "second")

        object[second] = "changed"
        #expect(object[first] == "first")
        #expect(object[second] == "changed")
        object[first] = nil
        #expect(object[first] == nil)
        #expect(object[second] == "changed")

        // The reader keeps both members too, and a `Codable` decoder finds each.
        let json = try Node.object(Node.Object(members)).serialized()
        let parsed = try Node(json: json)
        #expect(parsed[first] == "first")
        #expect(parsed[second] == "second")
        let decoded = try NodeDecoder().decode([String: Node].self, fromJSON: Array(json.utf8))
        #expect(decoded[first] == "first")
        #expect(decoded[second] == "second")
    }
}

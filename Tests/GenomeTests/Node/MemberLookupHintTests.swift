import Genome
import Testing

// A member lookup first tries the member after the one the thread found last in the same object (LookupHint). It
// is a hint only: whatever order the keys are asked in, whatever was looked up in between, and after an object is
// changed in place, every lookup must give what a plain search gives.
@Suite struct MemberLookupHintTests {
    private static let keys = (0..<12).map { "key\($0)" }

    private func object(_ keys: [String]) -> Node.Object {
        var object = Node.Object()
        for (value, key) in keys.enumerated() { object[key] = .number(.int(Int64(value))) }
        return object
    }

    /// The answer of a plain search through the members, in order.
    private func expected(_ key: String, in object: Node.Object) -> Int? {
        object.firstIndex { $0.key == key }.map { object.distance(from: object.startIndex, to: $0) }
    }

    @Test(arguments: ["forward", "backward", "shuffled", "with missing keys", "twice each"])
    func everyOrderOfLookupsFindsWhatASearchFinds(order: String) {
        let object = object(Self.keys)
        var asked: [String]
        switch order {
        case "forward": asked = Self.keys
        case "backward": asked = Self.keys.reversed()
        case "shuffled": asked = [5, 0, 11, 3, 4, 9, 1, 2, 10, 8, 7, 6].map { Self.keys[$0] }
        case "with missing keys": asked = Self.keys.flatMap { [$0, $0 + "x", "", "key"] }
        default: asked = Self.keys.flatMap { [$0, $0] }
        }
        for key in asked {
            #expect(object.position(of: key) == expected(key, in: object), "\(key)")
            #expect(object[key] == expected(key, in: object).map { .number(.int(Int64($0))) })
        }
    }

    @Test func lookupsInTwoObjectsInTurnDoNotMixTheirHints() {
        let first = object(Self.keys)
        let second = object(Self.keys.reversed())
        for key in Self.keys {
            #expect(first.position(of: key) == expected(key, in: first))
            #expect(second.position(of: key) == expected(key, in: second))
        }
    }

    @Test func anObjectChangedInPlaceIsSearchedAfresh() {
        var object = object(Self.keys)
        #expect(object.position(of: "key3") == 3)  // the hint now points at key4, position 4
        object["key2"] = nil  // in place: the same storage, every later member one position down
        #expect(object.position(of: "key4") == 3)
        #expect(object.position(of: "key5") == 4)
        object["key5"] = nil
        #expect(object.position(of: "key5") == nil)
        #expect(object.position(of: "key6") == 4)
    }

    @Test func threadsLookingUpAtOnceEachGetRightAnswers() async {
        let object = object(Self.keys)
        await withTaskGroup(of: Bool.self) { group in
            for task in 0..<8 {
                group.addTask {
                    var right = true
                    for round in 0..<2_000 {
                        let key = Self.keys[(round * (task + 1)) % Self.keys.count]
                        right = right && object.position(of: key) == Int(key.dropFirst(3))
                    }
                    return right
                }
            }
            for await right in group { #expect(right) }
        }
    }

    @Test func staticDecodeReadsFieldsInAnyOrder() throws {
        struct Reversed: NodeDecodable, Equatable {
            let a: Int, b: String, c: Bool
            static func decode(_ json: Node) throws -> Reversed {
                let c: Bool = try json.decode("c")
                let b: String = try json.decode("b")
                return Reversed(a: try json.decode("a"), b: b, c: c)
            }
        }
        let node = try Node(json: #"[{"a":1,"b":"x","c":true},{"c":false,"a":2,"b":"y"},{"b":"z","c":true,"a":3}]"#)
        #expect(
            try [Reversed].decode(node) == [
                Reversed(a: 1, b: "x", c: true), Reversed(a: 2, b: "y", c: false), Reversed(a: 3, b: "z", c: true),
            ])
    }
}

import Genome
import Testing

@Suite struct BasicMappableTests {
    struct Profile: BasicMappable, Equatable {
        var name = ""
        var age = 0
        var tags: [String] = []
        var nickname: String?
        init() {}
        mutating func sequence(_ map: Map) throws {
            try map["name"].bind(&name)
            try map["age"].bind(&age)
            try map["tags"].read(into: &tags)
            try map["nickname"].bind(&nickname)
        }
    }

    @Test func readsThroughSequence() throws {
        let profile = try Profile(node: ["name": "Ada", "age": 36, "tags": ["math"]])
        #expect(profile.name == "Ada" && profile.age == 36 && profile.tags == ["math"] && profile.nickname == nil)
    }

    @Test func writesOnlyWhatItBinds() throws {
        var profile = Profile()
        profile.name = "Ada"
        profile.tags = ["ignored by read-only fields"]
        #expect(try profile.makeNode() == ["name": "Ada", "age": 0])
    }

    @Test func aMissingRequiredFieldThrows() {
        #expect(throws: MissingKeyError.self) { try Profile(node: ["name": "Ada"]) }
    }
}

@Suite struct InheritanceTests {
    class Vehicle: Object {
        var wheels = 0
        override func sequence(_ map: Map) throws {
            try super.sequence(map)
            try map["wheels"].bind(&wheels)
        }
    }

    final class Car: Vehicle {
        var brand = ""
        override func sequence(_ map: Map) throws {
            try super.sequence(map)
            try map["brand"].bind(&brand)
        }
    }

    @Test func subclassesReadTheirOwnAndInheritedFields() throws {
        let car = try Car(node: ["wheels": 4, "brand": "Volvo"])
        #expect(car.wheels == 4 && car.brand == "Volvo")
    }

    @Test func subclassesWriteTheirOwnAndInheritedFields() throws {
        let car = try Car(node: ["wheels": 4, "brand": "Volvo"])
        #expect(try car.makeNode().serialized() == #"{"wheels":4,"brand":"Volvo"}"#)
    }

    @Test func subclassesDecodeAsNestedModelsAndElements() throws {
        let json: Node = ["cars": [["wheels": 4, "brand": "Volvo"], ["wheels": 3, "brand": "Reliant"]]]
        let cars: [Car] = try json.decode("cars")
        #expect(cars.map(\.brand) == ["Volvo", "Reliant"])
        let error = #expect(throws: MissingKeyError.self) {
            let _: [Car] = try Node(["cars": [["wheels": 4]]]).decode("cars")
        }
        #expect(error?.formattedPath == "cars[0]")
    }
}

@Suite struct ContextTests {
    final class Recorder: Context {
        var seen: [String] = []
    }

    struct Leaf: MappableObject {
        let name: String
        init(map: Map) throws {
            name = try map.extract("name")
            (map.context as? Recorder)?.seen.append(name)
        }
    }

    struct Tree: MappableObject {
        let leaves: [Leaf]
        let named: [String: Leaf]
        let grid: [[Leaf]]
        let maybe: Leaf?
        init(map: Map) throws {
            leaves = try map.extract("leaves")
            named = try map.extract("named")
            grid = try map.extract("grid")
            maybe = try map.extract("maybe")
        }
    }

    @Test func theContextReachesEveryNestedModelAndElement() throws {
        let recorder = Recorder()
        let node: Node = [
            "leaves": [["name": "a"], ["name": "b"]],
            "named": ["x": ["name": "c"]],
            "grid": [[["name": "d"]]],
            "maybe": ["name": "e"],
        ]
        _ = try Tree(node: node, in: recorder)
        #expect(recorder.seen == ["a", "b", "c", "d", "e"])
    }

    @Test func theContextReachesArrayInitialisersAndDecode() throws {
        let recorder = Recorder()
        _ = try [Leaf](node: [["name": "a"]], in: recorder)
        let json: Node = ["leaf": ["name": "b"]]
        let _: Leaf = try json.decode(path: ["leaf"], in: recorder)
        #expect(recorder.seen == ["a", "b"])
    }
}

@Suite struct PersistenceFactoryTests {
    /// An in-memory store: Genome's Core Data pattern without Core Data.
    final class Store: Context {
        var users: [Int: User] = [:]
        var created = 0
    }

    final class User: Object {
        var id = 0
        var name = ""

        override class func makeInstance(from map: Map) throws -> Self {
            let id: Int = try map.extract("id")
            guard let store = map.context as? Store else { return try Self(map: map) }
            if let existing = store.users[id] as? Self { return existing }
            let user = try Self(map: map)
            store.users[id] = user
            store.created += 1
            return user
        }

        override func sequence(_ map: Map) throws {
            try super.sequence(map)
            try map["id"].bind(&id)
            try map["name"].bind(&name)
        }
    }

    @Test func theFactoryReturnsTheExistingObjectForAKnownID() throws {
        let store = Store()
        let first: [User] = try [User](node: [["id": 1, "name": "Ada"], ["id": 2, "name": "Alan"]], in: store)
        let again: User = try Node(["user": ["id": 1, "name": "Ada L."]]).decode(path: ["user"], in: store)
        #expect(store.created == 2)
        #expect(again === first[0])
        #expect(first[0].name == "Ada L.")  // the existing object was updated by sequence
    }

    @Test func withoutAStoreTheFactoryBuildsNewObjects() throws {
        let a: User = try Node(["id": 1, "name": "A"]).decode()
        let b: User = try Node(["id": 1, "name": "A"]).decode()
        #expect(a !== b)
    }
}

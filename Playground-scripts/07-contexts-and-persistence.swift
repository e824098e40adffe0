// Contexts reach every nested model, and a class-level factory can return existing objects: Genome's Core Data
// pattern, shown with an in-memory store.
import Genome
import GenomeOperators

/// The context: anything a model needs while it is mapped.
final class Store: Context {
    var users: [Int: User] = [:]
    var log: [String] = []
}

final class User: Object {
    var id = 0
    var name = ""

    /// Returns the user the store already holds for this id, or a new one that the store keeps.
    override class func makeInstance(from map: Map) throws -> Self {
        let id: Int = try map.extract("id")
        guard let store = map.context as? Store else { return try Self(map: map) }
        if let existing = store.users[id] as? Self {
            store.log.append("reused user \(id)")
            return existing
        }
        let user = try Self(map: map)
        store.users[id] = user
        store.log.append("created user \(id)")
        return user
    }

    override func sequence(_ map: Map) throws {
        try super.sequence(map)
        try id <~> map["id"]
        try name <~> map["name"]
    }
}

struct Team: MappableObject {
    let title: String
    let members: [User]
    let lead: User

    init(map: Map) throws {
        title = try map.extract("title")
        members = try map.extract("members")  // each element goes through the factory, with the context
        lead = try map.extract("lead")
    }
}

let store = Store()
let teams = try [Team](
    node: [
        [
            "title": "Parsers", "lead": ["id": 1, "name": "Ada"],
            "members": [["id": 1, "name": "Ada"], ["id": 2, "name": "Alan"]],
        ],
        [
            "title": "Writers", "lead": ["id": 2, "name": "Alan T."],
            "members": [["id": 2, "name": "Alan T."], ["id": 3, "name": "Grace"]],
        ],
    ],
    in: store)

print(store.log.joined(separator: "\n"))
print("users in the store:", store.users.keys.sorted())
print("the same object is shared:", teams[0].members[1] === teams[1].lead)
print("and was updated by the later document:", teams[0].members[1].name)

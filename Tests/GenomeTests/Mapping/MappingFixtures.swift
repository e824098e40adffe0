import Genome

// A household of people, shaped every way a model can be nested: the fixture the mapping tests share.

struct Person: MappableObject, Hashable {
    let firstName: String
    let lastName: String

    init(firstName: String, lastName: String) {
        self.firstName = firstName
        self.lastName = lastName
    }

    init(map: Map) throws {
        firstName = try map.extract("first_name")
        lastName = try map.extract("last_name")
    }

    func sequence(_ map: Map) throws {
        try map["first_name"].write(firstName)
        try map["last_name"].write(lastName)
    }
}

let ada = Person(firstName: "Ada", lastName: "Lovelace")
let alan = Person(firstName: "Alan", lastName: "Turing")
let grace = Person(firstName: "Grace", lastName: "Hopper")
let edsger = Person(firstName: "Edsger", lastName: "Dijkstra")

func personNode(_ person: Person) -> Node {
    ["first_name": .string(person.firstName), "last_name": .string(person.lastName)]
}

let household: Node = [
    "count": 4,
    "label": "the household",
    "ratio": 0.75,
    "person": personNode(ada),
    "people": [personNode(ada), personNode(alan), personNode(grace), personNode(edsger)],
    "duplicated_people": [personNode(ada), personNode(ada), personNode(alan), personNode(grace), personNode(grace)],
    "relationships": ["best_friend": personNode(grace), "mentor": personNode(alan)],
    "groups": ["scientists": [personNode(ada), personNode(alan)], "admirals": [personNode(grace)]],
    "ordered_groups": [[personNode(ada), personNode(alan)], [personNode(grace)], []],
    "nothing": nil,
    "wrong_person": ["first_name": 1, "last_name": "Number"],
]

/// Every shape of the fixture in one model, read with `extract` and written back with named `write` calls.
struct Household: MappableObject, Equatable {
    var count: Int
    var label: String
    var ratio: Double
    var person: Person
    var people: [Person]
    var duplicatedPeople: [Person]
    var uniquePeople: Set<Person>
    var relationships: [String: Person]
    var groups: [String: [Person]]
    var orderedGroups: [[Person]]
    var missingPerson: Person?
    var nullPerson: Person?

    init(map: Map) throws {
        count = try map.extract("count")
        label = try map.extract("label")
        ratio = try map.extract("ratio")
        person = try map.extract("person")
        people = try map.extract("people")
        duplicatedPeople = try map.extract("duplicated_people")
        uniquePeople = try map.extract("duplicated_people")
        relationships = try map.extract("relationships")
        groups = try map.extract("groups")
        orderedGroups = try map.extract("ordered_groups")
        missingPerson = try map.extract("missing_person")
        nullPerson = try map.extract("nothing")
    }

    func sequence(_ map: Map) throws {
        try map["count"].write(count)
        try map["label"].write(label)
        try map["ratio"].write(ratio)
        try map["person"].write(person)
        try map["people"].write(people)
        try map["duplicated_people"].write(duplicatedPeople)
        try map["relationships"].write(relationships)
        try map["groups"].write(groups)
        try map["ordered_groups"].write(orderedGroups)
        try map["missing_person"].write(missingPerson)
        try map["nothing"].write(nullPerson)
    }
}

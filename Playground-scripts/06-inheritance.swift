// Inheritance through the Object base class: subclasses override `sequence(_:)` and call `super`.
import Genome
import GenomeOperators

class Animal: Object {
    var name = ""
    var legs = 0

    override func sequence(_ map: Map) throws {
        try super.sequence(map)
        try name <~> map["name"]
        try legs <~> map["legs"]
    }
}

final class Dog: Animal {
    var breed = ""

    override func sequence(_ map: Map) throws {
        try super.sequence(map)
        try breed <~> map["breed"]
    }
}

final class Bird: Animal {
    var canFly = true

    override func sequence(_ map: Map) throws {
        try super.sequence(map)
        try canFly <~> map["can_fly"]
    }
}

let dog = try Dog(node: ["name": "Rex", "legs": 4, "breed": "Collie"])
print("dog:", dog.name, dog.legs, dog.breed)
print("dog as JSON:", try dog.makeNode().serialized())

let birds: [Bird] = try Node(
    json: #"[{"name":"Pingu","legs":2,"can_fly":false},{"name":"Tweety","legs":2,"can_fly":true}]"#
).decode()
for bird in birds { print("bird:", bird.name, bird.canFly ? "flies" : "walks") }

// A missing field of the base class is reported with the element's index.
do {
    let _: [Dog] = try Node([
        "dogs": [["name": "Rex", "legs": 4, "breed": "Collie"], ["name": "Fido", "breed": "Pug"]]
    ]).decode("dogs")
} catch {
    print(error)
}

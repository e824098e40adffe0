// Genome's two-way Map: one model reads from a Node with `init(map:)` and writes back with `sequence(_:)`.
import Genome
import GenomeOperators

enum PetType: String { case dog, cat, unknown }

struct Pet: MappableObject {
    let name: String
    let type: PetType
    let nickname: String?

    init(map: Map) throws {
        name = try map.extract("name")
        nickname = try map.extract("nickname")  // optional: nil when missing or null
        type = try map.extract("type") { (raw: String) in PetType(rawValue: raw) ?? .unknown }
    }

    func sequence(_ map: Map) throws {
        try name ~> map["name"]
        try type ~> map["type"].transformToNode { $0.rawValue }
        try nickname ~> map["nickname"]
    }
}

let node: Node = ["name": "Rover", "nickname": nil, "type": "dog"]
let pet = try Pet(node: node)
print("pet:", pet.name, pet.type, pet.nickname ?? "(no nickname)")

let back: Node = try pet.makeNode()
print("back to a node (a nil optional is left out):", back)

let pets = try [Pet](node: [
    ["name": "Tom", "type": "cat", "nickname": "Tommy"], ["name": "Nibbles", "type": "hamster"],
])
print("pets:", pets.map { "\($0.name) (\($0.type))" })
print("as JSON:", try pets.makeNode().serialized())

// Map-based models are NodeDecodable too, so they nest and work with `decode` and `=>`.
let shelter: Node = ["resident": ["name": "Rex", "type": "dog"]]
let resident: Pet = try shelter => "resident"
print("resident:", resident.name)

// The same errors, with the same paths, as everywhere else in Genome.
do {
    _ = try [Pet](node: [["name": "Tom", "type": "cat"], ["type": "dog"]])
} catch {
    print(error)
}

import GenomeOperators
import Testing

// The Map examples of the design contract, written exactly as users write them, in a module of their own.

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

struct Photo: BasicMappable {  // init() plus a mutating sequence
    var title = ""
    var concepts: [String] = []
    var url: String?
    init() {}
    mutating func sequence(_ map: Map) throws {
        try title <~> map["title"]
        try concepts <~ map["concepts"]
        try url <~ map["url"].transformFromNode { (s: String) in s.lowercased() }
    }
}

class Animal: Object {  // inheritance through the Object base class
    var name = ""
    override func sequence(_ map: Map) throws { try name <~> map["name"] }
}

final class Dog: Animal {
    var breed = ""
    override func sequence(_ map: Map) throws {
        try super.sequence(map)
        try breed <~> map["breed"]
    }
}

@Suite struct DesignContractTests {
    let node: Node = ["name": "Rover", "nickname": nil, "type": "dog", "age": 3, "tags": ["a", "b"]]

    @Test func petReadsWithExtractAndWritesWithTheArrow() throws {
        let pet = try Pet(node: node)
        #expect(pet.name == "Rover")
        #expect(pet.type == .dog)
        #expect(pet.nickname == nil)
        let back: Node = try pet.makeNode()
        #expect(back == ["name": "Rover", "type": "dog"])
    }

    @Test func petArraysAndUnknownRawValues() throws {
        let arrayNode: Node = [
            ["name": "Tom", "type": "cat"], ["name": "Nibbles", "type": "hamster", "nickname": "Nib"],
        ]
        let pets = try [Pet](node: arrayNode)
        #expect(pets.map(\.type) == [.cat, .unknown])
        #expect(pets[1].nickname == "Nib")
    }

    @Test func photoBindsReadsAndTransforms() throws {
        let photoNode: Node = ["title": "Moon", "concepts": ["space", "night"], "url": "HTTPS://NASA.GOV/MOON.JPG"]
        let photo = try Photo(node: photoNode)
        #expect(photo.title == "Moon")
        #expect(photo.concepts == ["space", "night"])
        #expect(photo.url == "https://nasa.gov/moon.jpg")
        // `<~` is from-node only, so only the title is written back.
        #expect(try photo.makeNode() == ["title": "Moon"])
    }

    @Test func photoWithoutAURLReadsNil() throws {
        let photo = try Photo(node: ["title": "Sun", "concepts": []])
        #expect(photo.url == nil)
    }

    @Test func dogInheritsAnimalsFields() throws {
        let dog = try Dog(node: ["name": "Rex", "breed": "Collie"])
        #expect(dog.name == "Rex")
        #expect(dog.breed == "Collie")
        #expect(try dog.makeNode() == ["name": "Rex", "breed": "Collie"])
    }

    @Test func mapsAreBuiltByHandWithAContext() throws {
        struct Database: Context { let name: String }
        let map = Map(node: node, in: Database(name: "main"))
        #expect((map.context as? Database)?.name == "main")
        let name: String = try map.extract("name")
        #expect(name == "Rover")
        let defaultMap = Map(node: node)
        #expect(defaultMap.context is EmptyContext)
    }

    @Test func mapBasedModelsAreNodeDecodable() throws {
        let json: Node = ["pet": node, "pets": [node]]
        let pet: Pet = try json.decode("pet")
        let pets: [Pet] = try json => "pets"
        #expect(pet.name == "Rover")
        #expect(pets.count == 1)
    }
}

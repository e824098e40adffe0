// Every kind of error Genome throws, printed. Each says where (a key path, or a line and column) and why.
import Genome

enum PetType: String, NodeDecodable { case dog, cat }

struct Pet: NodeDecodable {
    let name: String
    let type: PetType
    let age: Int8

    static func decode(_ json: Node) throws -> Pet {
        try Pet(name: json.decode("name"), type: json.decode("type"), age: json.decode("age"))
    }
}

func show(_ title: String, _ body: () throws -> Void) {
    print("--", title)
    do {
        try body()
        print("(no error)")
    } catch {
        print(error)
    }
}

let shelter = try Node(
    json: """
        {"pets": [
          {"name": "Rover", "type": "dog", "age": 3},
          {"nmae": "Tom", "type": "cat", "age": 2},
          {"name": "Nibbles", "type": "hamster", "age": 1},
          {"name": "Methuselah", "type": "cat", "age": 300},
          {"name": null, "type": "dog", "age": 1}
        ]}
        """)
let pets = shelter["pets"]!

show("MissingKeyError, with a suggestion") { _ = try parse(json: shelter, path: ["pets", 1], decode: Pet.decode) }
show("RawRepresentableInitializationError") { let _: Pet = try shelter.decode("pets", 2) }
show("TypeMismatchError: out of range") { let _: Pet = try shelter.decode("pets", 3) }
show("TypeMismatchError: null where a value is required") { let _: Pet = try shelter.decode("pets", 4) }
show("An error inside an array carries the index") { let _: [Pet] = try shelter.decode("pets") }
show("Lossy arrays keep what decodes") {
    let lossy: LossyArray<Pet> = try shelter.decode("pets")
    print("decoded:", lossy.map(\.name))
    for failure in lossy.failures { print("  skipped [\(failure.index)]:", failure.error) }
}
show("One of several types") {
    _ = try pets.decode(asOneOf: .type(Int.self) { "number \($0)" }, .type(String.self) { "text \($0)" })
}
show("JSONSyntaxError, with line and column") {
    _ = try Node(json: "{\n  \"name\": \"Rover\",\n  \"age\": 3,,\n}")
}
show("JSONWritingError") { _ = try Node.number(.double(.infinity)).serialized() }

// A logger sees each decoding error once, as it leaves the call you made, with the path that call knows.
let token = ErrorLoggers.add { error in print("logged:", error) }
_ = try? shelter.decode("pets", 0, "colour") as String
ErrorLoggers.remove(token)

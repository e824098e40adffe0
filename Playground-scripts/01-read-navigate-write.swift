// Read JSON into a Node, find your way around it, change it, and write it back out.
import Genome

let text = """
    {
      "name": "Rover",
      "age": 3,
      "owner": {"login": "anviking", "id": 9007199254740993},
      "tags": ["good", "dog"],
      "weight": 12.5,
      "nickname": null
    }
    """

// Reading: from a String, or from any collection of UTF-8 bytes ([UInt8], Data, ...).
var dog = try Node(json: text)

// Navigating: paths of keys and indices give a Node?, and typed accessors give Swift values.
print("name:", dog["name"]?.string ?? "?")
print("owner login:", dog["owner", "login"]?.string ?? "?")
print("first tag:", dog["tags", 0]?.string ?? "?")
print("owner id, exact:", dog["owner", "id"]?.int64 ?? 0)  // 64-bit integers are kept exactly
print("weight:", dog["weight"]?.double ?? 0)
print("nickname is null:", dog["nickname"]?.isNull ?? false, "| missing key gives nil:", dog["missing"] == nil)

// Modifying: set along a path; the objects in between are created.
dog["age"] = 4
dog["tags", 2] = "loyal"  // an index equal to the count appends
dog["vet", "name"] = "Dr. Doolittle"
dog["nickname"] = nil  // setting nil removes the member

// Writing: compact keeps key order; pretty and sorted are options.
print(try dog.serialized())
print(try dog.serialized([.prettyPrinted, .sortedKeys]))

// Literals build nodes too, string interpolation included.
let name = "Rex"
let literal: Node = ["name": "\(name) the \(2)nd", "big": 18446744073709551615, "small": -9223372036854775808]
print(literal)

// Bad input gets an error with a location, never a crash.
do {
    _ = try Node(json: "{\"a\": [1, 2}")
} catch {
    print(error)
}

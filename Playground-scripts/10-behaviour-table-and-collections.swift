// The behaviour table, row by row, in both spellings; every collection shape; and tolerant reads in the
// JSONMapper style, where a missing or odd value falls back to a default instead of failing.
import Genome
import GenomeOperators

let json: Node = [
    "name": "Rover", "nickname": nil, "age": "three",
    "scores": [90, 85, 77], "maybe_scores": nil, "holes": [1, nil, 3],
    "by_day": ["mon": 3, "tue": 5], "tags": ["good", "dog", "good"],
    "grid": [[1, 2], [3]], "owner": ["id": 1],
]

func row(_ title: String, _ body: () throws -> String?) {
    let outcome: String
    do {
        outcome = try body().map { "\"\($0)\"" } ?? "nil"
    } catch let error as any NodeDecodingError {
        outcome = "throws \(type(of: error))"
    } catch {
        outcome = "throws \(error)"
    }
    print(title + String(repeating: " ", count: max(1, 46 - title.count)), outcome)
}

print("== The behaviour table (null / missing key / type mismatch)")
row("decode -> String, null") { try json.decode("nickname") as String }
row("decode -> String, missing key") { try json.decode("missing") as String }
row("decode -> String, type mismatch") { try json.decode("scores") as String }
row("decode -> String?, null") { try json.decode("nickname") as String? }
row("decode -> String?, missing key") { try json.decode("missing") as String? }
row("decode -> String?, type mismatch") { try json.decode("scores") as String? }
row("decodeIfPresent -> String?, null") { try json.decodeIfPresent("nickname") as String? }
row("decodeIfPresent -> String?, missing key") { try json.decodeIfPresent("missing") as String? }
row("decodeIfPresent -> String?, type mismatch") { try json.decodeIfPresent("scores") as String? }
row("try? decode -> String, type mismatch") { try? json.decode("scores") as String }
row("json => \"name\" as String") { try json => "name" as String }
row("json =>? \"missing\" as String?") { try json =>? "missing" as String? }
row("json => \"owner\" => \"login\" (sub-object)") { try json => "owner" => "login" as String }

print("\n== Collections")
let scores: [Int] = try json.decode("scores")
let maybeScores: [Int]? = try json.decode("maybe_scores")
let holes: [Int?] = try json.decode("holes")
let byDay: [String: Int] = try json.decode("by_day")
let tags: Set<String> = try json.decode("tags")
let grid: [[Int]] = try json.decode("grid")
print("[Int]:", scores)
print("[Int]? from null:", maybeScores as Any)
print("[Int?]:", holes)
print("[String: Int]:", byDay.sorted { $0.key < $1.key })
print("Set<String>:", tags.sorted())
print("[[Int]]:", grid)

print("\n== Tolerant reads, JSONMapper style")
// A default for a missing or null value: decodeIfPresent plus `??`.
let nickname = try json.decodeIfPresent("nickname") ?? "no nickname"
let weight = try json.decodeIfPresent("weight") ?? 0.0
// A default for a value of the wrong type too: `try?` turns every failure into nil.
let age = (try? json.decode("age") as Int) ?? 0
// Keep what decodes from a list, and report the rest.
let mixed: LossyArray<Int> = try Node(["1", 2, 3.5, 4]).decode()
print("nickname:", nickname, "| weight:", weight, "| age:", age)
print("lossy [Int]:", mixed.elements, "skipped indices:", mixed.failures.map(\.index))

// expected-error: cannot assign to property: 'encoder' is a 'let' constant
// A JSONEncoder habit: JSONEncoder is a class, so `let encoder = JSONEncoder()` can be configured. NodeEncoder is
// a struct (issue 45); the compiler's message names the `let`, and its fix-it changes it to `var`.
import Genome

struct User: Encodable {
    let id: Int
}

func json(for user: User) throws -> [UInt8] {
    let encoder = NodeEncoder()
    encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
    return try encoder.encodeJSON(user)
}

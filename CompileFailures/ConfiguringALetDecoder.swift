// expected-error: cannot assign to property: 'decoder' is a 'let' constant
// A JSONDecoder habit: JSONDecoder is a class, so `let decoder = JSONDecoder()` can be configured. NodeDecoder is
// a struct (issue 45); the compiler's message names the `let`, and its fix-it changes it to `var`.
import Genome

struct User: Decodable {
    let userID: Int
}

func user(from text: String) throws -> User {
    let decoder = NodeDecoder()
    decoder.keyDecodingStrategy = .convertFromSnakeCase
    return try decoder.decode(User.self, fromJSON: text)
}

// expected-error: 'decode(_:from:)' is unavailable: JSON bytes go to 'decode(_:fromJSON:)'
// A JSONDecoder habit: the bytes of a document under `from:` (issue 45). `from:` takes a Node or a String of JSON
// text; the compiler used to say only that [UInt8] is not a Node.
import Genome

struct User: Decodable {
    let id: Int
}

func user(from bytes: [UInt8]) throws -> User {
    try NodeDecoder().decode(User.self, from: bytes)
}

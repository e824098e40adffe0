// expected-error: 'decode(_:from:)' is unavailable: JSON bytes go to 'decode(_:fromJSON:)'
// The same JSONDecoder habit with a slice of bytes and an inferred type (issue 45).
import Genome

struct User: Decodable {
    let id: Int
}

func user(from bytes: ArraySlice<UInt8>) throws -> User {
    try NodeDecoder().decode(from: bytes)
}

// Lending a `String`'s UTF-8 to code that reads bytes: the writer, key lookups, fingerprints.

/// Calls `body` with the UTF-8 of `string`, borrowed from a native string (every string on Linux, small or not) and
/// copied only for a bridged one. `String.withUTF8` needs a `var`: a copy of the string, and a retain and a release
/// on each call, which key lookups would pay for: a couple of percent of a twitter.json decode (Compare's decode
/// rows).
@inline(__always)
internal func withUTF8Bytes<Result>(
    of string: String, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
) rethrows -> Result {
    if let result = try string.utf8.withContiguousStorageIfAvailable(body) { return result }
    var native = string
    return try native.withUTF8(body)
}

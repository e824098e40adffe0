// `assumesTopLevelDictionary`, JSONDecoder's option for input that is the inside of an object: `"x": 42` reads
// as `{"x": 42}`, and empty input as `{}`. Input that starts with `{` reads as it is.

extension NodeDecoder {
    /// `buffer` between braces, when it does not start with `{` (after a byte order mark and whitespace); nil when
    /// it reads as it is.
    internal static func wrappedAsObject(_ buffer: UnsafeBufferPointer<UInt8>) -> [UInt8]? {
        var start = 0
        if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { start = 3 }
        while start < buffer.count, [0x20, 0x09, 0x0A, 0x0D].contains(buffer[start]) { start += 1 }
        if start < buffer.count && buffer[start] == UInt8(ascii: "{") { return nil }
        var wrapped = [UInt8]()
        wrapped.reserveCapacity(buffer.count + 2)
        wrapped.append(UInt8(ascii: "{"))
        wrapped.append(contentsOf: buffer)
        wrapped.append(UInt8(ascii: "}"))
        return wrapped
    }

    /// `error`, found in `buffer` wrapped as an object, moved back to the caller's bytes: one byte less, and within
    /// them.
    internal static func relocated(_ error: JSONSyntaxError, toMembersIn buffer: UnsafeBufferPointer<UInt8>)
        -> JSONSyntaxError
    {
        let offset = min(max(error.offset - 1, 0), buffer.count)
        return JSONSyntaxError(
            error.kind, reason: error.reason, found: error.found, offset: offset, in: UnsafeRawBufferPointer(buffer))
    }
}

// `assumesTopLevelDictionary`, JSONDecoder's option for input that is the inside of an object: `"x": 42` reads
// as `{"x": 42}`, and empty input as `{}`. Input that starts with `{` reads as it is.

extension NodeDecoder {
    /// Reads `buffer` as the members of an object when it does not start with `{`; syntax errors point into
    /// `buffer` itself.
    internal func readAssumingTopLevelDictionary(_ buffer: UnsafeBufferPointer<UInt8>) throws(JSONSyntaxError) -> Node {
        var start = 0
        if buffer.count >= 3 && buffer[0] == 0xEF && buffer[1] == 0xBB && buffer[2] == 0xBF { start = 3 }
        while start < buffer.count, [0x20, 0x09, 0x0A, 0x0D].contains(buffer[start]) { start += 1 }
        if start < buffer.count && buffer[start] == UInt8(ascii: "{") {
            return try JSONReader.read(buffer, options: readingOptions)
        }
        var wrapped = [UInt8]()
        wrapped.reserveCapacity(buffer.count + 2)
        wrapped.append(UInt8(ascii: "{"))
        wrapped.append(contentsOf: buffer)
        wrapped.append(UInt8(ascii: "}"))
        do {
            return try wrapped.withUnsafeBufferPointer { wrapped throws(JSONSyntaxError) in
                try JSONReader.read(wrapped, options: readingOptions)
            }
        } catch {
            // Back to the caller's bytes: one byte less, and within them.
            let offset = min(max(error.offset - 1, 0), buffer.count)
            throw JSONSyntaxError(
                error.kind, reason: error.reason, found: error.found, offset: offset, in: UnsafeRawBufferPointer(buffer)
            )
        }
    }
}

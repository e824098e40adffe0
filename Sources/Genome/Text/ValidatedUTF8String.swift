// Strings made from bytes the reader has already validated as UTF-8. `String(decoding:as:)` would validate them a
// second time (and repair what it found invalid, which cannot happen here); the standard library's `UTF8Span`
// (Swift 6.2) takes bytes known to be valid without that pass.

extension String {
    /// The string of `bytes`, which must be well-formed UTF-8 (the reader checked them with `isWellFormedUTF8`; a
    /// debug build checks them again here), scanned once to learn whether they are all ASCII. A caller that already
    /// knows, as the tape does for each of its strings, passes `isASCII:` instead.
    @inline(__always)
    init(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>) {
        self.init(validatedUTF8: bytes, isASCII: isASCII(bytes))
    }

    /// The same, for a caller that already knows whether `bytes` is all ASCII (the tree reader saw each byte while
    /// it looked for the closing quote), so that the bytes are not scanned again.
    @inline(__always)
    init(validatedUTF8 bytes: UnsafeBufferPointer<UInt8>, isASCII knownASCII: Bool) {
        assert(
            isCheckedUTF8(bytes, allASCII: knownASCII),
            "String(validatedUTF8:isASCII:) was given ill-formed UTF-8, or told the wrong thing about ASCII")
        #if compiler(>=6.2)
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                self = String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: knownASCII))
                return
            }
        #endif
        self = String(decoding: bytes, as: UTF8.self)
    }

    /// The string of `bytes`, every one of which the reader saw to be ASCII: no validation and no scan.
    /// (`String(decoding:as:)` checks them again, a few percent of reading twitter.json into a `Node`; see
    /// Compare's twitter.json parse row.)
    @inline(__always)
    init(asciiBytes bytes: UnsafeBufferPointer<UInt8>) {
        assert(isCheckedUTF8(bytes, allASCII: true), "String(asciiBytes:) was given a byte above 0x7F")
        #if compiler(>=6.2)
            if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
                self = String(copying: UTF8Span(unchecked: bytes.span, isKnownASCII: true))
                return
            }
        #endif
        self = String(decoding: bytes, as: UTF8.self)
    }
}

/// Whether `bytes` is well-formed UTF-8 that is all ASCII exactly when `allASCII` says so: the debug-build check of
/// the initialisers above, which re-check what the reader has already checked. Through the standard library's
/// validation where there is one, which comes compiled with optimisation: Genome's own checks, compiled without it,
/// took a tenth of a debug decode of twitter.json (Compare's decode rows in debug).
private func isCheckedUTF8(_ bytes: UnsafeBufferPointer<UInt8>, allASCII: Bool) -> Bool {
    #if compiler(>=6.2)
        if #available(macOS 26, iOS 26, tvOS 26, watchOS 26, visionOS 26, *) {
            do {
                // Validation may leave ASCII text not known to be ASCII; only then are the bytes scanned again.
                let span = try UTF8Span(validating: bytes.span)
                return span.isKnownASCII == allASCII || isASCII(bytes) == allASCII
            } catch {
                return false
            }
        }
    #endif
    return firstInvalidUTF8(bytes) == nil && isASCII(bytes) == allASCII
}

/// Whether every byte of `bytes` is ASCII: a string made with `String(validatedUTF8:)` then keeps the standard
/// library's fast paths for ASCII text (counting, indexing), which a string not known to be ASCII loses.
@inline(__always)
internal func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
    guard let base = bytes.baseAddress else { return true }
    var index = 0
    var bits: UInt64 = 0
    while index + 8 <= bytes.count {
        bits |= UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
        index += 8
    }
    while index < bytes.count {
        bits |= UInt64(base[index])
        index += 1
    }
    return bits & 0x8080_8080_8080_8080 == 0
}

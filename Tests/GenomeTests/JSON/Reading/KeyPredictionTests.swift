// The reader predicts each key from the one before it (RecentStrings.predictedKey(at:available:)): the key that
// followed it last time, confirmed by comparing bytes. A prediction is only a guess: every key must come out as
// written, with the fingerprint lookups rely on, whether the guess was right, a prefix of the key, longer than it,
// the same key spelled with an escape, or cut off by the end of the input.

import Testing

@testable import Genome

@Suite struct KeyPredictionTests {
    /// 20 keys first: the key cache makes its slots after 16, and predicts only from then on.
    static let fillers = "{" + (0..<20).map { "\"filler\($0)\":0" }.joined(separator: ",") + "}"

    /// `objects`, after the fillers, as a JSON array; the parsed objects, without the fillers.
    static func read(_ objects: [String]) throws -> [Node] {
        let node = try Node(json: "[\(fillers),\(objects.joined(separator: ","))]")
        return Array(try #require(node.array).dropFirst())
    }

    @Test func theCacheLinksEachKeyToTheOneThatCameNext() {
        let input = Array(#""alpha""beta""gamma""bet" "betaX" "beta:"#.utf8)
        input.withUnsafeBufferPointer { input in
            // The content of the key whose opening quote is at `quote`.
            func content(at quote: Int, count: Int) -> UnsafeBufferPointer<UInt8> {
                UnsafeBufferPointer(rebasing: input[(quote + 1)..<(quote + 1 + count)])
            }
            let alpha = content(at: 0, count: 5)
            let beta = content(at: 7, count: 4)
            let gamma = content(at: 13, count: 5)
            var cache = RecentStrings(lookUpsBeforeSlots: 0, predictsSuccessors: true)
            for (key, bytes) in [("alpha", alpha), ("beta", beta), ("gamma", gamma)] {
                #expect(cache.lookUp(bytes, fingerprint: keyFingerprint(bytes), documentSize: 100) == nil)
                cache.keep(key, fingerprint: keyFingerprint(bytes), bytes: bytes)
            }
            // Read again from "alpha": each key predicts the next.
            #expect(cache.lookUp(alpha, fingerprint: keyFingerprint(alpha), documentSize: 100) == "alpha")
            func predicted(at offset: Int) -> (string: String, fingerprint: UInt64, count: Int)? {
                cache.predictedKey(at: input.baseAddress! + offset, available: input.count - offset)
            }
            let second = predicted(at: 8)
            #expect(second?.string == "beta" && second?.count == 4)
            #expect(second?.fingerprint == keyFingerprint("beta"))
            #expect(predicted(at: 14)?.string == "gamma")
            // After "alpha" again, bytes that are not "beta" and a quote predict nothing: a prefix, a longer key,
            // "beta" with a colon where its closing quote should be, and "beta" at the end of what may be read.
            _ = cache.lookUp(alpha, fingerprint: keyFingerprint(alpha), documentSize: 100)
            #expect(predicted(at: 21) == nil)  // bet"
            #expect(predicted(at: 27) == nil)  // betaX"
            #expect(predicted(at: 35) == nil)  // beta:
            #expect(cache.predictedKey(at: input.baseAddress! + 8, available: 4) == nil)
            #expect(predicted(at: 8)?.string == "beta")
            // Forgotten, the previous key predicts nothing.
            _ = cache.lookUp(alpha, fingerprint: keyFingerprint(alpha), documentSize: 100)
            cache.forgetPrevious()
            #expect(predicted(at: 8) == nil)
        }
        // A cache of values links nothing.
        input.withUnsafeBufferPointer { input in
            let alpha = UnsafeBufferPointer(rebasing: input[1..<6])
            let beta = UnsafeBufferPointer(rebasing: input[8..<12])
            var values = RecentStrings(lookUpsBeforeSlots: 0)
            for (string, bytes) in [("alpha", alpha), ("beta", beta)] {
                _ = values.lookUp(bytes, fingerprint: keyFingerprint(bytes), documentSize: 100)
                values.keep(string, fingerprint: keyFingerprint(bytes), bytes: bytes)
            }
            #expect(values.lookUp(alpha, fingerprint: keyFingerprint(alpha), documentSize: 100) == "alpha")
            #expect(values.predictedKey(at: input.baseAddress! + 8, available: input.count - 8) == nil)
        }
    }

    /// A key followed by either of two keys, in turns (an object's last key, and the first keys of two kinds of
    /// object after it), predicts both: the one that came last first, then the other.
    @Test func aKeyWithTwoSuccessorsPredictsBoth() {
        let input = Array(#""alpha""beta""gamma""#.utf8)
        input.withUnsafeBufferPointer { input in
            let alpha = UnsafeBufferPointer(rebasing: input[1..<6])
            let beta = UnsafeBufferPointer(rebasing: input[8..<12])
            let gamma = UnsafeBufferPointer(rebasing: input[14..<19])
            var cache = RecentStrings(lookUpsBeforeSlots: 0, predictsSuccessors: true)
            // alpha, beta, alpha, gamma: alpha is followed by gamma last, and by beta before that.
            for (key, bytes) in [("alpha", alpha), ("beta", beta), ("alpha", alpha), ("gamma", gamma)] {
                if cache.lookUp(bytes, fingerprint: keyFingerprint(bytes), documentSize: 100) == nil {
                    cache.keep(key, fingerprint: keyFingerprint(bytes), bytes: bytes)
                }
            }
            func predicted(after key: UnsafeBufferPointer<UInt8>, at offset: Int) -> String? {
                _ = cache.lookUp(key, fingerprint: keyFingerprint(key), documentSize: 100)
                return cache.predictedKey(at: input.baseAddress! + offset, available: input.count - offset)?.string
            }
            #expect(predicted(after: alpha, at: 14) == "gamma")
            #expect(predicted(after: alpha, at: 8) == "beta")
            // Both stay, whichever came last.
            #expect(predicted(after: alpha, at: 8) == "beta")
            #expect(predicted(after: alpha, at: 14) == "gamma")
            #expect(predicted(after: alpha, at: 8) == "beta")
        }
    }

    /// Each object's second key differs from the one the key before it predicts: shorter, longer, spelled with an
    /// escape, not ASCII, or the same bytes followed by a space before the colon.
    @Test func aWrongPredictionReadsTheKeyAsWritten() throws {
        let variants = [#""abc""#, #""ab""#, #""abcd""#, #""a\u0062c""#, #""abé""#, #""abc" "#]
        let keys = ["abc", "ab", "abcd", "abc", "abé", "abc"]
        var objects: [String] = []
        for variant in variants {
            objects.append(#"{"first":1,"abc":2,"last":3}"#)
            objects.append(#"{"first":1,\#(variant):4,"last":5}"#)
        }
        let read = try Self.read(objects)
        for (index, key) in keys.enumerated() {
            let predicted = read[2 * index]
            #expect(predicted.object?.keys == ["first", "abc", "last"])
            #expect(predicted["abc"] == 2)
            let other = read[2 * index + 1]
            #expect(other.object?.keys == ["first", key, "last"], "variant \(variants[index])")
            #expect(other[key] == 4 && other["last"] == 5, "variant \(variants[index])")
        }
    }

    /// Keys read by prediction have the fingerprints of keys read the long way: every lookup finds its member, in
    /// objects scanned in order and in objects with an index (more than 64 members).
    @Test(arguments: [3, 100]) func predictedKeysAreFoundByName(memberCount: Int) throws {
        let keys = (0..<memberCount).map { "key\($0)" }
        let object = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
        let read = try Self.read(Array(repeating: object, count: 5))
        for node in read {
            #expect(node.object?.keys == keys)
            for (value, key) in keys.enumerated() {
                #expect(node[key] == .number(.int(Int64(value))))
            }
        }
    }

    /// A key cut off by the end of the input where a prediction would match its start is still an error there.
    @Test func aPredictedKeyCutOffByTheEndIsAnError() {
        let whole = "[\(Self.fillers)," + #"{"first":1,"second":2},{"first":1,"second"#
        for end in [whole.utf8.count - 3, whole.utf8.count] {
            let text = String(whole.utf8.prefix(end))!
            expectSyntaxError(text, kind: .unexpectedEndOfInput, offset: end)
        }
    }

    /// A duplicate key read by prediction is reported where it is, as any other.
    @Test func aPredictedDuplicateKeyIsReportedAtItsOffset() throws {
        var options = Node.ReadingOptions()
        options.rejectsDuplicateKeys = true
        // "a" follows "a" from the second object on, so both keys of the last are predicted.
        let text = "[\(Self.fillers)," + #"{"a":1},{"a":1},{"a":1,"a":2}]"#
        let offset = text.utf8.count - 7  // the second "a" of the last object
        expectSyntaxError(text, options: options, kind: .duplicateKey, offset: offset)
        // Accepted, the last value wins, as for any duplicate.
        let read = try Self.read([#"{"a":1}"#, #"{"a":1}"#, #"{"a":1,"a":3}"#])
        #expect(read[2].object?.keys == ["a"] && read[2]["a"] == 3)
    }
}

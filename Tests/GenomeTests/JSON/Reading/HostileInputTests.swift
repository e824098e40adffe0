// Inputs built to break a reader: deep nesting, enormous tokens, huge objects, ill-formed UTF-8, stray
// surrogates and control characters, truncation and random corruption. None may crash, trap, hang, overflow the
// stack or take quadratic time; each is rejected with a precise error or read correctly.

import Genome
import Testing

@Suite struct HostileInputTests {
    // MARK: - Nesting

    /// Foundation's JSONDecoder traps on this input; Genome reports the 513th bracket.
    @Test func fiveHundredThirteenOpenBracketsIsTooDeep() {
        let json = [UInt8](repeating: UInt8(ascii: "["), count: 513)
        expectSyntaxError(json, kind: .tooDeeplyNested, offset: 512, line: 1, column: 513)
    }

    @Test func fiveHundredTwelveNestedArraysAreWithinTheDefaultLimit() {
        let node = parsed(nestedArrays(depth: 512))
        #expect(node.map(leadingArrayDepth) == 512)
    }

    @Test func fiveHundredThirteenBalancedArraysAreTooDeep() {
        expectSyntaxError(nestedArrays(depth: 513), kind: .tooDeeplyNested, offset: 512)
    }

    @Test func aMillionOpenBracketsIsTooDeep() {
        let json = [UInt8](repeating: UInt8(ascii: "["), count: 1_000_000)
        expectSyntaxError(json, kind: .tooDeeplyNested, offset: 512)
    }

    @Test func aHundredThousandBalancedArraysAreTooDeep() {
        expectSyntaxError(nestedArrays(depth: 100_000), kind: .tooDeeplyNested, offset: 512)
    }

    /// Objects and arrays share one depth count: 256 objects and 256 arrays reach the limit, so the 257th
    /// bracket, at byte 256 × 5 + 256, is one level too deep.
    @Test func twoHundredFiftySixObjectsThenTwoHundredFiftySevenArraysAreTooDeep() {
        let json =
            Array(String(repeating: #"{"a":"#, count: 256).utf8)
            + [UInt8](repeating: UInt8(ascii: "["), count: 257)
        expectSyntaxError(json, kind: .tooDeeplyNested, offset: 1536)
    }

    @Test func twoHundredFiftySixObjectsAndArraysAreWithinTheDefaultLimit() {
        let json =
            String(repeating: #"{"a":"#, count: 256) + String(repeating: "[", count: 256)
            + String(repeating: "]", count: 256) + String(repeating: "}", count: 256)
        guard let node = parsed(json) else { return }
        var current = node
        for _ in 0..<256 {
            guard let inner = current.object?["a"] else {
                Issue.record("expected an object with key \"a\", found \(summary(current))")
                return
            }
            current = inner
        }
        #expect(leadingArrayDepth(current) == 256)
    }

    /// A top-level array holding ten 500-deep arrays is 501 levels deep: within the limit of 512.
    @Test func tenFiveHundredDeepArraysInOneArrayParse() {
        let one = nestedArrays(depth: 500)
        var json: [UInt8] = [UInt8(ascii: "[")]
        for index in 0..<10 {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json += one
        }
        json.append(UInt8(ascii: "]"))
        guard let elements = parsed(json)?.array else { return }
        #expect(elements.count == 10)
        #expect(elements.map(leadingArrayDepth) == Array(repeating: 500, count: 10))
    }

    /// The documented ceiling for `maximumDepth` is 2,048 levels: asking for more gets 2,048.
    @Test func maximumDepthIsClampedToTwoThousandFortyEight() {
        #expect(Node.ReadingOptions.maximumDepthLimit == 2_048)
        var options = Node.ReadingOptions()
        options.maximumDepth = 10_000
        #expect(options.maximumDepth == 2_048)
        #expect(Node.ReadingOptions(maximumDepth: 10_000).maximumDepth == 2_048)
        #expect(Node.ReadingOptions(maximumDepth: -1).maximumDepth == 0)
    }

    /// Even with `maximumDepth` set to 10,000, a 10,000-deep document stops at the ceiling, without a crash.
    @Test func tenThousandNestedArraysAreTooDeepEvenWithMaximumDepthSetToTenThousand() {
        var options = Node.ReadingOptions()
        options.maximumDepth = 10_000
        expectSyntaxError(nestedArrays(depth: 10_000), options: options, kind: .tooDeeplyNested, offset: 2_048)
    }

    /// With the limit raised to its ceiling, the deepest accepted document can be read, written, compared,
    /// hashed and freed: none of these may overflow the stack.
    @Test func theDeepestAllowedDocumentParsesWritesComparesAndDrops() {
        #expect(DeepDocumentObservation.make() == .expected)
    }

    /// The same on a detached task, on a Swift concurrency thread rather than the main thread. Those threads'
    /// stacks can be small (512 KiB on Apple platforms), so it runs in a child process: a stack overflow fails
    /// this test instead of ending the whole run.
    @Test func theDeepestAllowedDocumentParsesWritesComparesAndDropsOnADetachedTask() async {
        await #expect(processExitsWith: .success) {
            let observation = await Task.detached { DeepDocumentObservation.make() }.value
            precondition(observation == .expected, "\(observation)")
        }
    }

    // The documented guarantee (ReadingOptions.maximumDepthLimit): a `Node` as deep as the ceiling is freed,
    // compared, hashed and written safely on a thread with a 512 KiB stack (a Swift concurrency thread on Apple
    // platforms), even in a debug build. Each step runs in a child process, so that a stack overflow fails its
    // test instead of ending the whole run.

    @Test func theDeepestAllowedDocumentIsReadAndFreedOnA512KiBStack() async {
        await #expect(processExitsWith: .success) {
            runOnThread(stackSize: 512 * 1024) {
                let depth = Node.ReadingOptions.maximumDepthLimit
                let node = try? Node(json: nestedArrays(depth: depth), options: .init(maximumDepth: depth))
                precondition(node.map(leadingArrayDepth) == depth)
            }
        }
    }

    @Test func theDeepestAllowedDocumentIsComparedOnA512KiBStack() async {
        await #expect(processExitsWith: .success) {
            let node = nestedArrayNode(depth: Node.ReadingOptions.maximumDepthLimit)
            let other = nestedArrayNode(depth: Node.ReadingOptions.maximumDepthLimit)
            let equal = runOnThread(stackSize: 512 * 1024) { node == other }
            precondition(equal)
        }
    }

    @Test func theDeepestAllowedDocumentIsHashedOnA512KiBStack() async {
        await #expect(processExitsWith: .success) {
            let node = nestedArrayNode(depth: Node.ReadingOptions.maximumDepthLimit)
            let hash = runOnThread(stackSize: 512 * 1024) { node.hashValue }
            precondition(hash == node.hashValue)
        }
    }

    @Test func theDeepestAllowedDocumentIsWrittenOnA512KiBStack() async {
        await #expect(processExitsWith: .success) {
            let depth = Node.ReadingOptions.maximumDepthLimit
            let node = nestedArrayNode(depth: depth)
            let written = runOnThread(stackSize: 512 * 1024) { try? node.serializedBytes() }
            precondition(written == nestedArrays(depth: depth))
        }
    }

    /// Documents at the default limit of 512 levels are accepted by default, so must be writable on any thread.
    @Test func aDocumentAtTheDefaultDepthIsWrittenOnA512KiBStack() async {
        await #expect(processExitsWith: .success) {
            let node = nestedArrayNode(depth: 512)
            let written = runOnThread(stackSize: 512 * 1024) { try? node.serializedBytes() }
            precondition(written == nestedArrays(depth: 512))
        }
    }

    // MARK: - Enormous tokens

    /// An integer literal of a million digits is far beyond a Double's range: an exact number, kept as its text
    /// (its size is the input's, so reading stays linear), written back unchanged, and an error with its path
    /// when decoded into a Double.
    @Test func aMegabyteIntegerLiteralKeepsItsDigits() throws {
        let json =
            [UInt8(ascii: "[")] + [UInt8(ascii: "1")]
            + [UInt8](repeating: UInt8(ascii: "0"), count: 999_997) + [UInt8(ascii: "]")]
        #expect(json.count == 1_000_000)
        let node = try Node(json: json)
        expectExact(node[0], String(decoding: json.dropFirst().dropLast(), as: UTF8.self), double: .infinity)
        #expect(try node.serializedBytes() == json)
        #expect(throws: DecodingError.self) { try NodeDecoder().decode([Double].self, from: node) }
    }

    /// `0.000…0001`, a megabyte long, is 10^-999_998: below a Double's range, an exact number whose double is
    /// zero.
    @Test func aMegabyteFractionIsExact() {
        let json = Array("0.".utf8) + [UInt8](repeating: UInt8(ascii: "0"), count: 999_997) + [UInt8(ascii: "1")]
        #expect(json.count == 1_000_000)
        expectExact(parsed(json), String(decoding: json, as: UTF8.self), double: 0.0)
    }

    @Test func aMegabyteNegativeFractionIsExact() {
        let json = Array("-0.".utf8) + [UInt8](repeating: UInt8(ascii: "0"), count: 999_996) + [UInt8(ascii: "1")]
        #expect(json.count == 1_000_000)
        expectExact(parsed(json), String(decoding: json, as: UTF8.self), double: -0.0)
    }

    @Test func aTenMegabyteStringParses() {
        let length = 10_000_000
        let json = [UInt8(ascii: "\"")] + [UInt8](repeating: UInt8(ascii: "a"), count: length) + [UInt8(ascii: "\"")]
        let string = parsed(json)?.string
        #expect(string?.utf8.count == length)
        #expect(string?.utf8.allSatisfy { $0 == UInt8(ascii: "a") } == true)
    }

    /// An escape at the start sends the whole string through the slow path; multi-byte characters are validated.
    @Test func aTenMegabyteStringWithAnEscapeAndNonASCIIParses() {
        let unit = Array("é€😀 ascii ".utf8)  // 2 + 3 + 4 + 7 = 16 bytes
        let repeats = 625_000
        var json = Array(#""\n"#.utf8)
        json.reserveCapacity(repeats * unit.count + 4)
        for _ in 0..<repeats { json += unit }
        json.append(UInt8(ascii: "\""))
        let string = parsed(json)?.string
        #expect(string?.utf8.count == 1 + repeats * unit.count)
        #expect(string?.unicodeScalars.count == 1 + repeats * 10)
        #expect(string?.hasPrefix("\né€😀 ascii é") == true)
    }

    @Test func anArrayOfAMillionElementsParses() {
        var json = [UInt8(ascii: "[")]
        json.reserveCapacity(2_000_001)
        for index in 0..<1_000_000 {
            if index > 0 { json.append(UInt8(ascii: ",")) }
            json.append(UInt8(ascii: "0") + UInt8(index % 10))
        }
        json.append(UInt8(ascii: "]"))
        let elements = parsed(json)?.array
        #expect(elements?.count == 1_000_000)
        #expect(elements?[999_999] == 9)
    }

    // MARK: - Huge objects

    /// The CPU time of `body(10_000)` and of `body(100_000)`: ten times the input takes about ten times as long
    /// when the work is linear, a hundred times when it is quadratic. A ratio, not a bound in seconds: the
    /// sanitizers make the same work several times slower (under ThreadSanitizer a 10-second bound on the
    /// 100,000-key parse failed at 10.04 s of CPU time).
    private func expectLinear(_ what: String, _ body: (Int) -> Void) {
        let small = threadCPUTimed { body(10_000) }.duration
        let large = threadCPUTimed { body(100_000) }.duration
        #expect(large < small * 40, "\(what): 10,000 took \(small), 100,000 took \(large): not linear")
    }

    /// 100,000 distinct keys: read, then every key looked up, in linear time.
    @Test func anObjectWithAHundredThousandDistinctKeysParsesAndLooksUpInLinearTime() {
        expectLinear("reading or looking up distinct keys") { count in
            var text = "{"
            for index in 0..<count {
                text += index == 0 ? "" : ","
                text += #""key\#(index)":\#(index)"#
            }
            text += "}"
            let object = parsed(Array(text.utf8))?.object
            var found = 0
            for index in 0..<count where object?["key\(index)"]?.int == index {
                found += 1
            }
            #expect(object?.count == count)
            #expect(found == count, "every key finds its value")
            #expect(object?.keys.first == "key0")
            #expect(object?.keys.last == "key\(count - 1)")
            #expect(object?["key\(count)"] == nil)
        }
    }

    /// 100,000 copies of one key: one member, holding the last value, in linear time.
    @Test func anObjectRepeatingOneKeyAHundredThousandTimesKeepsTheLastValue() {
        expectLinear("resolving duplicate keys") { count in
            var text = "{"
            for index in 0..<count {
                text += index == 0 ? #""a":"# : #","a":"#
                text += String(index)
            }
            text += "}"
            let object = parsed(text)?.object
            #expect(object?.count == 1)
            #expect(object?["a"] == .number(.int(Int64(count - 1))))
        }
    }

    @Test func anObjectRepeatingOneKeyAHundredThousandTimesIsRejectedAtTheSecondCopy() {
        var text = "{"
        for index in 0..<100_000 {
            text += index == 0 ? #""a":"# : #","a":"#
            text += String(index)
        }
        text += "}"
        var options = Node.ReadingOptions()
        options.rejectsDuplicateKeys = true
        expectSyntaxError(text, options: options, kind: .duplicateKey, offset: 7)
    }

    // MARK: - Ill-formed UTF-8

    /// Each sequence is embedded in a string value and in a key, on the fast path (no escapes) and the slow path
    /// (after an escape); the error points at the first byte that does not start a well-formed sequence.
    @Test(arguments: InvalidUTF8Case.all)
    func illFormedUTF8IsRejectedAtTheBadByte(_ sample: InvalidUTF8Case) {
        // ["ab<bytes>cd"]
        expectSyntaxError(
            Array(#"["ab"#.utf8) + sample.bytes + Array(#"cd"]"#.utf8), kind: .invalidUTF8,
            offset: 4 + sample.badByte)
        // {"ab<bytes>cd":1}
        expectSyntaxError(
            Array(#"{"ab"#.utf8) + sample.bytes + Array(#"cd":1}"#.utf8), kind: .invalidUTF8,
            offset: 4 + sample.badByte)
        // ["\n<bytes>"]
        expectSyntaxError(
            Array(#"["\n"#.utf8) + sample.bytes + Array(#""]"#.utf8), kind: .invalidUTF8,
            offset: 4 + sample.badByte)
        // {"\t<bytes>":1}
        expectSyntaxError(
            Array(#"{"\t"#.utf8) + sample.bytes + Array(#"":1}"#.utf8), kind: .invalidUTF8,
            offset: 4 + sample.badByte)
        // Far from the start, past the word-at-a-time scan's first blocks.
        let padding = [UInt8](repeating: UInt8(ascii: "x"), count: 37)
        expectSyntaxError(
            Array(#"[""#.utf8) + padding + sample.bytes + Array(#""]"#.utf8), kind: .invalidUTF8,
            offset: 2 + padding.count + sample.badByte)
    }

    @Test func illFormedUTF8OutsideStringsIsAnUnexpectedCharacter() {
        let error = expectSyntaxError(
            [UInt8(ascii: "["), 0xFF, UInt8(ascii: "]")], kind: .unexpectedCharacter, offset: 1)
        #expect(error?.found == "the byte 0xFF")
    }

    @Test func wellFormedBoundarySequencesAreAccepted() {
        // U+0080, U+07FF, U+0800, U+D7FF, U+E000, U+FFFD, U+10000, U+10FFFF
        let bytes: [UInt8] = [
            0xC2, 0x80, 0xDF, 0xBF, 0xE0, 0xA0, 0x80, 0xED, 0x9F, 0xBF, 0xEE, 0x80, 0x80, 0xEF, 0xBF, 0xBD,
            0xF0, 0x90, 0x80, 0x80, 0xF4, 0x8F, 0xBF, 0xBF,
        ]
        let string = parsed([UInt8(ascii: "\"")] + bytes + [UInt8(ascii: "\"")])?.string
        #expect(
            string?.unicodeScalars.map(\.value) == [0x80, 0x7FF, 0x800, 0xD7FF, 0xE000, 0xFFFD, 0x10000, 0x10FFFF])
    }

    // MARK: - Surrogate escapes

    @Test func aLoneHighSurrogateEscapeIsRejected() {
        let error = expectSyntaxError(#"["\uD834"]"#, kind: .loneSurrogate, offset: 2)
        #expect(error?.found == #"\uD834 alone"#)
    }

    @Test func aLoneHighSurrogateEscapeInAKeyIsRejected() {
        expectSyntaxError(#"{"ab\uD834":1}"#, kind: .loneSurrogate, offset: 4)
    }

    @Test func aLoneLowSurrogateEscapeIsRejected() {
        expectSyntaxError(#"["x\uDD1E"]"#, kind: .loneSurrogate, offset: 3)
    }

    @Test func reversedSurrogateEscapesAreRejectedAtTheLowOne() {
        expectSyntaxError(#"["\uDD1E\uD834"]"#, kind: .loneSurrogate, offset: 2)
    }

    @Test func aHighSurrogateFollowedByANonSurrogateEscapeIsRejectedAtTheSecondEscape() {
        let error = expectSyntaxError(#"["\uD834\u0041"]"#, kind: .loneSurrogate, offset: 8)
        #expect(error?.found == #"\u0041"#)
    }

    @Test func aHighSurrogateFollowedByAnotherHighSurrogateIsRejected() {
        expectSyntaxError(#"["\uD834\uD834\uDD1E"]"#, kind: .loneSurrogate, offset: 8)
    }

    @Test func aHighSurrogateFollowedByASimpleEscapeIsRejected() {
        expectSyntaxError(#"["\uD834\n"]"#, kind: .loneSurrogate, offset: 2)
    }

    @Test func aHighSurrogateFollowedByARawCharacterIsRejected() {
        expectSyntaxError(#"["\uD834x"]"#, kind: .loneSurrogate, offset: 2)
    }

    @Test func aValidSurrogatePairIsOneScalar() {
        #expect(parsed(#"["\uD834\uDD1E"]"#)?[0]?.string?.unicodeScalars.map(\.value) == [0x1D11E])
        #expect(parsed(#"["\ud834\udd1e"]"#)?[0]?.string == "\u{1D11E}")
        #expect(parsed(#"{"\uD834\uDD1E":1}"#)?.object?.keys == ["\u{1D11E}"])
    }

    // MARK: - Control characters

    /// Every raw control character is rejected where it stands, at any alignment, in values and in keys.
    @Test(arguments: UInt8(0)...UInt8(0x1F))
    func aRawControlCharacterInAStringIsRejected(_ control: UInt8) {
        for padding in 0...17 {
            let before = [UInt8](repeating: UInt8(ascii: "x"), count: padding)
            // ["<padding><control>…"]
            expectSyntaxError(
                Array(#"[""#.utf8) + before + [control] + Array(#"yz"]"#.utf8),
                kind: .controlCharacterInString, offset: 2 + padding)
            // {"<padding><control>":1}
            expectSyntaxError(
                Array(#"{""#.utf8) + before + [control] + Array(#"":1}"#.utf8),
                kind: .controlCharacterInString, offset: 2 + padding)
            // ["\"<padding><control>"]: after an escape, on the slow path
            expectSyntaxError(
                Array(#"["\""#.utf8) + before + [control] + Array(#""]"#.utf8),
                kind: .controlCharacterInString, offset: 4 + padding)
        }
    }

    @Test func anEscapedNULIsReadAndRoundTrips() {
        let node = parsed(#"["a\u0000b"]"#)
        #expect(node == ["a\u{0}b"])
        #expect(node?[0]?.string?.utf8.count == 3)
        if let node {
            let written = expectRoundTrip(node)
            #expect(written?.contains(0) == false, "NUL must be written escaped")
        }
    }

    // MARK: - Truncation and corruption

    /// Objects, arrays, escapes (simple, \u, surrogate pair), raw multi-byte UTF-8, numbers with fractions and
    /// exponents, an unsigned 64-bit integer, -0, and the three literals.
    static let richDocument = #"""
        {"name":"Genome \"reader\"\n\t\u00e9\ud834\udd1e é😀","list":[1,-2.5e+3,0.125,1E-2,true,false,null,[],{}],\#
        "nested":{"k":[{"x":"y"}],"empty":""},"n":-0,"big":18446744073709551615,"u":"\/"}
        """#

    static let richNode: Node = [
        "name": "Genome \"reader\"\n\té\u{1D11E} é😀",
        "list": [1, -2500.0, 0.125, 0.01, true, false, nil, [], [:]],
        "nested": ["k": [["x": "y"]], "empty": ""],
        "n": .number(.double(-0.0)),
        "big": 18_446_744_073_709_551_615,
        "u": "/",
    ]

    @Test func theRichDocumentParses() {
        let node = parsed(Self.richDocument)
        #expect(node == Self.richNode)
        #expect(node?["big"]?.number.map { "\($0)" } == "18446744073709551615")
        expectDouble(node?["n"], -0.0)
    }

    /// Every proper prefix is an error at its end (`.unexpectedEndOfInput`), including a prefix that stops right
    /// after a high surrogate escape or its following backslash: the low surrogate may still have been coming.
    @Test func everyProperPrefixOfTheRichDocumentIsRejected() throws {
        let document = Array(Self.richDocument.utf8)
        var unexpected: [String] = []
        for length in 0..<document.count {
            let prefix = Array(document[..<length])
            switch readResult(prefix) {
            case .success(let node):
                unexpected.append("prefix of \(length) bytes was accepted as \(summary(node))")
            case .failure(let error):
                if error.kind != .unexpectedEndOfInput || error.offset != length {
                    unexpected.append(
                        "prefix of \(length) bytes: expected unexpectedEndOfInput at \(length), got \(error)")
                }
            }
        }
        #expect(unexpected.isEmpty, "\(unexpected.joined(separator: "\n"))")
    }

    /// Random byte changes never crash the reader; a changed document is either rejected with an error inside
    /// the input, or read to a node that writes and reads back equal.
    @Test func randomMutationsOfTheRichDocumentAreRejectedOrRoundTrip() {
        let document = Array(Self.richDocument.utf8)
        let interesting: [UInt8] =
            Array(#"[]{}",:\u0123456789+-.eEtfnNI/* "#.utf8) + [0x00, 0x1F, 0x80, 0xC3, 0xED, 0xF4, 0xFF]
        var generator = SeededGenerator(seed: 0x6765_6E6F_6D65)
        var accepted = 0
        var rejected = 0
        var problems: [String] = []
        for iteration in 0..<3_000 {
            var mutant = document
            for _ in 0..<Int.random(in: 1...3, using: &generator) {
                let position = Int.random(in: 0..<mutant.count, using: &generator)
                let byte =
                    Bool.random(using: &generator)
                    ? interesting.randomElement(using: &generator)! : UInt8.random(in: 0...255, using: &generator)
                switch Int.random(in: 0..<4, using: &generator) {
                case 0: mutant[position] = byte
                case 1: mutant.insert(byte, at: position)
                case 2 where mutant.count > 1: mutant.remove(at: position)
                default:
                    let end = min(mutant.count, position + Int.random(in: 1...12, using: &generator))
                    mutant.insert(
                        contentsOf: mutant[position..<end], at: Int.random(in: 0...mutant.count, using: &generator))
                }
            }
            for options in [Node.ReadingOptions.strict, .lenient] {
                switch readResult(mutant, options: options) {
                case .failure(let error):
                    rejected += 1
                    if error.offset < 0 || error.offset > mutant.count || error.line < 1 || error.column < 1 {
                        problems.append("mutant \(iteration): error outside the input: \(error)")
                    }
                case .success(let node):
                    accepted += 1
                    let written: [UInt8]
                    do {
                        written = try node.serializedBytes()
                    } catch {
                        // Only the lenient reader can produce a non-finite number, which JSON cannot spell.
                        if options == .strict || error.kind != .nonFiniteNumber {
                            problems.append("mutant \(iteration): \(summary(node)) did not serialize: \(error)")
                        }
                        continue
                    }
                    if case .success(let reread) = readResult(written), reread == node { continue }
                    problems.append("mutant \(iteration): \(summary(node)) did not round-trip")
                }
            }
        }
        #expect(problems.isEmpty, "\(problems.prefix(20).joined(separator: "\n"))")
        // Both outcomes must occur, or the mutations are not exercising the reader.
        #expect(accepted > 100, "accepted \(accepted), rejected \(rejected)")
        #expect(rejected > 1_000, "accepted \(accepted), rejected \(rejected)")
    }
}

/// An ill-formed UTF-8 sequence and the index, within it, of the first byte that cannot start a well-formed one.
struct InvalidUTF8Case: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let badByte: Int

    var testDescription: String { name }

    static let all: [InvalidUTF8Case] = [
        .init(name: "overlong 2-byte NUL C0 80", bytes: [0xC0, 0x80], badByte: 0),
        .init(name: "overlong 2-byte C1 BF", bytes: [0xC1, 0xBF], badByte: 0),
        .init(name: "overlong 3-byte NUL E0 80 80", bytes: [0xE0, 0x80, 0x80], badByte: 0),
        .init(name: "overlong 3-byte E0 9F BF", bytes: [0xE0, 0x9F, 0xBF], badByte: 0),
        .init(name: "overlong 4-byte NUL F0 80 80 80", bytes: [0xF0, 0x80, 0x80, 0x80], badByte: 0),
        .init(name: "overlong 4-byte F0 8F BF BF", bytes: [0xF0, 0x8F, 0xBF, 0xBF], badByte: 0),
        .init(name: "encoded high surrogate ED A0 80", bytes: [0xED, 0xA0, 0x80], badByte: 0),
        .init(name: "encoded low surrogate ED BF BF", bytes: [0xED, 0xBF, 0xBF], badByte: 0),
        .init(
            name: "encoded surrogate pair ED A0 BD ED B8 80", bytes: [0xED, 0xA0, 0xBD, 0xED, 0xB8, 0x80], badByte: 0),
        .init(name: "above U+10FFFF F4 90 80 80", bytes: [0xF4, 0x90, 0x80, 0x80], badByte: 0),
        .init(name: "lead F5", bytes: [0xF5, 0x80, 0x80, 0x80], badByte: 0),
        .init(name: "lead F7", bytes: [0xF7, 0xBF, 0xBF, 0xBF], badByte: 0),
        .init(name: "5-byte lead F8", bytes: [0xF8, 0x88, 0x80, 0x80, 0x80], badByte: 0),
        .init(name: "6-byte lead FC", bytes: [0xFC, 0x84, 0x80, 0x80, 0x80, 0x80], badByte: 0),
        .init(name: "byte FE", bytes: [0xFE], badByte: 0),
        .init(name: "byte FF", bytes: [0xFF], badByte: 0),
        .init(name: "truncated 2-byte C3", bytes: [0xC3], badByte: 0),
        .init(name: "truncated 3-byte E2 82", bytes: [0xE2, 0x82], badByte: 0),
        .init(name: "truncated 4-byte F0 9F 98", bytes: [0xF0, 0x9F, 0x98], badByte: 0),
        .init(name: "lead then ASCII E2 41", bytes: [0xE2, 0x41], badByte: 0),
        .init(name: "lone continuation 80", bytes: [0x80], badByte: 0),
        .init(name: "lone continuation BF", bytes: [0xBF], badByte: 0),
        .init(name: "continuation after é: C3 A9 80", bytes: [0xC3, 0xA9, 0x80], badByte: 2),
        .init(name: "FF after €: E2 82 AC FF", bytes: [0xE2, 0x82, 0xAC, 0xFF], badByte: 3),
        .init(name: "truncated after 😀: F0 9F 98 80 F0 9F", bytes: [0xF0, 0x9F, 0x98, 0x80, 0xF0, 0x9F], badByte: 4),
    ]
}

/// What happened to a document nested `maximumDepthLimit` deep, read with the limit raised to match; compared as
/// a whole so that it can be made on any thread and checked on the test's.
struct DeepDocumentObservation: Equatable, Sendable {
    var depth: Int?
    var writtenMatchesInput: Bool
    var equalToACopy: Bool
    var equalToAFreshlyBuiltNode: Bool
    var differsFromAShallowerNode: Bool
    var hashesLikeAFreshlyBuiltNode: Bool

    static let expected = DeepDocumentObservation(
        depth: Node.ReadingOptions.maximumDepthLimit, writtenMatchesInput: true, equalToACopy: true,
        equalToAFreshlyBuiltNode: true, differsFromAShallowerNode: true, hashesLikeAFreshlyBuiltNode: true)

    static func make() -> DeepDocumentObservation {
        let depth = Node.ReadingOptions.maximumDepthLimit
        var options = Node.ReadingOptions()
        options.maximumDepth = depth
        let json = nestedArrays(depth: depth)
        guard let node = try? Node(json: json, options: options) else {
            return DeepDocumentObservation(
                depth: nil, writtenMatchesInput: false, equalToACopy: false, equalToAFreshlyBuiltNode: false,
                differsFromAShallowerNode: false, hashesLikeAFreshlyBuiltNode: false)
        }
        let copy = node
        let fresh = nestedArrayNode(depth: depth)
        let shallower = nestedArrayNode(depth: depth - 1)
        return DeepDocumentObservation(
            depth: leadingArrayDepth(node),
            writtenMatchesInput: (try? node.serializedBytes()) == json,
            equalToACopy: node == copy,
            equalToAFreshlyBuiltNode: node == fresh,
            differsFromAShallowerNode: node != shallower,
            hashesLikeAFreshlyBuiltNode: node.hashValue == fresh.hashValue)
        // `node`, `fresh` and `shallower`, each thousands of levels deep, are freed here.
    }
}

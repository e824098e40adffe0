// The reader's caches of recent strings (RecentStrings.swift): keys, and value strings of 16 bytes or more. Made
// after a number of strings, with slots in proportion to the document. Whatever their size, every string must come
// out as written, including strings that share a slot or a fingerprint, and bad UTF-8 is reported even when a
// well-formed string like it is cached.

import Testing

@testable import Genome

@Suite struct RecentStringsTests {
    @Test func theCacheGrowsWithTheDocumentFrom16To256SetsOfTwoSlots() {
        #expect(RecentStrings.setCount(forDocumentOf: 0) == 16)
        #expect(RecentStrings.setCount(forDocumentOf: 400) == 16)
        #expect(RecentStrings.setCount(forDocumentOf: 2_000) == 64)
        #expect(RecentStrings.setCount(forDocumentOf: 4_000) == 128)
        #expect(RecentStrings.setCount(forDocumentOf: 8_192) == 256)
        #expect(RecentStrings.setCount(forDocumentOf: .max) == 256)
    }

    /// Objects with up to 300 distinct keys, repeated, in documents whose caches have 16 to 256 sets of two slots: more
    /// keys than slots, so keys evict one another.
    @Test(arguments: [1, 5, 20, 100, 300]) func everyKeyReadsAsWritten(distinctKeys: Int) throws {
        for padding in [0, 3_000, 10_000] {
            let keys = (0..<distinctKeys).map { "key_\($0)_\(String(repeating: "x", count: $0 % 20))" }
            let object = "{" + keys.enumerated().map { "\"\($1)\":\($0)" }.joined(separator: ",") + "}"
            let text =
                "[" + Array(repeating: object, count: 4).joined(separator: ",") + ","
                + "\"\(String(repeating: " ", count: padding))\"]"
            let node = try Node(json: text)
            let objects = try #require(node.array).dropLast()
            for element in objects {
                #expect(element.object?.keys == keys)
                #expect(element[keys[distinctKeys - 1]] == .number(.int(Int64(distinctKeys - 1))))
            }
        }
    }

    /// Long values of every kind, as written in JSON and as read. Among them, 80 strings with one fingerprint (the
    /// same length, and the same first, middle and last eight bytes), which evict one another from one set.
    static func longValues() -> [(json: String, string: String)] {
        var values: [(json: String, string: String)] = []
        for index in 0..<80 {
            let varying = String(index).leftPadded(to: 8)
            let twin = "AAAAAAAA" + varying + "MMMMMMMM" + varying + "ZZZZZZZZ"
            values.append((twin, twin))
        }
        for index in 0..<40 {
            values.append(("日本語のテキスト、番号\(index)", "日本語のテキスト、番号\(index)"))
            values.append(
                (
                    #"an escaped \"quote\" and a line\nbreak, number "# + "\(index)",
                    "an escaped \"quote\" and a line\nbreak, number \(index)"
                ))
            values.append((#"caf\u00e9 au lait, number "# + "\(index)", "café au lait, number \(index)"))
            values.append(("café au lait, number \(index)", "café au lait, number \(index)"))
            values.append(
                (
                    String(repeating: "x", count: 15 + index % 3) + "\(index)",
                    String(repeating: "x", count: 15 + index % 3) + "\(index)"
                ))
        }
        return values
    }

    /// `longValues()`, each read three times, in documents whose caches have 16 to 256 sets.
    @Test(arguments: [0, 3_000, 10_000]) func everyLongValueReadsAsWritten(padding: Int) throws {
        let values = Self.longValues()
        let rounds = Array(repeating: values, count: 3).flatMap { $0 }
        let text =
            "[" + rounds.map { "\"\($0.json)\"" }.joined(separator: ",") + ","
            + "\"\(String(repeating: " ", count: padding))\"]"
        let strings = try #require(Node(json: text).array).dropLast().map(\.string)
        #expect(strings == rounds.map(\.string))
    }

    /// Two keys whose fingerprints pick the same set both stay: read in turns, each is made once, and every copy
    /// of it is that one `String`. (With one slot per set they evicted each other, and each copy was made anew.)
    @Test func twoKeysOfOneSetBothStay() throws {
        let sets = RecentStrings.setCount(forDocumentOf: 2_000)
        let candidates = (0..<1_000).map { "a key long enough to be allocated, number \($0)" }
        let set = { (key: String) in RecentStrings.set(of: keyFingerprint(key), mask: sets - 1) }
        let first = candidates[0]
        let second = try #require(candidates.dropFirst().first { set($0) == set(first) })
        // 20 short keys first, so that the cache's slots are made before the two are read.
        let fillers = (0..<20).map { "\"f\($0)\":0" }.joined(separator: ",")
        let pairs = Array(repeating: "{\"\(first)\":1,\"\(second)\":2}", count: 10).joined(separator: ",")
        let text = "[{\(fillers)},\(pairs)," + "\"\(String(repeating: " ", count: 2_000 - 24 * 20 - 100 * 10))\"]"
        try #require(RecentStrings.setCount(forDocumentOf: text.utf8.count) == sets)
        let objects = try #require(Node(json: text).array).dropFirst().dropLast()
        for position in 0..<2 {
            let keys = objects.map { $0.object!.keys[position] }
            #expect(keys.allSatisfy { $0 == (position == 0 ? first : second) })
            let storage = keys.map { $0.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) } }
            #expect(Set(storage).count == 1, "key \(position): \(Set(storage).count) storages")
        }
    }

    /// A long value read again, once the cache is made, is the same `String`: one storage, not one per copy.
    @Test func aRepeatedLongValueSharesOneStorage() throws {
        let distinct = (0..<70).map { "a distinct long value, number \($0)" }
        let repeated = "https://example.com/profile_images/583231/photo_normal.jpeg"
        let text =
            "[" + (distinct + Array(repeating: repeated, count: 10)).map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let copies = try #require(Node(json: text).array).suffix(10).map { try #require($0.string) }
        #expect(copies.allSatisfy { $0 == repeated })
        let storage = copies.map { $0.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) } }
        #expect(Set(storage).count == 1)
    }

    /// Strings that differ in their last byte alone (a number at the end) pick different sets, so each stays: all
    /// copies of each share one storage. (A fingerprint whose last step carried that byte only to its top bits
    /// put all ten in one set of two slots, where they evicted one another.)
    @Test func valuesThatDifferInTheirLastByteEachStay() throws {
        let (text, values) = Self.valuesEndingInADigit()
        let strings = try #require(Node(json: "[\(text)]").array).map { try #require($0.string) }
        #expect(strings == values)
        Self.expectEachValueSharesOneStorage(strings.suffix(100))
    }

    /// 70 distinct long values, so that the cache is made, then ten that differ in their last byte, ten times
    /// over: as elements of a JSON array, and as read.
    static func valuesEndingInADigit() -> (json: String, values: [String]) {
        let values =
            (0..<70).map { "a distinct long value, number \($0)" }
            + (0..<100).map { "a long value that repeats, number \($0 % 10)" }
        return (values.map { "\"\($0)\"" }.joined(separator: ","), values)
    }

    /// Expects every copy of each string among `strings` to share one storage.
    static func expectEachValueSharesOneStorage(
        _ strings: some Collection<String>, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        for value in Set(strings) {
            let storage = strings.filter { $0 == value }.map {
                $0.utf8.withContiguousStorageIfAvailable { UInt(bitPattern: $0.baseAddress) }
            }
            #expect(Set(storage).count == 1, "\(value): \(Set(storage).count) storages", sourceLocation: sourceLocation)
        }
    }

    /// Bytes that are not UTF-8 are never taken for a cached string, even where the fingerprint is blind to the
    /// difference: the bad byte is outside the first, middle and last eight bytes of the string's content.
    @Test(arguments: [false, true]) func badUTF8IsReportedAfterAWellFormedTwin(escaped: Bool) {
        // 16 characters of 3 bytes; escaped, a line break first.
        let content = (escaped ? #"\n"# : "") + "日本語のテキストです、とても長い"
        let wellFormed = Array("\"\(content)\"".utf8)
        var json = Array("[".utf8)
        for _ in 0..<70 { json += wellFormed + Array(",".utf8) }
        var broken = wellFormed
        let badIndex = escaped ? 12 : 10  // the first byte of の, content bytes 9 to 11 (10 to 12 escaped)
        broken[badIndex] = 0xFF
        let offset = json.count + badIndex
        json += broken + Array("]".utf8)
        let error = expectSyntaxError(json, kind: .invalidUTF8)
        #expect(error?.offset == offset)
    }
}

extension String {
    fileprivate func leftPadded(to width: Int) -> String {
        String(repeating: "0", count: max(0, width - count)) + self
    }
}

// Repeated keys on the tape: resolved when their object closes (first position, last value), with every moved
// container's end still right, or rejected under `rejectsDuplicateKeys` with the tree reader's error.

import Testing

@testable import Genome

/// Each entry of the tape of `text`, in order, in words: its kind, a container's count and end, a string's
/// text, a number's value. Two tapes with the same description hold the same document laid out the same way.
private func entries(of text: String, options: Node.ReadingOptions = .strict) throws -> [String] {
    try Array(text.utf8).withUnsafeBufferPointer { buffer in
        let tape = try JSONReader.readTape(buffer, options: options)
        return (0..<tape.count).map { index in
            switch tape.kind(at: index) {
            case .array, .object: "\(tape.kind(at: index)) of \(tape[index].count) to \(tape.end(of: index))"
            case .string: "string \(tape.string(at: index))"
            default: "\(tape.node(at: index))"
            }
        }
    }
}

/// The syntax error the tape reader throws for `text`, or nil.
private func tapeError(_ text: String, options: Node.ReadingOptions) -> JSONSyntaxError? {
    do {
        _ = try readTape(Array(text.utf8), options: options)
        return nil
    } catch {
        return error
    }
}

@Suite struct TapeRepeatedKeysTests {
    static var rejecting: Node.ReadingOptions {
        var options = Node.ReadingOptions.strict
        options.rejectsDuplicateKeys = true
        return options
    }

    @Test func aRepeatedKeyKeepsItsFirstPositionAndItsLastValue() throws {
        let tape = try readTape(Array(#"{"a":1,"b":2,"a":3}"#.utf8))
        guard case .object(let object) = tape.node else {
            Issue.record("not an object: \(tape.node)")
            return
        }
        #expect(object.keys == ["a", "b"])
        #expect(object["a"] == 3 && object["b"] == 2)
        #expect(try entries(of: #"{"a":1,"b":2,"a":3}"#) == entries(of: #"{"a":3,"b":2}"#))
        #expect(tape.rootEnd == tape.count && tape.count == 5)
    }

    @Test func movedContainersKeepTheirEnds() throws {
        // The last "a" holds nested containers that move forward past "b"'s; the tape must be laid out exactly as
        // the resolved document's own tape, ends included.
        let repeated = #"""
            {"a":[1,{"x":[2,3]}],"b":{"c":[4,{"d":[]}]},"a":{"d":[5,[6,{"e":{}}]],"e":7},"z":[8],"b":[[9],{"f":[10]}]}
            """#
        let resolved = #"{"a":{"d":[5,[6,{"e":{}}]],"e":7},"b":[[9],{"f":[10]}],"z":[8]}"#
        #expect(try entries(of: repeated) == entries(of: resolved))
        #expect(try readTape(Array(repeated.utf8)).node.serializedBytes() == Array(resolved.utf8))
        // Inside an array, and with entries after the object that must not move.
        #expect(try entries(of: "[\(repeated),[1,{\"y\":2}]]") == entries(of: "[\(resolved),[1,{\"y\":2}]]"))
    }

    @Test func repeatsInsideRepeatsAreResolvedFirst() throws {
        let text = #"{"o":{"k":1,"k":[2]},"o":{"k":{"m":1,"m":{"n":[1],"n":[2,3]}},"k":{"m":4}},"p":0}"#
        #expect(try entries(of: text) == entries(of: #"{"o":{"k":{"m":4}},"p":0}"#))
    }

    @Test func keysAreTheSameByTheirDecodedText() throws {
        #expect(try entries(of: #"{"\u0061":1,"a":2}"#) == entries(of: #"{"a":2}"#))
        #expect(try entries(of: #"{"é":1,"\u00e9":[2]}"#) == entries(of: #"{"é":[2]}"#))
        // Canonically equivalent but different scalars: two keys, as RFC 8259 compares them.
        #expect(try entries(of: "{\"\u{E9}\":1,\"e\u{301}\":2}").count == 5)
        #expect(try entries(of: "{a:1,'a':2,\"\\u0061\":3}", options: .json5) == entries(of: #"{"a":3}"#))
    }

    @Test(arguments: [2, 7, 8, 9, 64, 65, 127, 128, 129, 300])
    func everySizeResolvesAsNodeObjectDoes(_ count: Int) throws {
        // Each way of looking (pairs up to 8 keys, a filter up to 128, a table above), on both sides of its limits:
        // no repeat, the last key repeating the first, the first two equal, and every key given twice.
        let members = (0..<count).map { (key: "m\($0)", value: $0) }
        let cases = [
            members, members.dropLast() + [("m0", -1)], [("m1", -1)] + members.dropFirst(),
            members + members.reversed().map { ($0.key, -$0.value - 1) },
        ]
        for members in cases {
            let text = "{" + members.map { "\"\($0.key)\":\($0.value)" }.joined(separator: ",") + "}"
            let expected = Node.object(Node.Object(members.map { ($0.key, Node.number(.int(Int64($0.value)))) }))
            let tape = try readTape(Array(text.utf8))
            #expect(try tape.node.serializedBytes() == expected.serializedBytes(), "\(text.prefix(60))")
            #expect(tape.rootEnd == tape.count && tape.count == 1 + 2 * (expected.object?.count ?? 0))
            compareReaders(Array(text.utf8), name: "\(members.count) members")
            compareReaders(Array(text.utf8), options: Self.rejecting, name: "\(members.count) members, rejecting")
        }
    }

    @Test func oneKeyRepeatedManyTimesIsOneMember() throws {
        let text = "{" + (0..<20_000).map { "\"a\":\($0)" }.joined(separator: ",") + "}"
        #expect(try entries(of: text) == ["object of 1 to 3", "string a", "19999"])
    }

    @Test func rejectionNamesTheSecondKeyWhereItStarts() throws {
        let error = try #require(tapeError(#"{"a":1,"b":2,"a":3}"#, options: Self.rejecting))
        #expect(error.kind == .duplicateKey)
        #expect(error.reason == "expected unique keys in an object (ReadingOptions.rejectsDuplicateKeys)")
        #expect(error.found == #"a second "a""#)
        #expect(error.offset == 13 && error.line == 1 && error.column == 14)
    }

    @Test func rejectionWorksOnEveryKindOfKey() throws {
        var json5 = Node.ReadingOptions.json5
        json5.rejectsDuplicateKeys = true
        let cases: [(text: String, options: Node.ReadingOptions, found: String, offset: Int)] = [
            (#"{"a":1,"\u0061":2}"#, Self.rejecting, #"a second "a""#, 7),
            (#"{"k\n":1,"k\n":2}"#, Self.rejecting, "a second \"k\n\"", 9),
            ("{a:1, 'a':2}", json5, #"a second "a""#, 6),
            ("{'b':1,\n b:2}", json5, #"a second "b""#, 9),
            // The inner object closes first, so its repeat is the one reported.
            (#"{"a":1,"a":{"b":1,"b":2}}"#, Self.rejecting, #"a second "b""#, 18),
        ]
        for (text, options, found, offset) in cases {
            let error = try #require(tapeError(text, options: options), "\(text)")
            #expect(error.kind == .duplicateKey && error.found == found && error.offset == offset, "\(text): \(error)")
            compareReaders(Array(text.utf8), options: options, name: text)
        }
    }

    @Test func rejectionInALargeObjectNamesTheFirstRepeat() throws {
        var members = (0..<200).map { "\"k\($0)\":0" }
        members[150] = "\"k3\":0"
        members[180] = "\"k2\":0"
        let text = "{\(members.joined(separator: ","))}"
        let error = try #require(tapeError(text, options: Self.rejecting))
        let expectedOffset = text.utf8.count - members[150...].joined(separator: ",").utf8.count - 1
        #expect(error.found == #"a second "k3""# && error.offset == expectedOffset)
        compareReaders(Array(text.utf8), options: Self.rejecting, name: "200 members")
    }
}

import Testing

@testable import Genome

// Long value strings (16 bytes or more, which a `String` keeps in storage of its own) decoded from the tape by key,
// from an unkeyed container, as a single value and as an array of strings: each comes out as written, repeated or
// not, and a container kept past the run reads the tape's own copy of the input, not the caller's buffer.
@Suite struct TapeLongStringTests {
    struct Record: Decodable, Equatable {
        let text: String
    }

    /// Decodes each element of an array with its own unkeyed container's `decode(String.self)`.
    struct Listed: Decodable, Equatable {
        var strings: [String] = []
        init(strings: [String]) { self.strings = strings }
        init(from decoder: any Decoder) throws {
            var container = try decoder.unkeyedContainer()
            while !container.isAtEnd { strings.append(try container.decode(String.self)) }
        }
    }

    /// Decodes a string with a single-value container, as a `RawRepresentable` or a wrapper does.
    struct Single: Decodable, Equatable {
        let string: String
        init(string: String) { self.string = string }
        init(from decoder: any Decoder) throws { string = try decoder.singleValueContainer().decode(String.self) }
    }

    struct Document: Decodable, Equatable {
        let records: [Record]
        let listed: Listed
        let singles: [Single]
        let strings: [String]
    }

    @Test(arguments: [0, 3_000, 10_000]) func everyLongValueDecodesAsWritten(padding: Int) throws {
        let rounds = Array(repeating: RecentStringsTests.longValues(), count: 3).flatMap { $0 }
        let quoted = rounds.map { "\"\($0.json)\"" }
        let text = """
            {"records":[\(quoted.map { "{\"text\":\($0)}" }.joined(separator: ","))],
            "listed":[\(quoted.joined(separator: ","))],"singles":[\(quoted.joined(separator: ","))],
            "strings":[\(quoted.joined(separator: ","))],
            "padding":"\(String(repeating: " ", count: padding))"}
            """
        let strings = rounds.map(\.string)
        let expected = Document(
            records: strings.map(Record.init), listed: Listed(strings: strings), singles: strings.map(Single.init),
            strings: strings)
        #expect(try NodeDecoder().decode(Document.self, fromJSON: Array(text.utf8)) == expected)
    }

    @Test func valuesThatDifferInTheirLastByteDecodeAsWritten() throws {
        let values = RecentStringsTests.valuesEndingInADigit().values
        let text = "[" + values.map { "{\"text\":\"\($0)\"}" }.joined(separator: ",") + "]"
        let records = try NodeDecoder().decode([Record].self, fromJSON: Array(text.utf8))
        #expect(records.map(\.text) == values)
        // An array of strings takes a loop of its own.
        let strings = try NodeDecoder().decode(
            [String].self, fromJSON: Array("[\(RecentStringsTests.valuesEndingInADigit().json)]".utf8))
        #expect(strings == values)
    }

    /// A model that keeps its keyed container, to decode more from it after the run.
    struct Keeper: Decodable {
        enum Keys: String, CodingKey { case first, second }
        let container: KeyedDecodingContainer<Keys>
        let first: [Record]
        init(from decoder: any Decoder) throws {
            container = try decoder.container(keyedBy: Keys.self)
            first = try container.decode([Record].self, forKey: .first)
        }
    }

    @Test func aContainerKeptPastTheRunDecodesLongStringsFromItsOwnCopy() throws {
        // The run reads the caller's buffer; the buffer is overwritten and freed before the kept container decodes
        // the same strings again (the address sanitizer run checks the reads).
        let values = (0..<100).map { "a long value that repeats, number \($0 % 10)" }
        let records = "[" + values.map { "{\"text\":\"\($0)\"}" }.joined(separator: ",") + "]"
        let text = Array("{\"first\":\(records),\"second\":\(records)}".utf8)
        let buffer = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: text.count)
        _ = buffer.initialize(from: text)
        let kept = try NodeDecoder().decode(Keeper.self, fromJSONIn: UnsafeBufferPointer(buffer))
        buffer.update(repeating: UInt8(ascii: "x"))
        buffer.deallocate()
        #expect(kept.first.map(\.text) == values)
        #expect(try kept.container.decode([Record].self, forKey: .second).map(\.text) == values)
    }
}

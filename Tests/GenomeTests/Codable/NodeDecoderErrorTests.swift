import Foundation
import Genome
import Testing

// Every error is a `Swift.DecodingError` with the full coding path (indices as "Index n" keys with an
// `intValue`) and Foundation's wording. Where Foundation on Linux is less precise (it reports a number that does
// not fit its type as "The given data was not valid JSON." with an empty path), Genome keeps the path and uses
// the wording of Foundation's Darwin implementation.

private struct CodedItem: Decodable {
    let id: Int
    let name: String
}

private struct CodedCatalog: Decodable {
    let items: [CodedItem]
    let small: Int8?
    let flag: Bool?
}

@Suite struct NodeDecoderErrorTests {
    @Test func missingKeyInsideArrayReportsIndex() {
        expectDecodingError(
            DecodingErrorSummary(
                kind: "keyNotFound(id)", path: ["items", "Index 1#1"],
                #"No value associated with key CodingKeys(stringValue: "id", intValue: nil) ("id")."#)
        ) {
            _ = try decoded(CodedCatalog.self, #"{"items":[{"id":1,"name":"a"},{"name":"b"}]}"#)
        }
    }

    @Test func existingCatchKeyNotFoundCodeKeepsWorking() throws {
        do {
            _ = try decoded(CodedCatalog.self, #"{"items":[{"name":"b"}]}"#)
            Issue.record("expected keyNotFound")
        } catch DecodingError.keyNotFound(let key, let context) {
            #expect(key.stringValue == "id")
            #expect(context.codingPath.map(\.stringValue) == ["items", "Index 0"])
            #expect(context.codingPath.last?.intValue == 0)
        }
    }

    @Test func typeMismatchNamesWhatWasFound() {
        expectDecodingError(
            DecodingErrorSummary(
                kind: "typeMismatch(Int)", path: ["items", "Index 0#0", "id"],
                "Expected to decode Int but found a string instead.")
        ) {
            _ = try decoded(CodedCatalog.self, #"{"items":[{"id":"x","name":"a"}]}"#)
        }
        expectDecodingError(
            DecodingErrorSummary(
                kind: "typeMismatch(Bool)", path: ["flag"], "Expected to decode Bool but found number instead.")
        ) {
            _ = try decoded(CodedCatalog.self, #"{"items":[],"flag":1}"#)
        }
        expectDecodingError(
            DecodingErrorSummary(
                kind: "typeMismatch(Array<Any>)", path: ["items"],
                "Expected to decode Array<Any> but found a dictionary instead.")
        ) {
            _ = try decoded(CodedCatalog.self, #"{"items":{}}"#)
        }
        expectDecodingError(
            DecodingErrorSummary(
                kind: "typeMismatch(Dictionary<String, Any>)", path: ["items", "Index 1#1"],
                "Expected to decode Dictionary<String, Any> but found number instead.")
        ) {
            _ = try decoded(CodedCatalog.self, #"{"items":[{"id":1,"name":"a"}, 1]}"#)
        }
        expectDecodingError(
            DecodingErrorSummary(
                kind: "typeMismatch(String)", path: ["Index 0#0"], "Expected to decode String but found number instead."
            )
        ) {
            _ = try decoded([String].self, "[1]")
        }
        expectDecodingError(
            DecodingErrorSummary(
                kind: "typeMismatch(Int)", path: [], "Expected to decode Int but found an array instead.")
        ) {
            _ = try decoded(Int.self, "[]")
        }
        expectDecodingError(
            DecodingErrorSummary(kind: "typeMismatch(Int)", path: [], "Expected to decode Int but found bool instead.")
        ) {
            _ = try decoded(Int.self, "true")
        }
    }

    @Test func nullWhereAValueIsRequiredIsValueNotFound() {
        expectDecodingError(
            DecodingErrorSummary(
                kind: "valueNotFound(Int)", path: ["items", "Index 0#0", "id"],
                "Cannot get value of type Int -- found null value instead")
        ) {
            _ = try decoded(CodedCatalog.self, #"{"items":[{"id":null,"name":"a"}]}"#)
        }
        expectDecodingError(
            DecodingErrorSummary(
                kind: "valueNotFound(Array<Any>)", path: ["items"],
                "Cannot get unkeyed decoding container -- found null value instead")
        ) {
            _ = try decoded(CodedCatalog.self, #"{"items":null}"#)
        }
        expectDecodingError(
            DecodingErrorSummary(
                kind: "valueNotFound(Int)", path: [], "Cannot get value of type Int -- found null value instead")
        ) {
            _ = try decoded(Int.self, "null")
        }
    }

    @Test func numbersOutOfRangeAreDataCorruptedWithTheirPath() {
        expectDecodingError(
            DecodingErrorSummary(
                kind: "dataCorrupted", path: ["small"], "Parsed JSON number <300> does not fit in Int8.")
        ) {
            _ = try decoded(CodedCatalog.self, #"{"items":[],"small":300}"#)
        }
        expectDecodingError(
            DecodingErrorSummary(
                kind: "dataCorrupted", path: ["Index 1#1"], "Parsed JSON number <1.5> does not fit in Int.")
        ) {
            _ = try decoded([Int].self, "[1, 1.5]")
        }
        expectDecodingError(
            DecodingErrorSummary(kind: "dataCorrupted", path: [], "Parsed JSON number <-1> does not fit in UInt64.")
        ) {
            _ = try decoded(UInt64.self, "-1")
        }
        expectDecodingError(
            DecodingErrorSummary(kind: "dataCorrupted", path: [], "Parsed JSON number <1e39> does not fit in Float.")
        ) {
            _ = try decoded(Float.self, "1e39")
        }
    }

    @Test func everyIntegerWidthIsRangeChecked() throws {
        #expect(try decoded(Int8.self, "-128") == -128)
        #expect(try decoded(UInt8.self, "255") == 255)
        #expect(try decoded(Int16.self, "-32768") == .min)
        #expect(try decoded(UInt16.self, "65535") == .max)
        #expect(try decoded(Int32.self, "2147483647") == .max)
        #expect(try decoded(UInt32.self, "4294967295") == .max)
        #expect(try decoded(Int64.self, "-9223372036854775808") == .min)
        #expect(try decoded(UInt64.self, "18446744073709551615") == .max)
        #expect(try decoded(Int.self, "3.0") == 3, "an integral double fits, as in Foundation")
        #expect(throws: DecodingError.self) { try decoded(Int8.self, "128") }
        #expect(throws: DecodingError.self) { try decoded(UInt8.self, "256") }
        #expect(throws: DecodingError.self) { try decoded(Int16.self, "32768") }
        #expect(throws: DecodingError.self) { try decoded(UInt16.self, "-1") }
        #expect(throws: DecodingError.self) { try decoded(Int32.self, "2147483648") }
        #expect(throws: DecodingError.self) { try decoded(UInt32.self, "4294967296") }
        #expect(throws: DecodingError.self) { try decoded(Int64.self, "9223372036854775808") }
        #expect(throws: DecodingError.self) { try decoded(UInt64.self, "18446744073709551616") }
        #expect(throws: DecodingError.self) { try decoded(UInt.self, "-1") }
        #expect(try decoded(Float.self, "0.1") == 0.1)
        #expect(try decoded(Double.self, "9007199254740993") == 9_007_199_254_740_992)
    }

    // Swift Testing reports a test it cannot run on an older system as skipped, where a `guard #available` would
    // pass silently.
    @available(macOS 15.0, iOS 18.0, watchOS 11.0, tvOS 18.0, visionOS 2.0, *)
    @Test func int128WithinAndBeyondSixtyFourBits() throws {
        struct Wide: Codable, Equatable { var signed: Int128; var unsigned: UInt128 }
        let wide = try decoded(Wide.self, #"{"signed": -9223372036854775808, "unsigned": 18446744073709551615}"#)
        #expect(wide == Wide(signed: Int128(Int64.min), unsigned: UInt128(UInt64.max)))
        #expect(
            try NodeEncoder().encode(wide) == [
                "signed": -9_223_372_036_854_775_808, "unsigned": 18_446_744_073_709_551_615,
            ])
        // Beyond 64 bits: exact numbers, written with all their digits, read back exactly.
        let widest = Wide(signed: .min, unsigned: .max)
        let json = try NodeEncoder().encodeJSON(widest)
        #expect(
            String(decoding: json, as: UTF8.self)
                == #"{"signed":-170141183460469231731687303715884105728,"unsigned":340282366920938463463374607431768211455}"#
        )
        #expect(try NodeDecoder().decode(Wide.self, fromJSON: json) == widest)
        #expect(try Int128.decode(Node(json: "-170141183460469231731687303715884105728")) == .min)
        #expect(try Node(UInt128.max).serialized() == "340282366920938463463374607431768211455")
        #expect(throws: DecodingError.self) {
            try NodeDecoder().decode(Int128.self, fromJSON: "170141183460469231731687303715884105728")
        }
    }

    @Test func syntaxErrorsAreDataCorruptedWithTheSyntaxErrorUnderneath() throws {
        do {
            _ = try decoded([Int].self, "[1, 2")
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            let syntaxError = try #require(context.underlyingError as? JSONSyntaxError)
            #expect(syntaxError.offset == 5)
            #expect(context.codingPath.isEmpty)
            #expect(context.debugDescription == "The given data was not valid JSON. \(syntaxError)")
        }
    }

    @Test func unkeyedContainerAtEnd() {
        struct Pair: Decodable {
            init(from decoder: any Decoder) throws {
                var container = try decoder.unkeyedContainer()
                _ = try container.decode(Int.self)
                _ = try container.decode(Int.self)
            }
        }
        expectDecodingError(
            DecodingErrorSummary(kind: "valueNotFound(Int)", path: ["Index 1#1"], "Unkeyed container is at end.")
        ) {
            _ = try decoded(Pair.self, "[1]")
        }
        expectDecodingError(
            DecodingErrorSummary(
                kind: "valueNotFound(Int)", path: ["outer", "Index 0#0", "Index 1#1"], "Unkeyed container is at end.")
        ) {
            _ = try decoded([String: [Pair]].self, #"{"outer": [[1]]}"#)
        }
    }

    @Test func errorsInsideDictionariesNameTheKey() {
        expectDecodingError(
            DecodingErrorSummary(
                kind: "typeMismatch(Int)", path: ["a", "b.c"], "Expected to decode Int but found a string instead.")
        ) {
            _ = try decoded([String: [String: Int]].self, #"{"a": {"b.c": "x"}}"#)
        }
    }

    /// The one documented difference between the two ways to decode (CodableWithGenome.md): `null` where a model
    /// whose fields are all optional is expected.
    @Test func nullForAnAllOptionalModelDiffersBetweenTheTwoAPIs() throws {
        struct Profile: Decodable, NodeDecodable, Equatable {
            var nickname: String?
            var age: Int?
            static func decode(_ json: Node) throws -> Profile {
                try Profile(nickname: json.decodeIfPresent("nickname"), age: json.decodeIfPresent("age"))
            }
        }
        let json = #"{"profile": null}"#
        // The Decodable-style API treats the null as a missing value, so every field is nil.
        let direct: Profile = try parse(json: Node(json: json), path: ["profile"], decode: Profile.decode)
        #expect(direct == Profile(nickname: nil, age: nil))
        // `init(from:)` asks for a keyed container first, and a null has none: valueNotFound, as with JSONDecoder.
        struct Holder: Decodable { var profile: Profile }
        expectDecodingError(
            DecodingErrorSummary(
                kind: "valueNotFound(Dictionary<String, Any>)", path: ["profile"],
                "Cannot get keyed decoding container -- found null value instead")
        ) {
            _ = try decoded(Holder.self, json)
        }
        // An optional model accepts the null with either API.
        struct OptionalHolder: Decodable { var profile: Profile? }
        #expect(try decoded(OptionalHolder.self, json).profile == nil)
        let optional: Profile? = try Node(json: json).decodeIfPresent("profile")
        #expect(optional == nil)
    }

    @Test func nestedContainerErrors() {
        struct Nest: Decodable {
            enum Keys: String, CodingKey { case a }
            init(from decoder: any Decoder) throws {
                _ = try decoder.container(keyedBy: Keys.self).nestedContainer(keyedBy: Keys.self, forKey: .a)
            }
        }
        expectDecodingError(
            DecodingErrorSummary(
                kind: "keyNotFound(a)", path: [],
                #"No value associated with key Keys(stringValue: "a", intValue: nil) ("a")."#)
        ) {
            _ = try decoded(Nest.self, "{}")
        }
        expectDecodingError(
            DecodingErrorSummary(
                kind: "valueNotFound(Dictionary<String, Any>)", path: ["a"],
                "Cannot get keyed decoding container -- found null value instead")
        ) {
            _ = try decoded(Nest.self, #"{"a": null}"#)
        }
        expectDecodingError(
            DecodingErrorSummary(
                kind: "typeMismatch(Dictionary<String, Any>)", path: ["a"],
                "Expected to decode Dictionary<String, Any> but found number instead.")
        ) {
            _ = try decoded(Nest.self, #"{"a": 1}"#)
        }
    }

    @Test func rawRepresentableFailuresComeFromTheStandardLibrary() {
        enum Color: String, Decodable { case red }
        expectDecodingError(
            DecodingErrorSummary(
                kind: "dataCorrupted", path: ["Index 0#0"], "Cannot initialize Color from invalid String value blue")
        ) {
            _ = try decoded([Color].self, #"["blue"]"#)
        }
    }

    @Test func messagesMatchFoundationsWording() throws {
        // The same failures through JSONDecoder, for every error whose wording Foundation on Linux reports.
        let cases: [(json: String, decode: (NodeDecoder?, Data) throws -> Void)] = [
            (#"{"items":[{"id":1,"name":"a"},{"name":"b"}]}"#, { try decode(CodedCatalog.self, $1, with: $0) }),
            (#"{"items":[{"id":"x","name":"a"}]}"#, { try decode(CodedCatalog.self, $1, with: $0) }),
            (#"{"items":[{"id":null,"name":"a"}]}"#, { try decode(CodedCatalog.self, $1, with: $0) }),
            (#"{"items":{}}"#, { try decode(CodedCatalog.self, $1, with: $0) }),
            (#"{"items":null}"#, { try decode(CodedCatalog.self, $1, with: $0) }),
            (#"{"items":[], "flag": "yes"}"#, { try decode(CodedCatalog.self, $1, with: $0) }),
            (#"[1, "a"]"#, { try decode([Int].self, $1, with: $0) }),
            (#"{"a": [true]}"#, { try decode([String: [String]].self, $1, with: $0) }),
        ]
        for (json, decode) in cases {
            let data = Data(json.utf8)
            var foundation: DecodingErrorSummary?
            var genome: DecodingErrorSummary?
            do { try decode(nil, data) } catch { foundation = DecodingErrorSummary(error) }
            do { try decode(NodeDecoder(), data) } catch { genome = DecodingErrorSummary(error) }
            #expect(genome != nil && genome == foundation, "\(json)")
        }
    }
}

/// Decodes with `decoder`, or with `JSONDecoder` when it is nil.
private func decode<T: Decodable>(_ type: T.Type, _ data: Data, with decoder: NodeDecoder?) throws {
    if let decoder {
        _ = try decoder.decode(T.self, fromJSON: data)
    } else {
        _ = try JSONDecoder().decode(T.self, from: data)
    }
}

import Foundation
import Genome
import Testing

// Tags that are numbers or Bools (MetaCodable's @CodedAs(1) on a case): read in their JSON type, written back in it,
// under both decoders, the static-decode API and for class families; a tag of the wrong JSON type is a type
// mismatch, not an unknown tag.

private struct Reading: Codable, Equatable, NodeDecodable {
    let celsius: Double
    static func decode(_ json: Node) throws -> Reading { try Reading(celsius: json.decode("celsius")) }
}

// MetaCodable's README example of integer tags, in Genome's spelling: an operation code picks the case.
private enum Message: TaggedCodable, Equatable {
    case reading(Reading)
    case heartbeat
    static let tagging = Tagging<Message>(
        key: "op", [.variant(1, Reading.self, Message.reading).alsoRead(11), .variant(2, Message.heartbeat)])
}

private struct Problem: Codable, Equatable, NodeDecodable {
    let reason: String
    static func decode(_ json: Node) throws -> Problem { try Problem(reason: json.decode("reason")) }
}

// A Bool tag: `"ok": true` carries a reading, `"ok": false` a problem.
private enum Outcome: TaggedCodable, Equatable {
    case success(Reading)
    case failure(Problem)
    static let tagging = Tagging<Outcome>(
        key: "ok", [.variant(true, Reading.self, Outcome.success), .variant(false, Problem.self, Outcome.failure)])
}

// A tag that moved from strings to numbers: both read, the number is written.
private enum Legacy: TaggedCodable, Equatable {
    case reading(Reading)
    case unknown
    static let tagging = Tagging<Legacy>(
        [.variant(1, Reading.self, Legacy.reading).alsoRead("1", "reading")], fallback: .unknown, fallbackTag: 0)
}

private class Device: Codable, TaggedCodable, @unchecked Sendable {
    var name = ""
    init() {}
    static var tagging: Tagging<Device> {
        Tagging(
            key: "model", [.variant(10, Sensor.self) { $0 }, .variant(20, Relay.self) { $0 }], fallback: Device(),
            fallbackTag: -1)
    }
}
private final class Sensor: Device, @unchecked Sendable {}
private final class Relay: Device, @unchecked Sendable {}

private struct Rack: Codable {
    @Polymorphic var devices: [Device]
    @Polymorphic var spare: Device?
}

@Suite struct TaggingNumberTagsTests {
    let json = #"[{"op": 1, "celsius": 21.5}, {"op": 2}, {"op": 11, "celsius": -3}]"#
    fileprivate let expected: [Message] = [
        .reading(Reading(celsius: 21.5)), .heartbeat, .reading(Reading(celsius: -3)),
    ]

    @Test func integerTagsReadAndAreWrittenAsNumbers() throws {
        let (messages, report) = try RecoveryReport.collect { try NodeDecoder().decode([Message].self, fromJSON: json) }
        #expect(messages == expected && report.isEmpty)
        #expect(
            try NodeEncoder().encode(messages) == [
                ["op": 1, "celsius": 21.5], ["op": 2], ["op": 1, "celsius": -3.0],
            ])
        #expect(try JSONDecoder().decode([Message].self, from: Data(json.utf8)) == expected)
        #expect(try sortedJSON(messages) == #"[{"celsius":21.5,"op":1},{"op":2},{"celsius":-3,"op":1}]"#)
        #expect(Message.tagging.tagValues == [1, 2] && Message.tagging.tags == ["1", "2"])
        #expect(Message.tagging.variants[0].alternativeTagValues == [11])
    }

    @Test func boolTagsReadAndAreWrittenAsBools() throws {
        let text = #"[{"ok": true, "celsius": 4}, {"ok": false, "reason": "offline"}]"#
        let expected: [Outcome] = [.success(Reading(celsius: 4)), .failure(Problem(reason: "offline"))]
        #expect(try NodeDecoder().decode([Outcome].self, fromJSON: text) == expected)
        #expect(try JSONDecoder().decode([Outcome].self, from: Data(text.utf8)) == expected)
        #expect(
            try NodeEncoder().encode(expected) == [["ok": true, "celsius": 4.0], ["ok": false, "reason": "offline"]])
        #expect(try sortedJSON(expected) == #"[{"celsius":4,"ok":true},{"ok":false,"reason":"offline"}]"#)
    }

    @Test func aTagOfTheWrongJSONTypeIsATypeMismatch() {
        let description = #"Expected a tag of Message, an integer, but found a string "1"; known tags: 1, 2."#
        for decode in [
            { _ = try NodeDecoder().decode(Message.self, fromJSON: #"{"op": "1", "celsius": 2}"#) },
            { _ = try JSONDecoder().decode(Message.self, from: Data(#"{"op": "1", "celsius": 2}"#.utf8)) },
        ] {
            guard case .typeMismatch(_, let context) = decodingError(decode) else {
                Issue.record("expected a type mismatch")
                continue
            }
            #expect(context.debugDescription == description)
            #expect(context.codingPath.map(\.stringValue) == ["op"])
        }
        let fraction = decodingError { _ = try NodeDecoder().decode(Message.self, fromJSON: #"{"op": 1.5}"#) }
        guard case .typeMismatch = fraction else {
            Issue.record("expected a type mismatch for 1.5, got \(String(describing: fraction))")
            return
        }
        let object = decodingError { _ = try JSONDecoder().decode(Message.self, from: Data(#"{"op": {}}"#.utf8)) }
        guard case .typeMismatch = object else {
            Issue.record("expected a type mismatch for an object, got \(String(describing: object))")
            return
        }
    }

    @Test func anUnknownNumberListsTheTagsInTheirJSONSpelling() {
        for decode in [
            { _ = try NodeDecoder().decode(Message.self, fromJSON: #"{"op": 3}"#) },
            { _ = try JSONDecoder().decode(Message.self, from: Data(#"{"op": 3}"#.utf8)) },
        ] {
            guard case .dataCorrupted(let context) = decodingError(decode) else {
                Issue.record("expected dataCorrupted")
                continue
            }
            #expect(context.debugDescription == "Unknown tag 3 for Message; known tags: 1, 2.")
            #expect(context.codingPath.map(\.stringValue) == ["op"])
        }
    }

    @Test func aMissingOrNullTagThrows() {
        let missing = decodingError { _ = try NodeDecoder().decode(Message.self, fromJSON: #"{"celsius": 1}"#) }
        guard case .keyNotFound(let key, _) = missing else {
            Issue.record("expected keyNotFound, got \(String(describing: missing))")
            return
        }
        #expect(key.stringValue == "op")
        for decode in [
            { _ = try NodeDecoder().decode(Message.self, fromJSON: #"{"op": null}"#) },
            { _ = try JSONDecoder().decode(Message.self, from: Data(#"{"op": null}"#.utf8)) },
        ] {
            guard case .valueNotFound(_, let context) = decodingError(decode) else {
                Issue.record("expected valueNotFound")
                continue
            }
            #expect(context.codingPath.map(\.stringValue) == ["op"])
        }
    }

    @Test func alsoReadCanAcceptTheStringSpellingAndTheFallbackIsReported() throws {
        let text = #"[{"type": "1", "celsius": 1}, {"type": "reading", "celsius": 2}, {"type": 7}, {"type": "x"}]"#
        let (values, report) = try RecoveryReport.collect { try NodeDecoder().decode([Legacy].self, fromJSON: text) }
        #expect(values == [.reading(Reading(celsius: 1)), .reading(Reading(celsius: 2)), .unknown, .unknown])
        #expect(report.map(\.formattedPath) == ["[2].type", "[3].type"])
        #expect(report.allSatisfy { $0.kind == .fallbackUsed })
        #expect(report.first?.description.contains(#"Unknown tag 7 for Legacy; known tags: 1."#) == true)
        #expect(try JSONDecoder().decode([Legacy].self, from: Data(text.utf8)) == values)
        #expect(
            try NodeEncoder().encode(values) == [
                ["type": 1, "celsius": 1.0], ["type": 1, "celsius": 2.0], ["type": 0], ["type": 0],
            ])
        #expect(Legacy.tagging.fallbackTagValue == 0 && Legacy.tagging.fallbackTag == "0")
        // A Bool is a JSON type no tag of Legacy has.
        guard
            case .typeMismatch = decodingError({
                _ = try NodeDecoder().decode(Legacy.self, fromJSON: #"{"type": true}"#)
            })
        else {
            Issue.record("expected a type mismatch")
            return
        }
    }

    @Test func aClassFamilyWithNumberTagsNestedInArraysAndOptionals() throws {
        let text =
            #"{"devices": [{"model": 10, "name": "t1"}, {"model": 20, "name": "r1"}, {"model": 30}], "spare": {"model": 20, "name": "r2"}}"#
        let (rack, report) = try RecoveryReport.collect { try NodeDecoder().decode(Rack.self, fromJSON: text) }
        #expect(rack.devices.count == 3 && rack.devices[0] is Sensor && rack.devices[1] is Relay)
        #expect(type(of: rack.devices[2]) == Device.self && rack.spare is Relay)
        #expect(report.map(\.formattedPath) == ["devices[2].model"])
        let node = try NodeEncoder().encode(rack)
        #expect(node["devices"] == [["model": 10, "name": "t1"], ["model": 20, "name": "r1"], ["model": -1]])
        #expect(node["spare"] == ["model": 20, "name": "r2"])
        let foundation = try JSONDecoder().decode(Rack.self, from: Data(text.utf8))
        #expect(foundation.devices[1] is Relay && foundation.spare is Relay)
        let empty = try NodeDecoder().decode(Rack.self, fromJSON: #"{"devices": [], "spare": null}"#)
        #expect(empty.spare == nil)
    }

    @Test func theStaticDecodeAPIReadsAndWritesNumberTags() throws {
        let node = try Node(json: json)
        guard case .array(let elements) = node else {
            Issue.record("expected an array")
            return
        }
        #expect(try elements.map { try Message.tagging.decode($0) } == expected)
        #expect(try Outcome.tagging.decode(["ok": false, "reason": "late"]) == .failure(Problem(reason: "late")))
        #expect(try Message.tagging.node(for: .reading(Reading(celsius: 2))) == ["op": 1, "celsius": 2.0])
        #expect(try Outcome.tagging.node(for: .success(Reading(celsius: 1))) == ["ok": true, "celsius": 1.0])
        do {
            _ = try Message.tagging.decode(["op": "2"])
            Issue.record("expected an error")
        } catch let error as TypeMismatchError {
            #expect(error.path.formattedPath == "op")
            #expect("\(error)".contains("known tags: 1, 2"))
        }
        do {
            _ = try Message.tagging.decode(["op": 5])
            Issue.record("expected an error")
        } catch let error as TypeMismatchError {
            #expect(error.path.formattedPath == "op")
            #expect("\(error)".contains("Unknown tag 5 for Message; known tags: 1, 2."))
        }
        #expect(throws: MissingKeyError.self) { try Message.tagging.decode(["celsius": 1]) }
        #expect(throws: TypeMismatchError.self) { try Message.tagging.decode(["op": nil]) }
        let (legacy, report) = try RecoveryReport.collect { try Legacy.tagging.decode(["type": 9]) }
        #expect(legacy == .unknown && report.map(\.kind) == [.fallbackUsed])
    }

    @Test func stringTaggingsKeepTheirMessagesAndTypeMismatch() {
        let mismatch = decodingError {
            _ = try NodeDecoder().decode(Shape.self, fromJSON: #"{"type": 1}"#)
        }
        guard case .typeMismatch = mismatch else {
            Issue.record("expected a type mismatch, got \(String(describing: mismatch))")
            return
        }
        let unknown = decodingError { _ = try NodeDecoder().decode(Shape.self, fromJSON: #"{"type": "x"}"#) }
        guard case .dataCorrupted(let context) = unknown else {
            Issue.record("expected dataCorrupted")
            return
        }
        #expect(context.debugDescription == #"Unknown tag "x" for Shape; known tags: dot."#)
    }
}

private enum Shape: TaggedCodable, Equatable {
    case dot
    static let tagging = Tagging<Shape>([.variant("dot", Shape.dot)])
}

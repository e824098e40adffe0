import Foundation
import Genome
import Testing

// Several tag values for one variant (MetaCodable's @CodedAs("a", "b") on a case): every tag reads as the variant,
// the first is written, under both decoders, the static-decode API and for class families.

private struct Load: Codable, Equatable, NodeDecodable {
    let key: String
    static func decode(_ json: Node) throws -> Load { try Load(key: json.decode("key")) }
}

// MetaCodable's README example, in Genome's spelling.
private enum Command: TaggedCodable, Equatable {
    case load(Load)
    case stop
    static let tagging = Tagging<Command>([
        .variant("load", Load.self, Command.load).alsoRead("fetch", "get"),
        .variant("stop", Command.stop).alsoRead("halt"),
    ])
}

private class Vehicle: Codable, TaggedCodable, @unchecked Sendable {
    var wheels: Int
    static var tagging: Tagging<Vehicle> {
        Tagging(
            key: "kind", [.variant("bike", Bike.self) { $0 }.alsoRead("bicycle"), .variant("car", Car.self) { $0 }])
    }
}
private final class Bike: Vehicle, @unchecked Sendable {}
private final class Car: Vehicle, @unchecked Sendable {}

private struct Garage: Codable {
    @LossyPolymorphic var vehicles: [Vehicle]
}

@Suite struct TaggingAlternativeTagsTests {
    let json =
        #"[{"type": "fetch", "key": "a"}, {"type": "load", "key": "b"}, {"type": "get", "key": "c"}, {"type": "halt"}]"#
    fileprivate let expected: [Command] = [.load(Load(key: "a")), .load(Load(key: "b")), .load(Load(key: "c")), .stop]

    @Test func everyTagReadsAsTheVariantAndTheFirstIsWritten() throws {
        let (commands, report) = try RecoveryReport.collect { try NodeDecoder().decode([Command].self, fromJSON: json) }
        #expect(commands == expected && report.isEmpty)
        #expect(
            try NodeEncoder().encode(commands) == [
                ["type": "load", "key": "a"], ["type": "load", "key": "b"], ["type": "load", "key": "c"],
                ["type": "stop"],
            ])
        #expect(try JSONDecoder().decode([Command].self, from: Data(json.utf8)) == expected)
    }

    @Test func theStaticDecodeAPIReadsTheSameTags() throws {
        let node = try Node(json: json)
        guard case .array(let elements) = node else {
            Issue.record("expected an array")
            return
        }
        let commands = try elements.map { try Command.tagging.decode($0) }
        #expect(commands == expected)
        #expect(Command.tagging.tags == ["load", "stop"])
        #expect(Command.tagging.variants.map(\.alternativeTags) == [["fetch", "get"], ["halt"]])
    }

    @Test func anUnknownTagStillListsTheTagsThatAreWritten() {
        do {
            _ = try NodeDecoder().decode(Command.self, fromJSON: #"{"type": "pause"}"#)
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.debugDescription == #"Unknown tag "pause" for Command; known tags: load, stop."#)
            #expect(context.codingPath.map(\.stringValue) == ["type"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aClassFamilyReadsItsAlternativeTagsToo() throws {
        let json =
            #"{"vehicles": [{"kind": "bicycle", "wheels": 2}, {"kind": "bike", "wheels": 2}, {"kind": "van", "wheels": 4}]}"#
        let (garage, report) = try RecoveryReport.collect { try NodeDecoder().decode(Garage.self, fromJSON: json) }
        #expect(garage.vehicles.count == 2 && garage.vehicles.allSatisfy { $0 is Bike })
        #expect(report.map(\.formattedPath) == ["vehicles[2]"])
        #expect(try NodeEncoder().encode(garage)["vehicles", 0] == ["kind": "bike", "wheels": 2])
    }
}

import Genome
import Testing

@Suite struct MakeNodeTests {
    @Test func everyShapeReadsAndWritesBack() throws {
        let model = try Household(node: household)
        #expect(model.uniquePeople.count == 3)
        #expect(model.missingPerson == nil && model.nullPerson == nil)
        let written = try model.makeNode()
        var expected = household
        expected["wrong_person"] = nil
        expected["nothing"] = nil  // a nil optional is left out, not written as null
        #expect(written == expected)
        #expect(try Household(node: written) == model)
    }

    @Test func writingKeepsTheOrderOfSequence() throws {
        let written = try Person(firstName: "A", lastName: "B").makeNode()
        #expect(try written.serialized() == #"{"first_name":"A","last_name":"B"}"#)
    }

    @Test func aNilOptionalIsLeftOut() throws {
        struct Note: MappableObject {
            var text: String?
            init(text: String?) { self.text = text }
            init(map: Map) throws { text = try map.extract("text") }
            func sequence(_ map: Map) throws { try map["text"].write(text) }
        }
        #expect(try Note(text: nil).makeNode() == [:])
        #expect(try Note(text: "x").makeNode() == ["text": "x"])
    }

    @Test func writingAlongANestedPathCreatesTheObjectsInBetween() throws {
        struct Nested: MappableObject {
            let login: String
            init(map: Map) throws { login = try map.extract("owner", "login") }
            func sequence(_ map: Map) throws { try map["owner", "login"].write(login) }
        }
        let node: Node = ["owner": ["login": "anviking"]]
        #expect(try Nested(node: node).makeNode() == node)
    }

    @Test func standardValuesMakeNodes() throws {
        #expect(try 3.makeNode() == 3)
        #expect(try UInt64.max.makeNode() == .number(.uint(.max)))
        #expect(try "s".makeNode() == "s")
        #expect(try [1, 2].makeNode() == [1, 2])
        #expect(try ["b": 1, "a": 2].makeNode().serialized() == #"{"a":2,"b":1}"#)
        #expect(try (nil as Int?).makeNode() == nil)
        #expect(try [1, nil].makeNode() == [1, nil])
    }
}

@Suite struct TransformTests {
    enum Weekday: Int {
        case monday = 1
        case tuesday
    }

    struct Meeting: MappableObject {
        var day: Weekday
        var attendees: Int
        var room: String?

        init(map: Map) throws {
            day = try map.extract("day") { (raw: Int) in Weekday(rawValue: raw) ?? .monday }
            attendees = 0
            room = nil
            try map["attendees"].transformFromNode { (list: [String]) in list.count }.read(into: &attendees)
            try map["room"].transformFromNode { (raw: String) in raw.uppercased() }.read(into: &room)
        }

        func sequence(_ map: Map) throws {
            try map["day"].transformToNode { (day: Weekday) in day.rawValue }.write(day)
            try map["attendees"].transformToNode { (count: Int) in Array(repeating: "?", count: count) }.write(
                attendees)
            try map["room"].transformToNode { (room: String) in room.lowercased() }.write(room)
        }
    }

    @Test func transformsReadFromTheNode() throws {
        let meeting = try Meeting(node: ["day": 2, "attendees": ["ann", "bob"], "room": "b12"])
        #expect(meeting.day == .tuesday)
        #expect(meeting.attendees == 2)
        #expect(meeting.room == "B12")
    }

    @Test func transformsIntoOptionalsSkipMissingValues() throws {
        let meeting = try Meeting(node: ["day": 1, "attendees": []])
        #expect(meeting.room == nil)
    }

    @Test func transformsWriteToTheNode() throws {
        let meeting = try Meeting(node: ["day": 2, "attendees": ["ann"], "room": "B12"])
        #expect(try meeting.makeNode() == ["day": 2, "attendees": ["?"], "room": "b12"])
    }

    @Test func twoWayTransformsBindBothDirections() throws {
        struct Temperature: BasicMappable {
            var celsius = 0.0
            init() {}
            mutating func sequence(_ map: Map) throws {
                try map["fahrenheit"]
                    .transformFromNode { (f: Double) in (f - 32) * 5 / 9 }
                    .transformToNode { (c: Double) in c * 9 / 5 + 32 }
                    .bind(&celsius)
            }
        }
        let reading = try Temperature(node: ["fahrenheit": 212])
        #expect(reading.celsius == 100)
        #expect(try reading.makeNode() == ["fahrenheit": 212.0])
    }

    @Test func aFailingTransformCarriesThePath() {
        struct Strict: MappableObject {
            let code: Int
            init(map: Map) throws {
                code = try map.extract("code") { (raw: String) -> Int in
                    guard let value = Int(raw) else {
                        throw TypeMismatchError(expected: Int.self, found: .string(raw), reason: "which is not numeric")
                    }
                    return value
                }
            }
        }
        let error = #expect(throws: TypeMismatchError.self) { _ = try [Strict](node: [["code": "1"], ["code": "x"]]) }
        #expect(error?.formattedPath == "[1].code")
    }
}

import Foundation
import Genome
import GenomeFoundation
import Testing

// Class hierarchies: a subclass that shares its coder with its superclass, one that keeps the superclass in a
// nested object through superEncoder/superDecoder, and the dynamic type of a metatype passed in.

@Suite struct ClassHierarchyParityTests {
    @Test func subclassSharingItsCoderWithTheSuperclass() {
        #expect(
            expectSameEncoding(Staff(name: "Ada", email: "ada@example.com", badge: 7))
                .map { try? Node(json: $0) } == ["badge": 7, "name": "Ada", "email": "ada@example.com"])
        expectSameRoundTrip(Staff(name: "Ada", email: "ada@example.com", badge: 7))
    }

    @Test func subclassWithTheSuperclassInASuperEncoder() {
        let manager = Manager(name: "Grace", email: "grace@example.com", reports: 3)
        #expect(
            expectSameEncoding(manager).map { try? Node(json: $0) }
                == ["reports": 3, "super": ["name": "Grace", "email": "grace@example.com"]])
        expectSameRoundTrip(manager)
    }

    @Test func decodingUsesTheDynamicTypeOfTheMetatype() throws {
        let json = #"{"name":"Ada","email":"ada@example.com","badge":7}"#
        let type: Member.Type = Staff.self
        let genome = try NodeDecoder().decode(type, fromJSON: json)
        let foundation = try JSONDecoder().decode(type, from: Data(json.utf8))
        #expect(Swift.type(of: foundation) == Staff.self)
        #expect(Swift.type(of: genome) == Staff.self)
        #expect(genome == foundation)
        // The same from a node.
        #expect(try Swift.type(of: NodeDecoder().decode(type, from: Node(json: json))) == Staff.self)
    }

    @Test func encodingUsesTheDynamicTypeOfTheValue() {
        let member: Member = Staff(name: "Ada", email: "ada@example.com", badge: 7)
        #expect(expectSameEncoding(member).map { try? Node(json: $0) }??["badge"] == 7)
        expectSameEncoding([member])
    }

    @Test func superEncodersInKeyedAndUnkeyedContainers() {
        struct SuperUser: Encodable {
            enum CodingKeys: String, CodingKey { case first, second, list }
            func encode(to encoder: any Encoder) throws {
                var keyed = encoder.container(keyedBy: CodingKeys.self)
                var firstValue = keyed.superEncoder(forKey: .first).singleValueContainer()
                try firstValue.encode("one")
                var secondValue = keyed.superEncoder(forKey: .second).singleValueContainer()
                try secondValue.encode("two")
                var list = keyed.nestedUnkeyedContainer(forKey: .list)
                try list.encode(0)
                var element = list.superEncoder().singleValueContainer()
                try element.encode("three")
                try list.encode(4)
            }
        }
        let json = expectSameEncoding(SuperUser())
        #expect(json.map { try? Node(json: $0) } == ["first": "one", "second": "two", "list": [0, "three", 4]])
    }

    @Test func superDecoderForAMissingKeyReportsValueNotFoundLater() {
        struct Probe: Decodable, Equatable {
            enum CodingKeys: String, CodingKey { case present, absent }
            var present: Bool
            var absent: String?
            init(from decoder: any Decoder) throws {
                let keyed = try decoder.container(keyedBy: CodingKeys.self)
                present = try keyed.decode(Bool.self, forKey: .present)
                do {
                    absent = try keyed.superDecoder(forKey: .absent).singleValueContainer().decode(String.self)
                } catch DecodingError.valueNotFound {
                    absent = nil
                }
            }
        }
        expectSameDecoding(Probe.self, from: #"{"present":true}"#)
    }
}

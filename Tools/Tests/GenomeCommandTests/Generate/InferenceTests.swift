// Each inference rule of `genome generate`, on small hand-written samples.
import Genome
import Testing

@testable import GenomeCommand

/// The declarations generated from `samples` (each a JSON document), without the header and imports.
func declarations(
    _ samples: String..., style: ModelStyle = .codable, name: String = "Root", tolerant: Bool = false,
    enums: Bool = false
) throws -> String {
    let shape = ValueShape()
    for sample in samples { shape.add(try Node(json: sample)) }
    var generator = ModelGenerator(rootName: name, style: style)
    generator.tolerant = tolerant
    generator.enums = enums
    let source = generator.source(
        for: shape, sampleCount: samples.count, commandLine: "genome generate")
    let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
    let start = lines.firstIndex { $0.hasPrefix("struct ") || $0.hasPrefix("typealias ") } ?? lines.endIndex
    return lines[start...].joined(separator: "\n")
}

@Suite struct InferenceTests {
    @Test func aMemberMissingOrNullInSomeSampleIsOptional() throws {
        let models = try declarations(
            #"{"id": 1, "name": "a", "note": "x"}"#, #"{"id": 2, "name": null}"#, #"{"id": 3, "name": "c"}"#)
        #expect(
            models == """
                struct Root: Codable, Sendable {
                    let id: Int
                    let name: String?
                    let note: String?
                }

                """)
    }

    @Test func anIntegerInOneSampleAndAFractionInAnotherIsADouble() throws {
        let models = try declarations(#"{"a": 1, "b": 2, "c": 1e3}"#, #"{"a": 1.5, "b": 3, "c": 4}"#)
        #expect(
            models == """
                struct Root: Codable, Sendable {
                    let a: Double
                    let b: Int
                    let c: Double
                }

                """)
    }

    @Test func stringsThatAreAlwaysDatesURLsOrUUIDsGetThoseTypes() throws {
        let models = try declarations(
            #"{"at": "2024-05-01T10:30:00Z", "home": "https://example.com/a?b=c", "id": "8F1C2B8E-9D6B-4C55-9C5A-2C7B4D2E9F10", "day": "2024-05-01", "path": "/a/b"}"#,
            #"{"at": "2024-05-02T10:30:00.250+02:00", "home": "ftp://files.example.org", "id": "0A1C2B8E-9D6B-4C55-9C5A-2C7B4D2E9F10", "day": "2024-05-02", "path": "/c"}"#
        )
        #expect(
            models == """
                struct Root: Codable, Sendable {
                    let at: Date
                    let home: URL
                    let id: UUID
                    let day: String
                    let path: String
                }

                """)
    }

    @Test func oneStringThatIsNotADateMakesItAString() throws {
        let models = try declarations(#"{"at": "2024-05-01T10:30:00Z"}"#, #"{"at": "yesterday"}"#)
        #expect(models.contains("    let at: String\n"))
    }

    @Test func typesAreNamedFromKeysAndArrayElementsInTheSingular() throws {
        let models = try declarations(
            #"{"items": [{"sku": "a"}], "categories": [{"title": "b"}], "statuses": [{"code": 1}], "owner_info": {"login": "x"}}"#
        )
        #expect(
            models == """
                struct Root: Codable, Sendable {
                    let items: [Item]
                    let categories: [Category]
                    let statuses: [Status]
                    let ownerInfo: OwnerInfo

                    enum CodingKeys: String, CodingKey {
                        case items
                        case categories
                        case statuses
                        case ownerInfo = "owner_info"
                    }
                }

                struct Item: Codable, Sendable {
                    let sku: String
                }

                struct Category: Codable, Sendable {
                    let title: String
                }

                struct Status: Codable, Sendable {
                    let code: Int
                }

                struct OwnerInfo: Codable, Sendable {
                    let login: String
                }

                """)
    }

    @Test func objectsOfTheSameShapeAreOneTypeAndOthersAreKeptApart() throws {
        let models = try declarations(
            #"{"author": {"id": 1, "login": "a"}, "editor": {"id": 2, "login": null}, "post": {"author": {"id": "x"}}}"#
        )
        #expect(
            models == """
                struct Root: Codable, Sendable {
                    let author: Author
                    let editor: Author
                    let post: Post
                }

                struct Author: Codable, Sendable {
                    let id: Int
                    let login: String?
                }

                struct Post: Codable, Sendable {
                    let author: PostAuthor
                }

                struct PostAuthor: Codable, Sendable {
                    let id: String
                }

                """)
    }

    @Test func namesThatAreNotIdentifiersOrAreKeywordsAreFixed() throws {
        let codable = try declarations(
            #"{"default": 1, "2fa": true, "self": "s", "user-name": "n", "$ref": "r", "userID": 3, "user_id": 4}"#)
        #expect(
            codable == """
                struct Root: Codable, Sendable {
                    let `default`: Int
                    let _2fa: Bool
                    let self_: String
                    let userName: String
                    let ref: String
                    let userId: Int
                    let userId2: Int

                    enum CodingKeys: String, CodingKey {
                        case `default`
                        case _2fa = "2fa"
                        case self_ = "self"
                        case userName = "user-name"
                        case ref = "$ref"
                        case userId = "userID"
                        case userId2 = "user_id"
                    }
                }

                """)
        let decodable = try declarations(#"{"default": 1, "user-name": "n"}"#, style: .decodable)
        #expect(
            decodable == """
                struct Root: NodeDecodable, Sendable {
                    let `default`: Int
                    let userName: String

                    static func decode(_ json: Node) throws -> Root {
                        try Root(
                            `default`: json.decode("default"),
                            userName: json.decode("user-name")
                        )
                    }
                }

                """)
    }

    @Test func objectsKeyedByIdsAreDictionaries() throws {
        let models = try declarations(
            #"{"names": {"138": "a", "139": "b"}, "events": {"1": {"id": 1}, "2": {"id": 2, "logo": "x"}}, "extra": {}}"#
        )
        #expect(
            models == """
                struct Root: Codable, Sendable {
                    let names: [String: String]
                    let events: [String: Event]
                    let extra: [String: Node]
                }

                struct Event: Codable, Sendable {
                    let id: Int
                    let logo: String?
                }

                """)
    }

    @Test func valuesOfSeveralKindsOrOnlyNullAreNodes() throws {
        let models = try declarations(
            #"{"any": 1, "gone": null, "list": [1, "a"], "empty": [], "holes": [1, null]}"#,
            #"{"any": "one", "gone": null, "list": [], "empty": [], "holes": [2]}"#)
        #expect(
            models == """
                struct Root: Codable, Sendable {
                    let any: Node
                    let gone: Node?
                    let list: [Node]
                    let empty: [Node]
                    let holes: [Int?]
                }

                """)
    }

    @Test func samplesThatAreNotObjectsGetATypealias() throws {
        #expect(try declarations("[[1, 2], [3]]", name: "Matrix") == "typealias Matrix = [[Int]]\n")
    }

    @Test func typeNamesAvoidTheTypesTheModelsUse() throws {
        let models = try declarations(#"{"data": {"id": 1}, "node": {"id": "a"}}"#)
        #expect(models.contains("    let data: RootData\n"))
        #expect(models.contains("    let node: RootNode\n"))
    }

    @Test func aModelThatHoldsItselfIsAFinalClass() throws {
        let models = try declarations(
            #"{"value": 1, "next": {"value": 2, "next": {"value": 3, "next": null}}, "children": [{"value": 4, "children": []}]}"#
        )
        #expect(
            models == """
                struct Root: Codable, Sendable {
                    let value: Int
                    let next: Next
                    let children: [Child]
                }

                final class Next: Codable, Sendable {
                    let value: Int
                    let next: Next?
                }

                struct Child: Codable, Sendable {
                    let value: Int
                    let children: [Node]
                }

                """)
    }

    @Test func tolerantCoercesWhereTheSamplesDisagreeInAWayACoercionSettles() throws {
        let samples = [
            #"{"n": 1, "m": 1, "b": true, "o": 1, "s": "a"}"#, #"{"n": "2.5", "m": "3", "b": 1, "o": "4", "s": 5}"#,
            #"{"n": 3, "m": 2, "b": "false", "s": "b"}"#,
        ]
        let codable = try declarations(samples[0], samples[1], samples[2], tolerant: true)
        #expect(
            codable == """
                struct Root: Codable, Sendable {
                    @Coerced var n: Double
                    @Coerced var m: Int
                    @Coerced var b: Bool
                    @Coerced var o: Int?
                    let s: Node
                }

                """)
        // The decodable style's coercing decode needs the key, so a member missing somewhere stays a Node.
        let decodable = try declarations(samples[0], samples[1], samples[2], style: .decodable, tolerant: true)
        #expect(decodable.contains("            n: json.decode(\"n\", coercing: .all),\n"))
        #expect(decodable.contains("    let o: Node?\n"))
        #expect(decodable.contains("            o: json.decodeIfPresent(\"o\"),\n"))
        // Without --tolerant, values that disagree are Nodes.
        let strict = try declarations(samples[0], samples[1], samples[2])
        #expect(strict.contains("    let n: Node\n    let m: Node\n    let b: Node\n    let o: Node?\n"))
    }

    @Test func enumsFromAFewStringValuesThatRepeat() throws {
        let samples = [
            #"{"state": "open", "kind": "default", "name": "a"}"#,
            #"{"state": "in_progress", "kind": "unknown", "name": "b"}"#,
            #"{"state": "open", "kind": "default", "name": "c"}"#,
            #"{"state": "open", "kind": "default", "name": "d"}"#,
            #"{"state": "in_progress", "kind": "unknown", "name": "a"}"#,
            #"{"state": "open", "kind": "default", "name": "b"}"#,
        ]
        let models = try declarations(
            samples[0], samples[1], samples[2], samples[3], samples[4], samples[5], enums: true)
        #expect(
            models == """
                struct Root: Codable, Sendable {
                    let state: State
                    let kind: Kind
                    let name: String
                }

                enum State: String, Codable, Sendable, UnknownCaseRepresentable {
                    case `open`
                    case inProgress = "in_progress"
                    // Any value the samples did not show.
                    case unknown

                    static let unknownCase = State.unknown
                }

                enum Kind: String, Codable, Sendable, UnknownCaseRepresentable {
                    case `default`
                    case unknown
                    // Any value the samples did not show.
                    case unknownValue

                    static let unknownCase = Kind.unknownValue
                }

                """)
        // Off by default.
        let plain = try declarations(samples[0], samples[1], samples[2], samples[3], samples[4], samples[5])
        #expect(plain.contains("    let state: String\n    let kind: String\n"))
    }

    @Test func anArrayOfObjectsThatATagMemberTellsApartIsATaggedEnum() throws {
        let sample = #"""
            {"shapes": [{"type": "circle", "radius": 2}, {"type": "square", "side": 3.5}, {"type": "circle", "radius": 1.5},
            {"type": "none"}], "same": [{"kind": "a", "v": 1}, {"kind": "b", "v": 2}]}
            """#
        let models = try declarations(sample)
        #expect(
            models == """
                struct Root: Codable, Sendable {
                    let shapes: [Shape]
                    let same: [SameElement]
                }

                struct Circle: Codable, Sendable {
                    let radius: Double
                }

                struct Square: Codable, Sendable {
                    let side: Double
                }

                struct SameElement: Codable, Sendable {
                    let kind: String
                    let v: Int
                }

                // Tagged by "type": each element is the case its "type" member names, with the other members as the
                // case's payload. A tag the samples did not show decodes as .unknown.
                enum Shape: TaggedCodable, Sendable {
                    case circle(Circle)
                    case none
                    case square(Square)
                    case unknown

                    static let tagging = Tagging<Shape>(
                        key: "type",
                        [
                            .variant("circle", Circle.self, Shape.circle),
                            .variant("none", Shape.none),
                            .variant("square", Square.self, Shape.square),
                        ],
                        fallback: .unknown,
                        fallbackTag: "unknown"
                    )
                }

                """)
        // The other styles have no tagging to decode with: the elements are one model.
        #expect(try declarations(sample, style: .decodable).contains("    let shapes: [Shape]\n"))
        #expect(
            try declarations(sample, style: .decodable).contains("    let radius: Double?\n    let side: Double?\n"))
    }
}

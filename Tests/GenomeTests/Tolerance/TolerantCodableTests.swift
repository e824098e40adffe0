import Foundation
import Genome
import Testing

// Tolerant decoding under Codable (NodeDecoder / NodeEncoder): defaults, lossy collections, unknown cases,
// coercion, tagged polymorphism, and the recovery report's exact paths.

private enum Light: DefaultValueProvider {
    static let defaultValue = "light"
}

private enum Guest: DefaultValueProvider {
    static let defaultValue = "guest"
    static let nullAsMissing = true
}

private struct Settings: Codable, Equatable {
    @Default<Light> var theme: String
    @Default<Guest> var user: String
    @DefaultFalse var isBeta: Bool
    @DefaultEmpty var tags: [String]
    @DefaultZero var retries: Int
}

private struct Post: Codable, Equatable {
    let title: String
}

private struct Feed: Codable, Equatable {
    @LossyArray var posts: [Post]
    @LossyDictionary var prices: [String: Double]
    @LossyOptional var website: Int?
}

private enum Status: String, Codable, UnknownCaseRepresentable {
    case active, suspended, unknown
    static let unknownCase = Status.unknown
}

private enum Level: Int, Codable, UnknownCaseRepresentable {
    case low = 1
    case high = 2
    case other = 0
    static let unknownCase = Level.other
}

private struct Stats: Codable, Equatable {
    @Coerced var count: Int
    @Coerced var isPublic: Bool
    @Coerced var tags: [String]
    @Coerced var score: Double?
}

private struct Circle: Codable, Equatable { var radius: Double }
private struct Square: Codable, Equatable { var side: Double }

private enum Shape: TaggedCodable, Equatable {
    case circle(Circle)
    case square(Square)
    case empty
    static let tagging = Tagging<Shape>([
        .variant("circle", Circle.self, Shape.circle),
        .variant("square", Square.self, Shape.square),
        .variant("empty", Shape.empty),
    ])
}

private enum Message: TaggedCodable, Equatable {
    case text(String)
    case image(Square)
    case unknown
    static let tagging = Tagging<Message>(
        key: "kind", content: "data",
        [.variant("text", String.self, Message.text), .variant("image", Square.self, Message.image)],
        fallback: .unknown)
}

private class Animal: Codable, TaggedCodable, @unchecked Sendable {
    var name: String
    init(name: String) { self.name = name }
    static let tagging = Tagging<Animal>([.variant("dog", Dog.self) { $0 }, .variant("cat", Cat.self) { $0 }])
}

private final class Dog: Animal, @unchecked Sendable {
    var breed: String
    init(name: String, breed: String) {
        self.breed = breed
        super.init(name: name)
    }
    enum CodingKeys: CodingKey { case breed }
    required init(from decoder: any Decoder) throws {
        breed = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .breed)
        try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
        try super.encode(to: encoder)
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(breed, forKey: .breed)
    }
}

private final class Cat: Animal, @unchecked Sendable {}

private struct Zoo: Codable {
    @Polymorphic var star: Animal
    @Polymorphic var animals: [Animal]
}

private struct Kennel: Codable {
    @Polymorphic var resident: Animal?
}

/// An internally tagged enum with a fallback.
private enum Figure: TaggedCodable, Equatable {
    case circle(Circle)
    case unknown
    static let tagging = Tagging<Figure>([.variant("circle", Circle.self, Figure.circle)], fallback: .unknown)
}

/// The same, its fallback written with a tag of its own choosing.
private enum Glyph: TaggedCodable, Equatable {
    case circle(Circle)
    case other
    static let tagging = Tagging<Glyph>(
        [.variant("circle", Circle.self, Glyph.circle)], fallback: .other, fallbackTag: "unsupported")
}

/// An adjacently tagged enum with a case that has no payload.
private enum Signal: TaggedCodable, Equatable {
    case level(Int)
    case off
    static let tagging = Tagging<Signal>(
        key: "kind", content: "data", [.variant("level", Int.self, Signal.level), .variant("off", Signal.off)])
}

/// A class family whose unknown tags decode as one instance of the base class.
private class Critter: Codable, TaggedCodable, @unchecked Sendable {
    var name: String
    init(name: String) { self.name = name }
    static var tagging: Tagging<Critter> {
        Tagging([.variant("dog", CritterDog.self) { $0 }], fallback: Critter(name: "someone"))
    }
}

private final class CritterDog: Critter, @unchecked Sendable {}

private struct Home: Codable {
    @Polymorphic var pets: [Critter]
}

private enum SomeNumbers: DefaultValueProvider {
    static let defaultValue: [Int]? = [1, 2]
    static let nullAsMissing = true
}

private struct Series: Codable {
    @Default<SomeNumbers> var array: [Int]?
}

private struct Counts: Codable {
    @LossyDictionary var counts: [String: Int]
}

@Suite struct TolerantCodableTests {
    let decoder = NodeDecoder()

    // MARK: Defaults

    @Test func defaultsFillMissingKeysAndAreReported() throws {
        let (settings, report) = try RecoveryReport.collect { try decoder.decode(Settings.self, fromJSON: "{}") }
        #expect(settings.theme == "light")
        #expect(settings.user == "guest")
        #expect(settings.isBeta == false)
        #expect(settings.tags == [])
        #expect(settings.retries == 0)
        #expect(report.map(\.formattedPath) == ["theme", "user", "isBeta", "tags", "retries"])
        #expect(report.allSatisfy { $0.kind == .defaultUsed })
        #expect(
            report.first?.description
                == #"default used at theme: keyNotFound: No value associated with key CodingKeys(stringValue: "theme", intValue: nil) ("theme")."#
        )
    }

    @Test func presentValuesWinOverDefaults() throws {
        let settings = try decoder.decode(
            Settings.self,
            fromJSON: #"{"theme": "dark", "user": "ada", "isBeta": true, "tags": ["a"], "retries": 3}"#)
        #expect(settings.theme == "dark" && settings.user == "ada" && settings.isBeta && settings.tags == ["a"])
        #expect(settings.retries == 3)
    }

    @Test func nullThrowsUnlessTheProviderSaysNullAsMissing() throws {
        #expect(throws: DecodingError.self) { try decoder.decode(Settings.self, fromJSON: #"{"theme": null}"#) }
        let (settings, report) = try RecoveryReport.collect {
            try decoder.decode(Settings.self, fromJSON: #"{"user": null}"#)
        }
        #expect(settings.user == "guest")
        let user = report.first { $0.formattedPath == "user" }
        #expect(user.map { Recovery.Kind.defaultUsed == $0.kind } == true)
        #expect(user.map { "\($0)" }?.contains("valueNotFound: Expected String value but found null instead.") == true)
    }

    @Test func anOptionalWithADefaultIsNilForNullAndTheDefaultWhenMissing() throws {
        enum Fallback: DefaultValueProvider { static let defaultValue: String? = "fallback" }
        struct Note: Codable { @Default<Fallback> var text: String? }
        #expect(try decoder.decode(Note.self, fromJSON: "{}").text == "fallback")
        #expect(try decoder.decode(Note.self, fromJSON: #"{"text": null}"#).text == nil)
        #expect(try decoder.decode(Note.self, fromJSON: #"{"text": "x"}"#).text == "x")
    }

    @Test func aDefaultOfAnOptionalValueTakesTheDefaultForNullWhenNullAsMissing() throws {
        let (series, report) = try RecoveryReport.collect {
            try decoder.decode(Series.self, fromJSON: #"{"array": null}"#)
        }
        #expect(series.array == [1, 2])
        #expect(report.map(\.formattedPath) == ["array"])
        #expect(report.first?.kind == .defaultUsed)
        #expect(try decoder.decode(Series.self, fromJSON: "{}").array == [1, 2])
        #expect(try decoder.decode(Series.self, fromJSON: #"{"array": [3]}"#).array == [3])
        #expect(try JSONDecoder().decode(Series.self, from: Data(#"{"array": null}"#.utf8)).array == [1, 2])
    }

    @Test func aWrongTypeStillThrows() {
        #expect(throws: DecodingError.self) { try decoder.decode(Settings.self, fromJSON: #"{"isBeta": "yes"}"#) }
    }

    @Test func defaultsEncodeTheirValue() throws {
        let settings = try decoder.decode(Settings.self, fromJSON: "{}")
        let node = try NodeEncoder().encode(settings)
        #expect(node["theme"] == "light" && node["isBeta"] == false && node["tags"] == [])
        #expect(try decoder.decode(Settings.self, from: node) == settings)
    }

    // MARK: Lossy collections

    @Test func lossyCollectionsKeepWhatDecodes() throws {
        let json = #"""
            {"posts": [{"title": "a"}, {"title": 2}, {"name": "c"}, {"title": "d"}],
             "prices": {"tea": 2.5, "cake": "free", "bun": 1},
             "website": "not a number"}
            """#
        let (feed, report) = try RecoveryReport.collect { try decoder.decode(Feed.self, fromJSON: json) }
        #expect(feed.posts == [Post(title: "a"), Post(title: "d")])
        #expect(feed.$posts.failures.map(\.index) == [1, 2])
        #expect(feed.prices == ["tea": 2.5, "bun": 1])
        #expect(feed.$prices.failures.map(\.key) == ["cake"])
        #expect(feed.website == nil)
        #expect(report.map(\.formattedPath) == ["posts[1]", "posts[2]", "prices.cake", "website"])
        #expect(report.allSatisfy { $0.kind == .elementDropped })
    }

    @Test func nestedModelsInsideLossyArraysReportTheirInnerPath() throws {
        struct Thread: Codable { @LossyArray var feeds: [Feed] }
        let json = #"{"feeds": [{"posts": [{"title": 1}], "prices": {}}, {"posts": 3, "prices": {}}]}"#
        let (thread, report) = try RecoveryReport.collect { try decoder.decode(Thread.self, fromJSON: json) }
        #expect(thread.feeds.count == 1)
        #expect(report.map(\.formattedPath) == ["feeds[0].posts[0]", "feeds[1]"])
    }

    @Test func lossyDictionaryKeysAreNotConvertedByAKeyStrategy() throws {
        var snake = NodeDecoder()
        snake.keyDecodingStrategy = .convertFromSnakeCase
        let json = #"{"counts": {"a_b": 1, "c_d": "x"}}"#
        let (counts, report) = try RecoveryReport.collect { try snake.decode(Counts.self, fromJSON: json) }
        #expect(counts.counts == ["a_b": 1])
        #expect(counts.$counts.failures.map(\.key) == ["c_d"])
        #expect(report.map(\.formattedPath) == ["counts.c_d"])
        // As for a plain dictionary.
        let plain = try snake.decode([String: [String: Int]].self, fromJSON: #"{"counts": {"a_b": 1}}"#)
        #expect(plain == ["counts": ["a_b": 1]])

        var toSnake = NodeEncoder()
        toSnake.keyEncodingStrategy = .convertToSnakeCase
        #expect(try toSnake.encode(Counts(counts: ["aB": 1])) == ["counts": ["aB": 1]])
        #expect(try Node(json: toSnake.encodeJSON(Counts(counts: ["aB": 1]))) == ["counts": ["aB": 1]])
    }

    @Test func lossyDictionaryFailuresAreInDocumentOrder() throws {
        let json = #"{"counts": {"zebra": "x", "apple": "y", "mango": 1, "kiwi": null}}"#
        let (counts, report) = try RecoveryReport.collect { try decoder.decode(Counts.self, fromJSON: json) }
        #expect(counts.counts == ["mango": 1])
        #expect(counts.$counts.failures.map(\.key) == ["zebra", "apple", "kiwi"])
        #expect(report.map(\.formattedPath) == ["counts.zebra", "counts.apple", "counts.kiwi"])
        let tree = try decoder.decode(Counts.self, from: Node(json: json))
        #expect(tree.$counts.failures.map(\.key) == ["zebra", "apple", "kiwi"])
    }

    @Test func lossyCollectionsStillNeedTheirKeyAndContainer() {
        #expect(throws: DecodingError.self) { try decoder.decode(Feed.self, fromJSON: #"{"prices": {}}"#) }
        #expect(throws: DecodingError.self) {
            try decoder.decode(Feed.self, fromJSON: #"{"posts": null, "prices": {}}"#)
        }
    }

    @Test func lossyOptionalIsNilForMissingAndNullWithoutARecovery() throws {
        let (feed, report) = try RecoveryReport.collect {
            try decoder.decode(Feed.self, fromJSON: #"{"posts": [], "prices": {}, "website": null}"#)
        }
        #expect(feed.website == nil)
        #expect(report.isEmpty)
        let missing = try decoder.decode(Feed.self, fromJSON: #"{"posts": [], "prices": {}}"#)
        #expect(missing.website == nil)
    }

    @Test func lossyCollectionsEncodeWhatDecoded() throws {
        let feed = try decoder.decode(
            Feed.self, fromJSON: #"{"posts": [{"title": "a"}, 1], "prices": {"tea": 2}, "website": 7}"#)
        let node = try NodeEncoder().encode(feed)
        #expect(node == ["posts": [["title": "a"]], "prices": ["tea": 2.0], "website": 7])
        let empty = try NodeEncoder().encode(Feed(posts: [], prices: [:], website: nil))
        #expect(empty["website"] == nil)
    }

    // MARK: Unknown cases

    @Test func unknownRawValuesTakeTheFallbackCase() throws {
        let (statuses, report) = try RecoveryReport.collect {
            try decoder.decode([Status].self, fromJSON: #"["active", "archived"]"#)
        }
        #expect(statuses == [.active, .unknown])
        #expect(report.map(\.formattedPath) == ["[1]"])
        #expect(report.first?.kind == .fallbackUsed)
        #expect(try decoder.decode([Level].self, fromJSON: "[2, 7]") == [.high, .other])
    }

    @Test func aRawValueOfTheWrongTypeStillThrows() {
        #expect(throws: DecodingError.self) { try decoder.decode(Status.self, fromJSON: "3") }
        #expect(throws: DecodingError.self) { try decoder.decode(Status.self, fromJSON: "null") }
    }

    // MARK: Coercion

    @Test func coercedFieldsAcceptOtherJSONTypes() throws {
        let json = #"{"count": "42", "isPublic": 1, "tags": "a", "score": "2.5"}"#
        let (stats, report) = try RecoveryReport.collect { try decoder.decode(Stats.self, fromJSON: json) }
        #expect(stats == Stats(count: 42, isPublic: true, tags: ["a"], score: 2.5))
        #expect(report.map(\.formattedPath) == ["count", "isPublic", "tags", "score"])
        #expect(report.allSatisfy { $0.kind == .valueCoerced })
        let strict = try decoder.decode(Stats.self, fromJSON: #"{"count": 1, "isPublic": "false", "tags": []}"#)
        #expect(strict == Stats(count: 1, isPublic: false, tags: [], score: nil))
    }

    @Test func coercedFieldsStillRejectWhatCannotConvert() {
        #expect(throws: DecodingError.self) {
            try decoder.decode(Stats.self, fromJSON: #"{"count": "forty", "isPublic": true, "tags": []}"#)
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(Stats.self, fromJSON: #"{"count": 1, "isPublic": 2, "tags": []}"#)
        }
    }

    @Test func decoderCoercionsApplyToEveryField() throws {
        struct Plain: Codable, Equatable {
            var count: Int
            var ratio: Double
            var on: Bool
            var names: [String]
            var ids: [Int]?
        }
        let json = #"{"count": "7", "ratio": "-0.5", "on": "true", "names": "x", "ids": ["1", 2]}"#
        #expect(throws: DecodingError.self) { try decoder.decode(Plain.self, fromJSON: json) }
        var coercing = NodeDecoder()
        coercing.coercions = .all
        let (plain, report) = try RecoveryReport.collect { try coercing.decode(Plain.self, fromJSON: json) }
        #expect(plain == Plain(count: 7, ratio: -0.5, on: true, names: ["x"], ids: [1, 2]))
        #expect(report.map(\.formattedPath) == ["count", "ratio", "on", "names", "ids[0]"])
        var some = NodeDecoder()
        some.coercions = .numbersFromStrings
        #expect(throws: DecodingError.self) { try some.decode(Plain.self, fromJSON: json) }
    }

    @Test func scalarCoercionsFromTextMatchThoseFromANode() throws {
        // Without arraysFromSingleValues the text is decoded from the flat document; the values and the report
        // must be those of decoding the same document's Node.
        struct Scalars: Codable, Equatable {
            var count: Int
            var on: Bool
            var inner: [String: [Double]]
        }
        let json = #"{"count": "7", "on": 1, "inner": {"a": ["1.5", 2], "b": []}}"#
        var coercing = NodeDecoder()
        coercing.coercions = [.numbersFromStrings, .boolsFromNumbers]
        let (fromText, textReport) = try RecoveryReport.collect { try coercing.decode(Scalars.self, fromJSON: json) }
        let node = try Node(json: json)
        let (fromNode, nodeReport) = try RecoveryReport.collect { try coercing.decode(Scalars.self, from: node) }
        #expect(fromText == Scalars(count: 7, on: true, inner: ["a": [1.5, 2], "b": []]))
        #expect(fromText == fromNode)
        #expect(textReport.map(\.formattedPath) == ["count", "on", "inner.a[0]"])
        #expect(textReport.map(\.formattedPath) == nodeReport.map(\.formattedPath))
    }

    @Test func decoderCoercionsLeaveNullAlone() {
        var coercing = NodeDecoder()
        coercing.coercions = .all
        #expect(throws: DecodingError.self) { try coercing.decode([Int].self, fromJSON: "null") }
    }

    // MARK: Polymorphism

    @Test func internallyTaggedEnumsDecodeAndEncodeTheirTag() throws {
        let shapes = try decoder.decode(
            [Shape].self,
            fromJSON: #"[{"type": "circle", "radius": 2}, {"type": "square", "side": 1}, {"type": "empty"}]"#)
        #expect(shapes == [.circle(Circle(radius: 2)), .square(Square(side: 1)), .empty])
        let node = try NodeEncoder().encode(shapes)
        #expect(node == [["type": "circle", "radius": 2.0], ["type": "square", "side": 1.0], ["type": "empty"]])
    }

    @Test func anUnknownTagListsTheKnownOnes() {
        do {
            _ = try decoder.decode(Shape.self, fromJSON: #"{"type": "hexagon"}"#)
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["type"])
            #expect(context.debugDescription == #"Unknown tag "hexagon" for Shape; known tags: circle, square, empty."#)
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func adjacentlyTaggedEnumsWithAFallback() throws {
        let json = #"[{"kind": "text", "data": "hi"}, {"kind": "image", "data": {"side": 3}}, {"kind": "video"}]"#
        let (messages, report) = try RecoveryReport.collect { try decoder.decode([Message].self, fromJSON: json) }
        #expect(messages == [.text("hi"), .image(Square(side: 3)), .unknown])
        #expect(report.map(\.formattedPath) == ["[2].kind"])
        #expect(report.first?.kind == .fallbackUsed)
        let node = try NodeEncoder().encode(Array(messages.prefix(2)))
        #expect(node == [["kind": "text", "data": "hi"], ["kind": "image", "data": ["side": 3.0]]])
    }

    @Test func whatATaggingFallbackDecodedEncodesAndReadsBackAsTheFallback() throws {
        let json = #"[{"type": "circle", "radius": 2}, {"type": "hexagon"}]"#
        let (figures, report) = try RecoveryReport.collect { try decoder.decode([Figure].self, fromJSON: json) }
        #expect(figures == [.circle(Circle(radius: 2)), .unknown])
        #expect(report.map(\.formattedPath) == ["[1].type"])
        let node = try NodeEncoder().encode(figures)
        #expect(node == [["type": "circle", "radius": 2.0], ["type": "unknown"]])
        #expect(try decoder.decode([Figure].self, from: node) == figures)
        #expect(try Figure.tagging.node(for: .unknown) == ["type": "unknown"])
        #expect(Figure.tagging.fallbackTag == "unknown")

        #expect(try NodeEncoder().encode(Message.unknown) == ["kind": "unknown"])
        #expect(try NodeEncoder().encode(Glyph.other) == ["type": "unsupported"])
        #expect(try decoder.decode(Glyph.self, from: ["type": "unsupported"]) == .other)
    }

    @Test func aClassFamilysFallbackInstanceEncodesAsItsTag() throws {
        let json = #"{"pets": [{"type": "dog", "name": "Rex"}, {"type": "parrot", "name": "Polly"}]}"#
        let home = try decoder.decode(Home.self, fromJSON: json)
        #expect(home.pets.count == 2 && home.pets[0] is CritterDog && type(of: home.pets[1]) == Critter.self)
        let node = try NodeEncoder().encode(home)
        #expect(node == ["pets": [["type": "dog", "name": "Rex"], ["type": "unknown"]]])
        let again = try decoder.decode(Home.self, from: node)
        #expect(again.pets[0] is CritterDog && type(of: again.pets[1]) == Critter.self)
    }

    @Test func aMissingPayloadKeyInTheAdjacentLayoutIsKeyNotFound() throws {
        for (json, path) in [
            (#"{"kind": "level"}"#, [String]()), (#"[{"kind": "level", "data": 1}, {"kind": "level"}]"#, ["1"]),
        ] {
            do {
                if path.isEmpty {
                    _ = try decoder.decode(Signal.self, fromJSON: json)
                } else {
                    _ = try decoder.decode([Signal].self, fromJSON: json)
                }
                Issue.record("expected an error")
            } catch DecodingError.keyNotFound(let key, let context) {
                #expect(key.stringValue == "data")
                #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == path)
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
        // A case without a payload needs no payload key, in both APIs.
        let signals = try decoder.decode([Signal].self, fromJSON: #"[{"kind": "off"}, {"kind": "level", "data": 2}]"#)
        #expect(signals == [.off, .level(2)])
        #expect(try NodeEncoder().encode(Signal.off) == ["kind": "off"])
        #expect(try Signal.tagging.decode(["kind": "off"]) == .off)
        #expect(throws: MissingKeyError.self) { try Signal.tagging.decode(["kind": "level"]) }
    }

    @Test func anOptionalPolymorphicPropertyIsNilWhenItsKeyIsMissing() throws {
        #expect(try decoder.decode(Kennel.self, fromJSON: "{}").resident == nil)
        #expect(try decoder.decode(Kennel.self, fromJSON: #"{"resident": null}"#).resident == nil)
        #expect(try JSONDecoder().decode(Kennel.self, from: Data("{}".utf8)).resident == nil)
        let kennel = try decoder.decode(Kennel.self, fromJSON: #"{"resident": {"type": "cat", "name": "Tom"}}"#)
        #expect(kennel.resident is Cat && kennel.resident?.name == "Tom")
        // A non-optional one still needs its key.
        #expect {
            try decoder.decode(Zoo.self, fromJSON: #"{"animals": []}"#)
        } throws: { error in
            guard case DecodingError.keyNotFound(let key, _) = error else { return false }
            return key.stringValue == "star"
        }
    }

    @Test func classHierarchiesDecodeTheSubclassTheTagNames() throws {
        let json = #"""
            {"star": {"type": "dog", "name": "Rex", "breed": "collie"},
             "animals": [{"type": "cat", "name": "Tom"}, {"type": "dog", "name": "Fido", "breed": "pug"}]}
            """#
        let zoo = try decoder.decode(Zoo.self, fromJSON: json)
        #expect((zoo.star as? Dog)?.breed == "collie")
        #expect(zoo.animals.map(\.name) == ["Tom", "Fido"])
        #expect(zoo.animals[0] is Cat && zoo.animals[1] is Dog)
        let node = try NodeEncoder().encode(zoo)
        #expect(node["star"] == ["type": "dog", "name": "Rex", "breed": "collie"])
        #expect(node["animals", 0] == ["type": "cat", "name": "Tom"])
    }

    // MARK: The report

    @Test func nothingIsRecordedWhenNobodyAsks() throws {
        let report = RecoveryReport()
        #expect(report.isEmpty && report.description == "No recoveries.")
        _ = try decoder.decode(Settings.self, fromJSON: "{}")
    }

    @Test func theReportPrintsOneLinePerRecovery() throws {
        var report = RecoveryReport()
        _ = try decoder.decode(Feed.self, fromJSON: #"{"posts": [{}], "prices": {}}"#, report: &report)
        #expect(
            report.description == """
                1 recovery:
                  element dropped at posts[0]: keyNotFound: No value associated with key CodingKeys(stringValue: "title", intValue: nil) ("title").
                """)
    }

    @Test func theImperfectDataArticleShowsTheReportGenomePrints() throws {
        // The article's first sample, as it stands there, and the text the article says it prints.
        struct Feed: Codable {
            @DefaultEmpty var tags: [String]
            @LossyArray var posts: [Post]
        }
        let text = #"{"posts": [{"title": "Hello"}, {"title": 42}, {"headline": "Oops"}]}"#
        let (feed, report) = try RecoveryReport.collect { try NodeDecoder().decode(Feed.self, fromJSON: text) }
        #expect(feed.posts.map(\.title) == ["Hello"])

        let article = try String(
            contentsOf: TestSupport.packageRoot.appendingPathComponent(
                "Sources/Genome/Genome.docc/DecodingImperfectData.md"),
            encoding: .utf8)
        let printed = try #require(article.range(of: "prints\n\n```none\n"))
        let end = try #require(article.range(of: "\n```", range: printed.upperBound..<article.endIndex))
        #expect(report.description == String(article[printed.upperBound..<end.lowerBound]))
    }

    @Test func recoveriesGoToTheErrorLoggers() throws {
        let seen = LockedStrings()
        let token = ErrorLoggers.add { error in
            if let recovery = error as? Recovery, recovery.formattedPath == "loggedRecoveryMarker" {
                seen.append("\(recovery)")
            }
        }
        defer { ErrorLoggers.remove(token) }
        struct Marked: Codable { @DefaultTrue var loggedRecoveryMarker: Bool }
        _ = try decoder.decode(Marked.self, fromJSON: "{}")
        #expect(seen.all.count == 1)
    }

    @Test func recoveriesWorkUnderOtherDecoders() throws {
        // Decoding through a Node's own Decodable conformance, then a second NodeDecoder, keeps codingPaths.
        let (statuses, report) = try RecoveryReport.collect {
            try decoder.decode([String: Status].self, from: ["a": "gone"])
        }
        #expect(statuses == ["a": .unknown])
        #expect(report.map(\.formattedPath) == ["a"])
    }
}

/// Strings appended from any thread.
final class LockedStrings: @unchecked Sendable {  // every access holds `lock`
    private var strings: [String] = []
    private let lock = NSLock()
    func append(_ string: String) { lock.withLock { strings.append(string) } }
    var all: [String] { lock.withLock { strings } }
}

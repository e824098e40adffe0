import Genome
import Testing

// Tolerant decoding in the static-decode API (`decode`, `Map`): the same features as under Codable, and the
// recovery report's paths through nested models and collections.

private struct Post: NodeDecodable, Equatable {
    let title: String
    let views: Int
    static func decode(_ json: Node) throws -> Post {
        try Post(title: json.decode("title"), views: json.decode("views", default: 0))
    }
}

private struct Blog: NodeDecodable {
    let name: String
    let theme: String
    let posts: LossyArray<Post>
    let prices: LossyDictionary<String, Double>
    let website: String?
    static func decode(_ json: Node) throws -> Blog {
        try Blog(
            name: json.decode("name"), theme: json.decode("theme", default: "light", nullAsMissing: true),
            posts: json.decode("posts"), prices: json.decode("prices"), website: json.decodeLossy("website"))
    }
}

private struct Root: NodeDecodable {
    let blogs: LossyArray<Blog>
    static func decode(_ json: Node) throws -> Root { try Root(blogs: json.decode("blogs")) }
}

private enum Status: String, NodeDecodable, UnknownCaseRepresentable {
    case active, unknown
    static let unknownCase = Status.unknown
}

private struct Circle: Codable, NodeDecodable, Equatable {
    let radius: Double
    static func decode(_ json: Node) throws -> Circle { try Circle(radius: json.decode("radius")) }
}

private enum Shape: TaggedCodable, NodeDecodable, Equatable {
    case circle(Circle)
    case none
    static let tagging = Tagging<Shape>(
        content: "data", [.variant("circle", Circle.self, Shape.circle)], fallback: .none)
    static func decode(_ json: Node) throws -> Shape { try tagging.decode(json) }
}

private struct Pet: MappableObject {
    let name: String
    let age: Int
    init(map: Map) throws {
        name = try map.extract("name", default: "Rover")
        age = try map.extract("age", coercing: .numbersFromStrings)
    }
}

@Suite struct TolerantStaticDecodeTests {
    let blog: Node = [
        "name": "Notes", "theme": nil,
        "posts": [["title": "a", "views": 3], ["views": 1], ["title": "c"]],
        "prices": ["tea": 2.5, "cake": "free"],
        "website": 42,
    ]

    @Test func everyToleranceWithItsFullPath() throws {
        var report = RecoveryReport()
        let decoded = try blog.decode(as: Blog.self, report: &report)
        #expect(decoded.theme == "light")
        #expect(decoded.posts.elements == [Post(title: "a", views: 3), Post(title: "c", views: 0)])
        #expect(decoded.posts.failures.map(\.index) == [1])
        #expect(decoded.prices.elements == ["tea": 2.5])
        #expect(decoded.website == nil)
        #expect(report.map(\.formattedPath) == ["theme", "posts[1]", "posts[2].views", "prices.cake", "website"])
        #expect(report.map(\.kind) == [.defaultUsed, .elementDropped, .defaultUsed, .elementDropped, .elementDropped])
    }

    @Test func pathsIncludeTheKeysOfEnclosingModels() throws {
        let root: Node = ["blogs": [["x": 1], blog]]
        var report = RecoveryReport()
        _ = try root.decode(as: Root.self, report: &report)
        #expect(report.first?.formattedPath == "blogs[0]")
        #expect(report.dropFirst().first?.formattedPath == "blogs[1].theme")
        #expect(report.last?.formattedPath == "blogs[1].website")
    }

    @Test func withoutARootPathsStartAtTheContainer() throws {
        let (_, report) = try RecoveryReport.collect { try Blog.decode(blog) }
        #expect(report.map(\.formattedPath) == ["theme", "[1]", "views", "cake", "website"])
    }

    @Test func equalContainersAreTellApartByStorage() throws {
        // Two identical posts, both missing "views": each is found where it is, not where its twin is.
        let root: Node = ["posts": [["title": "same"], ["title": "same"]]]
        var report = RecoveryReport()
        let posts = try root.decode(as: [String: [Post]].self, report: &report)
        #expect(posts["posts"]?.count == 2)
        #expect(report.map(\.formattedPath) == ["posts[0].views", "posts[1].views"])
    }

    @Test func theReplacedErrorsAreGenomeErrors() throws {
        var report = RecoveryReport()
        _ = try blog.decode(as: Blog.self, report: &report)
        #expect(report[0].error is TypeMismatchError)
        #expect(report[1].error is MissingKeyError)
        #expect(report[2].description.hasPrefix("default used at posts[2].views: MissingKeyError"))
    }

    @Test func defaultsOnlyForMissingKeysUnlessNullAsMissing() throws {
        let json: Node = ["a": nil, "b": "x"]
        #expect(try json.decode("missing", default: 1) == 1)
        #expect(throws: TypeMismatchError.self) { let _: Int = try json.decode("a", default: 1) }
        #expect(try json.decode("a", default: 1, nullAsMissing: true) == 1)
        #expect(throws: TypeMismatchError.self) { let _: Int = try json.decode("b", default: 1) }
        let optional: Int? = try json.decode("a", default: 5)
        #expect(optional == nil)  // null on an optional stays nil
    }

    @Test func unknownRawValuesFallBack() throws {
        var report = RecoveryReport()
        let statuses = try Node(["active", "gone"]).decode(as: [Status].self, report: &report)
        #expect(statuses == [.active, .unknown])
        #expect(report.map(\.formattedPath) == ["[1]"])
        #expect(report.first?.error is RawRepresentableInitializationError)
        #expect(throws: TypeMismatchError.self) { try Status.decode(3) }
    }

    @Test func coercionIsPerCallAndOptIn() throws {
        let json: Node = ["count": "42", "on": 1, "tags": "a", "bad": "x"]
        #expect(throws: TypeMismatchError.self) { let _: Int = try json.decode("count") }
        let (count, report) = try RecoveryReport.collect { try json.decode("count", coercing: .all) as Int }
        // The one-call forms know their key: the path needs no root.
        #expect(count == 42)
        #expect(report.map(\.formattedPath) == ["count"])
        #expect(try json.decode("on", coercing: .boolsFromNumbers) == true)
        #expect(try json.decode("tags", coercing: .arraysFromSingleValues) == ["a"])
        #expect(throws: TypeMismatchError.self) { let _: Bool = try json.decode("on", coercing: .boolsFromStrings) }
        #expect(throws: TypeMismatchError.self) { let _: Int = try json.decode("bad", coercing: .all) }
    }

    @Test func mapsTakeDefaultsAndCoercions() throws {
        let (pet, report) = try RecoveryReport.collect { try Pet(node: ["age": "3"]) }
        #expect(pet.name == "Rover" && pet.age == 3)
        #expect(report.map(\.kind) == [.defaultUsed, .valueCoerced])
    }

    @Test func taggedFamiliesDecodeInTheStaticAPI() throws {
        let shapes = try [Shape].decode([["type": "circle", "data": ["radius": 1]], ["type": "square"]])
        #expect(shapes == [.circle(Circle(radius: 1)), .none])
        let unknown = Tagging<Shape>(content: "data", [.variant("circle", Circle.self, Shape.circle)])
        #expect(throws: TypeMismatchError.self) { try unknown.decode(["type": "square"]) }
        #expect(throws: MissingKeyError.self) { try unknown.decode(["type": "circle"]) }
        #expect(try Shape.tagging.node(for: .circle(Circle(radius: 1))) == ["type": "circle", "data": ["radius": 1.0]])
    }

    @Test func noRecordingWithoutAnObserver() throws {
        // Decoding works the same; there is simply nothing to read.
        let decoded = try Blog.decode(blog)
        #expect(decoded.posts.failures.count == 1)
    }
}

import Foundation
import Genome
import Testing

// @DefaultOnFailure: BetterCodable's @DefaultCodable (the default on a failed decode too), with every default
// taken in the recovery report, under NodeDecoder and JSONDecoder, and the static-decode API's one call.

private enum Transition: String, Codable, Equatable {
    case fade, slide
}

private enum Fade: DefaultValueProvider {
    static let defaultValue = Transition.fade
}

private enum Light: DefaultValueProvider {
    static let defaultValue = "light"
}

private enum NoTags: DefaultValueProvider {
    static let defaultValue: [String] = []
}

private struct Maintainer: Codable, Equatable {
    let login: String
}

private enum Anonymous: DefaultValueProvider {
    static let defaultValue = Maintainer(login: "anonymous")
}

// BetterCodable's README example, in Genome's spelling: an enum property that falls back to one case.
private struct Screen: Codable, Equatable {
    @DefaultOnFailure<Fade> var transition: Transition
}

private struct Theme: Codable, Equatable {
    @DefaultOnFailure<Light> var name: String
    @DefaultOnFailure<NoTags> var tags: [String]
    @DefaultOnFailure<Anonymous> var owner: Maintainer
}

private struct NestedTheme: Codable, Equatable {
    @DefaultOnFailure<Light> var name: String
    enum CodingKeys: String, NestedCodingKey {
        case name = "theme.name"
    }
}

@Suite struct DefaultOnFailureTests {
    let decoder = NodeDecoder()

    @Test func theReadmeExampleTakesTheDefaultForAnUnknownCaseAndReportsIt() throws {
        let (screen, report) = try RecoveryReport.collect {
            try decoder.decode(Screen.self, fromJSON: #"{"transition": "zoom"}"#)
        }
        #expect(screen.transition == .fade)
        #expect(report.map(\.formattedPath) == ["transition"])
        #expect(report.first?.kind == .defaultUsed)
        #expect(report.first?.error is DecodingError)
        #expect(report.first?.description.hasPrefix("default used at transition: dataCorrupted: ") == true)
        #expect(report.first?.description.contains("zoom") == true)
        #expect(try decoder.decode(Screen.self, fromJSON: #"{"transition": "slide"}"#).transition == .slide)
        #expect(try NodeEncoder().encode(screen) == ["transition": "fade"])
    }

    @Test func aMissingKeyNullAndAWrongTypeEachTakeTheDefaultWithTheirOwnError() throws {
        let json = #"{"name": null, "tags": "swift"}"#
        let (theme, report) = try RecoveryReport.collect { try decoder.decode(Theme.self, fromJSON: json) }
        #expect(theme == Theme(name: "light", tags: [], owner: Maintainer(login: "anonymous")))
        #expect(report.map(\.formattedPath) == ["name", "tags", "owner"])
        #expect(report.allSatisfy { $0.kind == .defaultUsed })
        #expect(
            report.map(\.description) == [
                "default used at name: valueNotFound: Cannot get value of type String -- found null value instead",
                "default used at tags: typeMismatch: Expected to decode Array<Any> but found a string instead.",
                #"default used at owner: keyNotFound: No value associated with key CodingKeys(stringValue: "owner", intValue: nil) ("owner")."#,
            ])
    }

    @Test func aFailureDeepInsideAModelTakesTheDefaultAndTheSiblingsStillDecode() throws {
        let json = #"{"owner": {"login": 7}, "name": "dark", "tags": ["a"]}"#
        let (theme, report) = try RecoveryReport.collect { try decoder.decode(Theme.self, fromJSON: json) }
        #expect(theme == Theme(name: "dark", tags: ["a"], owner: Maintainer(login: "anonymous")))
        #expect(
            report.map(\.description) == [
                "default used at owner: typeMismatch: Expected to decode String but found number instead."
            ])
    }

    @Test func goodValuesAreKeptAndNothingIsReported() throws {
        let json = #"{"owner": {"login": "ada"}, "name": "dark", "tags": ["a", "b"]}"#
        let (theme, report) = try RecoveryReport.collect { try decoder.decode(Theme.self, fromJSON: json) }
        #expect(theme == Theme(name: "dark", tags: ["a", "b"], owner: Maintainer(login: "ada")))
        #expect(report.isEmpty)
    }

    @Test func inAnArrayEachElementRecoversOnItsOwn() throws {
        let json = #"[{"transition": "slide"}, {"transition": 3}, {}]"#
        let (screens, report) = try RecoveryReport.collect { try decoder.decode([Screen].self, fromJSON: json) }
        #expect(screens.map(\.transition) == [.slide, .fade, .fade])
        #expect(report.map(\.formattedPath) == ["[1].transition", "[2].transition"])
        #expect(report.map(\.kind) == [.defaultUsed, .defaultUsed])
    }

    @Test func aNestedKeyPathTakesTheDefaultWhenAStepIsMissingOrTheValueIsWrong() throws {
        let (missing, first) = try RecoveryReport.collect {
            try decoder.decode(NestedTheme.self, fromJSON: #"{"theme": {}}"#)
        }
        #expect(missing.name == "light")
        #expect(first.map(\.formattedPath) == ["theme.name"])
        let (wrong, second) = try RecoveryReport.collect {
            try decoder.decode(NestedTheme.self, fromJSON: #"{"theme": {"name": false}}"#)
        }
        #expect(wrong.name == "light")
        #expect(second.map(\.formattedPath) == ["theme.name"])
        #expect(second.first?.description.contains("typeMismatch") == true)
        #expect(try NodeEncoder().encode(wrong) == ["theme": ["name": "light"]])
    }

    @Test func underJSONDecoderAndJSONEncoderToo() throws {
        let json = Data(#"{"name": 1, "tags": ["x"]}"#.utf8)
        let (theme, report) = try RecoveryReport.collect { try JSONDecoder().decode(Theme.self, from: json) }
        #expect(theme == Theme(name: "light", tags: ["x"], owner: Maintainer(login: "anonymous")))
        #expect(report.map(\.formattedPath) == ["name", "owner"])
        #expect(report.first?.description.hasPrefix("default used at name: typeMismatch: ") == true)
        let again = try JSONDecoder().decode(Theme.self, from: JSONEncoder().encode(theme))
        #expect(again == theme)
    }

    @Test func withoutAReportNothingIsRecordedAndTheValueIsTheSame() throws {
        let screen = try decoder.decode(Screen.self, fromJSON: #"{"transition": null}"#)
        #expect(screen.transition == .fade)
    }

    // MARK: The static-decode API

    @Test func theStaticDecodeCallTakesTheDefaultForMissingNullAndWrongValues() throws {
        let json = try Node(json: #"{"retries": "three", "name": null, "size": 4}"#)
        var report = RecoveryReport()
        let (retries, name, colour, size) = try RecoveryReport.collect(into: &report) {
            (
                try json.decode("retries", defaultOnFailure: 1) as Int,
                try json.decode("name", defaultOnFailure: "none") as String,
                try json.decode("colour", defaultOnFailure: "red") as String,
                try json.decode("size", defaultOnFailure: 0) as Int
            )
        }
        #expect(retries == 1 && name == "none" && colour == "red" && size == 4)
        #expect(report.map(\.formattedPath) == ["retries", "name", "colour"])
        #expect(report.map(\.kind) == [.defaultUsed, .defaultUsed, .defaultUsed])
        #expect(report[0].error is TypeMismatchError)
        #expect(report[2].error is MissingKeyError)
        #expect(throws: TypeMismatchError.self) { try Node([1]).decode("a", defaultOnFailure: 0) as Int }
    }

    @Test func aMapModelUsesTheSameRule() throws {
        struct Profile: MappableObject {
            var theme: String
            init(map: Map) throws { theme = try map.extract("theme", defaultOnFailure: "light") }
            func sequence(_ map: Map) throws {}
        }
        let (profile, report) = try RecoveryReport.collect {
            try Profile(node: Node(json: #"{"theme": ["dark"]}"#))
        }
        #expect(profile.theme == "light")
        #expect(report.map(\.formattedPath) == ["theme"])
    }
}

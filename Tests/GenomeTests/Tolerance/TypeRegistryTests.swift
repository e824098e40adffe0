import Foundation
import Genome
import Testing

// Protocol-typed values whose types are registered at run time (MetaCodable's DynamicCodable): the tag picks the
// registered type, encoding writes the tag of the value's type, an unknown tag lists the registered ones or takes
// a fallback that is reported, and a tag registered twice throws.

private protocol Widget: Codable, Sendable {}

private struct Label: Widget, NodeDecodable, Equatable {
    let text: String
    static func decode(_ json: Node) throws -> Label { try Label(text: json.decode("text")) }
}

private struct Button: Widget, NodeDecodable, Equatable {
    let title: String
    let action: Int
    static func decode(_ json: Node) throws -> Button {
        try Button(title: json.decode("title"), action: json.decode("action"))
    }
}

// Stands for a type from another module, registered by that module.
private struct Chart: Widget, Equatable {
    let points: [Int]
}

private struct Placeholder: Widget, Equatable {}

// MetaCodable's README example of dynamic types, in Genome's spelling: a feed of widgets whose types are registered
// by the modules that define them.
private enum Widgets: RegisteredFamily {
    static let registry: TypeRegistry<any Widget> = {
        let registry = TypeRegistry<any Widget>(key: "type")
        try? registry.register("label", Label.self) { $0 }
        try? registry.register("button", Button.self) { $0 }
        registerChart(in: registry)
        return registry
    }()
}

private func registerChart(in registry: TypeRegistry<any Widget>) {
    try? registry.register("chart", Chart.self) { $0 }
}

private enum LenientWidgets: RegisteredFamily {
    static let registry: TypeRegistry<any Widget> = {
        let registry = TypeRegistry<any Widget>(key: "kind", fallback: Placeholder(), fallbackTag: 0)
        try? registry.register(1, Label.self) { $0 }
        try? registry.register(2, Button.self) { $0 }
        return registry
    }()
}

private struct Screen: Codable {
    @Registered<Widgets> var header: any Widget
    let widgets: [Registered<Widgets>]
    let footer: Registered<Widgets>?
}

private struct LenientScreen: Codable {
    let widgets: [Registered<LenientWidgets>]
}

private struct LossyScreen: Codable {
    @LossyPolymorphic var widgets: [Registered<Widgets>]
}

private let screenJSON = #"""
    {"header": {"type": "label", "text": "Hi"},
     "widgets": [{"type": "button", "title": "OK", "action": 3}, {"type": "chart", "points": [1, 2]}],
     "footer": null}
    """#

@Suite struct TypeRegistryTests {
    @Test func theTagPicksTheRegisteredTypeUnderBothDecoders() throws {
        for screen in [
            try NodeDecoder().decode(Screen.self, fromJSON: screenJSON),
            try JSONDecoder().decode(Screen.self, from: Data(screenJSON.utf8)),
        ] {
            #expect(screen.header as? Label == Label(text: "Hi"))
            #expect(screen.widgets[0].wrappedValue as? Button == Button(title: "OK", action: 3))
            #expect(screen.widgets[1].wrappedValue as? Chart == Chart(points: [1, 2]))
            #expect(screen.footer == nil)
        }
        #expect(Widgets.registry.tags == ["label", "button", "chart"])
    }

    @Test func encodingWritesTheTagOfTheValuesType() throws {
        let screen = try NodeDecoder().decode(Screen.self, fromJSON: screenJSON)
        let node = try NodeEncoder().encode(screen)
        #expect(node["header"] == ["type": "label", "text": "Hi"])
        #expect(
            node["widgets"] == [["type": "button", "title": "OK", "action": 3], ["type": "chart", "points": [1, 2]]])
        let again = try NodeDecoder().decode(Screen.self, from: node)
        #expect(again.widgets[1].wrappedValue as? Chart == Chart(points: [1, 2]))
        #expect(try sortedJSON(screen.widgets).hasPrefix(#"[{"action":3,"title":"OK","type":"button"}"#))
    }

    @Test func anUnknownTagListsTheRegisteredTags() {
        for decode in [
            { _ = try NodeDecoder().decode(Registered<Widgets>.self, fromJSON: #"{"type": "map"}"#) },
            { _ = try JSONDecoder().decode(Registered<Widgets>.self, from: Data(#"{"type": "map"}"#.utf8)) },
        ] {
            guard case .dataCorrupted(let context) = decodingError(decode) else {
                Issue.record("expected dataCorrupted")
                continue
            }
            #expect(
                context.debugDescription
                    == #"Unknown tag "map" for Widget; registered tags: "label", "button", "chart"."#)
            #expect(context.codingPath.map(\.stringValue) == ["type"])
        }
    }

    @Test func aMissingNullOrWrongTagThrows() {
        guard
            case .keyNotFound = decodingError({ _ = try NodeDecoder().decode(Registered<Widgets>.self, fromJSON: "{}") }
            )
        else {
            Issue.record("expected keyNotFound")
            return
        }
        guard
            case .valueNotFound = decodingError({
                _ = try JSONDecoder().decode(Registered<Widgets>.self, from: Data(#"{"type": null}"#.utf8))
            })
        else {
            Issue.record("expected valueNotFound")
            return
        }
        // A number is a tag of another JSON type: no type is registered for it.
        guard
            case .dataCorrupted = decodingError({
                _ = try NodeDecoder().decode(Registered<Widgets>.self, fromJSON: #"{"type": 1}"#)
            })
        else {
            Issue.record("expected dataCorrupted")
            return
        }
        let wrongPayload = decodingError {
            _ = try NodeDecoder().decode(
                Screen.self, fromJSON: #"{"header": {"type": "label", "text": 5}, "widgets": []}"#)
        }
        guard case .typeMismatch(_, let context) = wrongPayload else {
            Issue.record("expected a type mismatch")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["header", "text"])
    }

    @Test func theFallbackIsTakenReportedAndWrittenAsItsTag() throws {
        let json = #"{"widgets": [{"kind": 1, "text": "a"}, {"kind": 9}, {"kind": "2"}]}"#
        let (screen, report) = try RecoveryReport.collect {
            try NodeDecoder().decode(LenientScreen.self, fromJSON: json)
        }
        #expect(screen.widgets[0].wrappedValue is Label)
        #expect(screen.widgets[1].wrappedValue is Placeholder && screen.widgets[2].wrappedValue is Placeholder)
        #expect(report.map(\.formattedPath) == ["widgets[1].kind", "widgets[2].kind"])
        #expect(report.allSatisfy { $0.kind == .fallbackUsed })
        #expect(report.last?.description.contains(#"Unknown tag "2" for Widget; registered tags: 1, 2."#) == true)
        #expect(try NodeEncoder().encode(screen) == ["widgets": [["kind": 1, "text": "a"], ["kind": 0], ["kind": 0]]])
        let foundation = try JSONDecoder().decode(LenientScreen.self, from: Data(json.utf8))
        #expect(foundation.widgets[2].wrappedValue is Placeholder)
    }

    @Test func aLossyArrayDropsAnUnknownTag() throws {
        let json = #"{"widgets": [{"type": "map"}, {"type": "label", "text": "x"}]}"#
        let (screen, report) = try RecoveryReport.collect { try NodeDecoder().decode(LossyScreen.self, fromJSON: json) }
        #expect(screen.widgets.count == 1 && screen.widgets[0].wrappedValue is Label)
        #expect(report.map(\.formattedPath) == ["widgets[0]"] && report.map(\.kind) == [.elementDropped])
    }

    @Test func aTagRegisteredTwiceThrowsAndKeepsTheFirst() throws {
        let registry = TypeRegistry<any Widget>()
        try registry.register("w", Label.self) { $0 }
        try registry.register("w", Label.self) { $0 }
        do {
            try registry.register("w", Button.self) { $0 }
            Issue.record("expected an error")
        } catch let error as DuplicateTagError {
            #expect(error.tag == "w" && error.registeredType == "Label" && error.rejectedType == "Button")
            #expect(error.description == #"Tag "w" is already registered for Label; Button was not registered."#)
        }
        #expect(registry.tags == ["w"])
        #expect(try registry.decode(["type": "w", "text": "t"]) is Label)
        // A second tag for the same type reads as it; the first is written.
        try registry.register("text", Label.self) { $0 }
        #expect(try registry.node(for: registry.decode(["type": "text", "text": "t"])) == ["type": "w", "text": "t"])
    }

    @Test func registeringFromManyTasksWhileDecodingIsSafe() async throws {
        let registry = TypeRegistry<any Widget>()
        try registry.register("label", Label.self) { $0 }
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask {
                    try? registry.register(.integer(index), Button.self) { $0 }
                    _ = try? registry.decode(["type": "label", "text": "x"])
                }
            }
        }
        #expect(Set(registry.tags).count == 65)
        #expect(try registry.decode(["type": 40, "title": "t", "action": 1]) is Button)
    }

    @Test func theStaticDecodeAPILooksTypesUpToo() throws {
        let node = try Node(json: screenJSON)
        let header: Registered<Widgets> = try node.decode("header")
        #expect(header.wrappedValue as? Label == Label(text: "Hi"))
        #expect(
            try Widgets.registry.node(for: Button(title: "Go", action: 1)) == [
                "type": "button", "title": "Go", "action": 1,
            ])
        do {
            _ = try Widgets.registry.decode(["type": "map"])
            Issue.record("expected an error")
        } catch let error as TypeMismatchError {
            #expect(error.path.formattedPath == "type")
            #expect("\(error)".contains(#"registered tags: "label", "button", "chart""#))
        }
        // Chart is not NodeDecodable: it decodes only under Codable.
        #expect(throws: TypeMismatchError.self) { try Widgets.registry.decode(["type": "chart", "points": [1]]) }
        #expect(throws: MissingKeyError.self) { try Widgets.registry.decode(["text": "x"]) }
        let (fallback, report) = try RecoveryReport.collect { try LenientWidgets.registry.decode(["kind": 7]) }
        #expect(fallback is Placeholder && report.map(\.kind) == [.fallbackUsed])
        #expect(throws: EncodingError.self) { try Widgets.registry.node(for: Placeholder()) }
    }
}

import Foundation
import Genome
import Testing

// Untagged families in Codable (MetaCodable's @UnTagged): the first variant that decodes wins, encoding writes the
// payload alone, and a value no variant reads throws with every variant's error and path. Under NodeDecoder and
// JSONDecoder, through @Polymorphic for class families, and in the static-decode API.

// MetaCodable's README example of an untagged enum, in Genome's spelling: any JSON value, by its shape.
private indirect enum Setting: UntaggedCodable, NodeDecodable, Equatable {
    case flag(Bool)
    case count(Int)
    case ratio(Double)
    case text(String)
    case list([Setting])
    case table([String: Setting])
    static let alternatives = Untagged<Setting>([
        .variant(Bool.self, Setting.flag),
        .variant(Int.self, Setting.count),
        .variant(Double.self, Setting.ratio),
        .variant(String.self, Setting.text),
        .variant([Setting].self, Setting.list),
        .variant([String: Setting].self, Setting.table),
    ])
    static func decode(_ json: Node) throws -> Setting { try alternatives.decode(json) }
}

private struct Preferences: Codable, Equatable {
    let settings: [Setting]
}

private class Payment: Codable, UntaggedCodable, @unchecked Sendable {
    var amount: Int
    init(amount: Int) { self.amount = amount }
    static var alternatives: Untagged<Payment> {
        Untagged([.variant(Card.self) { $0 }, .variant(Transfer.self) { $0 }])
    }
}

private final class Card: Payment, @unchecked Sendable {
    var number: String
    private enum CodingKeys: String, CodingKey { case number }
    required init(from decoder: any Decoder) throws {
        number = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .number)
        try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(number, forKey: .number)
        try super.encode(to: encoder)
    }
}

private final class Transfer: Payment, @unchecked Sendable {
    var iban: String
    private enum CodingKeys: String, CodingKey { case iban }
    required init(from decoder: any Decoder) throws {
        iban = try decoder.container(keyedBy: CodingKeys.self).decode(String.self, forKey: .iban)
        try super.init(from: decoder)
    }
    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(iban, forKey: .iban)
        try super.encode(to: encoder)
    }
}

private struct Order: Codable {
    @Polymorphic var payments: [Payment]
    @Polymorphic var refund: Payment?
}

private struct LossyOrder: Codable {
    @LossyPolymorphic var payments: [Payment]
}

private struct Ranked: Codable, Equatable {
    let id: Int
    @DefaultZero var rank: Int
}

private struct Named: Codable, Equatable {
    let name: String
}

private enum Entry: UntaggedCodable, Equatable {
    case ranked(Ranked)
    case named(Named)
    static let alternatives = Untagged<Entry>([.variant(Ranked.self, Entry.ranked), .variant(Named.self, Entry.named)])
}

private let settingsJSON = #"{"settings": [true, 3, 2.5, "dark", [1, "a"], {"zoom": false}]}"#
private let expectedSettings = Preferences(settings: [
    .flag(true), .count(3), .ratio(2.5), .text("dark"), .list([.count(1), .text("a")]), .table(["zoom": .flag(false)]),
])

@Suite struct UntaggedCodableTests {
    @Test func theFirstVariantThatDecodesWinsUnderBothDecoders() throws {
        let (preferences, report) = try RecoveryReport.collect {
            try NodeDecoder().decode(Preferences.self, fromJSON: settingsJSON)
        }
        #expect(preferences == expectedSettings && report.isEmpty)
        #expect(try JSONDecoder().decode(Preferences.self, from: Data(settingsJSON.utf8)) == expectedSettings)
    }

    @Test func encodingWritesThePayloadAlone() throws {
        let node = try NodeEncoder().encode(expectedSettings)
        #expect(node == ["settings": [true, 3, 2.5, "dark", [1, "a"], ["zoom": false]]])
        #expect(try NodeDecoder().decode(Preferences.self, from: node) == expectedSettings)
        #expect(try sortedJSON(expectedSettings) == #"{"settings":[true,3,2.5,"dark",[1,"a"],{"zoom":false}]}"#)
    }

    @Test func aValueNoVariantReadsThrowsWithEveryVariantsError() {
        for decode in [
            { _ = try NodeDecoder().decode(Preferences.self, fromJSON: #"{"settings": [1, null]}"#) },
            { _ = try JSONDecoder().decode(Preferences.self, from: Data(#"{"settings": [1, null]}"#.utf8)) },
        ] {
            do {
                try decode()
                Issue.record("expected an error")
            } catch DecodingError.typeMismatch(_, let context) {
                #expect(context.codingPath.map { $0.intValue.map(String.init) ?? $0.stringValue } == ["settings", "1"])
                guard let failure = context.underlyingError as? NoVariantDecoded else {
                    Issue.record("expected NoVariantDecoded, got \(String(describing: context.underlyingError))")
                    continue
                }
                #expect(failure.family == "Setting")
                #expect(
                    failure.attempts.map(\.variant) == [
                        "Bool", "Int", "Double", "String", "Array<Setting>",
                        "Dictionary<String, Setting>",
                    ])
                #expect(failure.attempts.allSatisfy { $0.path.formattedPath == "settings[1]" })
                #expect(context.debugDescription.hasPrefix("No variant of Setting decodes: Bool at settings[1]: "))
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func aClassFamilyDecodesThroughPolymorphic() throws {
        let json = #"{"payments": [{"amount": 5, "number": "4111"}, {"amount": 7, "iban": "DE89"}], "refund": null}"#
        for order in [
            try NodeDecoder().decode(Order.self, fromJSON: json),
            try JSONDecoder().decode(Order.self, from: Data(json.utf8)),
        ] {
            #expect(order.payments.map(\.amount) == [5, 7])
            #expect((order.payments[0] as? Card)?.number == "4111" && (order.payments[1] as? Transfer)?.iban == "DE89")
            #expect(order.refund == nil)
        }
        let order = try NodeDecoder().decode(Order.self, fromJSON: json)
        #expect(
            try NodeEncoder().encode(order) == [
                "payments": [["amount": 5, "number": "4111"], ["amount": 7, "iban": "DE89"]], "refund": nil,
            ])
        let missing = try NodeDecoder().decode(Order.self, fromJSON: #"{"payments": []}"#)
        #expect(missing.refund == nil)
    }

    @Test func aNestedFailureCarriesEachVariantsKeyPath() {
        do {
            _ = try NodeDecoder().decode(
                Order.self, fromJSON: #"{"payments": [{"amount": 5, "number": "1"}, {"amount": 1}]}"#)
            Issue.record("expected an error")
        } catch DecodingError.typeMismatch(_, let context) {
            let failure = context.underlyingError as? NoVariantDecoded
            #expect(failure?.attempts.map(\.path.formattedPath) == ["payments[1].number", "payments[1].iban"])
            #expect(failure?.attempts.map(\.variant) == ["Card", "Transfer"])
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func aLossyArrayDropsWhatNoVariantReads() throws {
        let json = #"{"payments": [{"amount": 1}, {"amount": 2, "iban": "x"}]}"#
        let (order, report) = try RecoveryReport.collect { try NodeDecoder().decode(LossyOrder.self, fromJSON: json) }
        #expect(order.payments.count == 1 && order.payments[0] is Transfer)
        #expect(report.map(\.formattedPath) == ["payments[0]"])
        #expect(
            report.first?.description.hasPrefix(
                "element dropped at payments[0]: typeMismatch: No variant of Payment decodes: Card at payments[0].number: keyNotFound"
            ) == true)
    }

    @Test func onlyTheWinningVariantsRecoveriesAreReported() throws {
        let (named, dropped) = try RecoveryReport.collect {
            try NodeDecoder().decode([Entry].self, fromJSON: #"[{"name": "a"}]"#)
        }
        #expect(named == [.named(Named(name: "a"))] && dropped.isEmpty)
        let (ranked, kept) = try RecoveryReport.collect {
            try NodeDecoder().decode([Entry].self, fromJSON: #"[{"id": 1}]"#)
        }
        #expect(ranked == [.ranked(Ranked(id: 1, rank: 0))])
        #expect(kept.map(\.formattedPath) == ["[0].rank"] && kept.map(\.kind) == [.defaultUsed])
    }

    @Test func theStaticDecodeAPITriesTheVariantsInOrder() throws {
        let node = try Node(json: settingsJSON)
        #expect(try node.decode("settings") as [Setting] == expectedSettings.settings)
        #expect(try Setting.alternatives.node(for: .list([.flag(true), .ratio(0.5)])) == [true, 0.5])
        do {
            let _: [Setting] = try Node(json: #"{"settings": [1, null]}"#).decode("settings")
            Issue.record("expected an error")
        } catch let error as TypeMismatchError {
            #expect(error.path.formattedPath == "settings[1]")
            #expect(error.attempts.count == 6)
        }
        // A payload that is not NodeDecodable never fits in the static-decode API.
        #expect(throws: TypeMismatchError.self) { try Entry.alternatives.decode(["name": "a"]) }
    }
}

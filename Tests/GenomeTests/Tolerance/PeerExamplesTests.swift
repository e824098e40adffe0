import Genome
import Testing

// The features BetterCodable and MetaCodable show in their READMEs, written with Genome, without macros (see the
// table in CodableWithGenome.md). Dates are in GenomeFoundationTests.

@Suite struct BetterCodableExamplesTests {
    @Test func lossyArrayDropsNullsAndFailures() throws {
        struct Numbers: Codable { @LossyArray var values: [Int] }
        struct Item: Codable, Equatable { let label: String }
        struct Items: Codable { @LossyArray var values: [Item] }
        let numbers = try NodeDecoder().decode(Numbers.self, fromJSON: #"{"values": [4, null, 7, null, 9]}"#)
        #expect(numbers.values == [4, 7, 9])
        let items = try NodeDecoder().decode(Items.self, fromJSON: #"{"values": [{"label": 1}, {"label": "ok"}]}"#)
        #expect(items.values == [Item(label: "ok")])
    }

    @Test func lossyDictionaryDropsBadMembers() throws {
        struct Labels: Codable { @LossyDictionary var values: [String: String] }
        struct Counts: Codable { @LossyDictionary var values: [Int: Int] }
        let labels = try NodeDecoder().decode(Labels.self, fromJSON: #"{"values": {"x": "X", "y": null, "z": 3}}"#)
        #expect(labels.values == ["x": "X"])
        let counts = try NodeDecoder().decode(Counts.self, fromJSON: #"{"values": {"1": 10, "two": 20, "3": null}}"#)
        #expect(counts.values == [1: 10])
    }

    @Test func defaultWrappers() throws {
        enum Unset: DefaultValueProvider { static let defaultValue = -1 }
        struct Flags: Codable {
            @DefaultFalse var isHidden: Bool
            @DefaultTrue var isEnabled: Bool
            @DefaultEmpty var ids: [Int]
            @DefaultEmptyDictionary var extra: [String: Int]
            @Default<Unset> var rank: Int
        }
        let flags = try NodeDecoder().decode(Flags.self, fromJSON: "{}")
        #expect(!flags.isHidden && flags.isEnabled && flags.ids.isEmpty && flags.extra.isEmpty && flags.rank == -1)
    }

    @Test func losslessValuesAsCoercions() throws {
        struct Product: Codable {
            @Coerced var price: Double
            @Coerced var isAvailable: Bool
        }
        let product = try NodeDecoder().decode(Product.self, fromJSON: #"{"price": "19.99", "isAvailable": "true"}"#)
        #expect(product.price == 19.99 && product.isAvailable)
    }
}

@Suite struct MetaCodableExamplesTests {
    struct Landmark: Codable, Equatable {
        let name: String
        let latitude: Double
        let longitude: Double
        @DefaultEmpty var tags: [String]
        enum CodingKeys: String, NestedCodingKey {
            case name = "title"
            case latitude = "coordinates.latitude"
            case longitude = "coordinates.longitude"
            case tags
        }
    }

    @Test func customAndNestedKeysWithADefault() throws {
        let json = #"{"title": "Lighthouse", "coordinates": {"latitude": 59.3, "longitude": 18.1}}"#
        let landmark = try NodeDecoder().decode(Landmark.self, fromJSON: json)
        #expect(landmark == Landmark(name: "Lighthouse", latitude: 59.3, longitude: 18.1, tags: []))
        let node = try NodeEncoder().encode(landmark)
        #expect(node == ["title": "Lighthouse", "coordinates": ["latitude": 59.3, "longitude": 18.1], "tags": []])
    }

    struct Fetch: Codable, Equatable { let key: String }
    struct Save: Codable, Equatable { let key: String; let value: Int }

    enum Request: TaggedCodable, Equatable {
        case fetch(Fetch)
        case save(Save)
        static let tagging = Tagging<Request>([
            .variant("fetch", Fetch.self, Request.fetch), .variant("save", Save.self, Request.save),
        ])
    }

    enum AdjacentRequest: TaggedCodable, Equatable {
        case fetch(Fetch)
        case save(Save)
        static let tagging = Tagging<AdjacentRequest>(
            key: "type", content: "content",
            [.variant("fetch", Fetch.self, AdjacentRequest.fetch), .variant("save", Save.self, AdjacentRequest.save)])
    }

    @Test func internallyTaggedEnum() throws {
        let requests = try NodeDecoder().decode(
            [Request].self, fromJSON: #"[{"type": "fetch", "key": "a"}, {"type": "save", "key": "b", "value": 2}]"#)
        #expect(requests == [.fetch(Fetch(key: "a")), .save(Save(key: "b", value: 2))])
        #expect(try NodeEncoder().encode(requests[1]) == ["type": "save", "key": "b", "value": 2])
    }

    @Test func adjacentlyTaggedEnum() throws {
        let request = try NodeDecoder().decode(
            AdjacentRequest.self, fromJSON: #"{"type": "save", "content": {"key": "b", "value": 2}}"#)
        #expect(request == .save(Save(key: "b", value: 2)))
        #expect(try NodeEncoder().encode(request) == ["type": "save", "content": ["key": "b", "value": 2]])
    }

    class Feature: Codable, TaggedCodable, @unchecked Sendable {
        var name: String
        static let tagging = Tagging<Feature>([
            .variant("toggle", Toggle.self) { $0 }, .variant("slider", Slider.self) { $0 },
        ])
    }
    final class Toggle: Feature, @unchecked Sendable {}
    final class Slider: Feature, @unchecked Sendable {}

    @Test func classPolymorphism() throws {
        struct Screen: Codable { @Polymorphic var features: [Feature] }
        let screen = try NodeDecoder().decode(
            Screen.self,
            fromJSON: #"{"features": [{"type": "slider", "name": "volume"}, {"type": "toggle", "name": "mute"}]}"#)
        #expect(screen.features[0] is Slider && screen.features[1] is Toggle)
        #expect(try NodeEncoder().encode(screen)["features", 1] == ["type": "toggle", "name": "mute"])
    }
}

import Foundation
import Genome
import Testing

// Key strategies, checked against Foundation's own conversions key by key: whatever JSONDecoder's
// convertFromSnakeCase and JSONEncoder's convertToSnakeCase make of a key, Genome must make the same.

/// A model whose single key is chosen at run time, to feed arbitrary keys through the strategies.
private struct OneKey: Codable {
    static let name = CodingUserInfoKey(rawValue: "name")!
    var value: Int

    init(value: Int) { self.value = value }

    init(from decoder: any Decoder) throws {
        let name = decoder.userInfo[Self.name] as! String
        value = try decoder.container(keyedBy: NodeCodingKey.self).decode(
            Int.self, forKey: NodeCodingKey(stringValue: name))
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: NodeCodingKey.self)
        try container.encode(value, forKey: NodeCodingKey(stringValue: encoder.userInfo[Self.name] as! String))
    }
}

private let snakeKeys = [
    "snake_case_key", "_leading", "__double_leading", "trailing_", "_both_", "_", "__", "", "single", "camelCase",
    "many___underscores", "URL_value", "my_URL", "ALL_CAPS", "a_b_c", "with_1_digit", "x_y", "ünïcödé_kéy",
    "some_word capitalised", "_a_", "one_ǆemal", "one_Ǆemal", "one_ǅemal", "x_ǉubljana", "x_ǌ_ǳ", "ab_2fa",
    "ab_ß", "ab_ﬁx", "a_b-c", "a_b'c", "a_b\u{2019}c", "a_b.c", "a_b:c", "a_b\u{301}c",
]

private let camelKeys = [
    "camelCase", "myURLProperty", "URLValue", "isHTTPS", "simple", "a", "", "ABC", "aB", "version2Beta",
    "_private", "alreadysnake_case", "iOSVersion", "HTTPRequestID", "ÜberKey", "x1Y2", "lowerUPPER",
]

@Suite struct NodeCoderKeyStrategyTests {
    @Test(arguments: snakeKeys)
    func convertFromSnakeCaseMatchesFoundation(_ jsonKey: String) throws {
        // Foundation decides which Swift key name matches the JSON key; ask it through allKeys.
        struct Keys: Decodable {
            let keys: [String]
            init(from decoder: any Decoder) throws {
                keys = try decoder.container(keyedBy: NodeCodingKey.self).allKeys.map(\.stringValue)
            }
        }
        let json = Data("{\"\(jsonKey)\": 1}".utf8)
        let foundationDecoder = JSONDecoder()
        foundationDecoder.keyDecodingStrategy = .convertFromSnakeCase
        var genomeDecoder = NodeDecoder()
        genomeDecoder.keyDecodingStrategy = .convertFromSnakeCase
        let expected = try foundationDecoder.decode(Keys.self, from: json).keys
        #expect(try genomeDecoder.decode(Keys.self, fromJSON: json).keys == expected, "\(jsonKey)")
    }

    @Test func convertFromSnakeCaseTitleCasesTheLatinDigraphsAsFoundationDoes() throws {
        struct Keys: Decodable {
            let keys: [String]
            init(from decoder: any Decoder) throws {
                keys = try decoder.container(keyedBy: NodeCodingKey.self).allKeys.map(\.stringValue)
            }
        }
        var decoder = NodeDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        // Each digraph has an upper case (Ǆ), a lower case (ǆ) and a title case (ǅ) of its own.
        let expected = [
            "one_ǆemal": "oneǅemal", "one_Ǆemal": "oneǄemal", "one_ǅemal": "oneǅemal", "x_ǉubljana": "xǈubljana",
            "x_ǌ": "xǋ", "x_ǳ": "xǲ", "x_ǳǲǱ": "xǲǳǳ",
        ]
        for (jsonKey, swiftKey) in expected {
            let json = Data("{\"\(jsonKey)\": 1}".utf8)
            #expect(try decoder.decode(Keys.self, fromJSON: json).keys == [swiftKey], "\(jsonKey)")
            let foundation = JSONDecoder()
            foundation.keyDecodingStrategy = .convertFromSnakeCase
            #expect(try foundation.decode(Keys.self, from: json).keys == [swiftKey], "Foundation: \(jsonKey)")
        }
    }

    @Test(arguments: camelKeys)
    func convertToSnakeCaseMatchesFoundation(_ swiftKey: String) throws {
        let foundationEncoder = JSONEncoder()
        foundationEncoder.keyEncodingStrategy = .convertToSnakeCase
        foundationEncoder.userInfo[OneKey.name] = swiftKey
        var genomeEncoder = NodeEncoder()
        genomeEncoder.keyEncodingStrategy = .convertToSnakeCase
        genomeEncoder.userInfo[OneKey.name] = swiftKey
        let expected = try Node(json: foundationEncoder.encode(OneKey(value: 1)))
        #expect(try genomeEncoder.encode(OneKey(value: 1)) == expected, "\(swiftKey)")
    }

    @Test func snakeCaseRoundTripOfAModel() throws {
        struct Profile: Codable, Equatable {
            var userName: String
            var profileImageURL: String
            var isVerified: Bool
            var tagsByCategory: [String: [String]]
        }
        let profile = Profile(
            userName: "a", profileImageURL: "https://x", isVerified: true, tagsByCategory: ["someCategory": ["x"]])
        var encoder = NodeEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        var decoder = NodeDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let node = try encoder.encode(profile)
        #expect(node.object?.keys == ["user_name", "profile_image_url", "is_verified", "tags_by_category"])
        #expect(node["tags_by_category", "someCategory"] == ["x"], "dictionary keys are data, never converted")
        // profile_image_url converts back to profileImageUrl, not profileImageURL: Foundation's known asymmetry.
        struct Back: Decodable { var profileImageUrl: String; var tagsByCategory: [String: [String]] }
        let back = try decoder.decode(Back.self, from: node)
        #expect(back.profileImageUrl == "https://x")
        #expect(back.tagsByCategory == ["someCategory": ["x"]])
    }

    @Test func customStrategiesSeeTheWholePath() throws {
        var decoder = NodeDecoder()
        decoder.keyDecodingStrategy = .custom { path in
            NodeCodingKey(stringValue: path.last!.stringValue.lowercased())
        }
        struct Inner: Decodable { var name: String }
        struct Outer: Decodable { var inner: [Inner] }
        let outer = try decoder.decode(Outer.self, fromJSON: #"{"INNER": [{"NAME": "x"}]}"#)
        #expect(outer.inner.first?.name == "x")

        let seen = PathRecorder()
        var encoder = NodeEncoder()
        encoder.keyEncodingStrategy = .custom { path in
            seen.record(path.map(\.stringValue).joined(separator: "/"))
            return NodeCodingKey(stringValue: path.last!.stringValue.uppercased())
        }
        struct Leaf: Encodable { var name = "x" }
        struct Tree: Encodable { var leaves = [Leaf()] }
        #expect(try encoder.encode(Tree()) == ["LEAVES": [["NAME": "x"]]])
        #expect(seen.paths.sorted() == ["leaves", "leaves/Index 0/name"])
    }

    @Test func twoKeysConvertingToOneNameFirstInDocumentWins() throws {
        struct Model: Decodable { var aB: Int }
        var decoder = NodeDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(Model.self, fromJSON: #"{"a_b": 1, "aB": 2}"#).aB == 1)
    }
}

/// Collects the paths a custom key strategy is called with (from a `@Sendable` closure).
private final class PathRecorder: @unchecked Sendable {
    private var storage: [String] = []
    private let lock = NSLock()
    func record(_ path: String) { lock.withLock { storage.append(path) } }
    var paths: [String] { lock.withLock { storage } }
}

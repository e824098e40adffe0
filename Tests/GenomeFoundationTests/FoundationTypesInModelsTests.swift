import Foundation
import GenomeFoundation
import Testing

// URL, UUID, Data and Decimal in Genome's own protocols, and all five Foundation types inside NodeDecodable,
// MappableObject and BasicMappable models: reading, writing, round trips, and malformed values with their paths.

private let releaseID = UUID(uuidString: "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")!

/// A Decodable-style model.
private struct Asset: NodeDecodable, Equatable {
    let id: UUID
    let url: URL
    let checksum: Data
    let size: Decimal
    let published: Date
    let created: Date
    let expires: Date?

    static func decode(_ json: Node) throws -> Asset {
        try Asset(
            id: json.decode("id"), url: json.decode("url"), checksum: json.decode("checksum"),
            size: json.decode("size"), published: json.decode("published"),
            created: json.decode("created", as: .millisecondsSince1970),
            expires: json.decodeIfPresent("expires", as: .iso8601))
    }
}

/// A Map model that reads with `extract` and writes with `write`.
private struct Release: MappableObject, Equatable {
    let id: UUID
    let homepage: URL
    let published: Date
    let created: Date
    let updated: Date?
    let checksum: Data
    let price: Decimal
    let assets: [Asset]

    init(map: Map) throws {
        id = try map.extract("id")
        homepage = try map.extract("homepage")
        published = try map.extract("published")
        created = try map.extract("created", as: .millisecondsSince1970)
        updated = try map.extract("updated", as: .iso8601WithFractionalSeconds)
        checksum = try map.extract("checksum")
        price = try map.extract("price")
        assets = try map.extract("assets")
    }

    func sequence(_ map: Map) throws {
        try map["id"].write(id)
        try map["homepage"].write(homepage)
        try map["published"].write(published)
        try map["created", as: .millisecondsSince1970].write(created)
        try map["updated", as: .iso8601WithFractionalSeconds].write(updated)
        try map["checksum"].write(checksum)
        try map["price"].write(price)
    }
}

/// A Map model that binds both ways, as `<~>` does.
private struct Snapshot: BasicMappable, Equatable {
    var id = UUID()
    var link: URL?
    var taken = Date.distantPast
    var created = Date.distantPast
    var updated: Date?
    var thumbnail = Data()
    var ratio: Decimal = 0
    init() {}

    mutating func sequence(_ map: Map) throws {
        try map["id"].bind(&id)
        try map["link"].bind(&link)
        try map["taken"].bind(&taken)
        try map["meta", "created", as: .millisecondsSince1970].bind(&created)
        try map["meta", "updated", as: .secondsSince1970].bind(&updated)
        try map["thumbnail"].bind(&thumbnail)
        try map["ratio"].bind(&ratio)
    }
}

private let releaseJSON: Node = [
    "id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
    "homepage": "https://example.com/releases?tag=v2",
    "published": "2024-05-01T12:30:00.250+02:00",
    "created": 1_714_559_400_000,
    "updated": nil,
    "checksum": "3q2+7w==",
    "price": 19.99,
    "assets": [
        [
            "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "url": "https://example.com/a.zip", "checksum": "AAEC",
            "size": 1.5, "published": "2024-05-01T10:30:00Z", "created": 1_714_559_400_250,
        ]
    ],
]

/// A Codable model with nested keys: its plain keys must keep the coders' handling of Foundation's types.
private struct Link: Codable, Equatable {
    let url: URL
    let created: Date
    let checksum: Data
    let price: Decimal
    let title: String

    enum CodingKeys: String, NestedCodingKey {
        case url, created, checksum, price
        case title = "meta.title"
    }
}

/// The description of the error `body` throws, which must be a `TypeMismatchError`.
private func mismatch<T>(_ body: () throws -> T) -> String? {
    #expect(throws: TypeMismatchError.self) { _ = try body() }.map(String.init(describing:))
}

@Suite struct FoundationTypesInModelsTests {
    // MARK: Each type on its own

    @Test func urls() throws {
        #expect(try URL.decode("https://example.com/a?b=c") == URL(string: "https://example.com/a?b=c"))
        #expect(try URL.decode("/relative/path").path == "/relative/path")
        #expect(try URL.decode("mailto:someone@example.com").scheme == "mailto")
        #expect(try URL(string: "https://example.com/a%20b")!.makeNode() == "https://example.com/a%20b")
        #expect(
            mismatch { try URL.decode("not a url") }
                == #"TypeMismatchError at (root): expected URL but found a string: "not a url", which is not a URL"#)
        #expect(
            mismatch { try URL.decode("") }
                == #"TypeMismatchError at (root): expected URL but found a string: "", which is not a URL"#)
        #expect(mismatch { try URL.decode(1) } == "TypeMismatchError at (root): expected URL but found a number: 1")
    }

    @Test func uuids() throws {
        #expect(try UUID.decode("e621e1f8-c36c-495a-93fc-0c247a3e6e5f") == releaseID)
        #expect(try UUID.decode("E621E1F8-C36C-495A-93FC-0C247A3E6E5F") == releaseID)
        #expect(try releaseID.makeNode() == "E621E1F8-C36C-495A-93FC-0C247A3E6E5F")
        #expect(try Node(json: JSONEncoder().encode([releaseID])) == [releaseID.makeNode()], "as Foundation writes")
        #expect(
            mismatch { try UUID.decode("E621E1F8") }
                == #"TypeMismatchError at (root): expected UUID but found a string: "E621E1F8", which is not a UUID"#)
        #expect(mismatch { try UUID.decode([]) } == "TypeMismatchError at (root): expected UUID but found an array: []")
    }

    @Test func dataIsBase64() throws {
        let data = Data([0, 1, 2, 253, 254, 255])
        #expect(try data.makeNode() == "AAEC/f7/")
        #expect(try Data.decode("AAEC/f7/") == data)
        #expect(try Data.decode("") == Data())
        #expect(try Data().makeNode() == "")
        #expect(try Node(json: JSONEncoder().encode([data])) == [data.makeNode()], "as Foundation writes")
        #expect(
            mismatch { try Data.decode("not base64!") }
                == #"TypeMismatchError at (root): expected Data but found a string: "not base64!", which is not "#
                + "base64")
        #expect(throws: TypeMismatchError.self, "padding is required") { try Data.decode("AAE") }
        #expect(
            mismatch { try Data.decode([1, 2]) }
                == "TypeMismatchError at (root): expected Data but found an array: [1,2]")
    }

    @Test func decimalsAreExact() throws {
        #expect(try Decimal.decode(0.1) == Decimal(string: "0.1")!)
        #expect(try Decimal.decode(Node(json: "19.99")) == Decimal(string: "19.99")!)
        #expect(try Decimal.decode(Node(json: "18446744073709551615")) == Decimal(string: "18446744073709551615")!)
        #expect(try Decimal.decode(-42) == -42)
        // More digits than a double keeps: an exact number, and an exact decimal.
        #expect(try Decimal.decode(Node(json: "0.1234567890123456789")) == Decimal(string: "0.1234567890123456789")!)
        #expect(try Decimal.decode(Node(json: "1e120")) == Decimal(string: "1e120"), "not a double, a decimal")
        #expect(throws: TypeMismatchError.self) { try Decimal.decode(Node(json: "1e400")) }

        #expect(try Decimal(string: "12.34")!.makeNode().serialized() == "12.34")
        #expect(try Decimal(string: "-9223372036854775808")!.makeNode() == .number(.int(.min)))
        #expect(try Decimal(string: "18446744073709551615")!.makeNode() == .number(.uint(.max)))
        #expect(throws: JSONWritingError.self, "NaN cannot be written, as Double.nan cannot") {
            try Decimal.nan.makeNode().serialized()
        }
        for text in ["0", "0.1", "19.99", "-3.75", "123456789012.345"] {
            let decimal = Decimal(string: text)!
            #expect(try Decimal.decode(Node(json: decimal.makeNode().serialized())) == decimal, "\(text)")
        }

        #expect(
            mismatch { try Decimal.decode("12.34") }
                == #"TypeMismatchError at (root): expected Decimal but found a string: "12.34""#)
        #expect(
            mismatch { try Decimal.decode(.number(.double(.infinity))) }
                == "TypeMismatchError at (root): expected Decimal but found a number: inf, which does not fit in "
                + "Decimal")
    }

    // MARK: In models

    @Test func foundationTypesAtPlainKeysOfANestedCodingKeyModel() throws {
        let link = Link(
            url: URL(string: "https://example.com/a")!, created: Date(timeIntervalSince1970: 1_714_566_600),
            checksum: Data([1, 2]), price: Decimal(string: "12.34")!, title: "A")
        let json = #"""
            {"url": "https://example.com/a", "created": "2024-05-01T12:30:00Z", "checksum": "AQI=", "price": 12.34,
             "meta": {"title": "A"}}
            """#
        var decoder = NodeDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(Link.self, fromJSON: json) == link)
        #expect(try decoder.decode(Link.self, from: Node(json: json)) == link)

        var encoder = NodeEncoder()
        encoder.dateEncodingStrategy = .iso8601
        for node in [try encoder.encode(link), try Node(json: encoder.encodeJSON(link))] {
            #expect(node["url"] == "https://example.com/a")
            #expect(node["created"] == "2024-05-01T12:30:00Z")
            #expect(node["checksum"] == "AQI=")
            #expect(try node["price"]?.serialized() == "12.34")
            #expect(node["meta", "title"] == "A")
        }
    }

    @Test func aNodeDecodableModel() throws {
        let asset = try Asset.decode(releaseJSON["assets", 0]!)
        #expect(asset.id == releaseID)
        #expect(asset.url.lastPathComponent == "a.zip")
        #expect(asset.checksum == Data([0, 1, 2]))
        #expect(asset.size == Decimal(string: "1.5")!)
        #expect(asset.published == Date(timeIntervalSince1970: 1_714_559_400))
        #expect(asset.created == Date(timeIntervalSince1970: 1_714_559_400.25))
        #expect(asset.expires == nil)

        let json = try Node(
            json: #"""
                [{"id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F", "url": "/a", "checksum": "", "size": 0,
                  "published": "2024-05-01T10:30:00Z", "created": 0, "expires": "2025-05-01T10:30:00Z"}]
                """#)
        let assets = try [Asset].decode(json)
        #expect(assets.first?.expires == Date(timeIntervalSince1970: 1_746_095_400))
    }

    @Test func aMappableObjectReadsAndWritesBack() throws {
        let release = try Release(node: releaseJSON)
        #expect(release.id == releaseID)
        #expect(release.homepage.query == "tag=v2")
        #expect(release.published == Date(timeIntervalSince1970: 1_714_559_400.25))
        #expect(release.created == Date(timeIntervalSince1970: 1_714_559_400))
        #expect(release.updated == nil)
        #expect(release.checksum == Data([0xDE, 0xAD, 0xBE, 0xEF]))
        #expect(release.price == Decimal(string: "19.99")!)
        #expect(release.assets.count == 1)

        let node = try release.makeNode()
        #expect(
            node == [
                "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
                "homepage": "https://example.com/releases?tag=v2",
                "published": "2024-05-01T10:30:00.250Z",
                "created": 1_714_559_400_000,
                "checksum": "3q2+7w==",
                "price": 19.99,
            ])
        #expect(node["updated"] == nil, "a nil date is left out")

        // Through JSON text and back.
        var written = node
        written["assets"] = releaseJSON["assets"]
        let again = try Release(node: Node(json: written.serialized()))
        #expect(again == release)
    }

    @Test func aBasicMappableBindsBothWays() throws {
        let json: Node = [
            "id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f",
            "link": "https://example.com/p/1",
            "taken": "2024-05-01T10:30:00.500Z",
            "meta": ["created": 1_714_559_400_000, "updated": 1_714_559_460],
            "thumbnail": "AQID",
            "ratio": 1.25,
        ]
        var snapshot = try Snapshot(node: json)
        #expect(snapshot.id == releaseID)
        #expect(snapshot.link?.host() == "example.com")
        #expect(snapshot.taken == Date(timeIntervalSince1970: 1_714_559_400.5))
        #expect(snapshot.created == Date(timeIntervalSince1970: 1_714_559_400))
        #expect(snapshot.updated == Date(timeIntervalSince1970: 1_714_559_460))
        #expect(snapshot.thumbnail == Data([1, 2, 3]))
        #expect(snapshot.ratio == Decimal(string: "1.25")!)

        #expect(
            try snapshot.makeNode() == [
                "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
                "link": "https://example.com/p/1",
                "taken": "2024-05-01T10:30:00.500Z",
                "meta": ["created": 1_714_559_400_000, "updated": 1_714_559_460],
                "thumbnail": "AQID",
                "ratio": 1.25,
            ])
        #expect(try Snapshot(node: snapshot.makeNode()) == snapshot)

        // Missing optionals read as nil and are left out again.
        snapshot = try Snapshot(node: [
            "id": json["id"]!, "taken": "1970-01-01T00:00:00Z", "meta": ["created": 0], "thumbnail": "", "ratio": 0,
        ])
        #expect(snapshot.link == nil)
        #expect(snapshot.updated == nil)
        #expect(try snapshot.makeNode()["meta"] == ["created": 0])
        #expect(try snapshot.makeNode()["link"] == nil)
    }

    // MARK: Malformed values, with their paths

    @Test func malformedValuesInsideANodeDecodableCollectionCarryTheirPath() throws {
        var json = releaseJSON["assets"]!
        json[0]?["url"] = "https://example.com/ok"
        var broken = releaseJSON["assets", 0]!
        broken["checksum"] = "%%"
        let document: Node = ["downloads": [json[0]!, json[0]!, broken]]
        let error = #expect(throws: TypeMismatchError.self) { let _: [String: [Asset]] = try document.decode() }
        #expect(error?.formattedPath == "downloads[2].checksum")
        #expect(error?.object == "%%")
        #expect(error?.reason == "which is not base64")
        #expect(
            error?.description
                == #"TypeMismatchError at downloads[2].checksum: expected Data but found a string: "%%", which is not "#
                + "base64")
    }

    @Test func malformedDatesInsideANodeDecodableModelCarryTheirPath() {
        var asset = releaseJSON["assets", 0]!
        asset["created"] = "2024-05-01T10:30:00Z"
        let json: Node = ["assets": [asset]]
        #expect(
            mismatch { let _: [Asset] = try json.decode("assets") }
                == #"TypeMismatchError at assets[0].created: expected Date but found a string: "2024-05-01T10:30:00Z", "#
                + "which is not a number of milliseconds since 1970")
        asset["created"] = 0
        asset["expires"] = 1_714_559_400
        #expect(
            mismatch { let _: Asset = try (["a": ["b": asset]] as Node).decode("a", "b") }
                == "TypeMismatchError at a.b.expires: expected Date but found a number: 1714559400, which is not an "
                + "ISO 8601 date")
    }

    @Test func malformedValuesInsideMapModelsCarryTheirPath() throws {
        var json = releaseJSON
        json["assets"] = [releaseJSON["assets", 0]!, releaseJSON["assets", 0]!]
        json["assets", 1]?["id"] = "not-a-uuid"
        let error = #expect(throws: TypeMismatchError.self) { try Release(node: json) }
        #expect(
            error?.description
                == #"TypeMismatchError at assets[1].id: expected UUID but found a string: "not-a-uuid", which is not "#
                + "a UUID")
        #expect(error?.rootObject == json)

        json = releaseJSON
        json["homepage"] = "https://exa mple.com"
        #expect(
            mismatch { try [Release](node: [releaseJSON, json]) }
                == #"TypeMismatchError at [1].homepage: expected URL but found a string: "https://exa mple.com", "#
                + "which is not a URL")

        json = releaseJSON
        json["updated"] = "2024-05-01T10:30:00"
        #expect(
            mismatch { try Release(node: json) }
                == #"TypeMismatchError at updated: expected Date but found a string: "2024-05-01T10:30:00", which is "#
                + "not an ISO 8601 date")

        #expect(
            mismatch {
                try Snapshot(node: [
                    "id": releaseJSON["id"]!, "taken": "2024-05-01T10:30:00Z", "meta": ["created": "x"],
                ])
            }
                == #"TypeMismatchError at meta.created: expected Date but found a string: "x", which is not a number "#
                + "of milliseconds since 1970")
        #expect(
            mismatch { try Snapshot(node: ["id": releaseJSON["id"]!, "taken": "2024-02-30T10:30:00Z"]) }
                == #"TypeMismatchError at taken: expected Date but found a string: "2024-02-30T10:30:00Z", which is "#
                + "not an ISO 8601 date")
        let missing = #expect(throws: MissingKeyError.self) {
            try Release(node: ["id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "homepage": "/"])
        }
        #expect(missing?.key == "published")
        #expect(
            mismatch {
                try Release(node: ["id": "e621e1f8-c36c-495a-93fc-0c247a3e6e5f", "homepage": "/", "published": nil])
            }
                == "TypeMismatchError at published: expected Date but found null")
    }
}

import Foundation
import Genome
import Testing

// StyledCodingKey and CodingKeyStyle: one type's keys in a style of its own (MetaCodable's @CodingKeys(.snake_case),
// CodableWrappers' key-style wrappers), under Genome's coders and Foundation's, whatever the coder's strategy.

// MetaCodable's README example, in Genome's spelling: a type whose keys the API writes in snake case.
private struct Listing: Codable, Equatable {
    var listingID: Int
    var productName: String
    var priceInCents: Int
    var isAvailable: Bool?

    enum CodingKeys: String, StyledCodingKey {
        static let style = CodingKeyStyle.snakeCase
        case listingID, productName, priceInCents, isAvailable
    }
}

private struct Kebab: Codable, Equatable {
    var firstName: String
    var homePage: String

    enum CodingKeys: String, StyledCodingKey {
        static let style = CodingKeyStyle.kebabCase
        case firstName
        case homePage = "website_url"
    }
}

private struct Pascal: Codable, Equatable {
    var firstName: String
    var httpServer: String

    enum CodingKeys: String, StyledCodingKey {
        static let style = CodingKeyStyle.pascalCase
        case firstName, httpServer
    }
}

private struct Screaming: Codable, Equatable {
    var firstName: String
    var url2: String

    enum CodingKeys: String, StyledCodingKey {
        static let style = CodingKeyStyle.screamingSnakeCase
        case firstName, url2
    }
}

private struct Camel: Codable, Equatable {
    var firstName: String
    var userID: Int

    enum CodingKeys: String, StyledCodingKey {
        static let style = CodingKeyStyle.camelCase
        case firstName = "first_name"
        case userID
    }
}

/// A plain type holding a styled one: the coder's strategy still applies to the plain type's keys.
private struct Shop: Codable, Equatable {
    var shopName: String
    var topListing: Listing
    var listings: [Listing]
}

@Suite struct CodingKeyStyleTests {
    @Test(arguments: [
        ("userID", "user_id", "user-id", "userID", "UserID", "USER_ID"),
        ("HTTPServer", "http_server", "http-server", "httpServer", "HTTPServer", "HTTP_SERVER"),
        ("url2", "url2", "url2", "url2", "Url2", "URL2"),
        ("line2Address", "line2_address", "line2-address", "line2Address", "Line2Address", "LINE2_ADDRESS"),
        ("user_id", "user_id", "user-id", "userId", "UserId", "USER_ID"),
        ("display-name", "display_name", "display-name", "displayName", "DisplayName", "DISPLAY_NAME"),
        ("_id", "_id", "_id", "_id", "_Id", "_ID"),
        ("name", "name", "name", "name", "Name", "NAME"),
        ("naïveUserID", "naïve_user_id", "naïve-user-id", "naïveUserID", "NaïveUserID", "NAÏVE_USER_ID"),
        (
            "ÉtéHTTPServer2x", "été_http_server2x", "été-http-server2x", "étéHTTPServer2x", "ÉtéHTTPServer2x",
            "ÉTÉ_HTTP_SERVER2X"
        ),
        ("__a b-c__", "__a_b_c__", "__a-b-c__", "__aBC__", "__ABC__", "__A_B_C__"),
        ("", "", "", "", "", ""),
    ])
    func aNameIsSpelledInEachStyle(
        name: String, snake: String, kebab: String, camel: String, pascal: String, screaming: String
    ) {
        #expect(CodingKeyStyle.snakeCase.key(for: name) == snake)
        #expect(CodingKeyStyle.kebabCase.key(for: name) == kebab)
        #expect(CodingKeyStyle.camelCase.key(for: name) == camel)
        #expect(CodingKeyStyle.pascalCase.key(for: name) == pascal)
        #expect(CodingKeyStyle.screamingSnakeCase.key(for: name) == screaming)
    }

    @Test(arguments: ["userID", "HTTPServer", "url2", "line2Address", "user_id", "a-b c", "__x__", "ÉtéÀ"])
    func convertingTwiceIsConvertingOnce(name: String) {
        for style in [
            CodingKeyStyle.snakeCase, .kebabCase, .camelCase, .pascalCase, .screamingSnakeCase,
        ] {
            let once = style.key(for: name)
            #expect(style.key(for: once) == once, "\(style) \(name)")
        }
    }

    @Test func theStaticDecodeAPISpellsItsKeysWithTheStyle() throws {
        let json = try Node(json: #"{"listing_id": 7, "product_name": "Lamp"}"#)
        let style = CodingKeyStyle.snakeCase
        let id: Int = try json.decode(style.key(for: "listingID"))
        let name: String = try json.decode(style.key(for: "productName"))
        #expect(id == 7 && name == "Lamp")
    }
}

@Suite struct StyledCodingKeyTests {
    private let json = #"{"listing_id": 7, "product_name": "Lamp", "price_in_cents": 1999, "is_available": true}"#
    private let listing = Listing(listingID: 7, productName: "Lamp", priceInCents: 1999, isAvailable: true)

    @Test func theStyledImplementationIsChosenOverTheRawValueOne() {
        #expect(Listing.CodingKeys.listingID.stringValue == "listing_id")
        #expect(Listing.CodingKeys(stringValue: "price_in_cents") == .priceInCents)
        #expect(Listing.CodingKeys(stringValue: "priceInCents") == nil)
        #expect(Listing.CodingKeys.listingID.intValue == nil)
    }

    @Test func decodesUnderBothDecodersAndEncodesBack() throws {
        #expect(try NodeDecoder().decode(Listing.self, fromJSON: json) == listing)
        #expect(try JSONDecoder().decode(Listing.self, from: Data(json.utf8)) == listing)
        let expected = #"{"is_available":true,"listing_id":7,"price_in_cents":1999,"product_name":"Lamp"}"#
        #expect(try sortedJSON(listing) == expected)
        #expect(
            String(decoding: try NodeEncoder().encodeJSON(listing, options: .sortedKeys), as: UTF8.self) == expected)
        #expect(try NodeDecoder().decode(Listing.self, from: try NodeEncoder().encode(listing)) == listing)
    }

    @Test func everyStyleRoundTrips() throws {
        let kebab = Kebab(firstName: "Ada", homePage: "a.example")
        #expect(try sortedJSON(kebab) == #"{"first-name":"Ada","website-url":"a.example"}"#)
        #expect(try NodeEncoder().encode(kebab) == ["first-name": "Ada", "website-url": "a.example"])
        let pascal = Pascal(firstName: "Ada", httpServer: "h")
        #expect(try NodeEncoder().encode(pascal) == ["FirstName": "Ada", "HttpServer": "h"])
        let screaming = Screaming(firstName: "Ada", url2: "u")
        #expect(try NodeEncoder().encode(screaming) == ["FIRST_NAME": "Ada", "URL2": "u"])
        let camel = Camel(firstName: "Ada", userID: 1)
        #expect(try NodeEncoder().encode(camel) == ["firstName": "Ada", "userID": 1])
        try expectRoundTrip(kebab)
        try expectRoundTrip(pascal)
        try expectRoundTrip(screaming)
        try expectRoundTrip(camel)
    }

    private func expectRoundTrip<T: Codable & Equatable>(
        _ value: T, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let bytes = try NodeEncoder().encodeJSON(value)
        #expect(try NodeDecoder().decode(T.self, fromJSON: bytes) == value, sourceLocation: sourceLocation)
        #expect(try JSONDecoder().decode(T.self, from: Data(bytes)) == value, sourceLocation: sourceLocation)
        let foundation = try JSONEncoder().encode(value)
        #expect(try NodeDecoder().decode(T.self, fromJSON: foundation) == value, sourceLocation: sourceLocation)
    }

    @Test func theTypesStyleWinsOverNodeCodersStrategies() throws {
        let shopJSON = #"{"shop_name": "S", "top_listing": \#(json), "listings": [\#(json), \#(json)]}"#
        var decoder = NodeDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let shop = try decoder.decode(Shop.self, fromJSON: shopJSON)
        #expect(shop == Shop(shopName: "S", topListing: listing, listings: [listing, listing]))
        var encoder = NodeEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(try decoder.decode(Shop.self, fromJSON: try encoder.encodeJSON(shop)) == shop)
        #expect(try encoder.encode(shop) == (try Node(json: shopJSON)))
        // A custom strategy leaves the styled keys alone too.
        var upper = NodeEncoder()
        upper.keyEncodingStrategy = .custom { path in NodeCodingKey(stringValue: path.last!.stringValue.uppercased()) }
        #expect(try upper.encode(Kebab(firstName: "A", homePage: "h")) == ["first-name": "A", "website-url": "h"])
    }

    @Test func foundationsStrategyAppliesOnTopOfTheStyle() throws {
        // Documented: Foundation converts the document's keys before it compares them, so a snake case key misses.
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(throws: DecodingError.self) { try decoder.decode(Listing.self, from: Data(json.utf8)) }
    }

    @Test func aMissingKeyIsKeyNotFoundUnderItsStyledName() {
        for decode in [
            { try NodeDecoder().decode([Listing].self, fromJSON: $0) },
            { try JSONDecoder().decode([Listing].self, from: Data($0.utf8)) },
        ] as [(String) throws -> [Listing]] {
            do {
                _ = try decode(#"[\#(json), {"listing_id": 1, "price_in_cents": 2}]"#)
                Issue.record("expected an error")
            } catch DecodingError.keyNotFound(let key, let context) {
                #expect(key.stringValue == "product_name")
                #expect(context.codingPath.map(\.intValue) == [1])
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func aWrongTypeOrNullHasTheStyledKeyInItsPath() {
        for bad in [#""many""#, "null"] {
            do {
                _ = try NodeDecoder().decode(
                    Listing.self, fromJSON: #"{"listing_id": 1, "product_name": "p", "price_in_cents": \#(bad)}"#)
                Issue.record("expected an error")
            } catch let error as DecodingError {
                let path: [any CodingKey]
                switch error {
                case .typeMismatch(_, let context), .valueNotFound(_, let context): path = context.codingPath
                default: path = []
                }
                #expect(path.map(\.stringValue) == ["price_in_cents"])
            } catch {
                Issue.record("unexpected \(error)")
            }
        }
    }

    @Test func anOptionalIsNilWhenMissingOrNull() throws {
        for tail in ["", #", "is_available": null"#] {
            let json = #"{"listing_id": 1, "product_name": "p", "price_in_cents": 2\#(tail)}"#
            let expected = Listing(listingID: 1, productName: "p", priceInCents: 2, isAvailable: nil)
            #expect(try NodeDecoder().decode(Listing.self, fromJSON: json) == expected)
            #expect(try JSONDecoder().decode(Listing.self, from: Data(json.utf8)) == expected)
        }
    }

    @Test func theCamelCaseKeysOfAnotherSpellingAreNotRead() {
        #expect(throws: DecodingError.self) {
            try NodeDecoder().decode(
                Listing.self, fromJSON: #"{"listingID": 7, "productName": "Lamp", "priceInCents": 1999}"#)
        }
    }
}

/// Lists the keys it finds, through `allKeys`, which makes keys from the document's names.
private struct KeysFound: Decodable {
    var keys: [Listing.CodingKeys]
    init(from decoder: any Decoder) throws {
        keys = try decoder.container(keyedBy: Listing.CodingKeys.self).allKeys
    }
}

@Suite struct StyledCodingKeyAllKeysTests {
    @Test func allKeysFindsTheCasesOfTheStyledNames() throws {
        let json = #"{"listing_id": 1, "productName": "p", "price_in_cents": 2, "extra": 3}"#
        var decoder = NodeDecoder()
        #expect(try decoder.decode(KeysFound.self, fromJSON: json).keys == [.listingID, .priceInCents])
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        #expect(try decoder.decode(KeysFound.self, fromJSON: json).keys == [.listingID, .priceInCents])
        #expect(try JSONDecoder().decode(KeysFound.self, from: Data(json.utf8)).keys.count == 2)
    }
}

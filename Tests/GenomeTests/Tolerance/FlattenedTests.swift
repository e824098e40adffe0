import Foundation
import Genome
import Testing

// @Flattened: a nested type's members in its parent's own object (MetaCodable's @CodedAt() with no path), both
// ways, under NodeDecoder and NodeEncoder; Foundation's coders refuse it with an error that says so. The static
// API needs no wrapper: the nested type decodes from the same Node, and a Map model sequences it into the same map.

// MetaCodable's README example, in Genome's spelling: an address whose members sit beside the user's.
private struct Address: Codable, Equatable {
    var street: String
    var city: String
}

private struct User: Codable, Equatable {
    var name: String
    @Flattened var address: Address
}

private struct Contact: Codable, Equatable {
    var phone: String
    var email: String?
}

private struct Customer: Codable, Equatable {
    var id: Int
    @Flattened var address: Address
    @Flattened var contact: Contact
}

private struct MaybeAddressed: Codable, Equatable {
    var name: String
    @Flattened var address: Address?
}

private struct Geo: Codable, Equatable {
    var lat: Double
    var lon: Double
}

private struct PlacedAddress: Codable, Equatable {
    var street: String
    @Flattened var geo: Geo
}

private struct Place: Codable, Equatable {
    var title: String
    @Flattened var address: PlacedAddress
}

private struct Labelled: Codable, Equatable {
    var street: String
    @Flattened var address: Address
}

private struct SnakeAddress: Codable, Equatable {
    var streetName: String
    var postCode: String
}

private struct SnakeUser: Codable, Equatable {
    var fullName: String
    @Flattened var address: SnakeAddress
}

private struct NestedKeyUser: Codable, Equatable {
    var login: String
    @Flattened var address: Address
    enum CodingKeys: String, NestedCodingKey {
        case login = "account.login"
        case address
    }
}

private struct Scalar: Codable, Equatable {
    var id: Int
    @Flattened var count: Int
}

private let adaUser = User(name: "Ada", address: Address(street: "1 Loop", city: "Cupertino"))
private let adaUserJSON = #"{"name": "Ada", "street": "1 Loop", "city": "Cupertino"}"#

private func expectError<T: Decodable>(
    _ type: T.Type, _ json: String, path: [String], sourceLocation: SourceLocation = #_sourceLocation
) {
    do {
        _ = try NodeDecoder().decode(type, fromJSON: json)
        Issue.record("expected an error", sourceLocation: sourceLocation)
    } catch let error as DecodingError {
        let context: DecodingError.Context?
        switch error {
        case .keyNotFound(let key, let found):
            context = .init(codingPath: found.codingPath + [key], debugDescription: "")
        case .typeMismatch(_, let found), .valueNotFound(_, let found), .dataCorrupted(let found): context = found
        @unknown default: context = nil
        }
        let keys = context?.codingPath.map { $0.intValue.map { "[\($0)]" } ?? $0.stringValue }
        #expect(keys == path, sourceLocation: sourceLocation)
    } catch {
        Issue.record("unexpected \(error)", sourceLocation: sourceLocation)
    }
}

@Suite struct FlattenedTests {
    @Test func membersAreReadFromTheParentsObjectAndWrittenBack() throws {
        #expect(try NodeDecoder().decode(User.self, fromJSON: adaUserJSON) == adaUser)
        #expect(try NodeEncoder().encode(adaUser) == ["name": "Ada", "street": "1 Loop", "city": "Cupertino"])
        let bytes = try NodeEncoder().encodeJSON(adaUser)
        #expect(String(decoding: bytes, as: UTF8.self) == #"{"name":"Ada","street":"1 Loop","city":"Cupertino"}"#)
        #expect(try NodeDecoder().decode(User.self, fromJSON: bytes) == adaUser)
    }

    @Test func thePropertysOwnKeyIsNeverRead() throws {
        let json = #"{"name": "Ada", "address": 42, "street": "1 Loop", "city": "Cupertino"}"#
        #expect(try NodeDecoder().decode(User.self, fromJSON: json) == adaUser)
    }

    @Test func aMissingMemberIsKeyNotFoundAtTheParentsPath() {
        expectError([User].self, #"[\#(adaUserJSON), {"name": "B", "street": "s"}]"#, path: ["[1]", "city"])
        expectError([User].self, #"[{"name": "B", "street": 5, "city": "c"}]"#, path: ["[0]", "street"])
        expectError(User.self, #"{"name": "B", "street": null, "city": "c"}"#, path: ["street"])
        expectError(User.self, #"{"name": "B", "street": "s", "address": {"city": "c"}}"#, path: ["city"])
    }

    @Test func inArraysOfTheParent() throws {
        let users = try NodeDecoder().decode([User].self, fromJSON: "[\(adaUserJSON), \(adaUserJSON)]")
        #expect(users == [adaUser, adaUser])
        #expect(try NodeDecoder().decode([User].self, fromJSON: try NodeEncoder().encodeJSON(users)) == users)
    }

    @Test func twoFlattenedMembers() throws {
        let json = #"{"id": 1, "street": "s", "city": "c", "phone": "555"}"#
        let customer = try NodeDecoder().decode(Customer.self, fromJSON: json)
        let expected = Customer(
            id: 1, address: Address(street: "s", city: "c"), contact: Contact(phone: "555", email: nil))
        #expect(customer == expected)
        #expect(try NodeEncoder().encode(customer) == ["id": 1, "street": "s", "city": "c", "phone": "555"])
    }

    @Test func anOptionalIsNilWhenOneOfItsOwnMembersIsMissingOrNull() throws {
        for json in [
            #"{"name": "A"}"#, #"{"name": "A", "street": "s"}"#, #"{"name": "A", "street": "s", "city": null}"#,
        ] {
            #expect(
                try NodeDecoder().decode(MaybeAddressed.self, fromJSON: json) == MaybeAddressed(name: "A", address: nil)
            )
        }
        let full = try NodeDecoder().decode(MaybeAddressed.self, fromJSON: adaUserJSON)
        #expect(full == MaybeAddressed(name: "Ada", address: adaUser.address))
        #expect(try NodeEncoder().encode(MaybeAddressed(name: "A", address: nil)) == ["name": "A"])
        #expect(try NodeEncoder().encode(full) == (try Node(json: adaUserJSON)))
        // A member of the wrong type is an error, not an absence.
        expectError(MaybeAddressed.self, #"{"name": "A", "street": 1, "city": "c"}"#, path: ["street"])
    }

    @Test func flattenedValuesNest() throws {
        let json = #"{"title": "HQ", "street": "s", "lat": 1.5, "lon": 2}"#
        let place = try NodeDecoder().decode(Place.self, fromJSON: json)
        #expect(place == Place(title: "HQ", address: PlacedAddress(street: "s", geo: Geo(lat: 1.5, lon: 2))))
        #expect(try NodeEncoder().encode(place) == ["title": "HQ", "street": "s", "lat": 1.5, "lon": 2])
        expectError([Place].self, #"[{"title": "HQ", "street": "s", "lat": 1.5}]"#, path: ["[0]", "lon"])
    }

    @Test func onAKeyClashBothReadTheKeyAndTheLaterPropertyIsWritten() throws {
        let json = #"{"street": "s", "city": "c"}"#
        let labelled = try NodeDecoder().decode(Labelled.self, fromJSON: json)
        #expect(labelled == Labelled(street: "s", address: Address(street: "s", city: "c")))
        let clash = Labelled(street: "parent", address: Address(street: "child", city: "c"))
        #expect(try NodeEncoder().encode(clash) == ["street": "child", "city": "c"])
        #expect(
            String(decoding: try NodeEncoder().encodeJSON(clash), as: UTF8.self) == #"{"street":"child","city":"c"}"#)
    }

    @Test func keyStrategiesApplyToEachTypesKeys() throws {
        var decoder = NodeDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        let json = #"{"full_name": "A", "street_name": "s", "post_code": "p"}"#
        let user = try decoder.decode(SnakeUser.self, fromJSON: json)
        #expect(user == SnakeUser(fullName: "A", address: SnakeAddress(streetName: "s", postCode: "p")))
        var encoder = NodeEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        #expect(try encoder.encode(user) == (try Node(json: json)))
    }

    @Test func withNestedCodingKeys() throws {
        let json = #"{"account": {"login": "adaUser"}, "street": "s", "city": "c"}"#
        let user = try NodeDecoder().decode(NestedKeyUser.self, fromJSON: json)
        #expect(user == NestedKeyUser(login: "adaUser", address: Address(street: "s", city: "c")))
        #expect(try NodeEncoder().encode(user) == (try Node(json: json)))
    }

    @Test func aValueThatIsNotAnObjectCannotBeFlattenedIntoOne() {
        #expect(throws: EncodingError.self) { try NodeEncoder().encode(Scalar(id: 1, count: 2)) }
        #expect(throws: DecodingError.self) { try NodeDecoder().decode(Scalar.self, fromJSON: #"{"id": 1}"#) }
    }

    @Test func foundationsCodersSayTheyCannot() {
        do {
            _ = try JSONDecoder().decode(User.self, from: Data(adaUserJSON.utf8))
            Issue.record("expected an error")
        } catch DecodingError.dataCorrupted(let context) {
            #expect(context.codingPath.map(\.stringValue) == ["address"])
            #expect(context.debugDescription.hasPrefix("@Flattened needs NodeDecoder"))
        } catch {
            Issue.record("unexpected \(error)")
        }
        do {
            _ = try JSONEncoder().encode(adaUser)
            Issue.record("expected an error")
        } catch EncodingError.invalidValue(_, let context) {
            #expect(context.debugDescription.hasPrefix("@Flattened needs NodeEncoder"))
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func onItsOwnAFlattenedValueIsJustItsValue() throws {
        let values = [Flattened(wrappedValue: Address(street: "s", city: "c"))]
        #expect(try NodeEncoder().encode(values) == [["street": "s", "city": "c"]])
        #expect(
            try NodeDecoder().decode([Flattened<Address>].self, fromJSON: #"[{"street": "s", "city": "c"}]"#) == values)
        #expect(
            try JSONDecoder().decode([Flattened<Address>].self, from: Data(#"[{"street": "s", "city": "c"}]"#.utf8))
                == values)
    }
}

// The static-decode API: the nested type reads the same Node, and a Map model writes into the same map.

private struct StaticAddress: NodeDecodable, Equatable {
    var street: String
    var city: String
    static func decode(_ json: Node) throws -> StaticAddress {
        try StaticAddress(street: json.decode("street"), city: json.decode("city"))
    }
}

private struct StaticUser: NodeDecodable, Equatable {
    var name: String
    var address: StaticAddress
    static func decode(_ json: Node) throws -> StaticUser {
        try StaticUser(name: json.decode("name"), address: StaticAddress.decode(json))
    }
}

private struct MappedAddress: MappableObject, Equatable {
    var street: String
    var city: String
    init(street: String, city: String) {
        self.street = street
        self.city = city
    }
    init(map: Map) throws {
        street = try map.extract("street")
        city = try map.extract("city")
    }
    func sequence(_ map: Map) throws {
        try map["street"].write(street)
        try map["city"].write(city)
    }
}

private struct MappedUser: MappableObject, Equatable {
    var name: String
    var address: MappedAddress
    init(name: String, address: MappedAddress) {
        self.name = name
        self.address = address
    }
    init(map: Map) throws {
        name = try map.extract("name")
        address = try MappedAddress(map: map)
    }
    func sequence(_ map: Map) throws {
        try map["name"].write(name)
        try address.sequence(map)
    }
}

@Suite struct FlattenedStaticDecodeTests {
    @Test func theNestedTypeDecodesFromTheSameNode() throws {
        let json = try Node(json: adaUserJSON)
        #expect(
            try StaticUser.decode(json)
                == StaticUser(name: "Ada", address: StaticAddress(street: "1 Loop", city: "Cupertino")))
        #expect(throws: (any Error).self) { try StaticUser.decode(try Node(json: #"{"name": "A", "street": "s"}"#)) }
        let users = try [StaticUser].decode(try Node(json: "[\(adaUserJSON)]"))
        #expect(users.count == 1)
    }

    @Test func aMapModelReadsAndWritesTheNestedMembersInItsOwnObject() throws {
        let user = try MappedUser(node: try Node(json: adaUserJSON))
        #expect(user == MappedUser(name: "Ada", address: MappedAddress(street: "1 Loop", city: "Cupertino")))
        #expect(try user.makeNode() == (try Node(json: adaUserJSON)))
    }
}

private enum Unknown: DefaultValueProvider {
    static let defaultValue = "unknown"
}

private struct Region: Codable, Equatable {
    var country: String
    @Default<Unknown> var state: String
}

private struct Office: Codable, Equatable {
    var name: String
    @Flattened var region: Region
}

@Suite struct FlattenedRecoveryTests {
    @Test func aRecoveryInsideAFlattenedValueHasTheParentsPath() throws {
        let json = #"[{"name": "HQ", "country": "SE", "state": "S"}, {"name": "Annex", "country": "NO"}]"#
        let (offices, report) = try RecoveryReport.collect { try NodeDecoder().decode([Office].self, fromJSON: json) }
        #expect(offices.map(\.region.state) == ["S", "unknown"])
        #expect(report.count == 1)
        #expect(report.first?.description.hasPrefix("default used at [1].state: keyNotFound") == true)
    }
}

// Decoding data that is almost right, without macros: defaults, lossy collections, unknown enum cases,
// coercion, tagged polymorphism and nested keys, with a report of everything that was recovered.
// The examples follow the features of BetterCodable and MetaCodable, spelled with Genome.
import Foundation
import GenomeFoundation

let decoder = NodeDecoder()

// MARK: Lossy arrays and dictionaries (BetterCodable's @LossyArray, @LossyDictionary)

struct Scores: Codable {
    @LossyArray var points: [Int]  // nulls and strings are dropped
    @LossyDictionary var byPlayer: [String: Int]
}

let (scores, scoreReport) = try RecoveryReport.collect {
    try decoder.decode(
        Scores.self, fromJSON: #"{"points": [3, null, 5, "six", 8], "byPlayer": {"ada": 3, "bob": null, "cy": 9}}"#)
}
print(scores.points, scores.byPlayer.sorted { $0.key < $1.key })
print(scoreReport)
assert(scores.points == [3, 5, 8] && scores.byPlayer == ["ada": 3, "cy": 9])
assert(scores.$points.failures.map(\.index) == [1, 3])

// MARK: Defaults (BetterCodable's @DefaultFalse, @DefaultEmptyArray, @DefaultCodable; MetaCodable's @Default)

enum Unnamed: DefaultValueProvider {
    static let defaultValue = "unnamed"
    static let nullAsMissing = true  // null also gives "unnamed"
}

struct Profile: Codable {
    @Default<Unnamed> var name: String
    @DefaultFalse var isVerified: Bool
    @DefaultEmpty var badges: [String]
    @DefaultEmptyDictionary var links: [String: String]
}

let (profile, profileReport) = try RecoveryReport.collect {
    try decoder.decode(Profile.self, fromJSON: #"{"name": null, "badges": ["early"]}"#)
}
print(profile.name, profile.isVerified, profile.badges, profile.links)
print(profileReport)
assert(profile.name == "unnamed" && !profile.isVerified && profile.badges == ["early"] && profile.links.isEmpty)

// A wrong type is still an error: defaults are for what is missing.
do {
    _ = try decoder.decode(Profile.self, fromJSON: #"{"isVerified": "maybe"}"#)
    fatalError("expected an error")
} catch DecodingError.typeMismatch(_, let context) {
    print("still strict:", context.codingPath.map(\.stringValue), context.debugDescription)
}

// MARK: Values in the wrong JSON type (BetterCodable's @LosslessValue, for the coercions Genome has)

struct Listing: Codable {
    @Coerced var price: Double  // 9.5 or "9.5"
    @Coerced var inStock: Bool  // true, 1 or "true"
    @Coerced var sizes: [Int]  // [38, 40] or 38
}

let listing = try decoder.decode(Listing.self, fromJSON: #"{"price": "9.5", "inStock": 1, "sizes": 38}"#)
print(listing.price, listing.inStock, listing.sizes)
assert(listing.price == 9.5 && listing.inStock && listing.sizes == [38])

// Or for every field of one decoder:
var lenient = NodeDecoder()
lenient.coercions = .all
struct Plain: Codable { let price: Double; let inStock: Bool }
print(try lenient.decode(Plain.self, fromJSON: #"{"price": "2", "inStock": "false"}"#))

// MARK: Dates (BetterCodable's @DateValue): a format per property, or one strategy per decoder

struct Post: Codable {
    @DateValue<NodeDateFormat.MillisecondsSince1970> var created: Date
    @DateValue<NodeDateFormat.ISO8601> var edited: Date
    @OptionalDateValue<NodeDateFormat.ISO8601> var deleted: Date?
}
let post = try decoder.decode(Post.self, fromJSON: #"{"created": 1714555800000, "edited": "2024-05-01T09:30:00Z"}"#)
print(post.created, post.edited, post.deleted as Any)
assert(post.created == post.edited && post.deleted == nil)

struct Event: Codable { let startsAt: Date }
var dates = NodeDecoder()
dates.dateDecodingStrategy = .iso8601
let event = try dates.decode(Event.self, fromJSON: #"{"startsAt": "2024-05-01T09:30:00Z"}"#)
dates.dateDecodingStrategy = .secondsSince1970
let sameEvent = try dates.decode(Event.self, fromJSON: #"{"startsAt": 1714555800}"#)
print(event.startsAt, sameEvent.startsAt)
assert(event.startsAt == sameEvent.startsAt)

// MARK: Unknown enum cases

enum Plan: String, Codable, UnknownCaseRepresentable {
    case free, pro, unknown
    static let unknownCase = Plan.unknown
}
print(try decoder.decode([Plan].self, fromJSON: #"["free", "enterprise", "pro"]"#))

// MARK: Nested keys (MetaCodable's @CodedAt and @CodedIn)

struct Place: Codable {
    let title: String
    let latitude: Double
    let longitude: Double
    @DefaultZero var elevation: Double

    enum CodingKeys: String, NestedCodingKey {
        case title = "info.title"
        case latitude = "position.lat"
        case longitude = "position.lon"
        case elevation = "position.elevation"
    }
}

let place = try decoder.decode(
    Place.self, fromJSON: #"{"info": {"title": "Summit"}, "position": {"lat": 46.5, "lon": 8.0}}"#)
print(place.title, place.latitude, place.longitude, place.elevation)
print(try NodeEncoder().encode(place).serialized([.sortedKeys]))

// MARK: Tagged enums, internal and adjacent (MetaCodable's @CodedAt("type") and @ContentAt)

struct Open: Codable, Equatable { let path: String }
struct Write: Codable, Equatable { let path: String; let bytes: Int }

enum Operation: TaggedCodable, Equatable {
    case open(Open)
    case write(Write)
    case close
    static let tagging = Tagging<Operation>(
        key: "op",
        [
            .variant("open", Open.self, Operation.open),
            .variant("write", Write.self, Operation.write),
            .variant("close", Operation.close),
        ])
}

let operations = try decoder.decode(
    [Operation].self,
    fromJSON: #"[{"op": "open", "path": "/tmp/a"}, {"op": "write", "path": "/tmp/a", "bytes": 3}, {"op": "close"}]"#)
print(operations)
print(try NodeEncoder().encode(operations).serialized())

enum Notice: TaggedCodable {
    case text(String)
    case link(URL)
    case unsupported
    static let tagging = Tagging<Notice>(
        key: "kind", content: "body",
        [.variant("text", String.self, Notice.text), .variant("link", URL.self, Notice.link)],
        fallback: .unsupported)
}

let (notices, noticeReport) = try RecoveryReport.collect {
    try decoder.decode(
        [Notice].self,
        fromJSON:
            #"[{"kind": "text", "body": "hi"}, {"kind": "poll", "body": {}}, {"kind": "link", "body": "https://swift.org"}]"#
    )
}
print(notices)
print(noticeReport)

// An unknown tag without a fallback lists the known ones.
do {
    _ = try decoder.decode(Operation.self, fromJSON: #"{"op": "delete"}"#)
} catch DecodingError.dataCorrupted(let context) {
    print(context.debugDescription)
}

// MARK: Class hierarchies (MetaCodable's protocol and class polymorphism)

class Vehicle: Codable, TaggedCodable, @unchecked Sendable {
    var wheels: Int
    init(wheels: Int) { self.wheels = wheels }
    static let tagging = Tagging<Vehicle>(
        key: "kind",
        [
            .variant("bike", Bike.self) { $0 },
            .variant("car", Car.self) { $0 },
        ])
}
final class Bike: Vehicle, @unchecked Sendable {}
final class Car: Vehicle, @unchecked Sendable {}

struct Garage: Codable {
    @Polymorphic var vehicles: [Vehicle]
}

let garage = try decoder.decode(
    Garage.self, fromJSON: #"{"vehicles": [{"kind": "bike", "wheels": 2}, {"kind": "car", "wheels": 4}]}"#)
print(garage.vehicles.map { "\(type(of: $0)) with \($0.wheels) wheels" })
print(try NodeEncoder().encode(garage).serialized())

// MARK: Everything recovered, in one report, and to the loggers

let token = ErrorLoggers.add { error in
    if let recovery = error as? Recovery { print("logged:", recovery) }
}
_ = try decoder.decode(Scores.self, fromJSON: #"{"points": [1, "x"], "byPlayer": {}}"#)
ErrorLoggers.remove(token)

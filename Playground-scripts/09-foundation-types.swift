// Foundation's Date, URL, UUID, Data and Decimal in Genome's own models: a Map model and a NodeDecodable model.
import Foundation
import GenomeFoundation
import GenomeOperators

let json = try Node(
    json: """
        {
            "id": "E621E1F8-C36C-495A-93FC-0C247A3E6E5F",
            "homepage": "https://example.com/releases?tag=v2",
            "published": "2024-05-01T12:30:00.250+02:00",
            "created": 1714559400000,
            "updated": null,
            "checksum": "3q2+7w==",
            "price": 19.99
        }
        """)

// A Map model: `extract` in `init(map:)`, one `sequence(_:)` for writing. Dates read ISO 8601
// on their own; `created` asks for milliseconds.
struct Release: MappableObject {
    let id: UUID
    let homepage: URL
    let published: Date
    let created: Date
    let updated: Date?
    let checksum: Data
    let price: Decimal

    init(map: Map) throws {
        id = try map.extract("id")
        homepage = try map.extract("homepage")
        published = try map.extract("published")
        created = try map.extract("created", as: .millisecondsSince1970)
        updated = try map.extract("updated")
        checksum = try map.extract("checksum")
        price = try map.extract("price")
    }

    func sequence(_ map: Map) throws {
        try id ~> map["id"]
        try homepage ~> map["homepage"]
        try published ~> map["published"]
        try created ~> map["created", as: .millisecondsSince1970]
        try updated ~> map["updated"]
        try checksum ~> map["checksum"]
        try price ~> map["price"]
    }
}

let release = try Release(node: json)
print("id:", release.id)
print("homepage:", release.homepage.host() ?? "?")
print("published:", release.published)
print("created:", release.created)
print("updated:", release.updated.map { "\($0)" } ?? "never")
print("checksum:", release.checksum.map { String($0, radix: 16) }.joined())
print("price:", release.price, "(exactly: \(release.price == Decimal(string: "19.99")!))")
print("back to JSON:", try release.makeNode().serialized([.sortedKeys]))

// The same fields in a BasicMappable model, bound both ways with `<~>`.
struct Snapshot: BasicMappable {
    var published = Date.distantPast
    var created = Date.distantPast
    var updated: Date?
    init() {}
    mutating func sequence(_ map: Map) throws {
        try published <~> map["published"]
        try created <~> map["created", as: .millisecondsSince1970]
        try updated <~> map["updated", as: .iso8601WithFractionalSeconds]
    }
}
var snapshot = try Snapshot(node: json)
snapshot.updated = snapshot.published
print("snapshot:", try snapshot.makeNode().serialized([.sortedKeys]))

// A NodeDecodable model: a static `decode`, with `json.decode` or `=>`.
struct Download: NodeDecodable {
    let url: URL
    let sha: Data
    let size: Decimal
    let at: Date

    static func decode(_ json: Node) throws -> Download {
        try Download(
            url: json => "url",
            sha: json => "sha",
            size: json.decode("size"),
            at: json.decode("at", as: .secondsSince1970))
    }
}

let downloads: [Download] = try [Download].decode([
    ["url": "https://example.com/a.zip", "sha": "AAEC", "size": 1.5, "at": 1_714_559_400],
    ["url": "https://example.com/b.zip", "sha": "AwQF", "size": 2, "at": 1_714_559_460.5],
])
for download in downloads {
    print(
        "download:", download.url.lastPathComponent, download.sha.count, "bytes of sha,", download.size, "MB at",
        download.at)
}

// A format of your own, kept next to the models that use it.
extension NodeDateFormat {
    static let day = NodeDateFormat.formatted(Date.ISO8601FormatStyle().year().month().day())
}
let holidays: [Date] = try Node(json: #"{"holidays": ["2024-12-25", "2025-01-01"]}"#).decode("holidays", as: .day)
print("holidays:", try holidays.makeNode(as: .day), "or, on their own:", try holidays.makeNode())

// Malformed values are errors with the path to them.
let broken: Node = [
    ["url": "https://example.com/a.zip", "sha": "AAEC", "size": 1, "at": 0],
    ["url": "not a url", "sha": "AAEC", "size": 1, "at": 0],
]
do { _ = try [Download].decode(broken) } catch { print(error) }
do { _ = try Release(node: ["id": "E621E1F8", "homepage": "/", "published": "x"]) } catch { print(error) }
do { _ = try Snapshot(node: ["published": "2024-05-01T12:30:00Z", "created": "yesterday"]) } catch { print(error) }
// A number says nothing of its unit: a Date needs a format that does, and a count must be a date in the years 1 to
// 9999 (here, milliseconds read as seconds).
do { _ = try Snapshot(node: ["published": 1_714_559_400, "created": 0]) } catch { print(error) }
do { _ = try Node(["at": 1_714_559_400_000]).decode("at", as: .secondsSince1970) as Date } catch { print(error) }

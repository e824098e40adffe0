// A messy payload from a real-world shop API, decoded with every repair in one report: defaults on failure,
// lossless values written back as they came, lenient and spelled Bools, per-property Data and date formats,
// fallback keys, nil written as null, a lossy Set and a lossy array of a class family; then a seller whose keys are
// in snake case of their own and whose address sits in its own object.
import Foundation
import GenomeFoundation

enum NoCurrency: DefaultValueProvider {
    static let defaultValue = "EUR"
}

enum Unrated: DefaultValueProvider {
    static let defaultValue = 0
}

class Media: Codable, TaggedCodable, @unchecked Sendable {
    var url: String
    static var tagging: Tagging<Media> {
        Tagging(key: "kind", [.variant("image", Image.self) { $0 }, .variant("video", Video.self) { $0 }])
    }
}
final class Image: Media, @unchecked Sendable {}
final class Video: Media, @unchecked Sendable {}

struct Product: Codable {
    @LosslessValue var sku: String  // 10023 one day, "10023" the next
    let name: String
    @DefaultOnFailure<NoCurrency> var currency: String  // a currency code, or garbage
    @LenientBool var inStock: Bool  // "Yes", "no", 1…
    @BoolAsInt var isFeatured: Bool  // the API writes 0 and 1, and wants them back
    @LossySet var tags: Set<String>
    @LossyPolymorphic var media: [Media]
    @DataValue<DataValueFormats.Hexadecimal> var checksum: Data
    @DateValue<NodeDateFormat.RFC2822> var published: Date
    @DateValue<NodeDateFormat.YearMonthDay> var availableFrom: Date
    @NonConformingFloat<NonConformingFloatSpellings.JavaScript> var maxDiscount: Double
    @FallbackEncoding<Unrated> var rating: Int?
    @EncodeNulls var clearance: String?

    enum CodingKeys: String, NestedCodingKey {
        case sku
        case name = "name|title"  // renamed last year: old records say "title"
        case currency = "price.currency"
        case inStock = "stock.available"
        case isFeatured = "featured"
        case tags, media, checksum, published
        case availableFrom = #"availability.from\.date"#  // a key with a dot in its name
        case maxDiscount = "price.maxDiscount"
        case rating, clearance
    }
}

let payload = #"""
    [
      {"sku": 10023, "title": "Kettle", "price": {"currency": 978, "maxDiscount": "Infinity"},
       "stock": {"available": "Yes"}, "featured": 1, "tags": ["kitchen", 7, "steel", "kitchen", null],
       "media": [{"kind": "image", "url": "k.png"}, {"kind": "hologram", "url": "k.holo"}, {"kind": "video", "url": "k.mp4"}],
       "checksum": "00ff10", "published": "Wed, 01 May 2024 14:30:00 +0200",
       "availability": {"from.date": "2024-05-02"}},
      {"sku": "A-7", "name": "Mug", "price": {"currency": "USD", "maxDiscount": 0.25},
       "stock": {"available": 0}, "featured": 0, "tags": [], "media": [],
       "checksum": "", "published": "2 May 2024 08:00 GMT",
       "availability": {"from.date": "2024-05-03"}, "rating": 4, "clearance": "final sale"}
    ]
    """#

let (products, report) = try RecoveryReport.collect {
    try NodeDecoder().decode([Product].self, fromJSON: payload)
}

for product in products {
    print(
        product.sku, product.name, product.currency, product.inStock, product.isFeatured, product.tags.sorted(),
        product.media.map { "\(type(of: $0)) \($0.url)" }, product.checksum.map { $0 }, product.maxDiscount)
}
print(report)

assert(products.map(\.sku) == ["10023", "A-7"] && products.map(\.name) == ["Kettle", "Mug"])
assert(products.map(\.currency) == ["EUR", "USD"] && products.map(\.inStock) == [true, false])
assert(products[0].tags == ["kitchen", "steel"] && products[0].media.count == 2 && products[0].media[1] is Video)
assert(products[0].maxDiscount == .infinity && products[0].rating == nil)
assert(
    report.map(\.formattedPath) == [
        "[0].sku", "[0].price.currency", "[0].stock.available", "[0].tags[1]", "[0].tags[4]", "[0].media[1]",
        "[1].stock.available",
    ])

// Written back: the sku as the number it came as, 0/1 for the featured flag, nil as null or as the fallback.
let written = try NodeEncoder().encode(products[0]).serialized([.sortedKeys])
print(written)
assert(written.contains(#""sku":10023"#) && written.contains(#""featured":1"#))
assert(written.contains(#""clearance":null"#) && written.contains(#""rating":0"#))
assert(written.contains(#""from.date":"2024-05-02""#))

// The seller: its keys in snake case whatever the decoder's strategy, its address's members beside its own.
struct SellerAddress: Codable {
    var streetName: String
    var city: String
    enum CodingKeys: String, StyledCodingKey {
        static let style = CodingKeyStyle.snakeCase
        case streetName, city
    }
}

struct Seller: Codable {
    var sellerID: Int
    @Flattened var address: SellerAddress
    enum CodingKeys: String, StyledCodingKey {
        static let style = CodingKeyStyle.snakeCase
        case sellerID, address
    }
}

let seller = try NodeDecoder().decode(
    Seller.self, fromJSON: #"{"seller_id": 9, "street_name": "Storgata 1", "city": "Oslo"}"#)
print(seller.sellerID, seller.address.streetName, seller.address.city)
let sellerWritten = try NodeEncoder().encode(seller).serialized([.sortedKeys])
print(sellerWritten)
assert(sellerWritten == #"{"city":"Oslo","seller_id":9,"street_name":"Storgata 1"}"#)

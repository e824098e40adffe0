// A process with Genome but without GenomeFoundation, for GenomeFoundationTests' `WithoutGenomeFoundationTests`
// (a test bundle links every module, so it cannot see this case itself). It codes each Foundation type whose own
// Codable differs from JSONEncoder's and prints, one line each, the type and the error's first words, or the JSON
// it wrote, which would be the bug.
import Foundation
import Genome

struct Link: Codable { var href: URL }
struct Blob: Codable { var bytes: Data }
struct Price: Codable { var amount: Decimal }
struct Stamp: Codable { var at: Date }

func encode<T: Encodable>(_ name: String, _ value: T) {
    do {
        let json = try NodeEncoder().encodeJSON(value)
        print("\(name) encoded \(String(decoding: json, as: UTF8.self))")
    } catch let EncodingError.invalidValue(_, context) {
        print("\(name) invalidValue at \(context.codingPath.map(\.stringValue)): \(context.debugDescription)")
    } catch {
        print("\(name) other error: \(error)")
    }
}

func decode<T: Decodable>(_ name: String, _ type: T.Type, _ json: String) {
    do {
        _ = try NodeDecoder().decode(T.self, fromJSON: json)
        print("\(name) decoded")
    } catch let DecodingError.typeMismatch(_, context) {
        print("\(name) typeMismatch at \(context.codingPath.map(\.stringValue)): \(context.debugDescription)")
    } catch {
        print("\(name) other error: \(error)")
    }
}

encode("URL", Link(href: URL(string: "https://example.com/a")!))
encode("Data", Blob(bytes: Data([1, 2, 3])))
encode("Decimal", Price(amount: Decimal(string: "12.34")!))
encode("Date", Stamp(at: Date(timeIntervalSinceReferenceDate: 0)))
decode("URL", Link.self, #"{"href":"https://example.com/a"}"#)
decode("Data", Blob.self, #"{"bytes":"AQID"}"#)
decode("Decimal", Price.self, #"{"amount":12.34}"#)
decode("Date", Stamp.self, #"{"at":0}"#)

import Foundation
import Genome
import Testing

// @LosslessValue: BetterCodable's lossless values (strings from numbers and Bools, and the other way), written back
// in the JSON type they came as, under NodeDecoder, JSONDecoder and the static-decode API.

private struct Product: Codable, Equatable {
    @LosslessValue var sku: String
    @LosslessValue var inStock: Bool
}

private struct Listing: Codable, Equatable {
    @LosslessValue var id: String
    @LosslessValue var price: Double
    @LosslessValue var count: Int
    @LosslessValue var label: String
}

private struct Shelf: Codable, Equatable {
    let products: [Product]
}

@Suite struct LosslessValueTests {
    let decoder = NodeDecoder()

    @Test func theReadmeExampleReadsAStringFromANumberAndABoolFromAString() throws {
        let (product, report) = try RecoveryReport.collect {
            try decoder.decode(Product.self, fromJSON: #"{"sku": 12345, "inStock": "true"}"#)
        }
        #expect(product.sku == "12345" && product.inStock)
        #expect(report.map(\.formattedPath) == ["sku", "inStock"])
        #expect(report.allSatisfy { $0.kind == .valueCoerced })
        #expect(
            report.map(\.description) == [
                "value coerced at sku: typeMismatch: Expected to decode String but found number instead.",
                "value coerced at inStock: typeMismatch: Expected to decode Bool but found a string instead.",
            ])
        #expect(try NodeEncoder().encode(product) == ["sku": 12345, "inStock": "true"])
    }

    @Test func eachValueIsWrittenBackInTheJSONTypeItCameAs() throws {
        let json = #"{"id": 9007199254740993, "price": "19.99", "count": "-3", "label": false}"#
        let listing = try decoder.decode(Listing.self, fromJSON: json)
        #expect(listing.id == "9007199254740993" && listing.price == 19.99 && listing.count == -3)
        #expect(listing.label == "false")
        let node = try NodeEncoder().encode(listing)
        #expect(node == ["id": 9_007_199_254_740_993, "price": "19.99", "count": "-3", "label": false])
        #expect(
            String(decoding: try NodeEncoder().encodeJSON(listing), as: UTF8.self)
                == #"{"id":9007199254740993,"price":"19.99","count":"-3","label":false}"#)
    }

    @Test func valuesOfTheRightTypeAreNotReportedAndAreWrittenAsTheirType() throws {
        let json = #"{"id": "a1", "price": 2.5, "count": 4, "label": "x"}"#
        let (listing, report) = try RecoveryReport.collect { try decoder.decode(Listing.self, fromJSON: json) }
        #expect(report.isEmpty)
        #expect(try NodeEncoder().encode(listing) == ["id": "a1", "price": 2.5, "count": 4, "label": "x"])
    }

    @Test func aValueChangedAfterReadingKeepsItsJSONTypeWhenItCan() throws {
        var product = try decoder.decode(Product.self, fromJSON: #"{"sku": 1, "inStock": "false"}"#)
        product.sku = "2"
        product.inStock = true
        #expect(try NodeEncoder().encode(product) == ["sku": 2, "inStock": "true"])
        product.sku = "two"
        #expect(try NodeEncoder().encode(product) == ["sku": "two", "inStock": "true"])
        #expect(try NodeEncoder().encode(Product(sku: "3", inStock: false)) == ["sku": "3", "inStock": false])
    }

    @Test func textTheTypeDoesNotAcceptNullArraysAndMissingKeysStillThrow() {
        #expect(throws: DecodingError.self) {
            try decoder.decode(Product.self, fromJSON: #"{"sku": "1", "inStock": "yes"}"#)
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(Product.self, fromJSON: #"{"sku": null, "inStock": true}"#)
        }
        #expect(throws: DecodingError.self) {
            try decoder.decode(Product.self, fromJSON: #"{"sku": [1], "inStock": true}"#)
        }
        #expect(throws: DecodingError.self) { try decoder.decode(Product.self, fromJSON: #"{"inStock": true}"#) }
        do {
            _ = try decoder.decode(Listing.self, fromJSON: #"{"id": 1, "price": "cheap", "count": 1, "label": ""}"#)
            Issue.record("expected an error")
        } catch let DecodingError.typeMismatch(_, context) {
            #expect(context.codingPath.map(\.stringValue) == ["price"])
            #expect(context.debugDescription == "Expected to decode Double but found a string instead.")
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test func inAnArrayOfModelsEachPathIsReported() throws {
        let json = #"{"products": [{"sku": "a", "inStock": true}, {"sku": 7, "inStock": "false"}]}"#
        let (shelf, report) = try RecoveryReport.collect { try decoder.decode(Shelf.self, fromJSON: json) }
        #expect(shelf.products.map(\.sku) == ["a", "7"])
        #expect(report.map(\.formattedPath) == ["products[1].sku", "products[1].inStock"])
        let back = try NodeEncoder().encode(shelf)
        #expect(back["products", 1] == ["sku": 7, "inStock": "false"])
        #expect(back["products", 0] == ["sku": "a", "inStock": true])
    }

    @Test func underJSONDecoderAndJSONEncoderToo() throws {
        let json = Data(#"{"sku": 12345, "inStock": "true"}"#.utf8)
        let (product, report) = try RecoveryReport.collect { try JSONDecoder().decode(Product.self, from: json) }
        #expect(product.sku == "12345" && product.inStock)
        #expect(report.map(\.formattedPath) == ["sku", "inStock"])
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        #expect(String(decoding: try encoder.encode(product), as: UTF8.self) == #"{"inStock":"true","sku":12345}"#)
    }

    @Test func theStaticDecodeAPIReadsAndWritesTheSameWay() throws {
        let json = try Node(json: #"{"sku": 12345, "flag": true, "name": "n"}"#)
        var report = RecoveryReport()
        let sku: LosslessValue<String> = try json.decode("sku")
        let flag: LosslessValue<String> = try RecoveryReport.collect(into: &report) { try json.decode("flag") }
        let name: LosslessValue<String> = try json.decode("name")
        #expect(sku.wrappedValue == "12345" && flag.wrappedValue == "true" && name.wrappedValue == "n")
        #expect(report.map(\.kind) == [.valueCoerced])
        #expect(report.first?.error is TypeMismatchError)
        #expect(try sku.makeNode() == 12345 && flag.makeNode() == true && name.makeNode() == "n")
        #expect(throws: TypeMismatchError.self) { try json.decode("sku") as LosslessValue<Bool> }
    }
}

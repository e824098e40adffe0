// The records of the streaming benchmark: realistic order events of about 400 bytes, written as JSON Lines and as
// one `{"items": [...]}` document, and the model they decode into.

import Genome

struct OrderEvent: Decodable, Sendable {
    struct Customer: Decodable, Sendable {
        let id: Int
        let name: String
        let email: String
        let verified: Bool
    }
    struct Line: Decodable, Sendable {
        let sku: String
        let quantity: Int
        let price: Double
    }
    let id: Int
    let timestamp: String
    let type: String
    let customer: Customer
    let lines: [Line]
    let total: Double
    let currency: String
    let tags: [String]
    let note: String?
}

/// The whole `{"items": [...]}` document, for the naive way.
struct ItemsDocument: Decodable {
    let items: [OrderEvent]
}

/// A deterministic pseudo-random generator (SplitMix64), so every run writes the same files.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

enum Records {
    static let types = ["purchase", "refund", "view", "add_to_cart", "checkout"]
    static let currencies = ["EUR", "USD", "GBP", "JPY"]
    static let tags = ["mobile", "web", "promo", "returning", "gift", "express", "bulk"]
    static let notes = [
        "Leave at the door", "Appel avant la livraison, s’il vous plaît", "Geschenkverpackung 🎁",
        "Fragile: \"glass\" inside", "配達前に電話してください",
    ]

    /// One record as compact JSON.
    static func record(_ id: Int, _ random: inout SplitMix64) -> String {
        let customer = Int.random(in: 1...5_000_000, using: &random)
        let lineCount = Int.random(in: 1...3, using: &random)
        var lines: [String] = []
        var total = 0.0
        for _ in 0..<lineCount {
            let quantity = Int.random(in: 1...5, using: &random)
            let price = Double(Int.random(in: 99...99_999, using: &random)) / 100
            total += Double(quantity) * price
            lines.append(
                "{\"sku\":\"SKU-\(Int.random(in: 10_000...99_999, using: &random))\",\"quantity\":\(quantity),"
                    + "\"price\":\(price)}")
        }
        let tagList = (0..<Int.random(in: 0...3, using: &random)).map { _ in
            "\"\(tags[Int.random(in: 0..<tags.count, using: &random)])\""
        }
        let note =
            Bool.random(using: &random)
            ? "null" : "\"\(notes[Int.random(in: 0..<notes.count, using: &random)].replacingQuote())\""
        let second = id % 60
        return "{\"id\":\(id),\"timestamp\":\"2026-11-26T19:\(second < 10 ? "0" : "")\(second):07.\(id % 1000)Z\","
            + "\"type\":\"\(types[id % types.count])\",\"customer\":{\"id\":\(customer),\"name\":\"Customer \(customer)\","
            + "\"email\":\"customer\(customer)@example.com\",\"verified\":\(customer % 3 == 0)},"
            + "\"lines\":[\(lines.joined(separator: ","))],\"total\":\((total * 100).rounded() / 100),"
            + "\"currency\":\"\(currencies[id % currencies.count])\",\"tags\":[\(tagList.joined(separator: ","))],"
            + "\"note\":\(note)}"
    }
}

extension String {
    fileprivate func replacingQuote() -> String {
        var text = ""
        for character in self { text += character == "\"" ? "\\\"" : String(character) }
        return text
    }
}

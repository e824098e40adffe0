import Foundation

// Model types shared by the parity tests: every shape a Codable model takes, from an empty struct to a class
// hierarchy that shares its coder with its superclass.

struct Nothing: Codable, Equatable {}

final class NothingClass: Codable, Equatable {
    init() {}
    static func == (lhs: NothingClass, rhs: NothingClass) -> Bool { true }
}

/// A light that codes as one Bool through a single-value container.
enum Light: Codable, Equatable {
    case off, on

    init(from decoder: any Decoder) throws {
        self = try decoder.singleValueContainer().decode(Bool.self) ? .on : .off
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(self == .on)
    }
}

/// A wrapper that codes as its Double.
struct Seconds: Codable, Equatable {
    var value: Double

    init(_ value: Double) { self.value = value }
    init(from decoder: any Decoder) throws { value = try decoder.singleValueContainer().decode(Double.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value)
    }
}

/// A reference type that codes as its Int.
final class Tally: Codable, Equatable {
    var count: Int

    init(_ count: Int) { self.count = count }
    init(from decoder: any Decoder) throws { count = try decoder.singleValueContainer().decode(Int.self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(count)
    }
    static func == (lhs: Tally, rhs: Tally) -> Bool { lhs.count == rhs.count }
}

/// Codes as an array through a single-value container.
struct Primes: Codable, Equatable {
    var values = [2, 3, 5, 7, 11]

    init() {}
    init(from decoder: any Decoder) throws { values = try decoder.singleValueContainer().decode([Int].self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(values)
    }
}

/// Codes as a dictionary through a single-value container.
final class Lookup: Codable, Equatable {
    let table: [String: Int]

    init(_ table: [String: Int]) { self.table = table }
    init(from decoder: any Decoder) throws { table = try decoder.singleValueContainer().decode([String: Int].self) }
    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(table)
    }
    static func == (lhs: Lookup, rhs: Lookup) -> Bool { lhs.table == rhs.table }
}

/// Three states through a single-value container: true, false, or null.
enum TriState: Codable, Equatable {
    case yes, no, unknown

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .unknown
        } else {
            self = try container.decode(Bool.self) ? .yes : .no
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .yes: try container.encode(true)
        case .no: try container.encode(false)
        case .unknown: try container.encodeNil()
        }
    }
}

struct PostalAddress: Codable, Equatable {
    var street = "12 Rue des Lilas"
    var city = "Lyon"
    var postcode = 69003
    var country = "France"
    var unit: String? = nil
}

/// A class whose subclass shares its encoder and decoder.
class Member: Codable, Equatable {
    let name: String
    let email: String

    init(name: String, email: String) {
        self.name = name
        self.email = email
    }

    func isEqual(to other: Member) -> Bool { name == other.name && email == other.email }
    static func == (lhs: Member, rhs: Member) -> Bool { lhs.isEqual(to: rhs) && rhs.isEqual(to: lhs) }
}

final class Staff: Member {
    let badge: Int

    init(name: String, email: String, badge: Int) {
        self.badge = badge
        super.init(name: name, email: email)
    }

    private enum CodingKeys: String, CodingKey { case badge }

    required init(from decoder: any Decoder) throws {
        badge = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .badge)
        try super.init(from: decoder)
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(badge, forKey: .badge)
        try super.encode(to: encoder)
    }

    override func isEqual(to other: Member) -> Bool {
        guard let other = other as? Staff else { return false }
        return badge == other.badge && super.isEqual(to: other)
    }
}

/// A subclass that keeps its superclass's fields in a nested object, through `superEncoder()` / `superDecoder()`.
final class Manager: Member {
    let reports: Int

    init(name: String, email: String, reports: Int) {
        self.reports = reports
        super.init(name: name, email: email)
    }

    private enum CodingKeys: String, CodingKey { case reports }

    required init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        reports = try container.decode(Int.self, forKey: .reports)
        try super.init(from: container.superDecoder())
    }

    override func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(reports, forKey: .reports)
        try super.encode(to: container.superEncoder())
    }

    override func isEqual(to other: Member) -> Bool {
        guard let other = other as? Manager else { return false }
        return reports == other.reports && super.isEqual(to: other)
    }
}

struct Firm: Codable, Equatable {
    var address = PostalAddress()
    var staff = [Staff(name: "Ada", email: "ada@example.com", badge: 7)]
}

/// Decodes as the first of two types that succeeds, as tolerant models do; the failed attempt must leave the
/// decoder as it was.
enum FirstOf<A: Decodable & Equatable, B: Decodable & Equatable>: Decodable, Equatable {
    case first(A)
    case second(B)

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let value = try? container.decode(A.self) {
            self = .first(value)
        } else {
            self = .second(try container.decode(B.self))
        }
    }
}

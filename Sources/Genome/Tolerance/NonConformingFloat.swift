// NaN and the infinities for one property, both ways, as CodableWrappers' `@NonConformingFloatCoding` gives: the
// coders' `nonConformingFloatDecodingStrategy` and `…EncodingStrategy` apply to every Double of a run, and only
// `NodeDecoder`'s and `JSONDecoder`'s; a wrapper carries the spelling in its type, to any coder.

/// The three strings a ``NonConformingFloat`` property spells NaN and the infinities with: a type, so that a
/// property wrapper can name it.
///
/// ```swift
/// enum Python: NonConformingFloatSpelling {
///     static let positiveInfinity = "inf"
///     static let negativeInfinity = "-inf"
///     static let nan = "nan"
/// }
/// ```
public protocol NonConformingFloatSpelling: Sendable {
    /// The string for `Double.infinity`.
    static var positiveInfinity: String { get }
    /// The string for `-Double.infinity`.
    static var negativeInfinity: String { get }
    /// The string for `Double.nan`.
    static var nan: String { get }
}

/// The ``NonConformingFloatSpelling``s Genome has.
public enum NonConformingFloatSpellings {
    /// `"Infinity"`, `"-Infinity"` and `"NaN"`: JavaScript's names, which JSON5 writes as numbers.
    public enum JavaScript: NonConformingFloatSpelling {
        public static var positiveInfinity: String { "Infinity" }
        public static var negativeInfinity: String { "-Infinity" }
        public static var nan: String { "NaN" }
    }
}

/// A `Double` property of a `Codable` model that reads and writes NaN and the infinities as strings, whatever the
/// coder's strategy.
///
/// ```swift
/// struct Measurement: Codable {
///     @NonConformingFloat<NonConformingFloatSpellings.JavaScript> var value: Double
/// }
/// // {"value": 2.5}, {"value": "Infinity"}, {"value": "-Infinity"}, {"value": "NaN"}
/// ```
///
/// Reading takes a number, or exactly one of the spelling's three strings; any other string is a type mismatch
/// (`Expected a number, "Infinity", "-Infinity" or "NaN" but found the string "inf".`), even where the coder's
/// own non-conforming float strategy would read it.
/// Writing gives a finite value as a number and the others as their strings, so a document with a NaN can be
/// written by any encoder (`JSONEncoder` and ``NodeEncoder/encodeJSON(_:options:)`` throw for a bare NaN). The
/// spelling is what the property declares, so reading it is not a recovery. It works under any coder,
/// `JSONDecoder` and `JSONEncoder` included, and in the static-decode API.
@propertyWrapper
public struct NonConformingFloat<Spelling: NonConformingFloatSpelling>: Sendable {
    /// The value.
    public var wrappedValue: Double

    /// A property holding `wrappedValue`.
    public init(wrappedValue: Double) {
        self.wrappedValue = wrappedValue
    }

    /// The value a string spells, or nil.
    private static func value(spelledAs string: String) -> Double? {
        switch string {
        case Spelling.positiveInfinity: .infinity
        case Spelling.negativeInfinity: -.infinity
        case Spelling.nan: .nan
        default: nil
        }
    }

    /// The string for a value that is not finite; nil for a finite one.
    private var spelling: String? {
        if wrappedValue.isNaN { return Spelling.nan }
        if wrappedValue.isInfinite { return wrappedValue < 0 ? Spelling.negativeInfinity : Spelling.positiveInfinity }
        return nil
    }
}

extension NonConformingFloat: Codable {
    /// Decodes a number, or one of the spelling's strings.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        // A string first, so that the coder's own non-conforming float strategy never reads one here.
        guard let string = try? container.decode(String.self) else {
            wrappedValue = try container.decode(Double.self)
            return
        }
        guard let value = Self.value(spelledAs: string) else {
            throw DecodingError.typeMismatch(
                Double.self,
                DecodingError.Context(
                    codingPath: container.codingPath,
                    debugDescription: "Expected a number, \"\(Spelling.positiveInfinity)\", "
                        + "\"\(Spelling.negativeInfinity)\" or \"\(Spelling.nan)\" but found the string \"\(string)\".")
            )
        }
        wrappedValue = value
    }

    /// Encodes a finite value as a number, the others as the spelling's strings.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        if let spelling {
            try container.encode(spelling)
        } else {
            try container.encode(wrappedValue)
        }
    }
}

extension NonConformingFloat: NodeDecodable {
    public static func decode(_ json: Node) throws -> NonConformingFloat {
        if case .string(let string) = json, let value = value(spelledAs: string) {
            return NonConformingFloat(wrappedValue: value)
        }
        return NonConformingFloat(wrappedValue: try Double.decode(json))
    }
}

extension NonConformingFloat: NodeRepresentable {
    /// A finite value as a number, the others as the spelling's strings.
    public func makeNode(in context: any Context) throws -> Node {
        spelling.map(Node.string) ?? .number(.double(wrappedValue))
    }
}

/// Two values are equal when their values are, NaN equal to NaN: the property holds the same JSON.
extension NonConformingFloat: Equatable {
    public static func == (lhs: NonConformingFloat, rhs: NonConformingFloat) -> Bool {
        lhs.wrappedValue == rhs.wrappedValue || (lhs.wrappedValue.isNaN && rhs.wrappedValue.isNaN)
    }
}

extension NonConformingFloat: Hashable {
    public func hash(into hasher: inout Hasher) {
        if wrappedValue.isNaN {
            hasher.combine(true)
        } else {
            hasher.combine(false)
            hasher.combine(wrappedValue)
        }
    }
}

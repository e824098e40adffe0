// What every sample showed at one place of the documents: how often each kind of value appeared there, what its
// strings looked like, and (for arrays and objects) the shapes one level down. Shapes grow with the schema, not
// with the data, so any number of samples fits in bounded memory.
import Foundation
import Genome
import GenomeFoundation

/// The values seen at one place of the samples.
final class ValueShape {
    /// How many values were seen here, `null` included.
    var count = 0
    var nulls = 0
    var bools = 0
    /// Numbers written without a fraction or exponent that fit `Int64`.
    var integers = 0
    /// Every other number: with a fraction or an exponent, or too large for `Int64`.
    var fractions = 0
    var strings = 0
    /// Strings that hold a JSON number (`"42"`, `"2.5"`), and of those, the ones with a fraction or exponent;
    /// strings that are `"true"` or `"false"`; numbers that are 0 or 1. What `--tolerant` coerces.
    var numericStrings = 0
    var fractionStrings = 0
    var boolStrings = 0
    var zerosAndOnes = 0
    /// How often each string value was seen, while there are at most ``maximumEnumCases`` of them; nil once
    /// there are more. What `--enums` reads.
    var stringValues: [String: Int]? = [:]
    static let maximumEnumCases = 10
    /// Whether every string seen here was an ISO 8601 date, an absolute URL, a UUID. All start true and stay true
    /// only while every string agrees.
    var allDates = true
    var allURLs = true
    var allUUIDs = true
    var arrays = 0
    /// The shape of every element of every array seen here; nil until a non-empty array is seen.
    var element: ValueShape?
    var objects = 0
    /// The shape of each member of the objects seen here, by key, in the order keys were first seen.
    var members: [String: ValueShape] = [:]
    var keys: [String] = []
    /// For objects with a member that may name their shape (`type`, `kind`...), the shape of the objects of each
    /// of its string values, by member and value; a member is dropped once it has more than
    /// ``maximumEnumCases`` values. What tagged enums are made from.
    var variants: [String: [String: ValueShape]] = [:]
    private var droppedTagKeys: Set<String> = []
    /// False for a variant's own shape, which would otherwise hold itself as a variant, without end.
    private var recordsVariants = true
    /// The members that may name an object's shape, as APIs commonly call them.
    static let tagKeys = ["type", "kind", "event", "tag", "object", "_type", "@type", "__typename"]

    init() {}

    /// Records one more value seen here.
    func add(_ node: Node) {
        count += 1
        switch node {
        case .null:
            nulls += 1
        case .bool:
            bools += 1
        case .number(let number):
            // An integer beyond Int64 (UInt64's top half, or an exact number) only fits a Double.
            if case .int(let value) = number {
                integers += 1
                if value == 0 || value == 1 { zerosAndOnes += 1 }
            } else {
                fractions += 1
            }
        case .string(let text):
            strings += 1
            if allDates && !Self.isDate(text) { allDates = false }
            if allURLs && !Self.isURL(text) { allURLs = false }
            if allUUIDs && UUID(uuidString: text) == nil { allUUIDs = false }
            if text == "true" || text == "false" { boolStrings += 1 }
            if stringValues != nil {
                stringValues![text, default: 0] += 1
                if stringValues!.count > Self.maximumEnumCases { stringValues = nil }
            }
            // Only a string that starts like a number is worth reading as one.
            if let first = text.utf8.first, first == UInt8(ascii: "-") || (first >= 0x30 && first <= 0x39),
                text.utf8.count <= 40, case .number(let number)? = try? Node(json: text)
            {
                numericStrings += 1
                if case .int = number {} else { fractionStrings += 1 }
            }
        case .array(let elements):
            arrays += 1
            for value in elements {
                if element == nil { element = ValueShape() }
                element?.add(value)
            }
        case .object(let object):
            objects += 1
            for (key, value) in object {
                member(key).add(value)
            }
            for key in Self.tagKeys where recordsVariants && !droppedTagKeys.contains(key) {
                guard case .string(let tag)? = object[key] else { continue }
                var byTag = variants[key] ?? [:]
                if byTag[tag] == nil {
                    guard byTag.count < Self.maximumEnumCases else {
                        variants[key] = nil
                        droppedTagKeys.insert(key)
                        continue
                    }
                    let variant = ValueShape()
                    variant.recordsVariants = false
                    byTag[tag] = variant
                }
                byTag[tag]!.add(node)
                variants[key] = byTag
            }
        }
    }

    /// Adds everything `other` saw to this shape.
    func absorb(_ other: ValueShape) {
        guard other !== self else { return }
        count += other.count
        nulls += other.nulls
        bools += other.bools
        integers += other.integers
        fractions += other.fractions
        // A flag only counts where strings were seen.
        if other.strings > 0 {
            allDates = allDates && other.allDates
            allURLs = allURLs && other.allURLs
            allUUIDs = allUUIDs && other.allUUIDs
        }
        strings += other.strings
        if let otherValues = other.stringValues, stringValues != nil {
            stringValues!.merge(otherValues, uniquingKeysWith: +)
            if stringValues!.count > Self.maximumEnumCases { stringValues = nil }
        } else {
            stringValues = nil
        }
        numericStrings += other.numericStrings
        fractionStrings += other.fractionStrings
        boolStrings += other.boolStrings
        zerosAndOnes += other.zerosAndOnes
        arrays += other.arrays
        if let otherElement = other.element {
            if let element {
                element.absorb(otherElement)
            } else {
                element = otherElement.copy()
            }
        }
        objects += other.objects
        droppedTagKeys.formUnion(other.droppedTagKeys)
        for (key, otherVariants) in other.variants where !droppedTagKeys.contains(key) {
            var byTag = variants[key] ?? [:]
            for (tag, shape) in otherVariants {
                if let mine = byTag[tag] {
                    mine.absorb(shape)
                } else {
                    byTag[tag] = shape.copy()
                }
            }
            if byTag.count > Self.maximumEnumCases {
                variants[key] = nil
                droppedTagKeys.insert(key)
            } else {
                variants[key] = byTag
            }
        }
        for key in droppedTagKeys { variants[key] = nil }
        for key in other.keys {
            member(key).absorb(other.members[key]!)
        }
    }

    /// A shape that has seen what this one has, sharing nothing with it.
    func copy() -> ValueShape {
        let shape = ValueShape()
        shape.absorb(self)
        return shape
    }

    /// This shape without the member `key`: a variant's payload, whose tag the tagging reads and writes.
    func removingMember(_ key: String) -> ValueShape {
        let shape = copy()
        shape.members[key] = nil
        shape.keys.removeAll { $0 == key }
        shape.variants = [:]
        return shape
    }

    private func member(_ key: String) -> ValueShape {
        if let shape = members[key] { return shape }
        let shape = ValueShape()
        members[key] = shape
        keys.append(key)
        return shape
    }

    /// Whether a member with this shape, in objects of `parent`'s shape, can be absent or null.
    func isOptional(in parent: ValueShape) -> Bool {
        nulls > 0 || count < parent.objects
    }

    /// The kinds of value seen here, `null` aside: what two objects must agree on, member by member, to be one
    /// type.
    var kinds: Set<Kind> {
        var kinds: Set<Kind> = []
        if bools > 0 { kinds.insert(.bool) }
        if integers + fractions > 0 { kinds.insert(.number) }
        if strings > 0 { kinds.insert(.string) }
        if arrays > 0 { kinds.insert(.array) }
        if objects > 0 { kinds.insert(.object) }
        return kinds
    }

    /// A kind of JSON value, `null` aside.
    enum Kind: Hashable, Comparable {
        case bool, number, string, array, object
    }

    // A date is what GenomeFoundation's date decoding reads (ISO 8601 with a time and a zone), so the models decode.
    private static func isDate(_ text: String) -> Bool {
        guard text.utf8.count >= 20, text.utf8.count <= 40 else { return false }
        return (try? NodeDateFormat.default.date(from: .string(text))) != nil
    }

    // A URL here is an absolute one, with a scheme and a host: a relative reference such as "abc" is a string.
    private static func isURL(_ text: String) -> Bool {
        guard !text.isEmpty, text.utf8.count < 4_096,
            let url = URL(string: text, encodingInvalidCharacters: false),
            let scheme = url.scheme, !scheme.isEmpty,
            let host = url.host, !host.isEmpty
        else { return false }
        return true
    }
}

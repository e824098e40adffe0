import Foundation

// From the shape of the samples to the models to write: which objects are one type, what each type is called,
// and the Swift type of every property. The rules are in the article "The genome command".

/// One property of a generated model.
struct ModelProperty: Hashable {
    /// The member's name in the JSON.
    let key: String
    /// The property's name, as written in a declaration (keywords in backticks).
    let name: String
    let type: SwiftType
    /// Decoded with Genome's coercions (`--tolerant`): the samples disagree on the kind, in a way a coercion
    /// settles (`42` and `"42"`).
    var coerced = false
}

/// One generated struct, or class.
struct ModelDeclaration: Hashable {
    let name: String
    var properties: [ModelProperty]
    /// A model that contains itself other than through an array or a dictionary (`next: Node?` in a list) is a
    /// final class: a struct cannot hold itself.
    var isClass = false
}

/// A string enum with a case for each value the samples showed and one for any other value.
struct EnumDeclaration {
    let name: String
    /// Each case's name, as written in a declaration, and its raw value, the most frequent value first.
    let cases: [(name: String, rawValue: String)]
    /// The case that stands for values the samples did not show.
    let fallback: String
}

/// An enum for the elements of an array whose objects differ by a member that names their shape, decoded
/// through Genome's `Tagging` with the tag among the payload's members.
struct TaggedEnumDeclaration: Hashable {
    let name: String
    /// The member that names the shape.
    let tagKey: String
    /// Each case's name, its tag, and its payload's type (nil for objects with no other member).
    let cases: [TaggedCase]
    /// The case for tags the samples did not show, and the tag it is written with.
    let fallback: String
    let fallbackTag: String
}

/// One case of a tagged enum.
struct TaggedCase: Hashable {
    let name: String
    let tag: String
    let payload: SwiftType?
}

/// Every model the samples call for, the root first.
struct ModelPlan {
    let rootName: String
    /// The root's type: a model, or (for samples that are not objects) another type, written as a typealias.
    let root: SwiftType
    let models: [ModelDeclaration]
    let enums: [EnumDeclaration]
    let taggedEnums: [TaggedEnumDeclaration]

    /// Plans the models for samples of `shape`, the root named `rootName`. With `tolerantStyle`, members whose
    /// samples disagree on the kind in a way Genome's coercions settle are coerced, as that style can.
    init(
        shape: ValueShape, rootName: String, tolerantStyle: ModelStyle? = nil, inferEnums: Bool = false,
        inferTagged: Bool = false
    ) {
        self.rootName = rootName
        var plan = ModelPlanner()
        plan.inferTagged = inferTagged
        plan.tolerantStyle = tolerantStyle
        plan.inferEnums = inferEnums
        plan.mergeSameShapes(from: shape)
        self.root = plan.resolve(shape, key: rootName, singular: false, parent: nil, rootName: rootName)
        var models = plan.models
        let recursive = Self.recursiveModels(models)
        for index in models.indices where recursive.contains(models[index].name) { models[index].isClass = true }
        self.models = models
        self.enums = plan.enums
        self.taggedEnums = plan.taggedEnums
    }

    /// The models that reach themselves through properties that are a model or an optional model.
    private static func recursiveModels(_ models: [ModelDeclaration]) -> Set<String> {
        var edges: [String: [String]] = [:]
        for model in models {
            edges[model.name] = model.properties.compactMap { property in
                switch property.type {
                case .model(let name), .optional(.model(let name)): name
                default: nil
                }
            }
        }
        var recursive: Set<String> = []
        for model in models {
            var pending = edges[model.name] ?? []
            var seen: Set<String> = []
            while let next = pending.popLast() {
                if next == model.name {
                    recursive.insert(model.name)
                    break
                }
                if seen.insert(next).inserted { pending += edges[next] ?? [] }
            }
        }
        return recursive
    }
}

private struct ModelPlanner {
    var models: [ModelDeclaration] = []
    var tolerantStyle: ModelStyle?
    var inferEnums = false
    var inferTagged = false
    var taggedEnums: [TaggedEnumDeclaration] = []
    private var taggedNames: [ObjectIdentifier: String] = [:]
    /// Shapes made while planning (a dictionary's values, a variant's payload). Kept alive for the plan's life,
    /// since names are looked up by object identity, and a freed shape's identity may come back.
    private var madeShapes: [ValueShape] = []
    var enums: [EnumDeclaration] = []
    private var enumNames: [[String]: String] = [:]
    private var canonical: [ObjectIdentifier: ValueShape] = [:]
    private var names: [ObjectIdentifier: String] = [:]
    private var usedNames: Set<String> = []

    init() {}

    private func canonicalShape(_ shape: ValueShape) -> ValueShape {
        var shape = shape
        while let next = canonical[ObjectIdentifier(shape)], next !== shape { shape = next }
        return shape
    }

    /// Objects with the same keys, whose members hold the same kinds of value, are one type: their shapes are
    /// merged, so that a property optional in one place and present in another becomes optional in both. A member
    /// seen only as `null` agrees with any kind. A merge can make nested objects alike in turn, so this repeats
    /// until nothing merges.
    mutating func mergeSameShapes(from root: ValueShape) {
        while true {
            var groups: [[String]: [ValueShape]] = [:]
            var order: [[String]] = []
            var seen: Set<ObjectIdentifier> = []
            var pending = [root]
            while let next = pending.popLast() {
                let shape = canonicalShape(next)
                guard seen.insert(ObjectIdentifier(shape)).inserted else { continue }
                if let element = shape.element { pending.append(element) }
                for key in shape.keys.reversed() { pending.append(shape.members[key]!) }
                guard Self.isModel(shape) else { continue }
                let keys = shape.keys.sorted()
                if groups[keys] == nil { order.append(keys) }
                groups[keys, default: []].append(shape)
            }
            var merged = false
            for keys in order {
                var clusters: [(first: ValueShape, kinds: [String: Set<ValueShape.Kind>])] = []
                for shape in groups[keys]! {
                    let kinds = shape.members.mapValues(\.kinds)
                    if let index = clusters.firstIndex(where: { Self.agree($0.kinds, kinds) }) {
                        clusters[index].first.absorb(shape)
                        clusters[index].kinds.merge(kinds) { $0.union($1) }
                        canonical[ObjectIdentifier(shape)] = clusters[index].first
                        merged = true
                    } else {
                        clusters.append((shape, kinds))
                    }
                }
            }
            if !merged { return }
        }
    }

    private static func agree(_ a: [String: Set<ValueShape.Kind>], _ b: [String: Set<ValueShape.Kind>]) -> Bool {
        a.allSatisfy { key, kinds in
            let other = b[key] ?? []
            return kinds.isEmpty || other.isEmpty || kinds == other
        }
    }

    /// Whether objects of this shape become a struct: only objects, with at least one key, and keys that are
    /// names rather than data.
    static func isModel(_ shape: ValueShape) -> Bool {
        shape.kinds == [.object] && !shape.keys.isEmpty && !isDictionary(shape)
    }

    /// Objects whose keys are all numbers or all UUIDs hold data in their keys (an id → a record): they are
    /// dictionaries, not structs with a property per id.
    static func isDictionary(_ shape: ValueShape) -> Bool {
        guard !shape.keys.isEmpty else { return false }
        let allNumbers = shape.keys.allSatisfy { !$0.isEmpty && $0.utf8.allSatisfy { $0 >= 0x30 && $0 <= 0x39 } }
        return allNumbers || shape.keys.allSatisfy { UUID(uuidString: $0) != nil }
    }

    /// The Swift type for values of `shape`, found at `key` (an array's elements and a dictionary's values are
    /// named in the singular) inside the model `parent`.
    mutating func resolve(
        _ original: ValueShape, key: String, singular: Bool, parent: String?, rootName: String? = nil
    ) -> SwiftType {
        let shape = canonicalShape(original)
        let kinds = shape.kinds
        guard kinds.count == 1, let kind = kinds.first else { return .node }
        switch kind {
        case .bool:
            return .bool
        case .number:
            return shape.fractions > 0 ? .double : .int
        case .string:
            if shape.allDates { return .date }
            if shape.allUUIDs { return .uuid }
            if shape.allURLs { return .url }
            if inferEnums, let values = Self.enumValues(shape) {
                return .model(enumeration(values, key: key, singular: singular, parent: parent))
            }
            return .string
        case .array:
            guard let element = shape.element else { return .array(.node) }
            let canonicalElement = canonicalShape(element)
            if inferTagged, let tagKey = Self.tagKey(canonicalElement) {
                return .array(.model(taggedEnum(canonicalElement, tagKey: tagKey, key: key, parent: parent)))
            }
            let type = resolve(element, key: key, singular: true, parent: parent)
            return .array(canonicalShape(element).nulls > 0 && type != .node ? .optional(type) : type)
        case .object:
            if shape.keys.isEmpty { return .dictionary(.node) }
            if Self.isDictionary(shape) {
                let values = ValueShape()
                madeShapes.append(values)
                for member in shape.keys { values.absorb(canonicalShape(shape.members[member]!)) }
                let type = resolve(values, key: key, singular: true, parent: parent)
                return .dictionary(values.nulls > 0 && type != .node ? .optional(type) : type)
            }
            if let name = names[ObjectIdentifier(shape)] { return .model(name) }
            let name = rootName ?? uniqueTypeName(key: key, singular: singular, parent: parent)
            usedNames.insert(name)
            names[ObjectIdentifier(shape)] = name
            let index = models.count
            models.append(ModelDeclaration(name: name, properties: []))
            var properties: [ModelProperty] = []
            var propertyNames: Set<String> = []
            for member in shape.keys {
                let memberShape = shape.members[member]!
                var type = resolve(memberShape, key: member, singular: false, parent: name)
                // The decodable style's coercing decode treats a missing key as an error, as `decode` does.
                let coercion = coercedType(memberShape)
                let coerced =
                    coercion != nil && !(tolerantStyle == .decodable && memberShape.count < shape.objects)
                if coerced, let coercion { type = coercion }
                if memberShape.isOptional(in: shape) { type = .optional(type) }
                var base = SwiftNames.property(member)
                if propertyNames.contains(base) {
                    var number = 2
                    while propertyNames.contains(base + "\(number)") { number += 1 }
                    base += "\(number)"
                }
                propertyNames.insert(base)
                properties.append(
                    ModelProperty(key: member, name: SwiftNames.escaped(base), type: type, coerced: coerced))
            }
            models[index].properties = properties
            return .model(name)
        }
    }

    /// With `--tolerant`, the type a coercion gives values that disagree on the kind: numbers and strings that
    /// hold numbers are numbers; bools, 0 and 1, and "true" and "false" are Bools. Nil for anything else.
    private func coercedType(_ shape: ValueShape) -> SwiftType? {
        guard tolerantStyle != nil, shape.kinds.count > 1 else { return nil }
        let numbers = shape.integers + shape.fractions
        if shape.kinds == [.number, .string] && shape.numericStrings == shape.strings {
            return shape.fractions + shape.fractionStrings > 0 ? .double : .int
        }
        if shape.kinds.isSubset(of: [.bool, .number, .string]) && shape.bools > 0
            && shape.zerosAndOnes == numbers && shape.boolStrings == shape.strings
        {
            return .bool
        }
        return nil
    }

    /// The member that names the shape of the objects of `shape`, if there is one: a string in every object,
    /// with two to ten values, whose objects have different members.
    private static func tagKey(_ shape: ValueShape) -> String? {
        guard shape.kinds == [.object] else { return nil }
        for key in ValueShape.tagKeys {
            guard let variants = shape.variants[key], variants.count >= 2, let member = shape.members[key],
                member.strings == shape.objects
            else { continue }
            if Set(variants.values.map { Set($0.keys) }).count > 1 { return key }
        }
        return nil
    }

    /// The tagged enum for the elements of `shape`, with a case and a payload model for each tag.
    private mutating func taggedEnum(_ shape: ValueShape, tagKey: String, key: String, parent: String?) -> String {
        if let name = taggedNames[ObjectIdentifier(shape)] { return name }
        let name = uniqueTypeName(key: key, singular: true, parent: parent)
        usedNames.insert(name)
        taggedNames[ObjectIdentifier(shape)] = name
        let variants = shape.variants[tagKey]!.sorted {
            $0.value.count != $1.value.count ? $0.value.count > $1.value.count : $0.key < $1.key
        }
        var caseNames: Set<String> = []
        var cases: [TaggedCase] = []
        for (tag, variant) in variants {
            let payloadShape = variant.removingMember(tagKey)
            madeShapes.append(payloadShape)
            let payload =
                payloadShape.keys.isEmpty
                ? nil : resolve(payloadShape, key: tag, singular: false, parent: name)
            var base = SwiftNames.property(tag)
            while caseNames.contains(base) { base += "_" }
            caseNames.insert(base)
            cases.append(TaggedCase(name: SwiftNames.escaped(base), tag: tag, payload: payload))
        }
        var fallback = "unknown"
        while caseNames.contains(fallback) { fallback += "Value" }
        var fallbackTag = "unknown"
        while variants.contains(where: { $0.key == fallbackTag }) { fallbackTag += "_" }
        taggedEnums.append(
            TaggedEnumDeclaration(
                name: name, tagKey: tagKey, cases: cases, fallback: fallback, fallbackTag: fallbackTag))
        return name
    }

    /// With `--enums`, the values of a string member that are few and repeat: at most ten values, each seen three
    /// times on average, each short and holding a letter. Nil when the member does not look like an enum.
    private static func enumValues(_ shape: ValueShape) -> [String]? {
        guard let counts = shape.stringValues, !counts.isEmpty, shape.strings >= 3 * counts.count,
            counts.keys.allSatisfy({ $0.count <= 40 && $0.contains(where: \.isLetter) })
        else { return nil }
        // Most frequent first, then by value, so the output does not depend on dictionary order.
        return counts.sorted { $0.value != $1.value ? $0.value > $1.value : $0.key < $1.key }.map(\.key)
    }

    /// The enum for `values`: one per set of values, named from the key where it was first seen.
    private mutating func enumeration(_ values: [String], key: String, singular: Bool, parent: String?) -> String {
        let signature = values.sorted()
        if let name = enumNames[signature] { return name }
        let name = uniqueTypeName(key: key, singular: singular, parent: parent)
        usedNames.insert(name)
        enumNames[signature] = name
        var names: Set<String> = []
        var cases: [(name: String, rawValue: String)] = []
        for value in values {
            var base = SwiftNames.property(value)
            while names.contains(base) { base += "_" }
            names.insert(base)
            cases.append((SwiftNames.escaped(base), value))
        }
        var fallback = "unknown"
        while names.contains(fallback) { fallback += "Value" }
        enums.append(EnumDeclaration(name: name, cases: cases, fallback: fallback))
        return name
    }

    // The key's name in UpperCamelCase; on a clash with another model or a type the models use, the parent's name
    // goes in front (`User` in `Status` → `StatusUser`), then a number after.
    private func uniqueTypeName(key: String, singular: Bool, parent: String?) -> String {
        var name = SwiftNames.type(key, singular: singular)
        if name.isEmpty || name.hasPrefix("_") { name = (parent ?? "") + (singular ? "Element" : "Value") + name }
        if !usedNames.contains(name) && !SwiftNames.reservedTypes.contains(name) { return name }
        let prefixed = (parent ?? "") + name
        if !usedNames.contains(prefixed) && !SwiftNames.reservedTypes.contains(prefixed) { return prefixed }
        var number = 2
        while usedNames.contains(prefixed + "\(number)") { number += 1 }
        return prefixed + "\(number)"
    }
}

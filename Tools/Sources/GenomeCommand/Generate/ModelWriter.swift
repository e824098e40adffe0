// The Swift text of a plan, in one of the three styles, laid out as `swift format` lays it out with the
// repository's configuration (four spaces, a blank line between members).

/// Writes the models of a plan as Swift source.
struct ModelWriter {
    let plan: ModelPlan
    let style: ModelStyle
    /// The header's account of how the file was made: the command line and the samples.
    let provenance: [String]

    /// The whole file.
    func source() -> String {
        let all = plan.models.flatMap { $0.properties.map(\.type) } + [plan.root]
        let foundation = all.contains { $0.usesFoundation }
        var lines = provenance.map { "// " + $0 }
        lines.append(contentsOf: notes(foundation: foundation).map { "// " + $0 })
        var imports: [String] = []
        if foundation { imports.append("import Foundation") }
        let coerced = plan.models.contains { $0.properties.contains(where: \.coerced) }
        let needsGenome =
            style != .codable || coerced || !plan.enums.isEmpty || !plan.taggedEnums.isEmpty
            || all.contains(where: \.usesNode)
        if needsGenome { imports.append("import Genome") }
        if style != .codable && foundation { imports.append("import GenomeFoundation") }
        if !imports.isEmpty { lines += [""] + imports }
        if case .model = plan.root {
        } else {
            lines.append("")
            lines.append("typealias \(plan.rootName) = \(plan.root.spelling)")
        }
        for model in plan.models {
            lines.append("")
            lines.append(contentsOf: declaration(model))
        }
        for enumeration in plan.enums {
            lines.append("")
            lines.append(contentsOf: declaration(enumeration))
        }
        for enumeration in plan.taggedEnums {
            lines.append("")
            lines.append(contentsOf: declaration(enumeration))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func notes(foundation: Bool) -> [String] {
        switch style {
        case .codable:
            var notes = ["Decode with Genome's NodeDecoder, or Foundation's JSONDecoder."]
            if plan.models.contains(where: { $0.properties.contains { $0.type.spelling.contains("Date") } }) {
                notes.append(
                    "Dates are ISO 8601 strings: set `dateDecodingStrategy = .iso8601` (GenomeFoundation's, which also")
                notes.append("reads fractional seconds).")
            }
            return notes
        case .decodable:
            return ["Decode with `try \(plan.rootName).decode(node)`, or `node.decode(...)` for a member."]
        case .mappable:
            return ["Read with `try \(plan.rootName)(node: node)`; write back with `try model.makeNode()`."]
        }
    }

    private func declaration(_ model: ModelDeclaration) -> [String] {
        let conformance =
            switch style {
            case .codable: "Codable, Sendable"
            case .decodable: "NodeDecodable, Sendable"
            case .mappable: "MappableObject, Sendable"
            }
        var lines = ["\(model.isClass ? "final class" : "struct") \(model.name): \(conformance) {"]
        for property in model.properties {
            if property.coerced && style == .codable {
                lines.append("    @Coerced var \(property.name): \(property.type.spelling)")
            } else {
                lines.append("    let \(property.name): \(property.type.spelling)")
            }
        }
        // A class has no memberwise initializer for `decode(_:)` to call.
        if model.isClass && style == .decodable {
            lines.append("")
            lines.append("    init(")
            for (index, property) in model.properties.enumerated() {
                let comma = index == model.properties.count - 1 ? "" : ","
                lines.append("        \(property.name): \(property.type.spelling)\(comma)")
            }
            lines.append("    ) {")
            for property in model.properties {
                lines.append("        self.\(property.name) = \(property.name)")
            }
            lines.append("    }")
        }
        switch style {
        case .codable: lines.append(contentsOf: codingKeys(model))
        case .decodable: lines.append(contentsOf: decodeFunction(model))
        case .mappable: lines.append(contentsOf: mapFunctions(model))
        }
        lines.append("}")
        return lines
    }

    private func declaration(_ enumeration: TaggedEnumDeclaration) -> [String] {
        let name = enumeration.name
        let tagKey = Self.literal(enumeration.tagKey)
        var lines = [
            "// Tagged by \(tagKey): each element is the case its \(tagKey) member names, with the other members as the",
            "// case's payload. A tag the samples did not show decodes as .\(enumeration.fallback).",
            "enum \(name): TaggedCodable, Sendable {",
        ]
        for item in enumeration.cases {
            lines.append("    case \(item.name)\(item.payload.map { "(\($0.spelling))" } ?? "")")
        }
        lines.append("    case \(enumeration.fallback)")
        lines.append("")
        lines.append("    static let tagging = Tagging<\(name)>(")
        lines.append("        key: \(tagKey),")
        lines.append("        [")
        for item in enumeration.cases {
            let tag = Self.literal(item.tag)
            if let payload = item.payload {
                lines.append("            .variant(\(tag), \(payload.spelling).self, \(name).\(item.name)),")
            } else {
                lines.append("            .variant(\(tag), \(name).\(item.name)),")
            }
        }
        lines.append("        ],")
        lines.append("        fallback: .\(enumeration.fallback),")
        lines.append("        fallbackTag: \(Self.literal(enumeration.fallbackTag))")
        lines.append("    )")
        lines.append("}")
        return lines
    }

    private func declaration(_ enumeration: EnumDeclaration) -> [String] {
        let conformance =
            switch style {
            case .codable: "Codable"
            case .decodable: "NodeDecodable"
            case .mappable: "NodeDecodable, NodeRepresentable"
            }
        var lines = ["enum \(enumeration.name): String, \(conformance), Sendable, UnknownCaseRepresentable {"]
        for (name, rawValue) in enumeration.cases {
            if name.filter({ $0 != "`" }) == rawValue {
                lines.append("    case \(name)")
            } else {
                lines.append("    case \(name) = \(Self.literal(rawValue))")
            }
        }
        lines.append("    // Any value the samples did not show.")
        lines.append("    case \(enumeration.fallback)")
        lines.append("")
        lines.append("    static let unknownCase = \(enumeration.name).\(enumeration.fallback)")
        lines.append("}")
        return lines
    }

    // Only when some property's name is not its key.
    private func codingKeys(_ model: ModelDeclaration) -> [String] {
        // A keyword's backticks are not part of its name.
        func isKey(_ property: ModelProperty) -> Bool { property.name.filter { $0 != "`" } == property.key }
        guard !model.properties.allSatisfy(isKey) else { return [] }
        var lines = ["", "    enum CodingKeys: String, CodingKey {"]
        for property in model.properties {
            if isKey(property) {
                lines.append("        case \(property.name)")
            } else {
                lines.append("        case \(property.name) = \(Self.literal(property.key))")
            }
        }
        lines.append("    }")
        return lines
    }

    private func decodeFunction(_ model: ModelDeclaration) -> [String] {
        var lines = ["", "    static func decode(_ json: Node) throws -> \(model.name) {"]
        guard !model.properties.isEmpty else {
            return lines + ["        \(model.name)()", "    }"]
        }
        lines.append("        try \(model.name)(")
        for (index, property) in model.properties.enumerated() {
            let call = property.type.isOptional ? "decodeIfPresent" : "decode"
            let comma = index == model.properties.count - 1 ? "" : ","
            let key = Self.literal(property.key)
            if property.coerced {
                lines.append("            \(property.name): json.decode(\(key), coercing: .all)\(comma)")
            } else {
                lines.append("            \(property.name): json.\(call)(\(key))\(comma)")
            }
        }
        lines.append("        )")
        lines.append("    }")
        return lines
    }

    private func mapFunctions(_ model: ModelDeclaration) -> [String] {
        var lines = ["", "    init(map: Map) throws {"]
        for property in model.properties {
            let coercing = property.coerced ? ", coercing: .all" : ""
            lines.append("        self.\(property.name) = try map.extract(\(Self.literal(property.key))\(coercing))")
        }
        lines.append("    }")
        lines.append("")
        lines.append("    func sequence(_ map: Map) throws {")
        for property in model.properties {
            lines.append("        try map[\(Self.literal(property.key))].write(self.\(property.name))")
        }
        lines.append("    }")
        return lines
    }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

/// The Swift type of one generated property.
indirect enum SwiftType: Hashable {
    case bool, int, double, string, date, url, uuid
    /// Any JSON value: where the samples disagree on the kind, or showed only `null` or empty arrays.
    case node
    case optional(SwiftType)
    case array(SwiftType)
    /// An object whose keys are data (ids), not names: `[String: Value]`.
    case dictionary(SwiftType)
    /// A generated model, by name.
    case model(String)

    /// The type as Swift spells it.
    var spelling: String {
        switch self {
        case .bool: "Bool"
        case .int: "Int"
        case .double: "Double"
        case .string: "String"
        case .date: "Date"
        case .url: "URL"
        case .uuid: "UUID"
        case .node: "Node"
        case .optional(let wrapped): wrapped.spelling + "?"
        case .array(let element): "[\(element.spelling)]"
        case .dictionary(let value): "[String: \(value.spelling)]"
        case .model(let name): name
        }
    }

    /// Whether the type is optional at the top.
    var isOptional: Bool {
        if case .optional = self { return true }
        return false
    }

    /// Whether the type mentions `Date`, `URL` or `UUID`, which need Foundation.
    var usesFoundation: Bool { contains { [.date, .url, .uuid].contains($0) } }

    /// Whether the type mentions `Node`, which needs Genome.
    var usesNode: Bool { contains { $0 == .node } }

    private func contains(_ test: (SwiftType) -> Bool) -> Bool {
        switch self {
        case .optional(let inner), .array(let inner), .dictionary(let inner): inner.contains(test)
        default: test(self)
        }
    }
}

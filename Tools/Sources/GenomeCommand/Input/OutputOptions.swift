// How the commands that print JSON lay it out: `format`, `query`, `patch`, `merge-patch` and `diff` share these.
import ArgumentParser
import Genome

/// Pretty with a chosen indent, or compact; keys in document order or sorted.
public struct OutputOptions: ParsableArguments, Sendable {
    @Option(help: "Spaces per level of pretty output (default: 2).")
    public var indent: Int?

    @Flag(help: "One line, no spaces.")
    public var compact = false

    @Flag(help: "Order every object's members by their keys' UTF-8 bytes.")
    public var sortKeys = false

    /// Pretty output, two spaces per level, keys in document order.
    public init() {}

    public mutating func validate() throws {
        if compact && indent != nil { throw ValidationError("--indent and --compact cannot be used together.") }
        if let indent, indent < 0 || indent > 16 { throw ValidationError("--indent must be between 0 and 16.") }
    }

    /// `node` as JSON, laid out as asked, with a final line break.
    func render(_ node: Node) throws(ToolError) -> String {
        var options: Node.WritingOptions = compact ? [] : .prettyPrinted
        if sortKeys { options.insert(.sortedKeys) }
        let text: String
        do {
            text = try node.serialized(options)
        } catch {
            throw ToolError.input("cannot write the result as JSON: \(error)")
        }
        guard !compact, let indent, indent != 2 else { return text + "\n" }
        return Self.reindented(text, spaces: indent) + "\n"
    }

    /// The writer indents by two spaces. A JSON string never holds a raw line break, so every line's leading
    /// spaces are indentation, and halving them gives the depth.
    static func reindented(_ pretty: String, spaces: Int) -> String {
        var result = ""
        result.reserveCapacity(pretty.utf8.count)
        var first = true
        for line in pretty.split(separator: "\n", omittingEmptySubsequences: false) {
            if !first { result += "\n" }
            first = false
            let leading = line.prefix { $0 == " " }.count
            result += String(repeating: " ", count: leading / 2 * spaces)
            result += line.dropFirst(leading)
        }
        return result
    }
}

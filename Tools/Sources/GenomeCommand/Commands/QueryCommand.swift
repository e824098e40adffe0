import ArgumentParser
import Genome

/// `genome query POINTER FILE`
struct QueryCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "query",
        abstract: "Print the value at a JSON Pointer (RFC 6901) as JSON.",
        discussion: "An empty pointer, \"\", is the whole document; \"/items/0/id\" steps through keys and indices.")

    @OptionGroup var layout: OutputOptions

    @Flag(help: "Print a string value as its text, without quotes or escapes.")
    var raw = false

    @Flag(help: "Read JSON5.")
    var json5 = false

    @Argument(help: "A JSON Pointer, such as /items/0/name.")
    var pointer: String

    @Argument(help: "The file; - is standard input.")
    var file: String

    func run() async throws {
        let parsed: JSONPointer
        do {
            parsed = try JSONPointer(pointer)
        } catch {
            throw ToolError.usage("'\(pointer)' is not a JSON Pointer: \(error.reasonText)")
        }
        let input = InputFile(file)
        let node = try input.readNode(options: json5 ? .json5 : .strict)
        guard let value = node[parsed] else {
            throw ToolError.input("\(input.displayName): no value at '\(pointer)'")
        }
        if raw, case .string(let text) = value {
            Console.current.output(text + "\n")
        } else {
            Console.current.output(try layout.render(value))
        }
    }
}

extension JSONPointerError {
    /// The reason alone, for a message that already quotes the pointer.
    var reasonText: String {
        switch reason {
        case .missingLeadingSlash: "it must be empty or start with '/'"
        case .invalidEscape: "'~' at byte \(offset) must be followed by '0' (for '~') or '1' (for '/')"
        @unknown default: "\(self)"
        }
    }
}

import Foundation
import Genome
import Testing

// Differential testing against Foundation: every document of the benchmark corpus and every JSONTestSuite `y_`
// file, decoded into a generic Codable JSON value by NodeDecoder and by JSONDecoder, must give the same value.
//
// Documented differences, where the two readers legitimately disagree and the test compares accordingly:
// - Duplicate keys (`y_object_duplicated_key*`): Genome keeps the last value, as JavaScript does (see
//   ReadingAndWritingJSON); Foundation keeps the first. The test checks Genome's rule for those files.
// - Leniencies (trailing commas, comments, NaN): not in any `y_` file; NodeDecoder rejects them by default, like
//   JSONDecoder, and accepts them only through `readingOptions`.
// - Numbers: both read integers exactly into `Int64` or `UInt64` and everything else as the correctly rounded
//   `Double`, so they agree; `-0` is a `Double` in Genome's `Node` but decodes as the integer `0` through both
//   decoders because `Int64` is tried first.

/// Any JSON value, decoded through nothing but the `Decoder` protocol, which cannot say what kind of value comes
/// next: each kind is tried in turn, and every failed try is an error that the decoder builds with its coding path.
/// The order keeps those few on this corpus: numbers first (most of canada.json, marine_ik.json and mesh.json), as
/// a `Double` and, when integral, again as `Int64` or `UInt64` so that they stay exact; then strings, objects,
/// arrays and bools. (Probing scalars before containers cost five errors per array and made this test take two
/// minutes.)
private enum JSONValue: Codable, Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case int(Int64)
    case uint(UInt64)
    case double(Double)
    case string(String)
    case array([JSONValue])
    case object([String: JSONValue])

    init(from decoder: any Decoder) throws {
        let single = try decoder.singleValueContainer()
        if single.decodeNil() {
            self = .null
        } else if let value = try? single.decode(Double.self) {
            if value == value.rounded(), let integer = try? single.decode(Int64.self) {
                self = .int(integer)
            } else if value == value.rounded(), let integer = try? single.decode(UInt64.self) {
                self = .uint(integer)
            } else {
                self = .double(value)
            }
        } else if let value = try? single.decode(String.self) {
            self = .string(value)
        } else if let container = try? decoder.container(keyedBy: NodeCodingKey.self) {
            var object: [String: JSONValue] = [:]
            for key in container.allKeys {
                object[key.stringValue] = try container.decode(JSONValue.self, forKey: key)
            }
            self = .object(object)
        } else if var container = try? decoder.unkeyedContainer() {
            var elements: [JSONValue] = []
            while !container.isAtEnd {
                elements.append(try container.decode(JSONValue.self))
            }
            self = .array(elements)
        } else if let value = try? single.decode(Bool.self) {
            self = .bool(value)
        } else {
            // JSONDecoder on Linux reads `0e1` as an integer but not as a Double.
            self = .int(try single.decode(Int64.self))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .int(let value): try container.encode(value)
        case .uint(let value): try container.encode(value)
        case .double(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    var description: String {
        let text = String(describing: self as Any)
        return text.count < 200 ? text : String(text.prefix(200)) + "…"
    }
}

/// Files where the readers disagree by design, with the value Genome must produce.
private let documentedDifferences: [String: JSONValue] = [
    "y_object_duplicated_key.json": .object(["a": .string("c")]),
    "y_object_duplicated_key_and_value.json": .object(["a": .string("b")]),
]

@Suite struct NodeDecoderDifferentialTests {
    static let benchData = TestSupport.benchData

    @Test(
        .enabled(
            if: TestSupport.isDirectory(benchData),
            "../shared/bench-data is missing beside the package: the corpus differential test cannot run"))
    func benchmarkCorpusIsThere() {
        #expect(TestSupport.jsonFiles(in: Self.benchData).count >= 11)
    }

    /// One case per file, so that the large files run in parallel.
    @Test(
        .enabled(
            if: TestSupport.isDirectory(benchData),
            "../shared/bench-data is missing beside the package: the corpus differential test cannot run"),
        arguments: TestSupport.jsonFiles(in: benchData))
    func benchmarkCorpusDecodesAsJSONDecoderDecodesIt(file: String) throws {
        try compare(file, in: Self.benchData)
    }

    @Test(
        .enabled(
            if: TestSupport.isDirectory(TestSupport.jsonTestSuiteParsing),
            "../shared/JSONTestSuite is missing beside the package: the y_ differential test cannot run"))
    func everyAcceptedJSONTestSuiteFileDecodesAsJSONDecoderDecodesIt() throws {
        let files = TestSupport.jsonFiles(in: TestSupport.jsonTestSuiteParsing, prefix: "y_")
        #expect(files.count == 95)
        for file in files {
            try compare(file, in: TestSupport.jsonTestSuiteParsing)
        }
    }

    @Test func encodingAgreesWithJSONEncoder() throws {
        let value = JSONValue.object([
            "list": .array([.int(1), .uint(.max), .double(0.1), .bool(false), .null, .string("é\"\n")])
        ])
        let genome = try NodeDecoder().decode(JSONValue.self, fromJSON: NodeEncoder().encodeJSON(value))
        let foundation = try JSONDecoder().decode(JSONValue.self, from: JSONEncoder().encode(value))
        #expect(genome == value)
        #expect(foundation == value)
    }

    private func compare(_ file: String, in directory: URL, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let bytes = try TestSupport.bytes(of: file, in: directory)
        let genome: JSONValue
        do {
            genome = try NodeDecoder().decode(JSONValue.self, fromJSON: bytes)
        } catch {
            Issue.record("\(file): NodeDecoder failed: \(error)", sourceLocation: sourceLocation)
            return
        }
        if let expected = documentedDifferences[file] {
            #expect(genome == expected, "\(file)", sourceLocation: sourceLocation)
            return
        }
        let foundation: JSONValue
        do {
            foundation = try JSONDecoder().decode(JSONValue.self, from: Data(bytes))
        } catch {
            Issue.record("\(file): JSONDecoder failed: \(error)", sourceLocation: sourceLocation)
            return
        }
        #expect(
            genome == foundation, "\(file): Genome \(genome) but Foundation \(foundation)",
            sourceLocation: sourceLocation)
    }
}

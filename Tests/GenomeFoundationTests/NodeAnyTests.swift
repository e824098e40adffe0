import Foundation
import GenomeFoundation
import Testing

// `Node(any:)` over JSONSerialization's output, where Linux hands back `NSNumber` for bools and numbers alike,
// and `node.any` back into JSONSerialization.

@Suite struct NodeAnyTests {
    @Test func jsonSerializationOutputConvertsExactly() throws {
        let json = #"""
            {"t": true, "f": false, "one": 1, "zero": 0, "neg": -5, "half": 1.5, "max": 18446744073709551615,
             "min": -9223372036854775808, "big": 12345678901234567890123, "s": "é", "n": null,
             "list": [1, true, 0, false, [], {}]}
            """#
        let object = try JSONSerialization.jsonObject(with: Data(json.utf8))
        let node = try Node(any: object)
        #expect(node["t"] == true)
        #expect(node["f"] == false)
        #expect(node["one"] == .number(.int(1)), "1 is a number, though `1 as Any is Bool` on Linux")
        #expect(node["zero"] == .number(.int(0)))
        #expect(node["neg"] == -5)
        #expect(node["half"] == 1.5)
        #expect(node["max"] == .number(.uint(.max)))
        #expect(node["min"] == .number(.int(.min)))
        #expect(node["big"] == .number(.exact(Node.ExactNumber("12345678901234567890123")!)), "exact, as read")
        #expect(node["s"] == "é")
        #expect(node["n"] == nil as Node)
        #expect(node["list"] == [1, true, 0, false, [], [:]])
        #expect(node["list", 0]?.kind == .number && node["list", 1]?.kind == .bool)
        // The same document read by Genome directly.
        #expect(node == (try Node(json: json)))
    }

    @Test func nativeSwiftValuesConvert() throws {
        let value: [String: Any] = [
            "bool": true, "int": 3, "int8": Int8(-1), "uint64": UInt64.max, "double": 2.5, "float": Float(0.5),
            "string": "x", "nsnull": NSNull(), "nested": [["a": [1, 2]]], "node": Node.array([nil]),
            "nsnumberBool": NSNumber(value: false), "nsnumberInt": NSNumber(value: 7),
            "nsstring": NSString(string: "y"),
        ]
        let node = try Node(any: value)
        #expect(node["bool"] == true)
        #expect(node["int"] == 3)
        #expect(node["int8"] == -1)
        #expect(node["uint64"] == .number(.uint(.max)))
        #expect(node["double"] == 2.5)
        #expect(node["float"] == 0.5)
        #expect(node["string"] == "x")
        #expect(node["nsnull"] == .null)
        #expect(node["nested"] == [["a": [1, 2]]])
        #expect(node["node"] == [nil])
        #expect(node["nsnumberBool"] == false)
        #expect(node["nsnumberInt"] == 7)
        #expect(node["nsstring"] == "y")
    }

    @Test func unsupportedValuesAreErrorsNotNull() {
        #expect(throws: NodeConversionError.self) { try Node(any: Date()) }
        do {
            _ = try Node(any: ["a": [1, URL(string: "https://x")!]])
            Issue.record("expected an error")
        } catch {
            #expect(error.path == ["a", 1])
            #expect(error.typeName == "URL")
            #expect(
                error.description
                    == "NodeConversionError at a[1]: URL is not a JSON value (expected NSNull, Bool, a number, String, an array or a dictionary with String keys)"
            )
        }
        #expect(throws: NodeConversionError.self) { try Node(any: [1: "non-string key"]) }
        let missing: Int? = nil
        #expect(throws: NodeConversionError.self) { try Node(any: missing as Any) }
    }

    @Test func deepNestingIsAnErrorNotACrash() {
        var value: Any = 1
        for _ in 0..<(Node.anyConversionDepthLimit + 1) { value = [value] }
        do {
            _ = try Node(any: value)
            Issue.record("expected an error")
        } catch {
            #expect(error.isTooDeeplyNested)
        }
    }

    @Test func anyGoesBackThroughJSONSerialization() throws {
        let node: Node = ["a": [1, 2.5, "x", true, nil], "max": 18_446_744_073_709_551_615, "o": ["k": false]]
        #expect(JSONSerialization.isValidJSONObject(node.any))
        let data = try JSONSerialization.data(withJSONObject: node.any)
        #expect(try Node(json: data) == node)
        #expect(try Node(any: node.any) == node)
        #expect(node["a", 4]?.any is NSNull)
    }
}

@Suite struct GenomeFoundationSendableTests {
    func requireSendable<T: Sendable>(_: T.Type) {}

    @Test func foundationBridgesAreSendable() {
        requireSendable(NodeConversionError.self)
        requireSendable(NodeDecoder.DateDecodingStrategy.self)
        requireSendable(NodeEncoder.DateEncodingStrategy.self)
        requireSendable(NodeDecoder.DataDecodingStrategy.self)
        requireSendable(NodeEncoder.DataEncodingStrategy.self)
    }
}

// The tape reader on the conformance suites, with every option the tree reader reads: JSONTestSuite's y_ files
// accepted and n_ files rejected in strict JSON, the json5-tests files accepted or rejected as their extensions
// say, and every file of both read exactly as the tree reader reads it (value, key order, error and offset).

import Testing

@testable import Genome

/// Whether the tape reader accepts `bytes`.
private func tapeAccepts(_ bytes: [UInt8], options: Node.ReadingOptions) -> Bool {
    (try? readTape(bytes, options: options)) != nil
}

@Suite struct TapeGrammarTests {
    static var rejectingDuplicateKeys: Node.ReadingOptions {
        var options = Node.ReadingOptions.strict
        options.rejectsDuplicateKeys = true
        return options
    }

    static var json5RejectingDuplicateKeys: Node.ReadingOptions {
        var options = Node.ReadingOptions.json5
        options.rejectsDuplicateKeys = true
        return options
    }

    @Test(
        .enabled(
            if: TestSupport.isDirectory(TestSupport.jsonTestSuiteParsing),
            "JSONTestSuite not found: expected ../shared/JSONTestSuite/test_parsing beside the package root"))
    func jsonTestSuiteThroughTheTape() throws {
        let files = TestSupport.jsonFiles(in: TestSupport.jsonTestSuiteParsing)
        #expect(files.filter { $0.hasPrefix("y_") }.count == JSONTestSuiteTests.expectedYesCount)
        #expect(files.filter { $0.hasPrefix("n_") }.count == JSONTestSuiteTests.expectedNoCount)
        for file in files {
            let bytes = try TestSupport.bytes(of: file, in: TestSupport.jsonTestSuiteParsing)
            if file.hasPrefix("y_") {
                #expect(tapeAccepts(bytes, options: .strict), "\(file): rejected")
                // JSON5 is a superset of JSON.
                #expect(tapeAccepts(bytes, options: .json5), "\(file): rejected as JSON5")
            } else if file.hasPrefix("n_") {
                #expect(!tapeAccepts(bytes, options: .strict), "\(file): accepted")
            }
            compareReaders(bytes, options: .strict, name: file)
            compareReaders(bytes, options: .json5, name: "\(file) (JSON5)")
            compareReaders(bytes, options: Self.rejectingDuplicateKeys, name: "\(file) (unique keys)")
            compareReaders(bytes, options: Self.json5RejectingDuplicateKeys, name: "\(file) (JSON5, unique keys)")
        }
    }

    @Test(
        .enabled(
            if: TestSupport.isDirectory(TestSupport.json5Tests),
            "json5-tests not found: expected ../shared/json5-tests beside the package root"))
    func json5TestsThroughTheTape() throws {
        let cases = TestSupport.json5TestFiles.map(JSON5TestCase.init)
        #expect(cases.count == JSON5TestSuiteTests.expectedCounts.values.reduce(0, +))
        for testCase in cases {
            let bytes = try testCase.bytes()
            #expect(
                tapeAccepts(bytes, options: .json5) == testCase.mustBeAccepted,
                "\(testCase.path): \(testCase.mustBeAccepted ? "rejected" : "accepted")")
            if testCase.fileExtension == "json5" {
                #expect(!tapeAccepts(bytes, options: .strict), "\(testCase.path): accepted as strict JSON")
            }
            compareReaders(bytes, options: .json5, name: testCase.path)
            compareReaders(bytes, options: .strict, name: "\(testCase.path) (strict)")
            compareReaders(bytes, options: Self.json5RejectingDuplicateKeys, name: "\(testCase.path) (unique keys)")
        }
    }

    @Test func json5ValuesOnTheTape() throws {
        let text = """
            // a comment
            {unquoted: 'single', "double": "a\\x41\\
            b", $id_2: +1, hex: 0xFF, half: .5, exp: 2.5e1, nan: NaN, inf: -Infinity, /* block */ list: [1, 2,],}
            """
        let node = try readTape(Array(text.utf8), options: .json5).node
        guard case .object(var object) = node, case .number(.double(let nan))? = object["nan"] else {
            Issue.record("not an object with a double at \"nan\": \(node)")
            return
        }
        #expect(nan.isNaN)
        #expect(object.keys == ["unquoted", "double", "$id_2", "hex", "half", "exp", "nan", "inf", "list"])
        object["nan"] = nil
        #expect(
            object
                == [
                    "unquoted": "single", "double": "aAb", "$id_2": 1, "hex": 255, "half": 0.5,
                    "exp": 25.0, "inf": .number(.double(-.infinity)), "list": [1, 2],
                ])
        compareReaders(Array(text.utf8), options: .json5, name: "JSON5 values")
    }

    @Test func strictTapeRejectsJSON5WithTheTreeReadersErrors() {
        for text in ["{a:1}", "['x']", "[+1]", "[.5]", "[0x1]", "[1,]", "// c\n1", "NaN", "{\"a\":1,}"] {
            #expect(!tapeAccepts(Array(text.utf8), options: .strict), "\(text)")
            compareReaders(Array(text.utf8), options: .strict, name: text)
        }
    }

    @Test func depthLimitAppliesToJSON5() {
        var options = Node.ReadingOptions.json5
        options.maximumDepth = 3
        #expect(tapeAccepts(Array("[{a:[1]}]".utf8), options: options))
        #expect(!tapeAccepts(Array("[{a:[[1]]}]".utf8), options: options))
        compareReaders(Array("[{a:[[1]]}]".utf8), options: options, name: "4 levels of JSON5")
    }
}

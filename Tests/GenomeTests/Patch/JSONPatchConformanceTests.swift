// Conformance against the JSON Patch community's test suite (json-patch/json-patch-tests), read in place from
// `../shared/json-patch-tests` beside the package: every case not marked `disabled` must give its `expected`
// document, or fail when it names an `error` (the error's text is the suite's, not Genome's, so only the failure is
// checked). A case with neither must apply without error.

import Foundation
import Genome
import Testing

@Suite(
    .enabled(
        if: TestSupport.isDirectory(TestSupport.jsonPatchTests),
        "json-patch-tests not found: expected ../shared/json-patch-tests beside the package root"))
struct JSONPatchConformanceTests {
    /// The number of cases, and of disabled ones, in the checkout these tests were written against.
    static let expectedCounts = ["tests.json": (cases: 95, disabled: 3), "spec_tests.json": (cases: 17, disabled: 1)]

    @Test(arguments: ["tests.json", "spec_tests.json"])
    func everyEnabledCasePasses(file: String) throws {
        let suite = try Node(json: TestSupport.bytes(of: file, in: TestSupport.jsonPatchTests))
        let cases = try #require(suite.array)
        var ran = 0
        var disabled = 0
        var failures: [String] = []
        for (number, testCase) in cases.enumerated() {
            guard testCase["disabled"]?.bool != true else {
                disabled += 1
                continue
            }
            guard let document = testCase["doc"], let patchNode = testCase["patch"] else { continue }
            ran += 1
            let name = "case \(number) (\(testCase["comment"]?.string ?? "no comment"))"
            let outcome = Result { () throws(JSONPatchError) in try JSONPatch(patchNode).applied(to: document) }
            switch (outcome, testCase["expected"], testCase["error"]) {
            case (.success(let result), let expected?, _):
                if result != expected { failures.append("\(name): got \(result), expected \(expected)") }
            case (.failure(let error), let expected?, _):
                failures.append("\(name): threw \(error), expected \(expected)")
            case (.success(let result), nil, let message?):
                failures.append("\(name): gave \(result), expected an error (\(message))")
            case (.failure, nil, _?):
                break
            case (.success, nil, nil):
                break
            case (.failure(let error), nil, nil):
                failures.append("\(name): threw \(error), expected to apply")
            }
        }
        #expect(failures == [], "\(file): \(ran - failures.count)/\(ran) cases pass")
        let counts = try #require(Self.expectedCounts[file])
        #expect(cases.count == counts.cases && disabled == counts.disabled, "\(file) changed")
        #expect(ran == counts.cases - counts.disabled, "\(file): \(ran) cases ran")
    }
}

// format, query, patch, merge-patch and diff: their output, exit status and messages, bad input included.
import Foundation
import Testing

@Suite struct FormatCommandTests {
    let document = #"{"b": [1, 2.50, 1e400, 123456789012345678901234567890], "a": {"é": "x\ny", "z": null}}"#

    @Test func prettyByDefaultWithNumbersKept() async {
        let scratch = Scratch()
        let file = scratch.file("doc.json", document)
        let result = await genome("format", file)
        #expect(result.status == 0)
        #expect(result.error == "")
        #expect(
            result.output == """
                {
                  "b": [
                    1,
                    2.5,
                    1e400,
                    123456789012345678901234567890
                  ],
                  "a": {
                    "é": "x\\ny",
                    "z": null
                  }
                }

                """)
    }

    @Test func compactAndSortedKeys() async {
        let scratch = Scratch()
        let file = scratch.file("doc.json", document)
        let result = await genome("format", "--compact", "--sort-keys", file)
        #expect(
            result
                == RunResult(
                    status: 0,
                    output: #"{"a":{"z":null,"é":"x\ny"},"b":[1,2.5,1e400,123456789012345678901234567890]}"# + "\n",
                    error: ""))
    }

    @Test func indentOfFourAndZero() async {
        let scratch = Scratch()
        let file = scratch.file("doc.json", #"{"a": [1, {"b": []}]}"#)
        #expect(
            await genome("format", "--indent", "4", file).output == """
                {
                    "a": [
                        1,
                        {
                            "b": []
                        }
                    ]
                }

                """)
        #expect(await genome("format", "--indent", "0", file).output == "{\n\"a\": [\n1,\n{\n\"b\": []\n}\n]\n}\n")
    }

    @Test func inPlaceReplacesTheFileAndPrintsNothing() async {
        let scratch = Scratch()
        let file = scratch.file("doc.json", #"{"b":1,"a":2}"#)
        #expect(
            await genome("format", "--in-place", "--sort-keys", file) == RunResult(status: 0, output: "", error: ""))
        #expect(scratch.read("doc.json") == "{\n  \"a\": 2,\n  \"b\": 1\n}\n")
    }

    @Test func json5InJSONOut() async {
        let scratch = Scratch()
        let file = scratch.file("config.json5", "{name: 'Rover', /* age */ age: 0x10,}")
        #expect(await genome("format", "--json5", "--compact", file).output == #"{"name":"Rover","age":16}"# + "\n")
    }

    @Test func aSyntaxErrorIsACompilerStyleLine() async {
        let scratch = Scratch()
        let file = scratch.file("bad.json", "[1, 2")
        #expect(
            await genome("format", file)
                == RunResult(
                    status: 1, output: "",
                    error:
                        "\(file):1:6: error: expected ',' or ']' after an array element but found the end of the input\n"
                ))
    }

    @Test func usageErrorsExitTwo() async {
        let missing = await genome("format", "/no/such/file.json")
        #expect(
            missing
                == RunResult(
                    status: 2, output: "", error: "genome: error: cannot read '/no/such/file.json': no such file\n"))
        let indent = await genome("format", "--indent", "40", "x.json")
        #expect(indent.status == 2)
        #expect(indent.error.hasPrefix("Error: --indent must be between 0 and 16.\n"))
        let both = await genome("format", "--indent", "4", "--compact", "x.json")
        #expect(both.status == 2)
        #expect(both.error.hasPrefix("Error: --indent and --compact cannot be used together.\n"))
    }
}

@Suite struct QueryCommandTests {
    let document = #"{"items": [{"id": 1, "name": "a/b"}, {"id": 2, "tags": ["x"]}], "a/b": {"~": true}}"#

    @Test func printsTheValueAtAPointer() async {
        let scratch = Scratch()
        let file = scratch.file("doc.json", document)
        #expect(
            await genome("query", "/items/1/tags", file) == RunResult(status: 0, output: "[\n  \"x\"\n]\n", error: ""))
        #expect(await genome("query", "/a~1b/~0", file).output == "true\n")
        #expect(await genome("query", "/items/0/name", file).output == "\"a/b\"\n")
        #expect(await genome("query", "--raw", "/items/0/name", file).output == "a/b\n")
        #expect(await genome("query", "--compact", "", file).output.hasPrefix(#"{"items":[{"id":1,"#))
    }

    @Test func aPointerThatNamesNothingExitsOne() async {
        let scratch = Scratch()
        let file = scratch.file("doc.json", document)
        #expect(
            await genome("query", "/items/5", file)
                == RunResult(status: 1, output: "", error: "genome: error: \(file): no value at '/items/5'\n"))
    }

    @Test func textThatIsNotAPointerExitsTwo() async {
        let scratch = Scratch()
        let file = scratch.file("doc.json", document)
        #expect(
            await genome("query", "items", file)
                == RunResult(
                    status: 2, output: "",
                    error: "genome: error: 'items' is not a JSON Pointer: it must be empty or start with '/'\n"))
        #expect(
            await genome("query", "/a~2", file).error
                == "genome: error: '/a~2' is not a JSON Pointer: '~' at byte 2 must be followed by '0' (for '~') or '1' (for '/')\n"
        )
    }
}

@Suite struct PatchCommandTests {
    @Test func appliesAPatch() async {
        let scratch = Scratch()
        let patch = scratch.file(
            "patch.json", #"[{"op": "add", "path": "/tags/-", "value": "new"}, {"op": "remove", "path": "/old"}]"#)
        let file = scratch.file("doc.json", #"{"old": 1, "tags": ["a"]}"#)
        #expect(
            await genome("patch", "--compact", patch, file)
                == RunResult(status: 0, output: #"{"tags":["a","new"]}"# + "\n", error: ""))
        #expect(await genome("patch", "--in-place", patch, file).status == 0)
        #expect(scratch.read("doc.json") == "{\n  \"tags\": [\n    \"a\",\n    \"new\"\n  ]\n}\n")
    }

    @Test func aPatchThatFailsChangesNothingAndExitsOne() async {
        let scratch = Scratch()
        let patch = scratch.file(
            "patch.json", #"[{"op": "remove", "path": "/a"}, {"op": "test", "path": "/b", "value": 2}]"#)
        let file = scratch.file("doc.json", #"{"a": 1, "b": 3}"#)
        #expect(
            await genome("patch", "--in-place", patch, file)
                == RunResult(
                    status: 1, output: "",
                    error:
                        "genome: error: \(patch): JSONPatchError at operation 1 (test \"/b\"): test expected 2 but found 3\n"
                ))
        #expect(scratch.read("doc.json") == #"{"a": 1, "b": 3}"#)
    }

    @Test func aPatchThatIsNotAPatchExitsOne() async {
        let scratch = Scratch()
        let patch = scratch.file("patch.json", #"[{"op": "jump", "path": "/a"}]"#)
        let file = scratch.file("doc.json", "{}")
        #expect(
            await genome("patch", patch, file)
                == RunResult(
                    status: 1, output: "",
                    error: """
                        genome: error: \(patch): JSONPatchError at operation 0: "jump" is not an operation \
                        (add, remove, replace, move, copy or test)

                        """))
    }

    @Test func mergePatch() async {
        let scratch = Scratch()
        let patch = scratch.file("merge.json", #"{"a": null, "b": {"c": 3}, "d": [1]}"#)
        let file = scratch.file("doc.json", #"{"a": 1, "b": {"c": 1, "e": 2}}"#)
        #expect(
            await genome("merge-patch", "--compact", patch, file)
                == RunResult(status: 0, output: #"{"b":{"c":3,"e":2},"d":[1]}"# + "\n", error: ""))
    }

    @Test func standardInputCannotBeReplacedInPlace() async throws {
        let scratch = Scratch()
        let patch = scratch.file("merge.json", "{}")
        let result = await genome("merge-patch", "--in-place", patch, "-")
        #expect(result.status == 2)
        #expect(result.error.hasPrefix("Error: --in-place needs a file, not standard input.\n"))
    }
}

@Suite struct DiffCommandTests {
    @Test func aPatchFromAToB() async {
        let scratch = Scratch()
        let a = scratch.file("a.json", #"{"name": "a", "tags": ["x", "y"], "gone": true}"#)
        let b = scratch.file("b.json", #"{"name": "b", "tags": ["x", "y", "z"]}"#)
        let result = await genome("diff", "--compact", a, b)
        #expect(result.status == 0)
        #expect(
            result.output
                == #"[{"op":"remove","path":"/gone"},{"op":"replace","path":"/name","value":"b"},{"op":"add","path":"/tags/2","value":"z"}]"#
                + "\n")
        // The patch turns A into B.
        let patch = scratch.file("patch.json", result.output)
        #expect(await genome("patch", "--compact", patch, a).output == #"{"name":"b","tags":["x","y","z"]}"# + "\n")
    }

    @Test func equalDocumentsGiveAnEmptyPatch() async {
        let scratch = Scratch()
        let a = scratch.file("a.json", #"{"a": [1, 2]}"#)
        let b = scratch.file("b.json", #"{ "a" : [1,2] }"#)
        #expect(await genome("diff", a, b) == RunResult(status: 0, output: "[]\n", error: ""))
    }

    @Test func aMergePatch() async {
        let scratch = Scratch()
        let a = scratch.file("a.json", #"{"a": 1, "b": {"c": 1}}"#)
        let b = scratch.file("b.json", #"{"b": {"c": 2}}"#)
        #expect(await genome("diff", "--merge", "--compact", a, b).output == #"{"a":null,"b":{"c":2}}"# + "\n")
    }
}

import Foundation
import GenomeCommand
import Testing

@Suite struct ValidateCommandTests {
    @Test func validFilesExitZeroAndPrintNothing() async {
        let scratch = Scratch()
        let a = scratch.file("a.json", #"{"a": [1, 2.5, "x", null, true]}"#)
        let b = scratch.file("b.json", "  42 \n")
        #expect(await genome("validate", a, b) == RunResult(status: 0, output: "", error: ""))
    }

    @Test func syntaxErrorsAreCompilerStyleLines() async {
        let scratch = Scratch()
        let good = scratch.file("good.json", "[]")
        let bad = scratch.file("bad.json", "{\n  \"a\": [1, 2}\n}")
        let result = await genome("validate", bad, good)
        #expect(result.status == 1)
        #expect(result.output == "")
        #expect(result.error == "\(bad):2:13: error: expected ',' or ']' after an array element but found '}'\n")
    }

    @Test func everyFileIsCheckedAndAMissingOneExitsTwo() async {
        let scratch = Scratch()
        let bad = scratch.file("bad.json", "[1,]")
        let missing = scratch.path("missing.json")
        let result = await genome("validate", missing, bad)
        #expect(result.status == 2)
        #expect(
            result.error == """
                genome: error: cannot read '\(missing)': no such file
                \(bad):1:4: error: expected a value but found ']'

                """)
    }

    @Test func aDirectoryIsNotAFile() async {
        let scratch = Scratch()
        let result = await genome("validate", scratch.url.path)
        #expect(
            result
                == RunResult(
                    status: 2, output: "",
                    error: "genome: error: cannot read '\(scratch.url.path)': it is a directory\n"))
    }

    @Test func bytesThatAreNotUTF8AreAnError() async {
        let scratch = Scratch()
        let file = scratch.file("latin1.json", bytes: [0x22, 0x63, 0x61, 0x66, 0xE9, 0x22])
        let result = await genome("validate", file)
        #expect(result.status == 1)
        #expect(result.error.hasPrefix("\(file):1:5: error: "))
        #expect(result.error.hasSuffix("but found the byte 0xE9\n"))
    }

    @Test func json5IsOptIn() async {
        let scratch = Scratch()
        let file = scratch.file("config.json5", "{name: 'Rover', // a dog\n tags: [1, 2,],}")
        #expect(await genome("validate", "--json5", file).status == 0)
        let strict = await genome("validate", file)
        #expect(strict.status == 1)
        #expect(strict.error == "\(file):1:2: error: expected a string key but found 'n'\n")
    }

    @Test func jsonLinesReportsEveryBadLineWithItsNumber() async {
        let scratch = Scratch()
        let file = scratch.file("events.jsonl", "{\"a\": 1}\n{\"a\":\n\n[1,]\n{\"b\": 2}\r\nnul\n")
        let result = await genome("validate", "--lines", file)
        #expect(result.status == 1)
        #expect(
            result.error == """
                \(file):2:6: error: expected a value but found the end of the input
                \(file):4:4: error: expected a value but found ']'
                \(file):6:4: error: expected 'null' but found the end of the input

                """)
        let good = scratch.file("good.jsonl", "1\n\n[2]\n")
        #expect(await genome("validate", "--lines", good) == RunResult(status: 0, output: "", error: ""))
    }

    @Test func aLargeFileIsStreamedWithTheSameVerdict() async throws {
        let scratch = Scratch()
        // Over the whole-file limit, so the streaming reader checks it; the limit is lowered for the test.
        var validator = Validator()
        validator.wholeFileLimit = 8
        let array = scratch.file("array.json", "[{\"a\": 1}, {\"b\": [2, 3]}, \"x\"]")
        let object = scratch.file("object.json", "{\"a\": [1, 2], \"b\": {\"c\": null}}")
        let badArray = scratch.file("bad-array.json", "[1, 2,\n {\"c\": tru}]")
        let badObject = scratch.file("bad-object.json", "{\"a\": [1, 2], \"b\": {\"c\": nul}}")
        let captured = CapturedOutput()
        for path in [array, object] {
            #expect(try await validator.validate(InputFile(path), console: captured.console) == 0)
        }
        #expect(try await validator.validate(InputFile(badArray), console: captured.console) == 1)
        #expect(try await validator.validate(InputFile(badObject), console: captured.console) == 1)
        #expect(
            captured.error == """
                \(badArray):2:11: error: expected 'true' but found '}'
                \(badObject):1:29: error: expected 'null' but found '}'

                """)
    }
}

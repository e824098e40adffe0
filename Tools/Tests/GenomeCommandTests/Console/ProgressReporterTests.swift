import Testing

@testable import GenomeCommand

@Suite struct ProgressReporterTests {
    @Test func aLargeFileShowsItsCountAndErasesItAtTheEnd() {
        let captured = CapturedOutput()
        var progress = ProgressReporter(
            file: InputFile("big.jsonl"), size: ProgressReporter.minimumFileSize,
            console: captured.console(showingProgress: true), interval: .zero)
        for _ in 0..<2_500 { progress.advance() }
        progress.finish()
        let erase = "\r\u{1B}[K"
        #expect(
            captured.error
                == erase + "genome: big.jsonl: 1000 values read" + erase + "genome: big.jsonl: 2000 values read" + erase
        )
    }

    @Test func smallFilesAndConsolesThatAreNotTerminalsShowNothing() {
        let captured = CapturedOutput()
        var small = ProgressReporter(
            file: InputFile("small.jsonl"), size: ProgressReporter.minimumFileSize - 1,
            console: captured.console(showingProgress: true), interval: .zero)
        var piped = ProgressReporter(
            file: InputFile("big.jsonl"), size: ProgressReporter.minimumFileSize, console: captured.console,
            interval: .zero)
        for _ in 0..<2_000 {
            small.advance()
            piped.advance()
        }
        small.finish()
        piped.finish()
        #expect(captured.error == "")
    }
}

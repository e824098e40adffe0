// Compare: Genome against Foundation on the shared corpus, as one Markdown table: Node parsing and writing against
// JSONSerialization, and NodeDecoder and NodeEncoder against JSONDecoder and JSONEncoder on full Codable models.
//
// Deliberately free of package-benchmark: a plain executable whose output can be pasted into the README. Built in
// release (`swift run -c release Compare`) or in debug (`swift run Compare`), it says which in its header. Progress
// goes to standard error, the table alone to standard output.

import Corpus
import Foundation

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// How this executable, and with it Genome and the models, was compiled. A debug build is what a user runs all day
/// (`swift build`, `swift run`, `swift test`), so its figures matter as much as release ones; Foundation is the
/// same precompiled, optimised library in both.
let buildConfiguration: String = {
    #if DEBUG
        "debug (Genome and the models unoptimised, as `swift build` and `swift test` compile them; Foundation as it ships)"
    #else
        "release (`-c release`)"
    #endif
}()

func main() throws -> Int32 {
    let options: Options
    do {
        guard let parsed = try Options.parse(Array(CommandLine.arguments.dropFirst())) else {
            print(Options.usage)
            return 0
        }
        options = parsed
    } catch {
        printError("error: \(error)\n\n\(Options.usage)")
        return 2
    }

    let names = options.smallOnly ? [] : try options.allFiles ? Corpus.allFiles() : Corpus.standardFiles
    // Check every file before measuring anything, rather than failing minutes into the run.
    for name in names { _ = try Corpus.url(of: name) }
    var table = Table()
    for name in names {
        // One file at a time, so only one file's trees are alive at once.
        let file = try Corpus.load(name)
        for contest in try Contest.all(for: file) + Contest.codable(for: file) {
            table.rows.append(try measure(contest, options))
        }
    }
    var tiny = Table()
    for contest in try Contest.tiny() {
        tiny.rows.append(try measure(contest, options))
    }

    print("Build: \(buildConfiguration).")
    if options.smoke {
        print("Smoke run: every case ran twice; the figures below are not measurements.\n")
    } else {
        let processInfo = ProcessInfo.processInfo
        print(
            """
            Genome vs Foundation (parse and write: JSONSerialization; decode: JSONDecoder; encode: JSONEncoder): \
            median of \(options.runs) runs after \(options.warmupRuns) warm-up runs, best in parentheses, in \
            thread CPU time.
            MB/s = input file size (10^6 bytes) / time, for every operation; Genome/Foundation > 1 means Genome \
            is faster.
            \(processInfo.operatingSystemVersionString), \(processInfo.activeProcessorCount) cores.

            """)
    }
    if !options.smallOnly { print(table.render()) }
    print("\nSmall documents, per call (each sample averages many calls):\n")
    print(tiny.renderPerCall())
    return 0
}

/// Runs one contest and returns its row.
func measure(_ contest: Contest, _ options: Options) throws -> Table.Row {
    printError("\(contest.operation.rawValue) \(contest.input)…")
    let (genome, foundation) = try contest.run(warmupRuns: options.warmupRuns, runs: options.runs)
    return Table.Row(
        file: contest.input, operation: contest.operation, size: contest.size, genome: genome, foundation: foundation)
}

do {
    exit(try main())
} catch {
    printError("error: \(error)")
    exit(1)
}

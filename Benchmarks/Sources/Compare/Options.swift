/// Command-line options of `Compare`.
struct Options {
    /// Timed runs per library and case; the table reports their median and best.
    var runs = 20
    /// Untimed runs per library and case before the timed ones: they fault in pages, fill caches and let
    /// lazily initialised runtime state settle, which would otherwise land in the first samples.
    var warmupRuns = 3
    /// Measure every `.json` file in the corpus instead of the three standard ones.
    var allFiles = false
    /// CI smoke mode: every case runs twice (one warm-up, one timed), only to prove that it runs.
    var smoke = false
    /// Only the small documents' table: the quick check while working on per-call costs.
    var smallOnly = false

    static let usage = """
        usage: swift run -c release Compare [--runs N] [--all] [--small] [--smoke]
               swift run Compare [...]   (the same rows with Genome built in debug, as users' tests run it)

          --runs N, -n N  timed runs per library and case (default 20), after 3 warm-up runs
          --all           every .json file in the corpus, not just twitter, citm_catalog and canada
          --small         only the small documents (per-call costs), about 20 s
          --smoke         run each case twice and exit; for CI, figures are meaningless
          --help, -h      this text

        Corpus: $GENOME_BENCH_DATA, else ../shared/bench-data next to the Genome package.
        """

    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    /// Parses the arguments after the program name; `nil` means help was asked for.
    static func parse(_ arguments: [String]) throws(UsageError) -> Options? {
        var options = Options()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--runs", "-n":
                guard let value = remaining.popFirst(), let runs = Int(value), runs > 0 else {
                    throw UsageError(description: "\(argument) needs a positive number")
                }
                options.runs = runs
            case "--all":
                options.allFiles = true
            case "--small":
                options.smallOnly = true
            case "--smoke":
                options.smoke = true
            case "--help", "-h":
                return nil
            default:
                throw UsageError(description: "unknown argument '\(argument)'")
            }
        }
        if options.smoke {
            options.runs = 1
            options.warmupRuns = 1
        }
        return options
    }
}

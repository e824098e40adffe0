/// Runs `operation` once and returns how long it took.
///
/// The result is released only after the clock has stopped, so a parse is timed without tearing down the
/// tree it built (and a write without freeing its output), identically for both libraries.
func timed<Result>(_ operation: () throws -> Result) rethrows -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    let result = try operation()
    let elapsed = start.duration(to: clock.now)
    blackHole(result)
    return elapsed
}

/// Keeps the optimiser from proving a result unused and deleting the work that produced it: the body is
/// compiled without optimisation and never inlined, so callers must assume it reads its argument.
@_optimize(none) @inline(never)
func blackHole<T>(_ value: T) {}

/// The timed samples of one library on one case.
struct Samples {
    private(set) var durations: [Duration] = []

    mutating func append(_ duration: Duration) {
        durations.append(duration)
    }

    var best: Duration { durations.min()! }

    var median: Duration {
        let sorted = durations.sorted()
        let middle = sorted.count / 2
        return sorted.count.isMultiple(of: 2) ? (sorted[middle - 1] + sorted[middle]) / 2 : sorted[middle]
    }
}

extension Duration {
    var seconds: Double {
        Double(components.seconds) + Double(components.attoseconds) * 1e-18
    }
}

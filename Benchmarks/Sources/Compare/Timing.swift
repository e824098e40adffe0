#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs `operation` once and returns how long it took, in this thread's CPU time.
///
/// CPU time, not the wall clock: this machine deschedules threads for milliseconds at a time, which a wall clock
/// would count against whichever library happened to be running. The result is released only after the clock
/// has stopped, so a parse is timed without tearing down the tree it built (and a write without freeing its
/// output), identically for both libraries.
func timed<Result>(_ operation: () throws -> Result) rethrows -> Duration {
    let start = threadCPUTime()
    let result = try operation()
    let elapsed = threadCPUTime() - start
    blackHole(result)
    return elapsed
}

/// Runs `operation` `repetitions` times and returns the CPU time of one run, on average: for inputs so small that
/// one run is below the clock's resolution. Each result is released after the clock stops only for the last run;
/// the others are released inside the timing, as a caller decoding one small document after another would.
func timed<Result>(repeating repetitions: Int, _ operation: () throws -> Result) rethrows -> Duration {
    let start = threadCPUTime()
    for _ in 1..<repetitions {
        blackHole(try operation())
    }
    let last = try operation()
    let elapsed = threadCPUTime() - start
    blackHole(last)
    return elapsed / repetitions
}

/// The CPU time this thread has used.
func threadCPUTime() -> Duration {
    var time = timespec()
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
    return .seconds(time.tv_sec) + .nanoseconds(time.tv_nsec)
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

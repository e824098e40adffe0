// StreamingBench: Genome's streaming API (issue 16) on a JSON Lines file and a `{"items": [...]}` document of the
// same records, against the naive way (read the whole file, `Node(json:)`, decode).
//
// Each case runs in a child process of its own, so that its peak resident memory (getrusage's ru_maxrss, what
// `/usr/bin/time -v` reports as "Maximum resident set size") is its alone. Time is wall-clock time, since
// `concurrently: true` is about using more than one core.
//
//   swift run -c release StreamingBench              # 1 GB files (1024 MiB) in $GENOME_STREAM_BENCH_DIR or /tmp
//   swift run -c release StreamingBench --size 256   # 256 MiB files
//   swift run -c release StreamingBench --smoke      # CI: 2 MiB files, every case once; figures meaningless
//   swift run -c release StreamingBench --keep       # keep the generated files for the next run
//   swift run -c release StreamingBench --speedup 9  # concurrently vs plain: 9 rounds in turns

import Foundation
import Genome

func printError(_ message: String) {
    FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Values and a checksum added up by several threads.
final class LockedTotals: @unchecked Sendable {
    // @unchecked: only touched under `lock`.
    private let lock = NSLock()
    private var totals = (values: 0, checksum: 0)
    func add(values: Int, checksum: Int) {
        lock.withLock { totals = (totals.values + values, totals.checksum &+ checksum) }
    }
    var value: (Int, Int) { lock.withLock { totals } }
}

/// Peak resident memory of this process, in bytes.
func peakResidentBytes() -> Int {
    var usage = rusage()
    #if os(Linux)
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return usage.ru_maxrss * 1024  // kilobytes on Linux
    #else
        getrusage(RUSAGE_SELF, &usage)
        return usage.ru_maxrss  // bytes on Apple platforms
    #endif
}

// MARK: Child: one case

/// What a case did: how many values, over how many bytes.
struct CaseResult {
    var values = 0
    var checksum = 0
    /// Set by a case that times only part of its work.
    var seconds: Double?
}

let itemsPointer = JSONPointer(tokens: ["items"])

func runCase(_ name: String, linesPath: String, itemsPath: String) async throws -> (CaseResult, Int) {
    var result = CaseResult()
    switch name {
    case "lines":
        for try await node in Node.lines(fromFileAtPath: linesPath) {
            result.values += 1
            if case .object = node { result.checksum += 1 }
        }
        return (result, fileSize(linesPath))
    case "elements":
        for try await node in Node.elements(at: itemsPointer, fromFileAtPath: itemsPath) {
            result.values += 1
            if case .object = node { result.checksum += 1 }
        }
        return (result, fileSize(itemsPath))
    case "lines-decode":
        for try await event in Node.lines(fromFileAtPath: linesPath).decode(OrderEvent.self) {
            result.values += 1
            result.checksum &+= event.id
        }
        return (result, fileSize(linesPath))
    case "lines-decode-concurrently":
        for try await event in Node.lines(fromFileAtPath: linesPath).decode(OrderEvent.self, concurrently: true) {
            result.values += 1
            result.checksum &+= event.id
        }
        return (result, fileSize(linesPath))
    case "elements-decode":
        for try await event in Node.elements(at: itemsPointer, fromFileAtPath: itemsPath).decode(OrderEvent.self) {
            result.values += 1
            result.checksum &+= event.id
        }
        return (result, fileSize(itemsPath))
    case "elements-decode-concurrently":
        for try await event in Node.elements(at: itemsPointer, fromFileAtPath: itemsPath).decode(
            OrderEvent.self, concurrently: true)
        {
            result.values += 1
            result.checksum &+= event.id
        }
        return (result, fileSize(itemsPath))
    case "in-memory-lines-node":
        // The bar for `lines`: Node(json:) on every line of the same bytes, already in memory (not timed: the read).
        let bytes = try readWholeFile(linesPath)
        let start = ContinuousClock.now
        try bytes.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            for index in 0..<buffer.count where buffer[index] == 0x0A {
                let node = try Node(json: UnsafeBufferPointer(rebasing: buffer[lineStart..<index]))
                result.values += 1
                if case .object = node { result.checksum += 1 }
                lineStart = index + 1
            }
        }
        result.seconds = seconds(ContinuousClock.now - start)
        return (result, bytes.count)
    case "in-memory-lines-decode":
        // What plain `decode` costs at least: NodeDecoder on every line of the same bytes, already in memory.
        let bytes = try readWholeFile(linesPath)
        let decoder = NodeDecoder()
        let start = ContinuousClock.now
        try bytes.withUnsafeBufferPointer { buffer in
            var lineStart = 0
            for index in 0..<buffer.count where buffer[index] == 0x0A {
                let event = try decoder.decode(
                    OrderEvent.self, fromJSON: UnsafeBufferPointer(rebasing: buffer[lineStart..<index]))
                result.values += 1
                result.checksum &+= event.id
                lineStart = index + 1
            }
        }
        result.seconds = seconds(ContinuousClock.now - start)
        return (result, bytes.count)
    case "in-memory-lines-decode-2threads", "in-memory-lines-jsondecoder", "in-memory-lines-jsondecoder-2threads":
        // How decoding itself scales, without the stream: the lines in memory split in two halves decoded on two
        // threads at once (DispatchQueue.concurrentPerform), by NodeDecoder or by Foundation's JSONDecoder.
        let bytes = try readWholeFile(linesPath)
        let threads = name.hasSuffix("2threads") ? 2 : 1
        let foundation = name.contains("jsondecoder")
        var middle = threads == 1 ? bytes.count : bytes.count / 2
        while middle < bytes.count && bytes[middle - 1] != 0x0A { middle += 1 }
        let halves = threads == 1 ? [0..<bytes.count] : [0..<middle, middle..<bytes.count]
        let totals = LockedTotals()
        let start = ContinuousClock.now
        DispatchQueue.concurrentPerform(iterations: halves.count) { part in
            var values = 0
            var checksum = 0
            let decoder = NodeDecoder()
            let jsonDecoder = JSONDecoder()
            bytes.withUnsafeBufferPointer { all in
                let buffer = UnsafeBufferPointer(rebasing: all[halves[part]])
                var lineStart = 0
                for index in 0..<buffer.count where buffer[index] == 0x0A {
                    let line = UnsafeBufferPointer(rebasing: buffer[lineStart..<index])
                    let event =
                        foundation
                        ? try! jsonDecoder.decode(OrderEvent.self, from: Data(line))
                        : try! decoder.decode(OrderEvent.self, fromJSON: line)
                    values += 1
                    checksum &+= event.id
                    lineStart = index + 1
                }
            }
            totals.add(values: values, checksum: checksum)
        }
        result.seconds = seconds(ContinuousClock.now - start)
        (result.values, result.checksum) = totals.value
        return (result, bytes.count)
    case "naive-decode":
        // Read the whole document, build the tree, decode the array.
        let bytes = try readWholeFile(itemsPath)
        let document = try NodeDecoder().decode(ItemsDocument.self, fromJSON: bytes)
        result.values = document.items.count
        result.checksum = document.items.reduce(0) { $0 &+ $1.id }
        return (result, fileSize(itemsPath))
    case "naive-node":
        let bytes = try readWholeFile(itemsPath)
        let node = try Node(json: bytes)
        if case .array(let items)? = node["items"] { result.values = items.count }
        return (result, fileSize(itemsPath))
    default:
        throw BenchError(description: "unknown case \(name)")
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
}

func fileSize(_ path: String) -> Int {
    var info = stat()
    return stat(path, &info) == 0 ? Int(info.st_size) : 0
}

func readWholeFile(_ path: String) throws -> [UInt8] {
    guard let data = FileManager.default.contents(atPath: path) else {
        throw BenchError(description: "cannot read \(path)")
    }
    return [UInt8](data)
}

func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
}

// MARK: Generating the files

/// Writes `megabytes` MiB of records as JSON Lines to `linesPath` and as `{"items": [...]}` to `itemsPath`.
func generate(megabytes: Int, linesPath: String, itemsPath: String) throws {
    guard let lines = fopen(linesPath, "w"), let items = fopen(itemsPath, "w") else {
        throw BenchError(description: "cannot write \(linesPath) or \(itemsPath)")
    }
    defer {
        fclose(lines)
        fclose(items)
    }
    let target = megabytes << 20
    var random = SplitMix64(state: 16)
    var written = 0
    var id = 0
    var lineBuffer: [UInt8] = []
    var itemBuffer: [UInt8] = Array("{\"generated\": \"StreamingBench\", \"items\": [\n".utf8)
    while written < target {
        let record = Records.record(id, &random)
        lineBuffer.append(contentsOf: record.utf8)
        lineBuffer.append(0x0A)
        if id > 0 { itemBuffer.append(contentsOf: ",\n".utf8) }
        itemBuffer.append(contentsOf: record.utf8)
        written += record.utf8.count + 1
        id += 1
        if lineBuffer.count > 1 << 20 {
            fwrite(lineBuffer, 1, lineBuffer.count, lines)
            fwrite(itemBuffer, 1, itemBuffer.count, items)
            lineBuffer.removeAll(keepingCapacity: true)
            itemBuffer.removeAll(keepingCapacity: true)
        }
    }
    itemBuffer.append(contentsOf: "\n], \"count\": \(id)}\n".utf8)
    fwrite(lineBuffer, 1, lineBuffer.count, lines)
    fwrite(itemBuffer, 1, itemBuffer.count, items)
}

// MARK: Speed-up: plain and concurrent decoding in turns

/// `concurrently: true` against plain `decode`, and the in-memory decode on two threads against one (the ceiling,
/// without the stream): each round runs both sides of every pair back to back, in alternating order, each in a
/// process of its own as the main table does (so that no run inherits the heap or the threads of another), and the
/// ratio of the pair is kept. This machine's speed drifts by up to 2× within a minute, so only such neighbouring
/// ratios mean anything, and the median of several rounds is the figure to report; even that moves by about 0.2
/// from one series of 9 rounds to the next.
func measureSpeedups(rounds: Int, linesPath: String, itemsPath: String) throws {
    let pairs = [
        ("lines-decode", "lines-decode-concurrently"), ("elements-decode", "elements-decode-concurrently"),
        ("in-memory-lines-decode", "in-memory-lines-decode-2threads"),
    ]
    var ratios: [String: [Double]] = [:]
    for round in 0..<rounds {
        for (plain, concurrent) in pairs {
            var times: [String: Double] = [:]
            for name in round % 2 == 0 ? [plain, concurrent] : [concurrent, plain] {
                times[name] = try runChild(name, linesPath: linesPath, itemsPath: itemsPath).seconds
            }
            ratios[concurrent, default: []].append(times[plain]! / times[concurrent]!)
        }
        printError("  round \(round + 1) of \(rounds)")
    }
    print(
        """
        Speed-up of concurrent decoding, \(rounds) rounds in turns, each run in a process of its own, \
        \(ProcessInfo.processInfo.activeProcessorCount) cores; wall-clock time of plain / concurrent.

        | case | median | lowest | highest |
        |---|---:|---:|---:|
        """)
    for (_, concurrent) in pairs {
        let sorted = ratios[concurrent]!.sorted()
        print(
            "| \(concurrent) | \(String(format: "%.2f×", sorted[sorted.count / 2])) "
                + "| \(String(format: "%.2f×", sorted.first!)) | \(String(format: "%.2f×", sorted.last!)) |")
    }
}

// MARK: Parent: every case in a child process

struct Measurement {
    var name: String
    var values: Int
    var bytes: Int
    var seconds: Double
    var peakBytes: Int
    var megabytesPerSecond: Double { Double(bytes) / 1e6 / seconds }
}

func runChild(_ name: String, linesPath: String, itemsPath: String) throws -> Measurement {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
    process.arguments = ["--case", name, linesPath, itemsPath]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw BenchError(description: "case \(name) failed with status \(process.terminationStatus)")
    }
    let fields = String(decoding: output, as: UTF8.self).split(separator: " ")
    guard fields.count == 4, let values = Int(fields[0]), let bytes = Int(fields[1]),
        let seconds = Double(fields[2]), let peak = Int(fields[3].trimmingCharacters(in: .whitespacesAndNewlines))
    else { throw BenchError(description: "case \(name) printed \(String(decoding: output, as: UTF8.self))") }
    return Measurement(name: name, values: values, bytes: bytes, seconds: seconds, peakBytes: peak)
}

func mebibytes(_ bytes: Int) -> String {
    String(format: "%.1f MiB", Double(bytes) / 1_048_576)
}

func mainEntry() async throws -> Int32 {
    var arguments = Array(CommandLine.arguments.dropFirst())[...]
    if arguments.first == "--case" {
        let args = Array(arguments)
        guard args.count == 4 else { throw BenchError(description: "--case NAME LINES ITEMS") }
        let start = ContinuousClock.now
        let (result, bytes) = try await runCase(args[1], linesPath: args[2], itemsPath: args[3])
        let elapsed = result.seconds ?? seconds(ContinuousClock.now - start)
        print("\(result.values) \(bytes) \(elapsed) \(peakResidentBytes())")
        return 0
    }
    var megabytes = 1024
    var smoke = false
    var keep = false
    var speedupRounds: Int?
    while let argument = arguments.popFirst() {
        switch argument {
        case "--smoke":
            smoke = true
            megabytes = 2
        case "--size":
            guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
                throw BenchError(description: "--size needs a number of MiB")
            }
            megabytes = value
        case "--keep":
            keep = true
        case "--speedup":
            guard let value = arguments.popFirst().flatMap(Int.init), value > 0 else {
                throw BenchError(description: "--speedup needs a number of rounds")
            }
            speedupRounds = value
        default:
            throw BenchError(description: "unknown argument \(argument); see the comment at the top of main.swift")
        }
    }
    #if DEBUG
        printError("warning: StreamingBench was built without optimisation; use `swift run -c release StreamingBench`.")
    #endif
    let directory = ProcessInfo.processInfo.environment["GENOME_STREAM_BENCH_DIR"] ?? NSTemporaryDirectory()
    let linesPath = (directory as NSString).appendingPathComponent("genome-stream-\(megabytes)MiB.jsonl")
    let itemsPath = (directory as NSString).appendingPathComponent("genome-stream-\(megabytes)MiB.json")
    if !FileManager.default.fileExists(atPath: linesPath) || !FileManager.default.fileExists(atPath: itemsPath) {
        printError("Generating \(megabytes) MiB of records in \(linesPath) and \(itemsPath)…")
        try generate(megabytes: megabytes, linesPath: linesPath, itemsPath: itemsPath)
    }
    defer {
        if !keep {
            try? FileManager.default.removeItem(atPath: linesPath)
            try? FileManager.default.removeItem(atPath: itemsPath)
        }
    }
    if let speedupRounds {
        try measureSpeedups(rounds: speedupRounds, linesPath: linesPath, itemsPath: itemsPath)
        return 0
    }
    let cases = [
        "lines", "in-memory-lines-node", "elements", "lines-decode", "in-memory-lines-decode",
        "lines-decode-concurrently", "in-memory-lines-decode-2threads", "in-memory-lines-jsondecoder",
        "in-memory-lines-jsondecoder-2threads", "elements-decode", "elements-decode-concurrently", "naive-node",
        "naive-decode",
    ]
    var results: [String: Measurement] = [:]
    for name in cases {
        printError("  \(name)…")
        results[name] = try runChild(name, linesPath: linesPath, itemsPath: itemsPath)
    }
    let counts = Set(cases.map { results[$0]!.values })
    guard counts.count == 1 else { throw BenchError(description: "the cases saw different numbers of records") }

    let info = ProcessInfo.processInfo
    if smoke { print("Smoke run (\(megabytes) MiB): every case ran once; the figures below are not measurements.\n") }
    print(
        """
        Streaming, \(megabytes) MiB per file, \(results["lines"]!.values) records; wall-clock time, one run per case, \
        each case in a process of its own; peak RSS = getrusage ru_maxrss.
        \(info.operatingSystemVersionString), \(info.activeProcessorCount) cores.

        | case | MB/s | time | peak RSS |
        |---|---:|---:|---:|
        """)
    for name in cases {
        let m = results[name]!
        print(
            "| \(name) | \(String(format: "%.0f", m.megabytesPerSecond)) | \(String(format: "%.2f s", m.seconds)) "
                + "| \(mebibytes(m.peakBytes)) |")
    }
    let limit = 64 << 20
    let bounded = [
        "lines", "elements", "lines-decode", "lines-decode-concurrently", "elements-decode",
        "elements-decode-concurrently",
    ]
    let worst = bounded.map { results[$0]!.peakBytes }.max()!
    let linesRatio = results["in-memory-lines-node"]!.megabytesPerSecond / results["lines"]!.megabytesPerSecond
    let linesSpeedup =
        results["lines-decode-concurrently"]!.megabytesPerSecond
        / results["lines-decode"]!.megabytesPerSecond
    let elementsSpeedup =
        results["elements-decode-concurrently"]!.megabytesPerSecond
        / results["elements-decode"]!.megabytesPerSecond
    print(
        """

        Bars (issue 16):
        - peak RSS of the streaming cases ≤ 64 MiB: worst \(mebibytes(worst)) \(worst <= limit ? "(met)" : "(MISSED)")
        - lines within 1.5× of Node(json:) per line in memory: \(String(format: "%.2f×", linesRatio)) slower \
        \(linesRatio <= 1.5 ? "(met)" : "(MISSED)")
        - concurrently ≥ 1.6× plain decode: lines \(String(format: "%.2f×", linesSpeedup)), elements \
        \(String(format: "%.2f×", elementsSpeedup)) \(min(linesSpeedup, elementsSpeedup) >= 1.6 ? "(met)" : "(MISSED)")
        """)
    return 0
}

do {
    exit(try await mainEntry())
} catch {
    printError("error: \(error)")
    exit(1)
}

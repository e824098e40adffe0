// Runs the fuzz target's checks over files, without libFuzzer: to replay a crash artifact in a debugger-friendly
// build, to run a whole corpus through the checks, to survey how Genome and Foundation differ, and as the binary
// valgrind checks for leaks (see Fuzz/README.md).
//
//   FuzzReplay [--no-foundation] [--repeat N] <file or directory>...
//
// Directories are read one level deep. Every broken check is printed; the exit status is 1 if there was one.

import Foundation
import FuzzChecks

/// The file's bytes, read with POSIX calls. (Not `FileManager.contents(atPath:)`: in Swift 6.3.1 it leaks a
/// 4 KiB buffer for an empty file, and this tool is what valgrind checks for Genome's leaks.)
func readFile(_ path: String) -> [UInt8]? {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { return nil }
    defer { close(descriptor) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count >= 0 else { return nil }
        guard count > 0 else { return bytes }
        bytes += buffer[..<count]
    }
}

var options = CheckOptions()
var repeats = 1
var paths: [String] = []
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--no-foundation":
        options.comparesWithFoundation = false
    case "--repeat":
        guard let count = arguments.popFirst().flatMap({ Int($0) }), count > 0 else {
            FileHandle.standardError.write(Data("--repeat needs a positive count\n".utf8))
            exit(2)
        }
        repeats = count
    case "-h", "--help":
        print("usage: FuzzReplay [--no-foundation] [--repeat N] <file or directory>...")
        exit(0)
    default:
        paths.append(argument)
    }
}

var files: [String] = []
for path in paths {
    var isDirectory: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
        FileHandle.standardError.write(Data("no such file or directory: \(path)\n".utf8))
        exit(2)
    }
    if isDirectory.boolValue {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        files += names.sorted().map { path + "/" + $0 }
    } else {
        files.append(path)
    }
}

let clock = ContinuousClock()
let start = clock.now
var failures = 0
var bytes = 0
var slowest: (file: String, duration: Duration) = ("", .zero)
for _ in 0..<repeats {
    for file in files {
        guard let data = readFile(file) else {
            FileHandle.standardError.write(Data("cannot read \(file)\n".utf8))
            exit(2)
        }
        bytes += data.count
        let fileStart = clock.now
        let failure = data.withUnsafeBufferPointer { checkInput($0, options: options) }
        let duration = clock.now - fileStart
        if duration > slowest.duration { slowest = (file, duration) }
        if let failure {
            failures += 1
            print("\(file): \(failure)\n")
        }
    }
}
print(
    "\(files.count * repeats) inputs (\(bytes) bytes) checked in \(clock.now - start), \(failures) failed;"
        + " slowest: \(slowest.file) (\(slowest.duration))")
exit(failures == 0 ? 0 : 1)

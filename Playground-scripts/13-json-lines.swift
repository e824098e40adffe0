// A day of web server access logs as JSON Lines: read the file a line at a time in bounded memory, skip the lines
// a crashing logger left broken (and say which), sum up the requests, and decode them on every core in input
// order. Then the same records as one {"requests": [...]} export, read element by element.
import Foundation
import Genome

struct Request: NodeDecodable, Sendable {
    let path: String
    let status: Int
    let milliseconds: Double

    static func decode(_ json: Node) throws -> Request {
        try Request(path: json.decode("path"), status: json.decode("status"), milliseconds: json.decode("ms"))
    }
}

// Write the log to a temporary file: 3,000 requests, one torn line, one line that is JSON but not a request.
let paths = ["/", "/login", "/api/orders", "/api/orders/42", "/static/app.js"]
var log = ""
for index in 0..<3_000 {
    if index == 1_234 { log += "{\"path\": \"/api/ord\n" }  // the logger crashed mid-line
    if index == 2_000 { log += "{\"path\": \"/health\"}\r\n" }  // no status: does not decode
    let status = index % 97 == 0 ? 500 : index % 13 == 0 ? 404 : 200
    log += "{\"path\": \"\(paths[index % paths.count])\", \"status\": \(status), \"ms\": \(Double(index % 50) / 4)}\n"
    if index % 1_000 == 999 { log += "\n" }  // blank lines between hours
}
let path = NSTemporaryDirectory() + "genome-playground-access-\(getpid()).jsonl"
_ = FileManager.default.createFile(atPath: path, contents: Data(log.utf8))
defer { try? FileManager.default.removeItem(atPath: path) }

// 1. Nodes, stopping at the first bad line: the error names the line and the byte in the whole file.
var seen = 0
do {
    for try await _ in Node.lines(fromFileAtPath: path) { seen += 1 }
} catch let error as JSONStreamError {
    print("stopped after \(seen) lines:", error.line ?? 0, error.syntaxError?.line ?? 0, error.offset)
    precondition(error.line == 1_236 && error.kind == .syntax)  // 1,234 requests and a blank line before it
}

// 2. Models, skipping the bad lines and reporting them.
let report = JSONStreamReport()
var statuses: [Int: Int] = [:]
var slowest = 0.0
for try await request in Node.lines(fromFileAtPath: path).skippingInvalidValues(reportingTo: report)
    .decode(Request.self)
{
    statuses[request.status, default: 0] += 1
    slowest = max(slowest, request.milliseconds)
}
print("statuses:", statuses.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", "))
print("slowest: \(slowest) ms")
for error in report.skipped { print("skipped line \(error.line ?? 0) (\(error.kind))") }
precondition(statuses.values.reduce(0, +) == 3_000 && report.skippedCount == 2)

// 3. The same, decoded on every core: still in input order.
var order: [String] = []
for try await request in Node.lines(fromFileAtPath: path).skippingInvalidValues(reportingTo: JSONStreamReport())
    .decode(Request.self, concurrently: true)
{
    order.append(request.path)
}
precondition(order.count == 3_000 && order.prefix(5).elementsEqual(paths))
print("decoded concurrently:", order.count, "requests, in input order")

// 4. An export of the same requests as one document, element by element.
let export =
    "{\"exported\": \"today\", \"requests\": ["
    + (0..<100).map {
        "{\"path\": \"\(paths[$0 % paths.count])\", \"status\": 200, \"ms\": 1}"
    }.joined(separator: ",") + "]}"
let exportPath = NSTemporaryDirectory() + "genome-playground-export-\(getpid()).json"
_ = FileManager.default.createFile(atPath: exportPath, contents: Data(export.utf8))
defer { try? FileManager.default.removeItem(atPath: exportPath) }
var exported = 0
for try await request in Node.elements(at: try JSONPointer("/requests"), fromFileAtPath: exportPath)
    .decode(Request.self)
{
    exported += request.status == 200 ? 1 : 0
}
print("exported requests:", exported)
precondition(exported == 100)

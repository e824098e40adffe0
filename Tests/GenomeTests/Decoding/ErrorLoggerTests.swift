import Foundation
import Genome
import Testing

// Loggers are process-wide, so these tests run one at a time and remove what they add.
@Suite(.serialized) struct ErrorLoggerTests {
    final class Collected: @unchecked Sendable {
        // @unchecked: every access to `descriptions` holds `lock`.
        private let lock = NSLock()
        private var descriptions: [String] = []
        func append(_ text: String) { lock.withLock { descriptions.append(text) } }
        var all: [String] { lock.withLock { descriptions } }
    }

    @Test func aRegisteredLoggerSeesEachErrorOnce() {
        let collected = Collected()
        let token = ErrorLoggers.add { error in
            if let error = error as? MissingKeyError, error.key == "loggerTestKey" { collected.append("\(error)") }
        }
        defer { ErrorLoggers.remove(token) }
        let json: Node = ["outer": ["inner": 1]]
        #expect(throws: MissingKeyError.self) { let _: Int = try json.decode("outer", "loggerTestKey") }
        #expect(collected.all == [#"MissingKeyError at (root): no key "loggerTestKey" in {"inner":1}"#])
    }

    @Test func aRemovedLoggerSeesNothing() {
        let collected = Collected()
        let token = ErrorLoggers.add { error in
            if let error = error as? MissingKeyError, error.key == "removedLoggerKey" { collected.append("\(error)") }
        }
        ErrorLoggers.remove(token)
        let json: Node = [:]
        #expect(throws: MissingKeyError.self) { let _: Int = try json.decode("removedLoggerKey") }
        #expect(collected.all.isEmpty)
    }

    @Test func loggersCanBeAddedAndRemovedFromManyTasksAtOnce() async {
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<50 {
                group.addTask {
                    let token = ErrorLoggers.add { _ in }
                    let json: Node = [:]
                    _ = try? json.decode("concurrentLoggerKey") as Int
                    ErrorLoggers.remove(token)
                }
            }
        }
    }
}

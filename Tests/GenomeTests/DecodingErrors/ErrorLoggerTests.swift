import Foundation
import Genome
import Testing

// Loggers are process-wide, so these tests run one at a time and remove what they add. Other suites run in
// parallel and throw errors of their own, so each test keeps only the errors whose description mentions a marker
// no other test uses.
@Suite(.serialized) struct ErrorLoggerTests {
    final class Collected: @unchecked Sendable {
        // @unchecked: every access to `descriptions` holds `lock`.
        private let lock = NSLock()
        private var descriptions: [String] = []
        func append(_ text: String) { lock.withLock { descriptions.append(text) } }
        var all: [String] { lock.withLock { descriptions } }
    }

    /// Runs `body` with a logger registered, and returns what it logged that mentions `marker`.
    func logged(mentioning marker: String, during body: () -> Void) -> [String] {
        let collected = Collected()
        let token = ErrorLoggers.add { error in
            let text = "\(error)"
            if text.contains(marker) { collected.append(text) }
        }
        defer { ErrorLoggers.remove(token) }
        body()
        return collected.all
    }

    struct Account: NodeDecodable {
        let id: Int
        static func decode(_ json: Node) throws -> Account {
            try Account(id: json.decode("loggerNestedID"))
        }
    }

    struct Pet: MappableObject {
        let name: String
        init(map: Map) throws {
            name = try map.extract("loggerPetName")
        }
    }

    struct CodableAccount: Decodable {
        let loggerCodableID: Int
    }

    @Test func aRegisteredLoggerSeesEachErrorOnce() {
        let json: Node = ["outer": ["inner": 1]]
        let logged = logged(mentioning: "loggerTestKey") {
            #expect(throws: MissingKeyError.self) { let _: Int = try json.decode("outer", "loggerTestKey") }
        }
        // Logged as it leaves `decode`, so with the path that call walked ("outer"). Errors used to be logged
        // where they were made, before any path was put in front: "(root)".
        #expect(logged == [#"MissingKeyError at outer: no key "loggerTestKey" in {"inner":1}"#])
    }

    @Test func missingKeyInsideNestedModelIsLoggedOnceWithTheInnerCallsPath() {
        let json: Node = ["outer": ["name": "x"]]
        let logged = logged(mentioning: "loggerNestedID") {
            let error = #expect(throws: MissingKeyError.self) { let _: Account = try json.decode("outer") }
            #expect(error?.formattedPath == "outer")
        }
        // The `json.decode("loggerNestedID")` inside `Account.decode` logs it, with the path it knows; the outer
        // `decode("outer")` only puts "outer" in front of the error it throws, and does not log it again.
        #expect(logged == [#"MissingKeyError at (root): no key "loggerNestedID" in {"name":"x"}"#])
    }

    @Test func tryQuestionMarkLogsOnce() {
        let json: Node = ["other": 1]
        let logged = logged(mentioning: "loggerTryKey") {
            #expect((try? json.decode("loggerTryKey") as Int) == nil)
        }
        #expect(logged == [#"MissingKeyError at (root): no key "loggerTryKey" in {"other":1}"#])
    }

    @Test func mismatchMadeInsideAScalarIsLoggedWithTheKey() {
        let json: Node = ["loggerAge": "loggerAgeText"]
        let logged = logged(mentioning: "loggerAgeText") {
            #expect(throws: TypeMismatchError.self) { let _: Int = try json.decode("loggerAge") }
        }
        #expect(logged == [#"TypeMismatchError at loggerAge: expected Int but found a string: "loggerAgeText""#])
    }

    @Test func successfulOneOfLogsNothingForItsFailedCandidates() {
        let json: Node = ["choice": "loggerOneOfText"]
        let logged = logged(mentioning: "loggerOneOfText") {
            // The Int candidate fails on the string before the String candidate fits.
            let value = try? json.decode("choice", asOneOf: .type(Int.self) { "\($0)" }, .type(String.self) { $0 })
            #expect(value == "loggerOneOfText")
        }
        #expect(logged.isEmpty)
    }

    @Test func failingOneOfLogsItsCombinedErrorOnce() {
        let json: Node = ["choice": ["loggerOneOfFails": true]]
        let logged = logged(mentioning: "loggerOneOfFails") {
            #expect(throws: TypeMismatchError.self) {
                _ = try json.decode("choice", asOneOf: .type(Int.self) { "\($0)" }, .type(String.self) { $0 })
            }
        }
        #expect(logged.count == 1)
        #expect(logged.first?.hasPrefix("TypeMismatchError at choice: expected one of Int, String") == true)
    }

    @Test func decodeIfPresentOfAMissingKeyLogsNothing() {
        let json: Node = ["other": 1]
        let logged = logged(mentioning: "loggerIfPresent") {
            #expect((try? json.decodeIfPresent("loggerIfPresentKey") as Int?) == .some(nil))
            #expect((try? json.decodeIfPresent("loggerIfPresentOuter", "inner") as Int?) == .some(nil))
        }
        #expect(logged.isEmpty)
    }

    @Test func lossyArrayFailuresAreReturnedAndLoggedAsRecoveries() {
        // The dropped element's error is not logged as an error: it reaches the loggers inside a `Recovery`
        // (issue 15), and the caller as a value in `failures`. Loggers see a static-decode recovery as it is made:
        // its path starts at the array it was made in.
        let json: Node = ["items": [1, "loggerLossyText", 3]]
        let logged = logged(mentioning: "loggerLossyText") {
            let items = try? json.decode("items") as LossyArray<Int>
            #expect(items?.elements == [1, 3])
            #expect(items?.failures.count == 1)
        }
        #expect(
            logged == [
                #"element dropped at [1]: TypeMismatchError at [1]: expected Int but found a string: "loggerLossyText""#
            ])
    }

    @Test func failingMapModelLogsOnce() {
        let logged = logged(mentioning: "loggerPetName") {
            #expect(throws: MissingKeyError.self) { try Pet(node: ["other": "Rex"]) }
        }
        // Logged by `extract`; `init(node:)` around it does not log it again.
        #expect(logged == [#"MissingKeyError at (root): no key "loggerPetName" in {"other":"Rex"}"#])
    }

    @Test func codableErrorsAreNotLogged() {
        let logged = logged(mentioning: "loggerCodableID") {
            #expect(throws: DecodingError.self) { try NodeDecoder().decode(CodableAccount.self, from: ["id": 1]) }
        }
        #expect(logged.isEmpty)
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

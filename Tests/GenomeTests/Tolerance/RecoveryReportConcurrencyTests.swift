import Genome
import Testing

// Reports collected at the same time on many threads keep their own recoveries; an asynchronous collect sees
// the recoveries of the child tasks it awaits.
@Suite struct RecoveryReportConcurrencyTests {
    struct Flagged: Codable { @DefaultTrue var flag: Bool }

    @Test func concurrentReportsStaySeparate() async {
        await withTaskGroup(of: Int.self) { group in
            for count in 1...40 {
                group.addTask {
                    let json = "[" + Array(repeating: "{}", count: count).joined(separator: ",") + "]"
                    let found = try? RecoveryReport.collect {
                        try NodeDecoder().decode([Flagged].self, fromJSON: json)
                    }
                    return found?.report.count == count ? 0 : 1
                }
            }
            var mismatches = 0
            for await mismatch in group { mismatches += mismatch }
            #expect(mismatches == 0)
        }
    }

    @Test func anAsynchronousReportSeesItsChildTasks() async throws {
        let (total, report) = try await RecoveryReport.collect {
            try await withThrowingTaskGroup(of: Int.self) { group in
                for _ in 0..<5 {
                    group.addTask { try NodeDecoder().decode([Flagged].self, fromJSON: "[{}, {}]").count }
                }
                return try await group.reduce(0, +)
            }
        }
        #expect(total == 10)
        #expect(report.count == 10)
        #expect(report.allSatisfy { $0.formattedPath.hasSuffix(".flag") })
    }

    @Test func nestedReportsHandTheirRecoveriesOn() throws {
        let (inner, outer) = try RecoveryReport.collect {
            try RecoveryReport.collect { try NodeDecoder().decode(Flagged.self, fromJSON: "{}") }.report
        }
        #expect(inner.count == 1 && outer.count == 1)
    }
}

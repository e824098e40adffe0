import Foundation

/// The result table, as Markdown so the README can quote it verbatim.
struct Table {
    struct Row {
        let file: String
        let operation: Operation
        let size: Int
        let genome: Samples
        let foundation: Samples
    }

    var rows: [Row] = []

    /// MB/s, with MB = 10^6 bytes of *input* for both operations and both libraries: the numerator is the same
    /// on both sides, so the ratio of two MB/s figures is exactly the inverse ratio of their times.
    private static func megabytesPerSecond(_ size: Int, _ duration: Duration) -> Double {
        Double(size) / 1e6 / duration.seconds
    }

    /// `median (best)` of one library's throughput.
    private static func throughput(_ size: Int, _ samples: Samples) -> String {
        String(
            format: "%.1f (%.1f)", megabytesPerSecond(size, samples.median), megabytesPerSecond(size, samples.best))
    }

    /// Genome's speed as a multiple of Foundation's, from the medians and (in parentheses) from the bests.
    private static func ratio(_ genome: Samples, _ foundation: Samples) -> String {
        String(
            format: "%.2f (%.2f)", foundation.median.seconds / genome.median.seconds,
            foundation.best.seconds / genome.best.seconds)
    }

    /// `median (best)` of one library's time per call, in nanoseconds.
    private static func nanoseconds(_ samples: Samples) -> String {
        String(format: "%.0f (%.0f)", samples.median.seconds * 1e9, samples.best.seconds * 1e9)
    }

    /// The corpus rows: throughput in MB/s.
    func render() -> String {
        let header = ["file", "operation", "Genome MB/s", "Foundation MB/s", "Genome/Foundation"]
        let cells = rows.map { row in
            [
                row.file, row.operation.rawValue, Self.throughput(row.size, row.genome),
                Self.throughput(row.size, row.foundation), Self.ratio(row.genome, row.foundation),
            ]
        }
        return Self.markdown(header: header, cells: cells)
    }

    /// The small-document rows: time per call in nanoseconds.
    func renderPerCall() -> String {
        let header = ["input", "operation", "Genome ns/call", "Foundation ns/call", "Genome/Foundation"]
        let cells = rows.map { row in
            [
                row.file, row.operation.rawValue, Self.nanoseconds(row.genome), Self.nanoseconds(row.foundation),
                Self.ratio(row.genome, row.foundation),
            ]
        }
        return Self.markdown(header: header, cells: cells)
    }

    private static func markdown(header: [String], cells: [[String]]) -> String {
        // Pad every column to its widest cell so the Markdown also reads well as plain text.
        let widths = header.indices.map { column in
            ([header] + cells).map { $0[column].count }.max()!
        }
        let leftAligned = 2  // file and operation; the figures are right-aligned
        func line(_ row: [String]) -> String {
            let padded = row.indices.map { column in
                let padding = String(repeating: " ", count: widths[column] - row[column].count)
                return column < leftAligned ? row[column] + padding : padding + row[column]
            }
            return "| " + padded.joined(separator: " | ") + " |"
        }
        // A colon at the right end of a rule cell right-aligns that column in rendered Markdown.
        let rule = widths.indices.map { column in
            column < leftAligned
                ? String(repeating: "-", count: widths[column] + 2)
                : String(repeating: "-", count: widths[column] + 1) + ":"
        }
        return ([line(header), "|" + rule.joined(separator: "|") + "|"] + cells.map(line))
            .joined(separator: "\n")
    }
}

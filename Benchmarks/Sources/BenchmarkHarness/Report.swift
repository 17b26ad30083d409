import Foundation

/// Writes the Markdown report of a run.
public struct Report {
    public let results: [WorkloadResult]
    public let sqliteVersion: String
    public let rounds: Int
    /// What ReactiveSQLite must reach, by workload.
    public let targets: [String: Target]
    /// Lines printed under the table (how ratios are computed, workloads not run yet).
    public let notes: [String]

    public init(
        results: [WorkloadResult], sqliteVersion: String, rounds: Int, targets: [String: Target], notes: [String]
    ) {
        self.results = results
        self.sqliteVersion = sqliteVersion
        self.rounds = rounds
        self.targets = targets
        self.notes = notes
    }

    public var markdown: String {
        var lines = [
            "# Benchmark results",
            "",
            "- Date: \(ISO8601DateFormatter().string(from: Date()))",
            "- CPU: \(Report.cpuModel) (\(ProcessInfo.processInfo.activeProcessorCount) cores)",
            "- SQLite: \(sqliteVersion)",
            "- Rounds: \(rounds) per implementation, round-robin (each round starting with the next one), after one warm-up run; times and sizes are medians (minimums).",
            "",
            "| workload | raw SQLite C | GRDB 7.10.0 | ReactiveSQLite | target | met |",
            "| --- | --- | --- | --- | --- | --- |",
        ]
        for result in results {
            let cells = Implementation.allCases.map { implementation -> String in
                guard let median = result.median(implementation), let minimum = result.minimum(implementation) else {
                    return "–"
                }
                let unit = MeasureUnit(for: median, result.measure)
                var value = "\(unit.format(median)) (\(unit.number(minimum)))"
                if let reference = result.referenceMedian(implementation) {
                    value += ", reference \(MeasureUnit(for: reference, .time).format(reference))"
                }
                guard implementation != .rawC || result.isRelative(.rawC), let ratio = result.ratio(implementation)
                else { return value }
                return value + String(format: " **%.2f×**", ratio)
            }
            let target = targets[result.workload]
            let met = target.flatMap { $0.isMet(by: result) }.map { $0 ? "yes" : "no" }
            lines.append(
                "| \(result.workload) | \(cells.joined(separator: " | ")) | "
                    + "\(target?.description ?? "–") | \(met ?? "–") |")
        }
        lines.append("")
        lines += notes.map { "- \($0)" }
        return lines.joined(separator: "\n") + "\n"
    }

    static var cpuModel: String {
        guard let cpuinfo = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        let line = cpuinfo.split(separator: "\n").first { $0.hasPrefix("model name") }
        let model = line.flatMap { $0.split(separator: ":", maxSplits: 1).last }
        return model.map { $0.trimmingCharacters(in: .whitespaces) } ?? "unknown"
    }
}

import Foundation

/// Runs the cases round-robin (every implementation once per round, so that the machine's noise
/// spreads evenly, each round starting with the next one), and computes the statistics of each.
public struct Runner {
    public let rounds: Int

    public init(rounds: Int) {
        self.rounds = rounds
    }

    /// The results of each workload, in the order of first appearance.
    public func run(_ cases: [BenchmarkCase], log: (String) -> Void) throws -> [WorkloadResult] {
        let workloads = cases.map(\.workload).reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
        var results: [WorkloadResult] = []
        for workload in workloads {
            let workloadCases = cases.filter { $0.workload == workload }
            var samples: [Implementation: [Duration]] = [:]
            for benchmarkCase in workloadCases {
                // One untimed warm-up run.
                _ = try runOnce(benchmarkCase)
            }
            for round in 0..<rounds {
                // Each round starts with the next implementation: none always runs after the same
                // one, whose leftovers (the allocator's free memory, caches) would favour or hinder it.
                for offset in workloadCases.indices {
                    let benchmarkCase = workloadCases[(round + offset) % workloadCases.count]
                    samples[benchmarkCase.implementation, default: []].append(try runOnce(benchmarkCase))
                }
            }
            let result = WorkloadResult(workload: workload, samples: samples)
            log(result.summary)
            results.append(result)
        }
        return results
    }
}

/// Runs a case in a fresh scratch directory; a failure names the workload and the implementation.
private func runOnce(_ benchmarkCase: BenchmarkCase) throws -> Duration {
    do {
        return try benchmarkCase.run(Scratch())
    } catch {
        throw BenchmarkFailure(
            description: "\(benchmarkCase.workload) (\(benchmarkCase.implementation)) failed: \(error)")
    }
}

/// A failed run of a benchmark case.
struct BenchmarkFailure: Error, CustomStringConvertible {
    let description: String
}

/// The statistics of one workload, for every implementation.
public struct WorkloadResult {
    public let workload: String
    public let samples: [Implementation: [Duration]]

    public func median(_ implementation: Implementation) -> Double? {
        guard let values = samples[implementation]?.map(\.seconds).sorted(), !values.isEmpty else { return nil }
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }

    public func minimum(_ implementation: Implementation) -> Double? {
        samples[implementation]?.map(\.seconds).min()
    }

    /// The ratio of an implementation's median to raw C's median.
    public func ratio(_ implementation: Implementation) -> Double? {
        guard let value = median(implementation), let reference = median(.rawC), reference > 0 else { return nil }
        return value / reference
    }

    public var summary: String {
        let parts = Implementation.allCases.compactMap { implementation -> String? in
            guard let median = median(implementation) else { return nil }
            let ratio = self.ratio(implementation).map { String(format: " (%.2f×)", $0) } ?? ""
            return "\(implementation.rawValue) \(String(format: "%.1f", median * 1000)) ms\(ratio)"
        }
        return "\(workload): " + parts.joined(separator: ", ")
    }
}

extension Duration {
    /// The duration in seconds.
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

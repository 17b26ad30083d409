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
            var samples: [Implementation: [Sample]] = [:]
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
            for result in result.percentiles ?? [result] {
                log(result.summary)
                results.append(result)
            }
        }
        return results
    }
}

/// Runs a case in a fresh scratch directory; a failure names the workload and the implementation.
private func runOnce(_ benchmarkCase: BenchmarkCase) throws -> Sample {
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
    public let samples: [Implementation: [Sample]]

    /// What the samples measure (time unless they are of a memory workload).
    public var measure: Measure {
        samples.values.lazy.compactMap(\.first).first?.measure ?? .time
    }

    public func median(_ implementation: Implementation) -> Double? {
        samples[implementation].flatMap { Self.median($0.map(\.value)) }
    }

    public func minimum(_ implementation: Implementation) -> Double? {
        samples[implementation]?.map(\.value).min()
    }

    /// The median of the reference of a relative workload (see `BenchmarkCase.relative`).
    public func referenceMedian(_ implementation: Implementation) -> Double? {
        samples[implementation].flatMap { Self.median($0.compactMap { $0.reference?.seconds }) }
    }

    /// Whether the implementation's ratio is to its own reference, not to raw C.
    public func isRelative(_ implementation: Implementation) -> Bool {
        samples[implementation]?.contains { $0.reference != nil } ?? false
    }

    /// The ratio of an implementation's median to raw C's median; for a relative workload, the
    /// median of the ratios of each run to its reference.
    public func ratio(_ implementation: Implementation) -> Double? {
        if isRelative(implementation) {
            return samples[implementation].flatMap { samples in
                Self.median(
                    samples.compactMap { sample in
                        sample.reference.map { sample.value / $0.seconds }
                    })
            }
        }
        guard let value = median(implementation), let reference = median(.rawC), reference > 0 else { return nil }
        return value / reference
    }

    public var summary: String {
        let parts = Implementation.allCases.compactMap { implementation -> String? in
            guard let median = median(implementation) else { return nil }
            let reference = referenceMedian(implementation).map {
                " / reference \(MeasureUnit(for: $0, .time).format($0))"
            }
            let ratio = self.ratio(implementation).map { String(format: " (%.2f×)", $0) } ?? ""
            let value = MeasureUnit(for: median, measure).format(median)
            return "\(implementation.rawValue) \(value)\(reference ?? "")\(ratio)"
        }
        return "\(workload): " + parts.joined(separator: ", ")
    }

    /// The percentiles reported of a workload that measures latencies.
    public static let reportedPercentiles = [50, 90, 99]

    /// For a workload that measures the latencies of its events: one result per reported
    /// percentile, named after it ("workload p99"), whose sample of each round is that round's
    /// percentile. Nil for other workloads.
    public var percentiles: [WorkloadResult]? {
        guard samples.values.contains(where: { $0.contains { $0.latencies != nil } }) else { return nil }
        return Self.reportedPercentiles.map { percentile in
            WorkloadResult(
                workload: "\(workload) p\(percentile)",
                samples: samples.mapValues { samples in
                    samples.map { sample in
                        let latencies = (sample.latencies ?? []).sorted()
                        let index = min(latencies.count - 1, latencies.count * percentile / 100)
                        return Sample(duration: latencies.isEmpty ? .zero : latencies[index])
                    }
                })
        }
    }

    private static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let values = values.sorted()
        let middle = values.count / 2
        return values.count % 2 == 1 ? values[middle] : (values[middle - 1] + values[middle]) / 2
    }
}

extension Duration {
    /// The duration in seconds.
    public var seconds: Double {
        let (seconds, attoseconds) = components
        return Double(seconds) + Double(attoseconds) / 1e18
    }
}

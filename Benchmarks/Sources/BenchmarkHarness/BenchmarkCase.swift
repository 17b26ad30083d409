import Foundation

/// The implementations that are compared.
public enum Implementation: String, CaseIterable, Sendable {
    case rawC = "raw SQLite C"
    case grdb = "GRDB 7.10.0"
    case reactiveSQLite = "ReactiveSQLite"
}

/// One workload run by one implementation.
///
/// `run` prepares what the workload needs (untimed), and returns the duration of the measured part,
/// and, for a workload measured relative to a reference of the same implementation, the duration of
/// the reference measured in the same run.
public struct BenchmarkCase: Sendable {
    public let workload: String
    public let implementation: Implementation
    public let run: @Sendable (Scratch) throws -> Sample

    /// A workload whose ratio is its median divided by raw C's median.
    public init(
        _ workload: String, _ implementation: Implementation, run: @escaping @Sendable (Scratch) throws -> Duration
    ) {
        self.workload = workload
        self.implementation = implementation
        self.run = { scratch in Sample(duration: try run(scratch)) }
    }

    private init(
        workload: String, implementation: Implementation, sample: @escaping @Sendable (Scratch) throws -> Sample
    ) {
        self.workload = workload
        self.implementation = implementation
        self.run = sample
    }

    /// A workload measured relative to a reference of the same implementation, in the same run (the
    /// same writes without observers, or the same observation through another form): its ratio is
    /// the median of the ratios of each run.
    public static func relative(
        _ workload: String, _ implementation: Implementation,
        run: @escaping @Sendable (Scratch) throws -> (duration: Duration, reference: Duration)
    ) -> BenchmarkCase {
        BenchmarkCase(workload: workload, implementation: implementation) { scratch in
            let (duration, reference) = try run(scratch)
            return Sample(duration: duration, reference: reference)
        }
    }

    /// A workload that measures the latency of each of its events (a commit until its value is
    /// received, say): the report shows its percentiles, each as a workload of its own
    /// (`WorkloadResult.percentiles`), whose ratio is its median over the rounds divided by raw C's.
    public static func latencies(
        _ workload: String, _ implementation: Implementation, run: @escaping @Sendable (Scratch) throws -> [Duration]
    ) -> BenchmarkCase {
        BenchmarkCase(workload: workload, implementation: implementation) { scratch in
            let latencies = try run(scratch)
            return Sample(duration: latencies.reduce(.zero, +), latencies: latencies)
        }
    }
}

/// The measure of one run of a case.
public struct Sample: Sendable {
    /// The duration of the measured part.
    public var duration: Duration
    /// The duration of the reference measured in the same run, if the case has one.
    public var reference: Duration?
    /// The latency of each event, for a workload that measures them.
    public var latencies: [Duration]?

    /// A sample, with the duration of its reference if the case has one, and the latencies of its
    /// events if it measures them.
    public init(duration: Duration, reference: Duration? = nil, latencies: [Duration]? = nil) {
        self.duration = duration
        self.reference = reference
        self.latencies = latencies
    }
}

/// A fresh directory for the database files of one run of a case.
public final class Scratch: Sendable {
    public let directory: URL

    public init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("bench-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(at: directory)
    }

    /// The path of a database file in the directory.
    public func path(_ name: String = "db.sqlite") -> String {
        directory.appendingPathComponent(name).path
    }
}

/// Measures the duration of `body`. Never inlined: the measured code stays a function of its own
/// (the closure, or a specialization of `measure` for it), which callgrind can count alone.
@inline(never)
public func measure(_ body: () throws -> Void) rethrows -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    return clock.now - start
}

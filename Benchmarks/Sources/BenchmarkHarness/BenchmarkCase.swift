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
/// the reference measured in the same run; for a memory workload, it runs the case in a process of
/// its own, which returns the bytes measured.
public struct BenchmarkCase: Sendable {
    public let workload: String
    public let implementation: Implementation
    public let run: @Sendable (Scratch) throws -> Sample
    /// For a memory workload: what the process of one run does (see `BenchmarkCase.memory`).
    public let memoryMeasurement: (@Sendable (Scratch) throws -> Double)?

    /// A workload whose ratio is its median divided by raw C's median.
    public init(
        _ workload: String, _ implementation: Implementation, run: @escaping @Sendable (Scratch) throws -> Duration
    ) {
        self.workload = workload
        self.implementation = implementation
        self.run = { scratch in Sample(duration: try run(scratch)) }
        self.memoryMeasurement = nil
    }

    private init(
        workload: String, implementation: Implementation,
        memoryMeasurement: (@Sendable (Scratch) throws -> Double)? = nil,
        sample: @escaping @Sendable (Scratch) throws -> Sample
    ) {
        self.workload = workload
        self.implementation = implementation
        self.run = sample
        self.memoryMeasurement = memoryMeasurement
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

    /// A workload that measures memory, in bytes: each run starts a process of its own (this
    /// executable, see `MemoryProcess`), which runs `measure` and returns its bytes, so that no run
    /// sees the memory that another left (the allocator's free lists, caches, the peak resident size).
    /// Its ratio is its median divided by raw C's, when raw C has the workload.
    public static func memory(
        _ workload: String, _ implementation: Implementation, measure: @escaping @Sendable (Scratch) throws -> Double
    ) -> BenchmarkCase {
        BenchmarkCase(workload: workload, implementation: implementation, memoryMeasurement: measure) { _ in
            Sample(bytes: try MemoryProcess.measure(workload, implementation))
        }
    }
}

/// The measure of one run of a case.
public struct Sample: Sendable {
    /// What `value` measures.
    public var measure: Measure
    /// The duration of the measured part in seconds, or the bytes of a memory workload.
    public var value: Double
    /// The duration of the reference measured in the same run, if the case has one.
    public var reference: Duration?
    /// The latency of each event, for a workload that measures them.
    public var latencies: [Duration]?

    /// A sample, with the duration of its reference if the case has one, and the latencies of its
    /// events if it measures them.
    public init(duration: Duration, reference: Duration? = nil, latencies: [Duration]? = nil) {
        self.measure = .time
        self.value = duration.seconds
        self.reference = reference
        self.latencies = latencies
    }

    /// The sample of a memory workload.
    public init(bytes: Double) {
        self.measure = .memory
        self.value = bytes
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

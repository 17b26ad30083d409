import Foundation

/// The implementations that are compared.
public enum Implementation: String, CaseIterable, Sendable {
    case rawC = "raw SQLite C"
    case grdb = "GRDB 7.10.0"
    case reactiveSQLite = "ReactiveSQLite"
}

/// One workload run by one implementation.
///
/// `run` prepares what the workload needs (untimed), and returns the duration of the measured part.
public struct BenchmarkCase: Sendable {
    public let workload: String
    public let implementation: Implementation
    public let run: @Sendable (Scratch) throws -> Duration

    public init(_ workload: String, _ implementation: Implementation, run: @escaping @Sendable (Scratch) throws -> Duration) {
        self.workload = workload
        self.implementation = implementation
        self.run = run
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

/// Measures the duration of `body`.
public func measure(_ body: () throws -> Void) rethrows -> Duration {
    let clock = ContinuousClock()
    let start = clock.now
    try body()
    return clock.now - start
}

import CMemoryUsage
import Dispatch
import Foundation
import RSCore
import RSObservation

/// The memory of idle value observations: the heap bytes that each retains once it has notified
/// its initial value, among `count` observations of one row each (raw SQL) on a `DatabaseQueue`.
/// The worker measures them in a process of its own: the heap of a test process moves with the
/// suites that run beside.
public enum IdleObservationScenario {
    /// The first argument of the child that measures: `idle-observations <path>`.
    public static let argument = "idle-observations"
    /// The observations of a measure.
    static let count = 2000
    /// The rows of the observed table: observation `k` observes row `k % rowCount + 1`.
    static let rowCount = 100

    /// What the child runs: writes the heap bytes that each idle observation of a new database at
    /// `path` retains, or "unknown" where the allocator does not tell its heap (`mallinfo2`).
    ///
    /// The baseline is the process after a first observation, which creates what every observation
    /// shares (the statement, the type metadata), and with the array of the cancellables allocated.
    public static func measure(path: String, configuration: Configuration, driver: DatabaseDriver) throws {
        let writer = try DatabaseQueue(path: path, configuration: configuration, driver: driver)
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b TEXT)")
            for id in 1...rowCount {
                try db.execute(sql: "INSERT INTO t (id, a, b) VALUES (?, ?, 'b')", arguments: [id, id])
            }
        }
        let queue = DispatchQueue(label: "idle observations")
        let notified = DispatchSemaphore(value: 0)
        func startObservation(_ index: Int) -> AnyDatabaseCancellable {
            let id = index % rowCount + 1
            return ValueObservation.tracking { db in
                try Row.fetchOne(db, sql: "SELECT * FROM t WHERE id = ?", arguments: [id]).map { row -> Int in row["a"]
                }
            }
            .start(in: writer, scheduling: .async(onQueue: queue)) { error in
                FileHandle.standardError.write(Data("\(error)\n".utf8))
                exit(1)
            } onChange: { _ in
                notified.signal()
            }
        }
        let first = startObservation(0)
        notified.wait()
        var cancellables: [AnyDatabaseCancellable] = []
        cancellables.reserveCapacity(count)
        let baseline = rs_heap_bytes_in_use()
        for index in 0..<count { cancellables.append(startObservation(index)) }
        for _ in 0..<count { notified.wait() }
        // The observers' queue and the database's queue, idle.
        queue.sync {}
        try writer.read { _ in }
        let bytes = rs_heap_bytes_in_use()
        let output = baseline == 0 ? "unknown" : "\((Double(bytes) - Double(baseline)) / Double(count))"
        FileHandle.standardOutput.write(Data("\(output)\n".utf8))
        withExtendedLifetime((first, cancellables)) {}
    }

    /// Runs the child with a new database at `path`, and returns the bytes that each idle
    /// observation retains; nil where the allocator does not tell its heap.
    public static func run(worker: URL, path: String) throws -> Double? {
        let output = try OutsideProcessScenario.runChild(worker: worker, arguments: [argument, path])
        return Double(output.trimmingCharacters(in: .whitespacesAndNewlines))
    }
}

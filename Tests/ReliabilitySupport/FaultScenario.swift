import CFaultVFS
import Foundation
import RSCore
import RSObservation
import RSTestSupport

/// Faults: I/O errors injected through a fault-injecting VFS (`CFaultVFS`), registered through the
/// driver's seam (`SQLiteAPI.vfs_register`), as SQLite's own tests do. For every N, the Nth call of a
/// kind (reads, writes, syncs, locks, or all) fails while a representative write runs, until the write
/// succeeds with no fault. After each fault: the write failed with a `DatabaseError` (or SQLite
/// recovered and it succeeded), the database holds exactly the state before or after it, `PRAGMA
/// integrity_check` is `ok`, the connection writes again, and the observation of the database saw
/// only committed states (an observation that a fault failed fails with a `DatabaseError`, and is
/// started again).
///
/// The fault plan is global to the process (only the files of the VFS count): one scenario runs at
/// a time.
public enum FaultScenario {
    /// The name of the VFS in the URIs of the databases of the scenario.
    static let vfsName = "rsfault"

    /// What a run did, and what broke (empty `violations` when it passed).
    public struct Figures: Sendable {
        /// The positions of the write that were made to fail (the values of N).
        public var positions = 0
        /// The faults injected.
        public var faults = 0
        /// The writes that failed with a `DatabaseError`.
        public var failedWrites = 0
        /// The observations that a fault failed, and that were started again.
        public var failedObservations = 0
        /// The writes whose COMMIT statement failed after the commit point: SQLite reports an error
        /// for a transaction that is durable (see `FaultyDatabase.check(after:position:)`).
        public var commitsReportedFailed = 0
        /// Whether the run stopped at its maximum of positions before the write succeeded.
        public var isCapped = false
        /// What broke.
        public var violations: [String] = []
    }

    /// The kinds of calls the scenario fails, by name.
    public static let faultKinds: [(name: String, mask: UInt32)] = [
        ("reads", UInt32(RS_FAULT_READ)), ("writes", UInt32(RS_FAULT_WRITE)), ("syncs", UInt32(RS_FAULT_SYNC)),
        ("locks", UInt32(RS_FAULT_LOCK)), ("all calls", UInt32(RS_FAULT_ALL)),
    ]

    /// Registers the fault-injecting VFS with the driver's library.
    static func install(_ driver: DatabaseDriver) throws {
        guard let find = driver.api.vfs_find, let register = driver.api.vfs_register else {
            throw StressFailure(description: "the driver \(driver.name) cannot register a VFS")
        }
        let code = rs_fault_install(vfsName, find, register)
        guard code == 0 else { throw StressFailure(description: "the VFS was not registered: \(code)") }
    }

    /// The URI that opens the file at `path` through the fault-injecting VFS.
    static func uri(_ path: String) -> String { "file:\(path)?vfs=\(vfsName)" }

    /// Fails every position of a representative write, one after the other, with the calls of
    /// `mask` failing once (or, `persistent`, from the Nth on, as a disk that stays broken), until
    /// the write succeeds, or `maximumPositions` failed (a bounded run).
    public static func everyPosition(
        _ kind: WriterKind, mask: UInt32, persistent: Bool = false, maximumPositions: Int, directory: String,
        configuration: Configuration = Configuration(), driver: DatabaseDriver
    ) async throws -> Figures {
        try install(driver)
        let writer = try kind.open(
            path: uri(directory + "/faults.sqlite"), configuration: configuration, driver: driver)
        let database = FaultyDatabase(writer)
        try await database.setUp()
        var figures = Figures()
        var position = 0
        while true {
            position += 1
            rs_fault_arm(mask, Int64(position), 0, persistent ? 1 : 0)
            let result = await database.representativeWrite()
            rs_fault_disarm()
            let faults = Int(rs_fault_fault_count())
            figures.positions += 1
            figures.faults += faults
            if case .failure(let error) = result {
                if error is DatabaseError {
                    figures.failedWrites += 1
                } else {
                    figures.violations.append("position \(position): the write failed with \(error)")
                }
            }
            figures.violations += await database.check(after: result, position: position)
            if !figures.violations.isEmpty || (faults == 0 && result.isSuccess) { break }
            if position == maximumPositions {
                figures.isCapped = true
                break
            }
        }
        figures.failedObservations = database.restartedObservations
        figures.commitsReportedFailed = database.commitsReportedFailed
        database.stop()
        try writer.close()
        return figures
    }

    /// A full disk in the middle of a large transaction: files may not grow beyond their size
    /// before it. The transaction fails with `SQLITE_FULL` and rolls back; once space is back,
    /// the same transaction commits.
    public static func fullDisk(
        _ kind: WriterKind, directory: String, configuration: Configuration = Configuration(), driver: DatabaseDriver
    ) async throws -> Figures {
        try install(driver)
        let path = directory + "/full.sqlite"
        let writer = try kind.open(path: uri(path), configuration: configuration, driver: driver)
        let database = FaultyDatabase(writer)
        try await database.setUp()
        var figures = Figures()
        // Room for a few pages more than the files hold now.
        let size =
            [path, path + "-wal", path + "-journal"].compactMap {
                (try? FileManager.default.attributesOfItem(atPath: $0)[.size] as? Int) ?? nil
            }.max() ?? 0
        rs_fault_set_size_limit(Int64(size + 64 * 1024))
        let result = await database.representativeWrite(rows: 2_000)
        rs_fault_set_size_limit(0)
        figures.positions = 1
        figures.faults = Int(rs_fault_fault_count())
        switch result {
        case .failure(let error as DatabaseError) where error.resultCode == .SQLITE_FULL:
            figures.failedWrites = 1
        case .failure(let error):
            figures.violations.append("the write failed with \(error), not SQLITE_FULL")
        case .success:
            figures.violations.append("the write did not fail")
        }
        figures.violations += await database.check(after: result, position: 1)
        if case .failure = await database.representativeWrite(rows: 2_000) {
            figures.violations.append("the write failed once space was back")
        }
        database.stop()
        try writer.close()
        return figures
    }
}

extension Result {
    fileprivate var isSuccess: Bool {
        if case .success = self { return true }
        return false
    }
}

/// The database of the fault scenario: the bank of the stress scenario, a table of items, and an
/// observation of both, checked against the states that were committed.
private final class FaultyDatabase: @unchecked Sendable {
    // Unchecked Sendable: `observation` and `restartedObservations` are only used by the scenario's
    // task, one call after the other; the rest is immutable or locked.
    let writer: any DatabaseWriter
    /// The committed states, as (version, item count), in order.
    private let committed = Locked<[ObservedState]>([])
    /// What the observation saw, and the error that ended it.
    private let observed = Locked<(values: [ObservedState], error: (any Error)?)>(([], nil))
    private let progress = StressProgress()
    private var observation: AnyDatabaseCancellable?
    private(set) var restartedObservations = 0
    /// The writes whose COMMIT failed after the commit point, which SQLite reports as failed.
    private(set) var commitsReportedFailed = 0

    struct ObservedState: Hashable, Sendable {
        var version: Int
        var total: Int
        /// The last rowid of the items.
        var items: Int
    }

    init(_ writer: any DatabaseWriter) {
        self.writer = writer
    }

    func setUp() async throws {
        try await writer.write { db in
            try BankState.createBank(db)
            // The index keeps the work of a write, and so its count of calls, from growing with the
            // table: the loop over the positions must reach the end of the write.
            try db.execute(
                sql: """
                    CREATE TABLE item (txn INTEGER NOT NULL, payload BLOB NOT NULL);
                    CREATE INDEX item_txn ON item(txn);
                    """)
        }
        let state = try await writer.read(Self.fetch)
        committed.withLock { $0.append(state) }
        startObservation()
    }

    static func fetch(_ db: Database) throws -> ObservedState {
        let bank = try BankState.fetch(db)
        // The last rowid tells the writes apart (each one inserts rows) at the cost of a few pages,
        // where a count would read the whole table, and give the faults ever more reads to fail.
        let items = try Int.fetchOne(db, sql: "SELECT IFNULL(MAX(rowid), 0) FROM item")!
        return ObservedState(version: bank.version, total: bank.total, items: items)
    }

    private func startObservation() {
        let observed = self.observed
        let progress = self.progress
        observation = ValueObservation.tracking(Self.fetch).start(
            in: writer, scheduling: .async(onQueue: DispatchQueue(label: "ReactiveSQLite.Reliability.faults")),
            onError: { error in
                observed.withLock { $0.error = error }
                progress.signal()
            },
            onChange: { state in
                observed.withLock { $0.values.append(state) }
                progress.signal()
            })
    }

    /// One transaction of many kinds of work: a transfer, insertions of blobs that spill pages out of
    /// the cache, a deletion, and an update of old rows.
    func representativeWrite(rows: Int = 60) async -> Result<Void, any Error> {
        do {
            try await writer.write { db in
                try BankState.randomTransfer(db)
                let version = try Int.fetchOne(db, sql: "SELECT value FROM version")!
                for _ in 0..<rows {
                    try db.execute(sql: "INSERT INTO item VALUES (?, randomblob(600))", arguments: [version])
                }
                try db.execute(sql: "DELETE FROM item WHERE rowid IN (SELECT rowid FROM item LIMIT 5)")
                try db.execute(sql: "UPDATE item SET payload = randomblob(300) WHERE txn = ?", arguments: [version / 2])
            }
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    /// Checks the database after a write: the state it holds is the last committed one, or the
    /// state the write committed; `integrity_check` is ok; the observation catches up with it and
    /// saw only committed states. Returns what broke.
    func check(after write: Result<Void, any Error>, position: Int) async -> [String] {
        var violations: [String] = []
        do {
            let (integrity, state) = try await writer.read { db in
                (try String.fetchAll(db, sql: "PRAGMA integrity_check"), try Self.fetch(db))
            }
            if integrity != ["ok"] { violations.append("position \(position): integrity_check \(integrity)") }
            let last = committed.current.last!
            let isNext = state.version == last.version + 1 && state.total == BankState.total
            if case .failure(let error as DatabaseError) = write, state != last {
                // A fault after the commit point (an unlock that fails once the journal is gone)
                // fails the COMMIT statement although the transaction is durable: SQLite then
                // reports the error and calls the rollback hook, and can do no more. The database
                // must hold the whole transaction, and the observation sees it at the next commit.
                if error.sql == "COMMIT TRANSACTION" && isNext {
                    committed.withLock { $0.append(state) }
                    commitsReportedFailed += 1
                    try await writer.write { db in try db.execute(sql: "UPDATE version SET value = value") }
                } else {
                    violations.append(
                        "position \(position): the write failed (\(error)), the database holds \(state), not \(last)")
                }
            } else if write.isSuccess {
                if !isNext {
                    violations.append("position \(position): the write succeeded, the database holds \(state)")
                }
                committed.withLock { $0.append(state) }
            }
        } catch {
            violations.append("position \(position): the database cannot be read after the fault: \(error)")
            return violations
        }
        let target = committed.current.last!
        let observed = self.observed
        let caughtUp = await progress.wait(until: Date() + 30) {
            observed.withLock { $0.error != nil || $0.values.last == target }
        }
        let (values, error) = observed.current
        let committedStates = Set(committed.current)
        for value in values where !committedStates.contains(value) {
            violations.append("position \(position): the observation saw \(value), which was never committed")
        }
        if let error {
            // A fault failed a fetch of the observation: a typed error, then a new observation.
            if !(error is DatabaseError) {
                violations.append("position \(position): the observation failed with \(error)")
            }
            observation?.cancel()
            self.observed.withLock { $0 = ([], nil) }
            restartedObservations += 1
            startObservation()
            let restarted = await progress.wait(until: Date() + 30) {
                observed.withLock { $0.error != nil || $0.values.last == target }
            }
            if !restarted {
                violations.append("position \(position): the restarted observation did not reach \(target)")
            }
        } else if !caughtUp {
            violations.append("position \(position): the observation did not reach \(target)")
        }
        return violations
    }

    func stop() {
        observation?.cancel()
    }
}

extension FaultScenario {
    /// Records the figures of a run in the reliability report.
    public static func report(_ figures: Figures, kinds: String, kind: WriterKind, driver: String) {
        ReliabilityReport.record(
            "fault",
            [
                "driver": driver, "writer": kind.rawValue, "kinds": kinds, "positions": figures.positions,
                "faults": figures.faults, "failedWrites": figures.failedWrites,
                "failedObservations": figures.failedObservations,
                "commitsReportedFailed": figures.commitsReportedFailed, "capped": figures.isCapped,
                "violations": figures.violations.count,
            ])
    }
}

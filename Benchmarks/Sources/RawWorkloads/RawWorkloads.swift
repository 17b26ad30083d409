import BenchmarkHarness
import CSQLiteRaw
import Foundation

/// The workloads over raw SQLite C.
public enum RawWorkloads {
    public static var sqliteVersion: String { String(cString: sqlite3_libversion()) }

    /// Creates a database file with the rows of the fetch workloads.
    public static func populate(path: String) throws {
        let connection = try RawConnection.freshDatabase(path: path)
        try connection.insertItems(count: Workload.rowCount)
        try connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }

    public static func cases(fixture: String) -> [BenchmarkCase] {
        let insert: @Sendable (Scratch) throws -> Duration = { scratch in
            let connection = try RawConnection.freshDatabase(path: scratch.path())
            return try measure { try connection.insertItems(count: Workload.rowCount) }
        }
        return [
            BenchmarkCase("insert-statement", .rawC, run: insert),
            BenchmarkCase("insert-record (Codable)", .rawC, run: insert),
            BenchmarkCase("insert-record (hand-written)", .rawC, run: insert),
            BenchmarkCase("fetch-rows (disk)", .rawC) { _ in try fetch(path: fixture) },
            BenchmarkCase("fetch-rows (memory)", .rawC) { _ in try fetchInMemory() },
            BenchmarkCase("fetch-record (disk)", .rawC) { _ in try fetch(path: fixture) },
            BenchmarkCase("fetch-record (memory)", .rawC) { _ in try fetchInMemory() },
            BenchmarkCase("fetch-codable (disk)", .rawC) { _ in try fetch(path: fixture) },
            BenchmarkCase("fetch-codable (memory)", .rawC) { _ in try fetchInMemory() },
            BenchmarkCase("pool-concurrency", .rawC) { scratch in try poolConcurrency(scratch) },
        ]
    }

    /// Reads every row into Swift values: what any library must at least do.
    private static func readItems(_ connection: RawConnection) throws -> [RawItem] {
        let statement = try connection.prepare("SELECT * FROM item")
        defer { sqlite3_finalize(statement) }
        var items: [RawItem] = []
        while sqlite3_step(statement) == SQLITE_ROW {
            items.append(
                RawItem(
                    id: sqlite3_column_int64(statement, 0), i1: sqlite3_column_int64(statement, 1),
                    i2: sqlite3_column_int64(statement, 2), i3: sqlite3_column_int64(statement, 3),
                    t1: columnText(statement, 4), t2: columnText(statement, 5), d1: sqlite3_column_double(statement, 6)))
        }
        guard items.count == Workload.rowCount else { throw RawError(message: "fetched \(items.count) rows") }
        return items
    }

    private static func fetch(path: String) throws -> Duration {
        let connection = try RawConnection(path: path)
        return try measure { _ = try readItems(connection) }
    }

    private static func fetchInMemory() throws -> Duration {
        let connection = try RawConnection(path: ":memory:")
        try connection.execute(Workload.createTableSQL)
        try connection.insertItems(count: Workload.rowCount)
        return try measure { _ = try readItems(connection) }
    }

    /// Two reader threads do point reads while the writer updates rows, each on its own connection.
    private static func poolConcurrency(_ scratch: Scratch) throws -> Duration {
        let path = scratch.path()
        let setup = try RawConnection.freshDatabase(path: path)
        try setup.insertItems(count: Workload.concurrencyOperationCount)
        let writer = setup
        let readers = try (0..<2).map { _ in try RawConnection(path: path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX) }
        return try measure {
            let group = DispatchGroup()
            let failures = FailureCount()
            for reader in readers {
                let reader = UncheckedConnection(reader)
                DispatchQueue.global().async(group: group) {
                    do {
                        let statement = try reader.connection.prepare("SELECT * FROM item WHERE id = ?")
                        defer { sqlite3_finalize(statement) }
                        for index in 0..<Workload.concurrencyOperationCount {
                            try reader.connection.execute("BEGIN")
                            sqlite3_bind_int64(statement, 1, Int64(index + 1))
                            var code = sqlite3_step(statement)
                            while code == SQLITE_ROW {
                                _ = columnText(statement, 4)
                                code = sqlite3_step(statement)
                            }
                            sqlite3_reset(statement)
                            guard code == SQLITE_DONE else { throw RawError(message: "read failed") }
                            try reader.connection.execute("COMMIT")
                        }
                    } catch {
                        failures.increment()
                    }
                }
            }
            let statement = try writer.prepare("UPDATE item SET i1 = i1 + 1 WHERE id = ?")
            defer { sqlite3_finalize(statement) }
            for index in 0..<Workload.concurrencyOperationCount {
                try writer.execute("BEGIN IMMEDIATE")
                sqlite3_bind_int64(statement, 1, Int64(index + 1))
                guard sqlite3_step(statement) == SQLITE_DONE else { throw RawError(message: "update failed") }
                sqlite3_reset(statement)
                try writer.execute("COMMIT")
            }
            group.wait()
            if failures.value > 0 { throw RawError(message: "a reader failed") }
        }
    }
}

private struct RawItem {
    let id, i1, i2, i3: Int64
    let t1, t2: String
    let d1: Double
}

/// A connection handed to one reader thread, which is its only user while the workload runs.
private struct UncheckedConnection: @unchecked Sendable {
    let connection: RawConnection
    init(_ connection: RawConnection) { self.connection = connection }
}

private final class FailureCount: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0
    func increment() { lock.withLock { count += 1 } }
    var value: Int { lock.withLock { count } }
}

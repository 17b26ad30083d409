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
            BenchmarkCase.relative("fetch-codable (Codable floor)", .rawC) { _ in try decodeInMemory() },
            BenchmarkCase("fetch-values (disk)", .rawC) { _ in try fetchValues(path: fixture) },
            BenchmarkCase("fetch-values (memory)", .rawC) { _ in try fetchValues(path: nil) },
            BenchmarkCase("cursor-values", .rawC) { _ in try sumValues() },
            BenchmarkCase("pool-concurrency", .rawC) { scratch in try poolConcurrency(scratch) },
            BenchmarkCase("write-transactions (queue)", .rawC) { scratch in try writeTransactions(scratch) },
            BenchmarkCase("write-transactions (pool)", .rawC) { scratch in try writeTransactions(scratch) },
            BenchmarkCase("observation-latency (queue)", .rawC) { scratch in
                try observationLatency(scratch, pool: false)
            },
            BenchmarkCase("observation-latency (pool)", .rawC) { scratch in
                try observationLatency(scratch, pool: true)
            },
        ]
            + Workload.commitToValueConfigurations.map { configuration in
                BenchmarkCase.latencies(configuration.name, .rawC) { scratch in try commitToValue(scratch) }
            }
            + ["observation-fan-out (record)", "observation-fan-out (raw SQL)"].map { name in
                BenchmarkCase.relative(name, .rawC) { scratch in try fanOut(scratch) }
            } + RawAssociationWorkloads.cases() + RawFullTextWorkloads.cases()
    }

    /// The memory workloads, each run in a process of its own (see `MemoryProcess`).
    public static func memoryCases() -> [BenchmarkCase] { RawMemoryWorkloads.cases() }

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
                    t1: columnText(statement, 4), t2: columnText(statement, 5), d1: sqlite3_column_double(statement, 6))
            )
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

    /// The rows of `fetchInMemory`, decoded through `Decodable` (see `StatementDecoder`), relative to
    /// the same rows decoded by hand, in the same run.
    private static func decodeInMemory() throws -> (duration: Duration, reference: Duration) {
        let connection = try fetchConnection(path: nil)
        let reference = try measure { _ = try readItems(connection) }
        let duration = try measure {
            let statement = try connection.prepare("SELECT * FROM item")
            defer { sqlite3_finalize(statement) }
            let layout = StatementLayout(statement)
            defer { layout.forgetContainers() }
            let items = try layout.decodeRows(RawItem.self, columns: 0..<7)
            guard items.count == Workload.rowCount else { throw RawError(message: "decoded \(items.count) rows") }
        }
        return (duration, reference)
    }

    /// Calls `body` with each value of the i1 column, read as an Int64.
    private static func forEachValue(_ connection: RawConnection, _ body: (Int64) -> Void) throws {
        let statement = try connection.prepare("SELECT i1 FROM item")
        defer { sqlite3_finalize(statement) }
        while sqlite3_step(statement) == SQLITE_ROW { body(sqlite3_column_int64(statement, 0)) }
    }

    /// A connection to the fixture, or to a new in-memory database with the same rows.
    private static func fetchConnection(path: String?) throws -> RawConnection {
        if let path { return try RawConnection(path: path) }
        let connection = try RawConnection(path: ":memory:")
        try connection.execute(Workload.createTableSQL)
        try connection.insertItems(count: Workload.rowCount)
        return connection
    }

    /// Reads the i1 column into an array (`Int64.fetchAll`).
    private static func fetchValues(path: String?) throws -> Duration {
        let connection = try fetchConnection(path: path)
        return try measure {
            var values: [Int64] = []
            try forEachValue(connection) { values.append($0) }
            guard values.count == Workload.rowCount else { throw RawError(message: "fetched \(values.count) values") }
        }
    }

    /// Sums the i1 column of an in-memory database, one value at a time (`Int64.fetchCursor`).
    private static func sumValues() throws -> Duration {
        let connection = try fetchConnection(path: nil)
        return try measure {
            var sum: Int64 = 0
            try forEachValue(connection) { sum &+= $0 }
            guard sum == Workload.i1Sum else { throw RawError(message: "summed \(sum)") }
        }
    }

    /// Two reader threads do point reads while the writer updates rows, each on its own connection.
    private static func poolConcurrency(_ scratch: Scratch) throws -> Duration {
        let path = scratch.path()
        let setup = try RawConnection.freshDatabase(path: path)
        try setup.insertItems(count: Workload.concurrencyOperationCount)
        let writer = setup
        let readers = try (0..<2).map { _ in
            try RawConnection(path: path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX)
        }
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

extension RawWorkloads {
    /// Writes of row 1, each waiting until an observer has received its new value on a serial
    /// queue: the write's transaction, the commit hook, a fetch of the row, and a dispatch of its
    /// value to the queue. With `pool`, as a pool does it: the write is IMMEDIATE, and the fetch
    /// runs on a reader connection, on the reader's queue, in a transaction.
    private static func observationLatency(_ scratch: Scratch, pool: Bool) throws -> Duration {
        let path = scratch.path()
        let writer = try RawConnection.freshDatabase(path: path)
        try writer.execute(Workload.createOtherTableSQL)
        try writer.insertItems(count: Workload.observedRowCount)
        let reader =
            try pool ? RawConnection(path: path, flags: SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX) : writer
        let commits = CommitFlag()
        sqlite3_commit_hook(
            writer.db,
            { context in
                Unmanaged<CommitFlag>.fromOpaque(context!).takeUnretainedValue().isCommitted = true
                return 0
            }, Unmanaged.passUnretained(commits).toOpaque())
        defer { sqlite3_commit_hook(writer.db, nil, nil) }
        let update = try writer.prepare(Workload.updateSQL)
        defer { sqlite3_finalize(update) }
        let fetcher = try ItemFetcher(reader)
        let readerQueue = DispatchQueue(label: "reader")
        let observerQueue = DispatchQueue(label: "observer")
        let probe = ObservationProbe(observerCount: 1)
        let begin = pool ? "BEGIN IMMEDIATE" : "BEGIN"
        return try measure {
            for index in 1...Workload.observationWriteCount {
                let value = Int64(-index)
                probe.expect([value])
                try writer.execute(begin)
                sqlite3_bind_int64(update, 1, value)
                sqlite3_bind_int64(update, 2, 1)
                guard sqlite3_step(update) == SQLITE_DONE else { throw RawError(message: "update failed") }
                sqlite3_reset(update)
                try writer.execute("COMMIT")
                guard commits.isCommitted else { throw RawError(message: "no commit") }
                commits.isCommitted = false
                if pool {
                    readerQueue.async {
                        guard let item = try? fetcher.fetchInTransaction(id: 1) else { return }
                        observerQueue.async { probe.receive(item.i1, from: 0) }
                    }
                } else {
                    let item = try fetcher.fetch(id: 1)
                    observerQueue.async { probe.receive(item.i1, from: 0) }
                }
                try probe.wait()
            }
        }
    }
}

extension RawWorkloads {
    /// `Workload.observationWriteCount` one-row inserts, each in its own transaction (the same code
    /// for the queue and pool rows).
    fileprivate static func writeTransactions(_ scratch: Scratch) throws -> Duration {
        let writer = try RawConnection.freshDatabase(path: scratch.path())
        try writer.execute(Workload.createOtherTableSQL)
        try writer.insertItems(count: Workload.observedRowCount)
        let insert = try writer.prepare(Workload.oneRowInsertSQL)
        defer { sqlite3_finalize(insert) }
        return try measure {
            for index in 1...Workload.observationWriteCount {
                try writer.execute("BEGIN")
                sqlite3_bind_int64(insert, 1, Int64(index))
                guard sqlite3_step(insert) == SQLITE_DONE else { throw RawError(message: "insert failed") }
                sqlite3_reset(insert)
                try writer.execute("COMMIT")
            }
        }
    }

    /// `Workload.observationWriteCount` one-row inserts, each in its own transaction, each waiting
    /// for its value: right after COMMIT, the writer's connection counts the rows, and hands the
    /// count to the observer's serial queue. The latency of each: from just before COMMIT to the
    /// reception of the count.
    fileprivate static func commitToValue(_ scratch: Scratch) throws -> [Duration] {
        let writer = try RawConnection.freshDatabase(path: scratch.path())
        try writer.execute(Workload.createOtherTableSQL)
        try writer.insertItems(count: Workload.observedRowCount)
        let insert = try writer.prepare(Workload.oneRowInsertSQL)
        defer { sqlite3_finalize(insert) }
        let count = try writer.prepare(Workload.countSQL)
        defer { sqlite3_finalize(count) }
        let observerQueue = DispatchQueue(label: "observer")
        let probe = CommitLatencyProbe()
        _ = try measure {
            for index in 1...Workload.observationWriteCount {
                try writer.execute("BEGIN")
                sqlite3_bind_int64(insert, 1, Int64(index))
                guard sqlite3_step(insert) == SQLITE_DONE else { throw RawError(message: "insert failed") }
                sqlite3_reset(insert)
                probe.willCommit(expecting: Int64(Workload.observedRowCount + index))
                try writer.execute("COMMIT")
                guard sqlite3_step(count) == SQLITE_ROW else { throw RawError(message: "count failed") }
                let value = sqlite3_column_int64(count, 0)
                sqlite3_reset(count)
                observerQueue.async { probe.receive(value) }
                try probe.wait()
            }
        }
        return probe.latencies
    }
}

extension RawWorkloads {
    /// The floor of the fan-out workloads (the same code for both rows): the writes of the
    /// library's workload, where, after each commit, the writer's connection fetches the row that
    /// the update hook saw change and hands its `i1` to the observers' serial queue, as an
    /// observation indexed by row does with no other cost. The reference: the same writes without
    /// hooks nor fetches, in the same run.
    fileprivate static func fanOut(_ scratch: Scratch) throws -> (duration: Duration, reference: Duration) {
        let writer = try RawConnection.freshDatabase(path: scratch.path())
        try writer.execute(Workload.createOtherTableSQL)
        try writer.insertItems(count: Workload.observedRowCount)
        let update = try writer.prepare(Workload.updateSQL)
        defer { sqlite3_finalize(update) }
        let writeCount = Workload.observationWriteCount
        func write(_ index: Int, value: Int64) throws {
            try writer.execute("BEGIN")
            sqlite3_bind_int64(update, 1, value)
            sqlite3_bind_int64(update, 2, Workload.fanOutRowID(write: index))
            guard sqlite3_step(update) == SQLITE_DONE else { throw RawError(message: "update failed") }
            sqlite3_reset(update)
            try writer.execute("COMMIT")
        }
        let reference = try measure {
            for index in 0..<writeCount { try write(index, value: Int64(index)) }
        }
        let changes = ChangedRows()
        sqlite3_update_hook(
            writer.db,
            { context, _, _, _, rowID in
                Unmanaged<ChangedRows>.fromOpaque(context!).takeUnretainedValue().rowIDs.append(rowID)
            }, Unmanaged.passUnretained(changes).toOpaque())
        defer { sqlite3_update_hook(writer.db, nil, nil) }
        let fetcher = try ItemFetcher(writer)
        let observerQueue = DispatchQueue(label: "observers")
        let probe = ObservationProbe(observerCount: Workload.fanOutObserverCount)
        let firstValue = Int64(writeCount)
        probe.expect(Workload.fanOutFinalValues(firstValue: firstValue))
        return try (
            measure {
                for index in 0..<writeCount {
                    try write(index, value: firstValue + Int64(index))
                    for rowID in changes.rowIDs where (1...Int64(Workload.fanOutObserverCount)).contains(rowID) {
                        let value = try fetcher.fetch(id: rowID).i1
                        observerQueue.async { probe.receive(value, from: Int(rowID - 1)) }
                    }
                    changes.rowIDs.removeAll(keepingCapacity: true)
                }
                try probe.wait()
            }, reference
        )
    }
}

/// The rowids that the update hook saw change since the last commit.
private final class ChangedRows {
    var rowIDs: [Int64] = []
}

/// The commit hook's record of a commit.
private final class CommitFlag {
    var isCommitted = false
}

/// Fetches one row of `item` by id, on one connection.
private final class ItemFetcher: @unchecked Sendable {
    // @unchecked Sendable: used by one thread at a time (the workload's, or the reader queue).
    private let connection: RawConnection
    private let statement: OpaquePointer

    init(_ connection: RawConnection) throws {
        self.connection = connection
        statement = try connection.prepare("SELECT * FROM item WHERE id = ?")
    }

    deinit {
        sqlite3_finalize(statement)
    }

    func fetch(id: Int64) throws -> RawItem {
        sqlite3_bind_int64(statement, 1, id)
        defer { sqlite3_reset(statement) }
        guard sqlite3_step(statement) == SQLITE_ROW else { throw RawError(message: "no row \(id)") }
        return RawItem(
            id: sqlite3_column_int64(statement, 0), i1: sqlite3_column_int64(statement, 1),
            i2: sqlite3_column_int64(statement, 2), i3: sqlite3_column_int64(statement, 3),
            t1: columnText(statement, 4), t2: columnText(statement, 5), d1: sqlite3_column_double(statement, 6))
    }

    /// Fetches in a transaction, as a pool's read does.
    func fetchInTransaction(id: Int64) throws -> RawItem {
        try connection.execute("BEGIN")
        defer { try? connection.execute("COMMIT") }
        return try fetch(id: id)
    }
}

private struct RawItem: Sendable, Decodable {
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

// The workloads of the two libraries: ONE source file, compiled once against GRDB and once against
// ReactiveSQLite (each target links it with its own import), which also shows that code written
// for GRDB compiles unchanged with ReactiveSQLite.
import BenchmarkHarness
import Dispatch
import Foundation

#if GRDB_WORKLOADS
    import GRDB
    private let implementation = Implementation.grdb
#else
    import ReactiveSQLite
    private let implementation = Implementation.reactiveSQLite
#endif

/// A record encoded and decoded by hand, by column name.
private struct Item: FetchableRecord, PersistableRecord {
    static let databaseTableName = "item"
    var id: Int64
    var i1: Int64
    var i2: Int64
    var i3: Int64
    var t1: String
    var t2: String
    var d1: Double

    init(_ values: ItemValues) {
        (id, i1, i2, i3, t1, t2, d1) = (values.id, values.i1, values.i2, values.i3, values.t1, values.t2, values.d1)
    }

    init(row: Row) throws {
        id = row["id"]
        i1 = row["i1"]
        i2 = row["i2"]
        i3 = row["i3"]
        t1 = row["t1"]
        t2 = row["t2"]
        d1 = row["d1"]
    }

    func encode(to container: inout PersistenceContainer) throws {
        container["id"] = id
        container["i1"] = i1
        container["i2"] = i2
        container["i3"] = i3
        container["t1"] = t1
        container["t2"] = t2
        container["d1"] = d1
    }
}

/// A record encoded and decoded by Codable.
private struct CodableItem: Codable, FetchableRecord, PersistableRecord {
    static let databaseTableName = "item"
    var id: Int64
    var i1: Int64
    var i2: Int64
    var i3: Int64
    var t1: String
    var t2: String
    var d1: Double

    init(_ values: ItemValues) {
        (id, i1, i2, i3, t1, t2, d1) = (values.id, values.i1, values.i2, values.i3, values.t1, values.t2, values.d1)
    }
}

struct WorkloadFailure: Error {
    let message: String
}

/// The configuration of the pool of pool-concurrency. GRDB's pool, rarely, failed a run with
/// `SQLITE_BUSY` at `BEGIN IMMEDIATE TRANSACTION`: a busy timeout turns such a lock into a wait, for
/// both libraries alike. (The queues of the other workloads are their database's only connection.)
private var poolConfiguration: Configuration {
    var configuration = Configuration()
    configuration.busyMode = .timeout(5)
    return configuration
}

/// A fresh WAL database with synchronous = NORMAL and the item table.
private func freshQueue(_ path: String) throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue(path: path)
    try dbQueue.writeWithoutTransaction { db in
        try db.execute(sql: "PRAGMA journal_mode = WAL")
        try db.execute(sql: "PRAGMA synchronous = NORMAL")
        try db.execute(sql: Workload.createTableSQL)
    }
    return dbQueue
}

private func insertWithStatement(_ db: Database, count: Int) throws {
    let statement = try db.makeStatement(sql: Workload.insertSQL)
    for index in 1...count {
        let item = ItemValues(id: Int64(index))
        try statement.execute(arguments: [item.id, item.i1, item.i2, item.i3, item.t1, item.t2, item.d1])
    }
}

private func checkCount(_ count: Int) throws {
    guard count == Workload.rowCount else { throw WorkloadFailure(message: "fetched \(count) rows") }
}

private func fetchCases(_ name: String, fixture: String, fetch: @escaping @Sendable (Database) throws -> Int)
    -> [BenchmarkCase]
{
    [
        BenchmarkCase("\(name) (disk)", implementation) { _ in
            let dbQueue = try DatabaseQueue(path: fixture)
            return try dbQueue.read { db in try measure { try checkCount(fetch(db)) } }
        },
        BenchmarkCase("\(name) (memory)", implementation) { _ in
            let dbQueue = try DatabaseQueue()
            try dbQueue.write { db in
                try db.execute(sql: Workload.createTableSQL)
                try insertWithStatement(db, count: Workload.rowCount)
            }
            return try dbQueue.read { db in try measure { try checkCount(fetch(db)) } }
        },
    ]
}

#if GRDB_WORKLOADS
    /// The workloads over GRDB.
    public enum GRDBWorkloads {
        public static func cases(fixture: String) -> [BenchmarkCase] { libraryCases(fixture: fixture) }
    }
#else
    /// The workloads over ReactiveSQLite.
    public enum RSWorkloads {
        public static func cases(fixture: String) -> [BenchmarkCase] { libraryCases(fixture: fixture) }
    }
#endif

private func libraryCases(fixture: String) -> [BenchmarkCase] {
    [
        BenchmarkCase("insert-statement", implementation) { scratch in
            let dbQueue = try freshQueue(scratch.path())
            return try measure { try dbQueue.write { db in try insertWithStatement(db, count: Workload.rowCount) } }
        },
        BenchmarkCase("insert-record (Codable)", implementation) { scratch in
            let dbQueue = try freshQueue(scratch.path())
            return try measure {
                try dbQueue.write { db in
                    for index in 1...Workload.rowCount { try CodableItem(ItemValues(id: Int64(index))).insert(db) }
                }
            }
        },
        BenchmarkCase("insert-record (hand-written)", implementation) { scratch in
            let dbQueue = try freshQueue(scratch.path())
            return try measure {
                try dbQueue.write { db in
                    for index in 1...Workload.rowCount { try Item(ItemValues(id: Int64(index))).insert(db) }
                }
            }
        },
        BenchmarkCase("pool-concurrency", implementation) { scratch in try poolConcurrency(scratch) },
    ]
        + fetchCases("fetch-rows", fixture: fixture) { db in try Row.fetchAll(db, sql: "SELECT * FROM item").count }
        + fetchCases("fetch-record", fixture: fixture) { db in try Item.fetchAll(db, sql: "SELECT * FROM item").count }
        + fetchCases("fetch-codable", fixture: fixture) { db in
            try CodableItem.fetchAll(db, sql: "SELECT * FROM item").count
        }
}

/// Two reader threads do point reads while the writer updates rows.
private func poolConcurrency(_ scratch: Scratch) throws -> Duration {
    let dbPool = try DatabasePool(path: scratch.path(), configuration: poolConfiguration)
    try dbPool.write { db in
        try db.execute(sql: Workload.createTableSQL)
        try insertWithStatement(db, count: Workload.concurrencyOperationCount)
    }
    try openTwoReaders(dbPool)
    let operationCount = Workload.concurrencyOperationCount
    return try measure {
        let group = DispatchGroup()
        let failures = FailureFlag()
        for _ in 0..<2 {
            DispatchQueue.global().async(group: group) {
                do {
                    for index in 0..<operationCount {
                        _ = try dbPool.read { db in
                            try Row.fetchOne(db, sql: "SELECT * FROM item WHERE id = ?", arguments: [index + 1])
                        }
                    }
                } catch {
                    failures.set()
                }
            }
        }
        for index in 0..<operationCount {
            try dbPool.write { db in
                try db.execute(sql: "UPDATE item SET i1 = i1 + 1 WHERE id = ?", arguments: [index + 1])
            }
        }
        group.wait()
        if failures.isSet { throw WorkloadFailure(message: "a reader failed") }
    }
}

/// Opens two reader connections of the pool before the measure, as raw C opens its two: two reads
/// that overlap, each waiting for the other to start.
private func openTwoReaders(_ dbPool: DatabasePool) throws {
    let started = DispatchSemaphore(value: 0)
    let proceed = DispatchSemaphore(value: 0)
    let group = DispatchGroup()
    for _ in 0..<2 {
        DispatchQueue.global().async(group: group) {
            _ = try? dbPool.read { _ in
                started.signal()
                _ = proceed.wait(timeout: .now() + 10)
            }
        }
    }
    for _ in 0..<2 where started.wait(timeout: .now() + 10) == .timedOut {
        throw WorkloadFailure(message: "the readers did not open")
    }
    proceed.signal()
    proceed.signal()
    group.wait()
}

private final class FailureFlag: @unchecked Sendable {
    // Sendable: `flag` is only read and written under `lock`.
    private let lock = NSLock()
    private var flag = false
    func set() { lock.withLock { flag = true } }
    var isSet: Bool { lock.withLock { flag } }
}

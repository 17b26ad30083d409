import Foundation
import RSCore
import RSObservation

/// `DatabasePool.makeSnapshot()` and `DatabaseSnapshot`.
let snapshotChecks: [ConformanceCheck] = [
    ConformanceCheck("a snapshot keeps reading the database as it was when it was made", kinds: [.pool]) { factory in
        let pool = try unwrap(try factory.makeWriter() as? DatabasePool, "not a pool")
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)")
        }
        let snapshot = try pool.makeSnapshot()
        try pool.write { db in try db.execute(sql: "INSERT INTO t VALUES (2); DELETE FROM t WHERE a = 1") }
        try expectEqual(try snapshot.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
        try expectEqual(try pool.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [2])
        // Nested reads, an error, and async reads see the same content.
        let nested = try snapshot.read { db in
            try snapshot.reentrantRead { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }
        }
        try expectEqual(nested, [1])
        _ = try expectDatabaseError { try snapshot.read { db in try db.execute(sql: "SELECT * FROM missing") } }
        let error = try expectDatabaseError(.SQLITE_READONLY) {
            try snapshot.read { db in try db.execute(sql: "INSERT INTO t VALUES (3)") }
        }
        let later = try runAsync { try await snapshot.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") } }
        try expectEqual(later, [1])
        try expectEqual(try snapshot.unsafeRead { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])

        // The observation of a snapshot notifies its one value.
        var cancellable: AnyDatabaseCancellable?
        let value = try waitForCallback(
            "the observation of the snapshot notified no value",
            { receive in
                cancellable = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
                    .start(
                        in: snapshot, scheduling: .async(onQueue: DispatchQueue(label: "snapshot")), onError: { _ in },
                        onChange: receive)
            }, computing: { $0 })
        try expectEqual(value, 1)
        cancellable?.cancel()

        try snapshot.close()
        let closed = try waitForCallback(
            "the read of the closed snapshot did not end", { receive in snapshot.asyncRead(receive) },
            computing: { (try? $0.get()) == nil })
        try expectEqual(closed, true)
    },
    ConformanceCheck(
        "a snapshot reader of the application's gets unsafe accesses that read as its reads", kinds: [.pool]
    ) {
        factory in
        let pool = try unwrap(try factory.makeWriter() as? DatabasePool, "not a pool")
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        let reader = SnapshotForwarder(snapshot: try pool.makeSnapshot())
        try pool.write { db in try db.execute(sql: "UPDATE t SET a = 2") }
        let sql = "SELECT a FROM t"
        try expectEqual(try reader.unsafeRead { db in try Int.fetchAll(db, sql: sql) }, [1])
        try expectEqual(try runAsync { try await reader.unsafeRead { db in try Int.fetchAll(db, sql: sql) } }, [1])
        let values = try waitForCallback(
            "the unsafe read did not run", { receive in reader.asyncUnsafeRead(receive) },
            computing: { try? Int.fetchAll($0.get(), sql: sql) })
        try expectEqual(values, [1])
        try expectEqual(reader.forwardedReads.current, 3)
        try reader.close()
    },
    ConformanceCheck("a snapshot is refused inside a write transaction, whose changes it could not see", kinds: [.pool])
    {
        factory in
        let pool = try unwrap(try factory.makeWriter() as? DatabasePool, "not a pool")
        try pool.write { db in
            try db.execute(sql: "CREATE TABLE t (a INTEGER)")
            let error = try expectDatabaseError(.SQLITE_MISUSE, messageContains: "transaction") {
                _ = try pool.makeSnapshot()
            }
        }
        let snapshot = try pool.writeWithoutTransaction { _ in try pool.makeSnapshot() }
        try expectEqual(try snapshot.read { db in try db.tableExists("t") }, true)
    },
]

/// A snapshot reader of the application's, which implements only the accesses that GRDB requires
/// from such a reader: its unsafe accesses are the protocol's, which run its reads.
private final class SnapshotForwarder: DatabaseSnapshotReader {
    let snapshot: DatabaseSnapshot
    /// The number of reads forwarded to the snapshot.
    let forwardedReads = Locked(0)

    init(snapshot: DatabaseSnapshot) { self.snapshot = snapshot }

    var configuration: Configuration { snapshot.configuration }
    var path: String { snapshot.path }

    func read<T>(_ value: (Database) throws -> T) throws -> T {
        forwardedReads.withLock { $0 += 1 }
        return try snapshot.read(value)
    }

    func asyncRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        forwardedReads.withLock { $0 += 1 }
        snapshot.asyncRead(value)
    }

    func unsafeReentrantRead<T>(_ value: (Database) throws -> T) throws -> T {
        try snapshot.unsafeReentrantRead(value)
    }

    func close() throws { try snapshot.close() }

    func interrupt() { snapshot.interrupt() }
}

import Foundation
import RSCore

/// WAL checkpoints and the release of memory, on every kind of database.
let maintenanceChecks: [ConformanceCheck] = [
    ConformanceCheck("checkpoint copies the write-ahead log into the database, in each mode; -1 outside of WAL mode") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)")
        }
        let (log, copied) = try writer.writeWithoutTransaction { db in try db.checkpoint() }
        guard factory.kind == .pool else {
            // Not in WAL mode: SQLite reports no log.
            try expect(log == -1 && copied == -1, "a checkpoint outside of WAL mode: \(log), \(copied)")
            return
        }
        try expect(log > 0 && copied == log, "a passive checkpoint with no reader: \(log), \(copied)")
        for mode in [Database.CheckpointMode.full, .restart, .truncate] {
            try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
            try writer.writeWithoutTransaction { db in _ = try db.checkpoint(mode) }
        }
        let walSize = try FileManager.default.attributesOfItem(atPath: factory.path + "-wal")[.size] as? Int
        try expectEqual(walSize, 0)
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 4)
    },
    ConformanceCheck(
        "checkpoint fails with a DatabaseError for an unknown schema, and inside a transaction in WAL mode"
    ) {
        factory in
        let writer = try factory.makeWriter()
        let unknown = try expectDatabaseError(.SQLITE_ERROR, messageContains: "nowhere") {
            try writer.writeWithoutTransaction { db in _ = try db.checkpoint(on: "nowhere") }
        }
        guard factory.kind == .pool else { return }
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let locked = try expectDatabaseError(.SQLITE_LOCKED) {
            try writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                _ = try db.checkpoint(.full)
            }
        }
        // The failed write rolled back.
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)
    },
    ConformanceCheck("a pool's releaseMemory closes its idle readers: the next read opens a new one") { factory in
        guard factory.kind == .pool else { return }
        let openedConnections = Locked(0)
        let writer = try factory.makeWriter { $0.prepareDatabase { _ in openedConnections.withLock { $0 += 1 } } }
        let dbPool = try unwrap(writer as? DatabasePool, "not a pool")
        try dbPool.read { _ in }
        let beforeRelease = openedConnections.current
        try dbPool.read { _ in }
        try expectEqual(openedConnections.current, beforeRelease)
        dbPool.releaseMemory()
        try dbPool.read { _ in }
        try expectEqual(openedConnections.current, beforeRelease + 1)
        dbPool.releaseMemoryEventually()
        try dbPool.read { _ in }
        try expectEqual(openedConnections.current, beforeRelease + 2)
    },
    ConformanceCheck(
        "a pool keeps its readers when it frees memory, with persistentReadOnlyConnections", kinds: [.pool]
    ) {
        factory in
        let openedConnections = Locked(0)
        let writer = try factory.makeWriter { configuration in
            configuration.persistentReadOnlyConnections = true
            configuration.prepareDatabase { _ in openedConnections.withLock { $0 += 1 } }
        }
        let dbPool = try unwrap(writer as? DatabasePool, "not a pool")
        try dbPool.read { _ in }
        let opened = openedConnections.current
        dbPool.releaseMemory()
        dbPool.releaseMemoryEventually()
        try dbPool.read { _ in }
        try expectEqual(openedConnections.current, opened)
    },
    ConformanceCheck("accesses run on queues that target targetQueue, and writeTargetQueue for the writer") { factory in
        let key = targetQueueKey
        let readTarget = DispatchQueue(label: "read target", attributes: .concurrent)
        readTarget.setSpecific(key: key, value: "read")
        let writeTarget = DispatchQueue(label: "write target", attributes: .concurrent)
        writeTarget.setSpecific(key: key, value: "write")
        let writer = try factory.makeWriter { configuration in
            configuration.targetQueue = readTarget
            configuration.writeTargetQueue = writeTarget
        }
        try expectEqual(try writer.write { _ in DispatchQueue.getSpecific(key: key) }, "write")
        // The reads of a queue run on its writer connection.
        let readQueue = factory.kind == .pool ? "read" : "write"
        try expectEqual(try writer.read { _ in DispatchQueue.getSpecific(key: key) }, readQueue)
        let asyncRead = try waitForCallback(
            "the async read did not run", { receive in writer.asyncRead { _ in receive(()) } },
            computing: { DispatchQueue.getSpecific(key: key) })
        try expectEqual(asyncRead, readQueue)
        let targeted = try factory.makeWriter { configuration in
            configuration.targetQueue = readTarget
            configuration.qos = .utility
        }
        try expectEqual(try targeted.write { _ in DispatchQueue.getSpecific(key: key) }, "read")
        try expectEqual(targeted.configuration.writeQoS, readTarget.qos)
        try expectEqual(targeted.configuration.readQoS, readTarget.qos)
        var configuration = Configuration()
        configuration.qos = .utility
        try expectEqual(configuration.readQoS, .utility)
        try expectEqual(configuration.writeQoS, .utility)
    },
    ConformanceCheck(
        "releaseMemory empties the statement caches, from outside or inside an access, and the database goes on"
    ) {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)") }
        let sql = "SELECT a FROM t"
        // The cached statement, kept alive between accesses, so that a new statement cannot take
        // its address.
        let kept = StatementBox()
        try writer.writeWithoutTransaction { db in kept.statement = try db.cachedStatement(sql: sql) }
        func cachedStatementIsKept() throws -> Bool {
            try writer.writeWithoutTransaction { db in try db.cachedStatement(sql: sql) === kept.statement }
        }
        try expect(try cachedStatementIsKept(), "the cache does not keep its statement")
        switch writer {
        case let dbQueue as DatabaseQueue: dbQueue.releaseMemory()
        case let dbPool as DatabasePool: dbPool.releaseMemory()
        default: throw ConformanceFailure(description: "an unknown writer", location: #fileID)
        }
        try expect(try !cachedStatementIsKept(), "releaseMemory kept the cached statement")
        // From inside an access: at once, on the connection of the access.
        let keptInside = try writer.writeWithoutTransaction { db in
            let before = try db.cachedStatement(sql: sql)
            (writer as? DatabaseQueue)?.releaseMemory()
            (writer as? DatabasePool)?.releaseMemory()
            return try db.cachedStatement(sql: sql) === before
        }
        try expect(!keptInside, "a reentrant releaseMemory kept the cached statement")
        if let dbPool = writer as? DatabasePool {
            try writer.writeWithoutTransaction { db in kept.statement = try db.cachedStatement(sql: sql) }
            dbPool.releaseMemoryEventually()
            try dbPool.barrierWriteWithoutTransaction { _ in }
            try expect(try !cachedStatementIsKept(), "releaseMemoryEventually kept the cached statement")
        }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: sql) }, [1])
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: sql) }, [1, 2])
        // From inside an access of another connection, which may run inside one of the writer's:
        // the writer frees its memory later, without waiting (waiting would never end).
        let other = try DatabaseQueue(named: nil, configuration: factory.baseConfiguration, driver: factory.driver)
        try writer.writeWithoutTransaction { db in kept.statement = try db.cachedStatement(sql: sql) }
        let nestedDone = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            try? writer.writeWithoutTransaction { _ in
                try other.read { _ in
                    (writer as? DatabaseQueue)?.releaseMemory()
                    (writer as? DatabasePool)?.releaseMemory()
                }
            }
            nestedDone.signal()
        }
        try expectSignal(nestedDone, "a releaseMemory nested in another connection's access never returned")
        try expect(try !cachedStatementIsKept(), "a nested releaseMemory kept the cached statement")
        if let dbPool = writer as? DatabasePool {
            // From inside a read, while a barrier write waits for the reader.
            let readDone = DispatchSemaphore(value: 0)
            DispatchQueue.global().async {
                try? dbPool.read { _ in dbPool.releaseMemory() }
                readDone.signal()
            }
            try expectSignal(readDone, "a releaseMemory inside a read never returned")
        }
        // A closed database has nothing to release.
        try (writer as? DatabaseQueue)?.close()
        try (writer as? DatabasePool)?.close()
        (writer as? DatabaseQueue)?.releaseMemory()
        (writer as? DatabasePool)?.releaseMemory()
    },
]

/// A statement kept between the accesses of a writer.
private final class StatementBox: @unchecked Sendable {
    // Sendable: only the writer's accesses read and write `statement`, and a writer runs one
    // access at a time.
    var statement: Statement?
}

/// The key of the target queues of the checks of `targetQueue`. A global: a key must outlive the
/// queues that store values under it, which the connections of a check may keep after it ends.
private let targetQueueKey = DispatchSpecificKey<String>()

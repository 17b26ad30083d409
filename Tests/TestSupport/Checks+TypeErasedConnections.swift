import RSCore
import RSObservation
import RSTesting

/// `AnyDatabaseReader` and `AnyDatabaseWriter`: they forward every access to the reader or writer
/// they wrap, and observations work over them.
let typeErasedConnectionChecks: [ConformanceCheck] = [
    ConformanceCheck("AnyDatabaseWriter and AnyDatabaseReader forward every access") { factory in
        let base = try factory.makeWriter()
        let writer = AnyDatabaseWriter(base)
        try expectEqual(writer.path, base.path)
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        writer.writeWithoutTransaction { db in try? db.execute(sql: "INSERT INTO t VALUES (2)") }
        try writer.barrierWriteWithoutTransaction { db in try db.execute(sql: "INSERT INTO t VALUES (3)") }
        try runAsync { try await writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (4)") } }
        let all = "SELECT a FROM t ORDER BY a"
        try expectEqual(try base.read { db in try Int.fetchAll(db, sql: all) }, [1, 2, 3, 4])
        let reader = AnyDatabaseReader(base)
        try expectEqual(try reader.read { db in try Int.fetchAll(db, sql: all) }, [1, 2, 3, 4])
        try expectEqual(try reader.unsafeRead { db in try Int.fetchAll(db, sql: all) }, [1, 2, 3, 4])
        try expectEqual(try runAsync { try await reader.read { db in try Int.fetchAll(db, sql: all) } }, [1, 2, 3, 4])
        let inWrite = try writer.write { db in
            try writer.unsafeReentrantRead { inner in inner === db }
        }
        try expect(inWrite, "unsafeReentrantRead did not reach the access it was called from")
        try writer.close()
        try expectEqual(try expectDatabaseError { try base.write { _ in } }.resultCode, .SQLITE_MISUSE)
    },
    ConformanceCheck("a ValueObservation over an AnyDatabaseWriter sees the writes of the writer it wraps") { factory in
        let base = try factory.makeWriter()
        try base.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        let observation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
        let recorder = observation.record(in: AnyDatabaseWriter(base))
        _ = try recorder.waitForNext(where: { $0 == 0 })
        try base.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        _ = try recorder.waitForNext(where: { $0 == 1 })
    },
    ConformanceCheck(
        "a ValueObservation over an AnyDatabaseReader of a writer sees the writes of the writer, as in GRDB"
    ) {
        factory in
        let base = try factory.makeWriter()
        try base.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        let observation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
        let recorder = observation.record(in: AnyDatabaseReader(base))
        _ = try recorder.waitForNext(where: { $0 == 0 })
        try base.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        _ = try recorder.waitForNext(where: { $0 == 1 })
    },
]

import Dispatch
import RSCore
import RSObservation
import RSQueryInterface

/// DatabaseRegionObservation: one notification per committed transaction that changes the region,
/// on the writer.
let databaseRegionObservationChecks: [ConformanceCheck] = [
    ConformanceCheck("a DatabaseRegionObservation runs on the writer after each transaction that changes its region") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a, b); CREATE TABLE other (id)")
        }
        let counts = Locked<[Int]>([])
        let observation = DatabaseRegionObservation(tracking: Table("t").select(Column("a")))
        let cancellable = observation.start(in: writer) { _ in
            counts.withLock { $0.append(-3) }
        } onChange: { db in
            // On the writer, right after the commit: the count is the one of the transaction.
            let count = try? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")
            counts.withLock { $0.append(db.isInsideTransaction ? -1 : count ?? -2) }
        }
        let writes = (0..<4).map { _ in
            BackgroundWork {
                for _ in 0..<10 {
                    try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
                }
            }
        }
        for write in writes { try write.wait() }
        struct Rollback: Error {}
        _ = try? writer.write { db in
            try db.execute(sql: "INSERT INTO t (a) VALUES (1)")
            throw Rollback()
        }
        try writer.write { db in try db.execute(sql: "INSERT INTO other VALUES (1)") }
        try writer.write { db in try db.execute(sql: "UPDATE t SET b = 1") }  // a column it does not track
        try expectEqual(counts.current, Array(1...40))
        cancellable.cancel()
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        try expectEqual(counts.current.count, 40)
    },
    ConformanceCheck("the seeds' spelling DatabaseRegionObservation.tracking(_:) observes the union of its regions") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY); CREATE TABLE u (id)") }
        let changes = Locked(0)
        let cancellable = DatabaseRegionObservation.tracking(Table("t"), Table("u")).start(in: writer) { _ in
        } onChange: { _ in
            changes.withLock { $0 += 1 }
        }
        try writer.write { db in try db.execute(sql: "INSERT INTO t DEFAULT VALUES") }
        try writer.write { db in try db.execute(sql: "INSERT INTO u VALUES (1)") }
        try writer.write { db in try db.execute(sql: "INSERT INTO t DEFAULT VALUES; INSERT INTO u VALUES (2)") }
        try expectEqual(changes.current, 3)
        withExtendedLifetime(cancellable) {}
    },
    ConformanceCheck("a DatabaseRegionObservation of a missing table fails with its error") { factory in
        let writer = try factory.makeWriter()
        let failure = Locked<DatabaseError?>(nil)
        let cancellable = DatabaseRegionObservation(tracking: SQLRequest<Row>(sql: "SELECT * FROM missing"))
            .start(in: writer) { error in
                failure.current = error as? DatabaseError
            } onChange: { _ in
            }
        try writer.write { _ in }  // the start runs before this write
        try expectEqual(failure.current?.resultCode, .SQLITE_ERROR)
        withExtendedLifetime(cancellable) {}
    },
]

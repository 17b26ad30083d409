import Dispatch
import RSCore
import RSObservation
import RSQueryInterface
import RSReactive

/// The async forms that RSReactive adds: the transactions of a `DatabaseRegionObservation` as an
/// async sequence, and `write(updates:thenRead:)`.
let asyncAccessChecks: [ConformanceCheck] = [
    ConformanceCheck(
        "DatabaseRegionObservation.values(in:) yields once per transaction, on the writer, and stops with its task"
    ) {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a); CREATE TABLE other (a)") }
        let observation = DatabaseRegionObservation(tracking: Table("t"))
        let counts = try runAsync { () -> [Int] in
            var counts: [Int] = []
            let values = observation.values(in: writer) { db in
                // On the writer, right after the commit: each transaction's own count.
                db.isInsideTransaction ? -1 : try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")!
            }
            var iterator = values.makeAsyncIterator()
            // The observation begins with the next write access: these writes come after it.
            for _ in 0..<3 {
                try await writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
                try await writer.write { db in try db.execute(sql: "INSERT INTO other VALUES (1)") }
            }
            while counts.count < 3, let count = try await iterator.next() { counts.append(count) }
            return counts
        }
        try expectEqual(counts, [1, 2, 3])

        let ended = try runAsync { () -> Bool in
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for try await _ in observation.changes(in: writer) {}
                    return true
                }
                group.cancelAll()
                return try await group.next() ?? false
            }
        }
        try expect(ended)
        let observers = writer.writeWithoutTransaction { db in db.transactionObserverCount }
        try expectEqual(observers, 0)
    },
    ConformanceCheck("DatabaseRegionObservation.values(in:) ends with the error of its closure") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let code = try asyncErrorCode {
            let values = DatabaseRegionObservation(tracking: Table("t")).values(in: writer) { db in
                try Int.fetchOne(db, sql: "SELECT * FROM missing")
            }
            var iterator = values.makeAsyncIterator()
            try await writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
            _ = try await iterator.next()
        }
        try expectEqual(code, .SQLITE_ERROR)
    },
    ConformanceCheck("async write(updates:thenRead:) reads what the updates left; a failed update rolls back") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let result = try runAsync {
            try await writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return 10
            } thenRead: { db, updated in
                try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! + updated
            }
        }
        try expectEqual(result, 11)
        let code = try asyncErrorCode {
            _ = try await writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                try db.execute(sql: "INSERT INTO missing VALUES (1)")
            } thenRead: { _, _ in
                0
            }
        }
        try expectEqual(code, .SQLITE_ERROR)
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
    },
]

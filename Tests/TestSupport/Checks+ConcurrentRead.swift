import Dispatch
import RSCore

/// `spawnConcurrentRead` and `concurrentRead`: a read isolated at the point of a write.
let concurrentReadChecks: [ConformanceCheck] = [
    ConformanceCheck("concurrentRead sees the database at the point of the write access that spawns it") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let future = try writer.writeWithoutTransaction { db -> DatabaseFuture<Int> in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            let future = writer.concurrentRead { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
            try db.execute(sql: "INSERT INTO t VALUES (2)")
            return future
        }
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (3)") }
        try expectEqual(try future.wait(), 1)
        // A read that tries to write fails.
        let failing = writer.writeWithoutTransaction { _ in
            writer.concurrentRead { db in try db.execute(sql: "INSERT INTO t VALUES (4)") }
        }
        let error = try expectDatabaseError { try failing.wait() }
        try expectEqual(error.resultCode, .SQLITE_READONLY)
    },
    ConformanceCheck("a pool's asyncConcurrentRead is its spawnConcurrentRead", kinds: [.pool]) { factory in
        let pool = try unwrap(factory.makeWriter() as? DatabasePool, "not a pool")
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let count = Locked<Int?>(nil)
        let isRead = DispatchSemaphore(value: 0)
        try pool.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            pool.asyncConcurrentRead { result in
                count.current = try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM t")
                isRead.signal()
            }
            try db.execute(sql: "INSERT INTO t VALUES (2)")
        }
        try expectSignal(isRead, "the concurrent read")
        try expectEqual(count.current, 1)
    },
    ConformanceCheck("a pool's concurrent read does not block the writer", kinds: [.pool]) { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let mayRead = DispatchSemaphore(value: 0)
        let didWait = Locked<Bool?>(nil)
        let count = Locked<Int?>(nil)
        let isRead = DispatchSemaphore(value: 0)
        try writer.writeWithoutTransaction { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            writer.spawnConcurrentRead { result in
                // Waits for the writer's next commit: a read that blocked the writer would time out.
                didWait.current = mayRead.wait(timeout: .now() + checkTimeout) == .success
                count.current = try? Int.fetchOne(result.get(), sql: "SELECT COUNT(*) FROM t")
                isRead.signal()
            }
            try db.execute(sql: "INSERT INTO t VALUES (2)")
        }
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (3)") }
        mayRead.signal()
        try expectSignal(isRead, "the concurrent read")
        try expectEqual(didWait.current, true)
        try expectEqual(count.current, 1)
    },
]

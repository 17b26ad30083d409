import Dispatch
import Foundation
import RSCore
import RSMigrations
import RSReactive
import RSTesting

/// The publishers of one database access: `readPublisher`, `writePublisher`, `migratePublisher`.
let accessPublisherChecks: [ConformanceCheck] = [
    ConformanceCheck(
        "readPublisher reads once per subscription, then publishes the value and finishes on its scheduler"
    ) {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a); INSERT INTO t VALUES (1)") }
        let queue = CheckQueue()
        let publisher = writer.readPublisher(receiveOn: queue.scheduler) { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")!
        }
        let onQueue = Locked<[Bool]>([])
        let first = Recorder<Int>()
        publisher.subscribe(RecordingSubscriber(into: first) { _ in onQueue.withLock { $0.append(queue.isCurrent) } })
        let completion = try first.waitForCompletion()
        try expectEqual(first.values, [1])
        try expect(completion.isFinished, "\(completion)")
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        let second = Recorder<Int>()
        publisher.subscribe(RecordingSubscriber(into: second) { _ in onQueue.withLock { $0.append(queue.isCurrent) } })
        _ = try second.waitForCompletion()
        try expectEqual(second.values, [2])
        try expectEqual(onQueue.current, [true, true])
    },
    ConformanceCheck("a readPublisher that writes fails with SQLITE_READONLY, one whose SQL is invalid with its error")
    {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let writing = writer.readPublisher(receiveOn: CheckQueue().scheduler) { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }.record()
        let readOnlyError = try writing.waitForCompletion().failure as? DatabaseError
        try expectEqual(readOnlyError?.resultCode, .SQLITE_READONLY)
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)

        let invalid = writer.readPublisher(receiveOn: CheckQueue().scheduler) { db in
            try Row.fetchAll(db, sql: "SELECT * FROM missing")
        }.record()
        let error = try invalid.waitForCompletion().failure as? DatabaseError
        try expectEqual(error?.resultCode, .SQLITE_ERROR)
        try expectEqual(error?.sql, "SELECT * FROM missing")
        try expectEqual(error?.message, "no such table: missing")
        try expect(invalid.values.isEmpty)
    },
    ConformanceCheck("writePublisher commits, or rolls back and fails; each subscription writes once") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let queue = CheckQueue()
        let insert = writer.writePublisher(receiveOn: queue.scheduler) { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")!
        }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)
        for expectedCount in 1...2 {
            let recorder = insert.record()
            let completion = try recorder.waitForCompletion()
            let values = recorder.values
            try expectEqual(values, [expectedCount])
            try expect(completion.isFinished, "\(completion)")
        }

        let failing = writer.writePublisher(receiveOn: queue.scheduler) { db in
            try db.execute(sql: "INSERT INTO t VALUES (3)")
            try db.execute(sql: "INSERT INTO missing VALUES (1)")
        }.record()
        let error = try failing.waitForCompletion().failure as? DatabaseError
        try expectEqual(error?.resultCode, .SQLITE_ERROR)
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 1])
    },
    ConformanceCheck("writePublisher(updates:thenRead:) publishes what the updates left") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let recorder = writer.writePublisher(receiveOn: CheckQueue().scheduler) { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            return 10
        } thenRead: { db, updated in
            try Int.fetchAll(db, sql: "SELECT a FROM t") + [updated]
        }.record()
        let completion = try recorder.waitForCompletion()
        let values = recorder.values
        try expectEqual(values, [[1, 10]])
        try expect(completion.isFinished, "\(completion)")

        let failing = writer.writePublisher(receiveOn: CheckQueue().scheduler) { db in
            try db.execute(sql: "INSERT INTO t VALUES (2)")
            try db.execute(sql: "INSERT INTO missing VALUES (1)")
        } thenRead: { _, _ in
            0
        }.record()
        try expectEqual((try failing.waitForCompletion().failure as? DatabaseError)?.resultCode, .SQLITE_ERROR)
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t") }, [1])
    },
    ConformanceCheck(
        "on a pool, the read of writePublisher(updates:thenRead:) sees the updates, not the writes that follow",
        kinds: [.pool]
    ) {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let nextWriteIsDone = DispatchSemaphore(value: 0)
        let recorder = writer.writePublisher(receiveOn: CheckQueue().scheduler) { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        } thenRead: { db, _ in
            // The write below can only end if this read does not block the writer.
            _ = nextWriteIsDone.wait(timeout: .now() + checkTimeout)
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")!
        }.record()
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        nextWriteIsDone.signal()
        _ = try recorder.waitForCompletion()
        try expectEqual(recorder.values, [1])
    },
    ConformanceCheck("an access publisher sends nothing beyond the demand: its value waits for it") { factory in
        let writer = try factory.makeWriter()
        let queue = CheckQueue()
        let recorder = Recorder<Int>()
        let subscriber = RecordingSubscriber<Int, any Error>(into: recorder, demand: .none)
        writer.readPublisher(receiveOn: queue.scheduler) { _ in 42 }.subscribe(subscriber)
        try writer.write { _ in }  // the read of a queue is done; the read of a pool may not be
        try writer.read { _ in }
        queue.drain()
        try expect(recorder.values.isEmpty && recorder.receivedCompletion == nil, "\(recorder.values)")
        subscriber.request(.max(1))
        let completion = try recorder.waitForCompletion()
        try expectEqual(recorder.values, [42])
        try expect(completion.isFinished, "\(completion)")
    },
    ConformanceCheck("a cancelled access publisher publishes nothing") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let queue = CheckQueue()
        let held = try HeldWrite(writer)
        let recorder = Recorder<Void>()
        let subscriber = RecordingSubscriber<Void, any Error>(into: recorder)
        writer.writePublisher(receiveOn: queue.scheduler) { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }.subscribe(subscriber)
        subscriber.cancel()
        try held.commit()
        try writer.write { _ in }  // the cancelled write ran before this one
        queue.drain()
        try expect(recorder.values.isEmpty && recorder.receivedCompletion == nil, "\(recorder.values)")
    },
    ConformanceCheck("migratePublisher migrates, then publishes () and finishes; a failed migration fails") { factory in
        let writer = try factory.makeWriter()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("t") { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let recorder = migrator.migratePublisher(writer, receiveOn: CheckQueue().scheduler).record()
        let completion = try recorder.waitForCompletion()
        let values: [Void] = recorder.values
        try expectEqual(values.count, 1)
        try expect(completion.isFinished, "\(completion)")
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, ["t"])

        migrator.registerMigration("broken") { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let failing = migrator.migratePublisher(writer, receiveOn: CheckQueue().scheduler).record()
        try expectEqual((try failing.waitForCompletion().failure as? DatabaseError)?.resultCode, .SQLITE_ERROR)
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, ["t"])
    },
    ConformanceCheck("the access publishers of a closed database fail with SQLITE_MISUSE") { factory in
        let writer = try factory.makeWriter()
        try writer.close()
        let read = writer.readPublisher(receiveOn: CheckQueue().scheduler) { _ in 1 }.record()
        try expectEqual((try read.waitForCompletion().failure as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
        let write = writer.writePublisher(receiveOn: CheckQueue().scheduler) { _ in 1 }.record()
        try expectEqual((try write.waitForCompletion().failure as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
    },
]

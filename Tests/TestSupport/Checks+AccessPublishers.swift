import Dispatch
import Foundation
import RSCore
import RSMigrations
import RSReactive

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
        let first = PublisherRecorder<Int, any Error>(onValue: { _ in onQueue.withLock { $0.append(queue.isCurrent) } })
        publisher.subscribe(first)
        let (values, completion) = try first.waitForCompletion()
        try expectEqual(values, [1])
        try expect(completion.isFinished, "\(completion)")
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        let second = PublisherRecorder<Int, any Error>(onValue: { _ in onQueue.withLock { $0.append(queue.isCurrent) } }
        )
        publisher.subscribe(second)
        try expectEqual(try second.waitForCompletion().values, [2])
        try expectEqual(onQueue.current, [true, true])
    },
    ConformanceCheck("a readPublisher that writes fails with SQLITE_READONLY, one whose SQL is invalid with its error")
    {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let writing = PublisherRecorder<Void, any Error>()
        writer.readPublisher(receiveOn: CheckQueue().scheduler) { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }.subscribe(writing)
        let readOnlyError = try writing.waitForFailure() as? DatabaseError
        try expectEqual(readOnlyError?.resultCode, .SQLITE_READONLY)
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)

        let invalid = PublisherRecorder<[Row], any Error>()
        writer.readPublisher(receiveOn: CheckQueue().scheduler) { db in
            try Row.fetchAll(db, sql: "SELECT * FROM missing")
        }.subscribe(invalid)
        let error = try invalid.waitForFailure() as? DatabaseError
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
            let recorder = PublisherRecorder<Int, any Error>()
            insert.subscribe(recorder)
            let (values, completion) = try recorder.waitForCompletion()
            try expectEqual(values, [expectedCount])
            try expect(completion.isFinished, "\(completion)")
        }

        let failing = PublisherRecorder<Void, any Error>()
        writer.writePublisher(receiveOn: queue.scheduler) { db in
            try db.execute(sql: "INSERT INTO t VALUES (3)")
            try db.execute(sql: "INSERT INTO missing VALUES (1)")
        }.subscribe(failing)
        let error = try failing.waitForFailure() as? DatabaseError
        try expectEqual(error?.resultCode, .SQLITE_ERROR)
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 1])
    },
    ConformanceCheck("writePublisher(updates:thenRead:) publishes what the updates left") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let recorder = PublisherRecorder<[Int], any Error>()
        writer.writePublisher(receiveOn: CheckQueue().scheduler) { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
            return 10
        } thenRead: { db, updated in
            try Int.fetchAll(db, sql: "SELECT a FROM t") + [updated]
        }.subscribe(recorder)
        let (values, completion) = try recorder.waitForCompletion()
        try expectEqual(values, [[1, 10]])
        try expect(completion.isFinished, "\(completion)")

        let failing = PublisherRecorder<Int, any Error>()
        writer.writePublisher(receiveOn: CheckQueue().scheduler) { db in
            try db.execute(sql: "INSERT INTO t VALUES (2)")
            try db.execute(sql: "INSERT INTO missing VALUES (1)")
        } thenRead: { _, _ in
            0
        }.subscribe(failing)
        try expectEqual((try failing.waitForFailure() as? DatabaseError)?.resultCode, .SQLITE_ERROR)
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
        let recorder = PublisherRecorder<Int, any Error>()
        writer.writePublisher(receiveOn: CheckQueue().scheduler) { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        } thenRead: { db, _ in
            // The write below can only end if this read does not block the writer.
            _ = nextWriteIsDone.wait(timeout: .now() + checkTimeout)
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")!
        }.subscribe(recorder)
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") }
        nextWriteIsDone.signal()
        try expectEqual(try recorder.waitForCompletion().values, [1])
    },
    ConformanceCheck("an access publisher sends nothing beyond the demand: its value waits for it") { factory in
        let writer = try factory.makeWriter()
        let queue = CheckQueue()
        let recorder = PublisherRecorder<Int, any Error>(demand: .none)
        writer.readPublisher(receiveOn: queue.scheduler) { _ in 42 }.subscribe(recorder)
        try writer.write { _ in }  // the read of a queue is done; the read of a pool may not be
        try writer.read { _ in }
        queue.drain()
        try expect(recorder.values.isEmpty && recorder.completion == nil, "\(recorder.values)")
        recorder.request(.max(1))
        let (values, completion) = try recorder.waitForCompletion()
        try expectEqual(values, [42])
        try expect(completion.isFinished, "\(completion)")
    },
    ConformanceCheck("a cancelled access publisher publishes nothing") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let queue = CheckQueue()
        let held = try HeldWrite(writer)
        let recorder = PublisherRecorder<Void, any Error>()
        writer.writePublisher(receiveOn: queue.scheduler) { db in
            try db.execute(sql: "INSERT INTO t VALUES (1)")
        }.subscribe(recorder)
        recorder.cancel()
        try held.commit()
        try writer.write { _ in }  // the cancelled write ran before this one
        queue.drain()
        try expect(recorder.values.isEmpty && recorder.completion == nil, "\(recorder.values)")
    },
    ConformanceCheck("migratePublisher migrates, then publishes () and finishes; a failed migration fails") { factory in
        let writer = try factory.makeWriter()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("t") { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let recorder = PublisherRecorder<Void, any Error>()
        migrator.migratePublisher(writer, receiveOn: CheckQueue().scheduler).subscribe(recorder)
        let (values, completion): ([Void], _) = try recorder.waitForCompletion()
        try expectEqual(values.count, 1)
        try expect(completion.isFinished, "\(completion)")
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, ["t"])

        migrator.registerMigration("broken") { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let failing = PublisherRecorder<Void, any Error>()
        migrator.migratePublisher(writer, receiveOn: CheckQueue().scheduler).subscribe(failing)
        try expectEqual((try failing.waitForFailure() as? DatabaseError)?.resultCode, .SQLITE_ERROR)
        try expectEqual(try writer.read { db in try migrator.appliedMigrations(db) }, ["t"])
    },
    ConformanceCheck("the access publishers of a closed database fail with SQLITE_MISUSE") { factory in
        let writer = try factory.makeWriter()
        try writer.close()
        let read = PublisherRecorder<Int, any Error>()
        writer.readPublisher(receiveOn: CheckQueue().scheduler) { _ in 1 }.subscribe(read)
        try expectEqual((try read.waitForFailure() as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
        let write = PublisherRecorder<Int, any Error>()
        writer.writePublisher(receiveOn: CheckQueue().scheduler) { _ in 1 }.subscribe(write)
        try expectEqual((try write.waitForFailure() as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
    },
]

extension Subscribers.Completion {
    /// Whether the completion is `.finished`.
    var isFinished: Bool {
        if case .finished = self { true } else { false }
    }
}

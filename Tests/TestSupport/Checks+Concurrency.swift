import Dispatch
import RSCore

/// Concurrency: serialized writes, async accesses, and the isolation of DatabasePool reads.
let concurrencyChecks: [ConformanceCheck] = [
    ConformanceCheck("concurrent writes from many threads are serialized, and none is lost") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(sql: "CREATE TABLE counter (n INTEGER NOT NULL); INSERT INTO counter VALUES (0)")
        }
        let threads = (0..<8).map { _ in
            BackgroundWork {
                for _ in 0..<50 {
                    try writer.write { db in
                        // Read, then write: a lost update would show if two writes overlapped.
                        let n = try Int.fetchOne(db, sql: "SELECT n FROM counter")!
                        try db.execute(sql: "UPDATE counter SET n = ?", arguments: [n + 1])
                    }
                }
            }
        }
        for thread in threads { try thread.wait(timeout: 60, "the writes did not end") }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT n FROM counter") }, 400)
    },
    ConformanceCheck("async/await writes commit, reads see them, and a throwing write rolls back") { factory in
        let writer = try factory.makeWriter()
        struct Failure: Error {}
        let (count, inWrite, inWriteWithoutTransaction, failure) = try runAsync {
            () -> (Int, Bool, Bool, String) in
            try await writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
            let inWrite = try await writer.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return db.isInsideTransaction
            }
            let inWriteWithoutTransaction = try await writer.writeWithoutTransaction { db in
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                return db.isInsideTransaction
            }
            var failure = "no error"
            do {
                try await writer.write { db in
                    try db.execute(sql: "INSERT INTO t VALUES (3)")
                    throw Failure()
                }
            } catch is Failure {
                failure = "Failure"
            }
            let count = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
            return (count, inWrite, inWriteWithoutTransaction, failure)
        }
        try expectEqual(count, 2)
        try expectEqual(inWrite, true)
        try expectEqual(inWriteWithoutTransaction, false)
        try expectEqual(failure, "Failure")
    },
    ConformanceCheck("concurrent async writes from many tasks all commit") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        let values = try runAsync { () -> [Int] in
            try await withThrowingTaskGroup(of: Void.self) { group in
                for value in 0..<20 {
                    group.addTask {
                        try await writer.write { db in
                            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value])
                        }
                    }
                }
                try await group.waitForAll()
            }
            return try await writer.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }
        }
        try expectEqual(values, Array(0..<20))
    },
    ConformanceCheck("an async access from a cancelled task fails with CancellationError and does nothing") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        let outcomes = try runAsync { () -> [String] in
            withUnsafeCurrentTask { $0?.cancel() }
            var outcomes: [String] = []
            do {
                try await writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
                outcomes.append("write: no error")
            } catch is CancellationError {
                outcomes.append("write: cancelled")
            }
            do {
                _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
                outcomes.append("read: no error")
            } catch is CancellationError {
                outcomes.append("read: cancelled")
            }
            return outcomes
        }
        try expectEqual(outcomes, ["write: cancelled", "read: cancelled"])
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)
    },
    ConformanceCheck("asyncWrite runs in a transaction and reports its result; asyncRead sees the database") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        struct Failure: Error {}
        let done = DispatchSemaphore(value: 0)
        let outcomes = Locked<[String]>([])

        writer.asyncWrite(
            { db -> Bool in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                return db.isInsideTransaction
            },
            completion: { db, result in
                let outcome =
                    switch result {
                    case .success(let inside): "committed, in transaction: \(inside), after: \(db.isInsideTransaction)"
                    case .failure(let error): "failed: \(error)"
                    }
                outcomes.withLock { $0.append(outcome) }
                done.signal()
            })
        try expectSignal(done, "the asyncWrite completion was not called")

        writer.asyncWrite(
            { db in
                try db.execute(sql: "INSERT INTO t VALUES (2)")
                throw Failure()
            },
            completion: { _, result in
                let outcome =
                    switch result {
                    case .success: "committed"
                    case .failure(let error): error is Failure ? "Failure" : "failed: \(error)"
                    }
                outcomes.withLock { $0.append(outcome) }
                done.signal()
            })
        try expectSignal(done, "the asyncWrite completion was not called")

        writer.asyncWriteWithoutTransaction { db in
            let outcome =
                db.isInsideTransaction ? "in transaction" : "outside of transaction"
            outcomes.withLock { $0.append(outcome) }
            done.signal()
        }
        try expectSignal(done, "the asyncWriteWithoutTransaction closure was not called")

        writer.asyncRead { result in
            let outcome: String
            do {
                let db = try result.get()
                outcome = "read \(try Int.fetchAll(db, sql: "SELECT a FROM t"))"
            } catch {
                outcome = "failed: \(error)"
            }
            outcomes.withLock { $0.append(outcome) }
            done.signal()
        }
        try expectSignal(done, "the asyncRead closure was not called")

        try expectEqual(
            outcomes.current,
            [
                "committed, in transaction: true, after: false", "Failure", "outside of transaction", "read [1]",
            ])
    },
    ConformanceCheck("a pool read keeps seeing its snapshot while a write commits", kinds: [.pool]) { factory in
        let pool = try factory.makeWriter()
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        let readerDidRead = DispatchSemaphore(value: 0)
        let writerDidCommit = DispatchSemaphore(value: 0)
        let write = BackgroundWork {
            try expectSignal(readerDidRead, "the read did not start")
            try pool.write { db in try db.execute(sql: "UPDATE t SET a = 2") }
            writerDidCommit.signal()
        }
        let values = try pool.read { db -> [Int] in
            let before = try Int.fetchOne(db, sql: "SELECT a FROM t")!
            readerDidRead.signal()
            try expectSignal(writerDidCommit, timeout: 5, "the write could not commit while a read was running")
            let after = try Int.fetchOne(db, sql: "SELECT a FROM t")!
            return [before, after]
        }
        try write.wait()
        try expectEqual(values, [1, 1])
        try expectEqual(try pool.read { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }, 2)
    },
    ConformanceCheck("pool reads run concurrently with each other", kinds: [.pool]) { factory in
        let pool = try factory.makeWriter()
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        let first = DispatchSemaphore(value: 0)
        let second = DispatchSemaphore(value: 0)
        let reads = [(first, second), (second, first)].map { mine, other in
            BackgroundWork {
                try pool.read { db -> Int in
                    mine.signal()
                    try expectSignal(other, timeout: 5, "the other read did not run concurrently")
                    return try Int.fetchOne(db, sql: "SELECT a FROM t")!
                }
            }
        }
        try expectEqual(try reads.map { try $0.wait() }, [1, 1])
    },
    ConformanceCheck("pool reads do not wait for a write in progress, and do not see it", kinds: [.pool]) { factory in
        let pool = try factory.makeWriter()
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        let writeStarted = DispatchSemaphore(value: 0)
        let readDone = DispatchSemaphore(value: 0)
        let write = BackgroundWork {
            try pool.write { db in
                try db.execute(sql: "UPDATE t SET a = 2")
                writeStarted.signal()
                try expectSignal(readDone, timeout: 5, "the read waited for the write")
            }
        }
        try expectSignal(writeStarted, "the write did not start")
        let value = try pool.read { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }
        readDone.signal()
        try write.wait()
        try expectEqual(value, 1)
        try expectEqual(try pool.read { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }, 2)
    },
    ConformanceCheck("a pool write waits for a lock that another connection holds briefly", kinds: [.pool]) {
        factory in
        let pool = try factory.makeWriter()
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        let other = try factory.makeWriter()
        let otherLocked = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let lockHolder = BackgroundWork {
            try other.write { db in
                try db.execute(sql: "INSERT INTO t VALUES (1)")
                otherLocked.signal()
                try expectSignal(release, "the check did not release the lock")
            }
        }
        try expectSignal(otherLocked, "the other connection did not lock the database")
        let write = BackgroundWork { try pool.write { db in try db.execute(sql: "INSERT INTO t VALUES (2)") } }
        // Without a busy timeout, the write fails with SQLITE_BUSY at once: it must still be waiting.
        try expect(write.isStillRunning(after: 0.5), "the write did not wait for the lock")
        release.signal()
        try lockHolder.wait()
        try write.wait()
        try expectEqual(try pool.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 2])
    },
    ConformanceCheck("barrierWriteWithoutTransaction waits for the reads in progress") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1)") }
        let readStarted = DispatchSemaphore(value: 0)
        let barrierCalled = DispatchSemaphore(value: 0)
        let barrierRan = DispatchSemaphore(value: 0)
        let events = Locked<[String]>([])
        let read = BackgroundWork {
            try writer.read { _ in
                readStarted.signal()
                try expectSignal(barrierCalled, "the barrier write was not called")
                // Give the barrier write a chance to (wrongly) run while the read runs.
                let ranDuringRead = barrierRan.wait(timeout: .now() + 0.3) == .success
                events.withLock { $0.append(ranDuringRead ? "the barrier ran during the read" : "read end") }
            }
        }
        try expectSignal(readStarted, "the read did not start")
        let barrier = BackgroundWork {
            barrierCalled.signal()
            try writer.barrierWriteWithoutTransaction { db in
                events.withLock { $0.append("barrier") }
                barrierRan.signal()
                try db.execute(sql: "UPDATE t SET a = 2")
            }
        }
        try read.wait()
        try barrier.wait()
        try expectEqual(events.current, ["read end", "barrier"])
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT a FROM t") }, 2)
    },
    ConformanceCheck("after close(), reads and writes fail with SQLITE_MISUSE") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try writer.close()
        let readError = try expectDatabaseError {
            _ = try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        }
        try expectEqual(readError.resultCode, .SQLITE_MISUSE)
        let writeError = try expectDatabaseError {
            try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        }
        try expectEqual(writeError.resultCode, .SQLITE_MISUSE)
        try writer.close()
    },
    ConformanceCheck("after close(), every kind of read fails with SQLITE_MISUSE, even after earlier reads") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 0)
        try writer.close()
        let readError = try expectDatabaseError {
            _ = try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        }
        try expectEqual(readError.resultCode, .SQLITE_MISUSE)

        let done = DispatchSemaphore(value: 0)
        let asyncReadCode = Locked<ResultCode?>(nil)
        writer.asyncRead { result in
            if case .failure(let error as DatabaseError) = result {
                asyncReadCode.withLock { $0 = error.resultCode }
            }
            done.signal()
        }
        try expectSignal(done, "the asyncRead closure was not called")
        try expectEqual(asyncReadCode.current, .SQLITE_MISUSE)

        let awaitCode = try asyncErrorCode {
            _ = try await writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }
        }
        try expectEqual(awaitCode, .SQLITE_MISUSE)
    },
    ConformanceCheck("after close(), async/await writes fail with SQLITE_MISUSE") { factory in
        let writer = try factory.makeWriter()
        try writer.close()
        let codes = [
            try asyncErrorCode { try await writer.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") } },
            try asyncErrorCode {
                try await writer.writeWithoutTransaction { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
            },
        ]
        try expectEqual(codes, [.SQLITE_MISUSE, .SQLITE_MISUSE])
    },
    ConformanceCheck("close() from inside an access fails with SQLITE_MISUSE, and the database stays open") {
        factory in
        let writer = try factory.makeWriter()
        // On a thread of its own: a regression would deadlock, which the timeout turns into a failure.
        try BackgroundWork {
            let readError = try writer.read { _ in try expectDatabaseError { try writer.close() } }
            try expectEqual(readError.resultCode, .SQLITE_MISUSE)
            let writeError = try writer.write { _ in try expectDatabaseError { try writer.close() } }
            try expectEqual(writeError.resultCode, .SQLITE_MISUSE)
        }.wait("close() from inside an access did not return")
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT 1") }, 1)
    },
    ConformanceCheck("an async read whose closure ends the transaction itself runs once, and returns its value") {
        factory in
        let writer = try factory.makeWriter()
        // The transaction of the read then fails to commit: the closure must not be called again
        // with that error (its continuation would resume twice).
        let value = try runAsync {
            try await writer.read { db in
                try db.commit()
                return 1
            }
        }
        try expectEqual(value, 1)
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT 2") }, 2)
    },
]

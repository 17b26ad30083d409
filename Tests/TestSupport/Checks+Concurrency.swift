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
    ConformanceCheck("async writes started from many threads at once each run once, one at a time") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql:
                    "CREATE TABLE t (a INTEGER); CREATE TABLE counter (n INTEGER NOT NULL); INSERT INTO counter VALUES (0)"
            )
        }
        let (threadCount, writesPerThread) = (4, 10)
        let writeCount = threadCount * writesPerThread
        let allThreadsStarted = Rendezvous(count: threadCount)
        // The first write to run waits until every write is about to be started: writes that do
        // not wait for each other then run at the same time.
        let allWritesStarting = Rendezvous(count: writeCount)
        let runCounts = Locked<[Int: Int]>([:])
        let runningWrites = Locked(0)
        let threads = (0..<threadCount).map { thread in
            BackgroundWork {
                try allThreadsStarted.arriveAndWait("the threads did not all start")
                return (0..<writesPerThread).map { index in
                    let value = thread * writesPerThread + index
                    return BackgroundWork(async: {
                        allWritesStarting.arrive()
                        return try await writer.write { db -> Bool in
                            let isAlone = runningWrites.withLock { running in
                                running += 1
                                return running == 1
                            }
                            defer { runningWrites.withLock { $0 -= 1 } }
                            runCounts.withLock { $0[value, default: 0] += 1 }
                            try allWritesStarting.waitForAll("the writes did not all start")
                            // Read, then write: a lost update would show if two writes overlapped.
                            let n = try Int.fetchOne(db, sql: "SELECT n FROM counter")!
                            try db.execute(sql: "UPDATE counter SET n = ?", arguments: [n + 1])
                            try db.execute(sql: "INSERT INTO t VALUES (?)", arguments: [value])
                            return isAlone
                        }
                    })
                }
            }
        }
        let writes = try threads.flatMap { try $0.wait() }
        try expectEqual(try writes.map { try $0.wait() }, Array(repeating: true, count: writeCount))
        try expectEqual(runCounts.current, Dictionary(uniqueKeysWithValues: (0..<writeCount).map { ($0, 1) }))
        let (values, count) = try writer.read { db in
            (
                try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a"),
                try Int.fetchOne(db, sql: "SELECT n FROM counter")
            )
        }
        try expectEqual(values, Array(0..<writeCount))
        try expectEqual(count, writeCount)
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
    ConformanceCheck("overlapping pool reads run at once on different readers, each in its snapshot", kinds: [.pool]) {
        factory in
        let pool = try factory.makeWriter()
        try pool.write { db in
            try db.execute(
                sql:
                    "CREATE TABLE t1 (a INTEGER); CREATE TABLE t2 (b INTEGER); INSERT INTO t1 VALUES (1); INSERT INTO t2 VALUES (1)"
            )
        }
        let readCount = 3
        // The reads and the check meet once each read has read: the reads then all run.
        let allReadsRead = Rendezvous(count: readCount + 1)
        let written = DispatchSemaphore(value: 0)
        let reads = (0..<readCount).map { _ in
            BackgroundWork { () -> (reader: String, values: [Int]) in
                try pool.read { db in
                    let before = try Int.fetchOne(db, sql: "SELECT a FROM t1")!
                    try allReadsRead.arriveAndWait("the reads did not all run at once")
                    try expectSignal(written, "the write did not commit while the reads ran")
                    let after = try Int.fetchOne(db, sql: "SELECT a FROM t1")!
                    let other = try Int.fetchOne(db, sql: "SELECT b FROM t2")!
                    return (db.description, [before, after, other])
                }
            }
        }
        try allReadsRead.arriveAndWait("the reads did not all run at once")
        try pool.write { db in try db.execute(sql: "UPDATE t1 SET a = 2; UPDATE t2 SET b = 2") }
        for _ in 0..<readCount { written.signal() }
        let results = try reads.map { try $0.wait() }
        try expectEqual(Set(results.map(\.reader)).count, readCount)
        // Each read sees the database as it was when it started, in both tables.
        try expectEqual(results.map(\.values), Array(repeating: [1, 1, 1], count: readCount))
        let later = try pool.read { db in
            [try Int.fetchOne(db, sql: "SELECT a FROM t1")!, try Int.fetchOne(db, sql: "SELECT b FROM t2")!]
        }
        try expectEqual(later, [2, 2])
    },
    ConformanceCheck("a pool runs maximumReaderCount reads at once; one more waits for a free reader", kinds: [.pool]) {
        factory in
        let maximumReaderCount = 2
        let pool = try factory.makeWriter { $0.maximumReaderCount = maximumReaderCount }
        try pool.write { db in try db.execute(sql: "CREATE TABLE t (a INTEGER)") }
        let allReadsStarted = Rendezvous(count: maximumReaderCount + 1)
        let endRead = (0..<maximumReaderCount).map { _ in DispatchSemaphore(value: 0) }
        let events = Locked<[String]>([])
        let reads = endRead.enumerated().map { number, end in
            BackgroundWork { () -> String in
                try pool.read { db in
                    try allReadsStarted.arriveAndWait("\(maximumReaderCount) reads did not run at once")
                    try expectSignal(end, "the check did not end the read")
                    events.withLock { $0.append("read \(number) ends") }
                    return db.description
                }
            }
        }
        try allReadsStarted.arriveAndWait("\(maximumReaderCount) reads did not run at once")
        let extraReadStarted = DispatchSemaphore(value: 0)
        let extraRead = BackgroundWork { () -> String in
            try pool.read { db in
                events.withLock { $0.append("extra read starts") }
                extraReadStarted.signal()
                return db.description
            }
        }
        try expectNoSignal(extraReadStarted, "a read started while \(maximumReaderCount) reads held every reader")
        endRead[0].signal()
        let extraReader = try extraRead.wait()
        for end in endRead.dropFirst() { end.signal() }
        let readers = try reads.map { try $0.wait() }
        try expectEqual(events.current, ["read 0 ends", "extra read starts", "read 1 ends"])
        // The extra read took the reader that the first read left.
        try expectEqual(Set(readers).count, maximumReaderCount)
        try expectEqual(extraReader, readers[0])
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
                try expectSignal(readDone, "the read waited for the write")
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
        // The connections of a pool wait up to 10 seconds for a lock (see Configuration.busyMode).
        let busyTimeout = "PRAGMA busy_timeout"
        try expectEqual(try pool.writeWithoutTransaction { db in try Int.fetchOne(db, sql: busyTimeout) }, 10_000)
        try expectEqual(try pool.read { db in try Int.fetchOne(db, sql: busyTimeout) }, 10_000)

        let writeBegins = DispatchSemaphore(value: 0)
        pool.writeWithoutTransaction { db in
            db.trace { event in
                if case .statement(let statement) = event, statement.sql.hasPrefix("BEGIN") { writeBegins.signal() }
            }
        }
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
        // The write takes the lock with its BEGIN: it would fail at once with SQLITE_BUSY, without waiting.
        try expectSignal(writeBegins, "the write did not begin")
        release.signal()
        try lockHolder.wait()
        try write.wait()
        try expectEqual(try pool.read { db in try Int.fetchAll(db, sql: "SELECT a FROM t ORDER BY a") }, [1, 2])
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

import Dispatch
import RSCore
import RSObservation
import RSQueryInterface
import RSTesting

/// The edge cases of observation: closed databases, full-text tables, observers that write,
/// statements compiled again, late clients, interleaved cursors, names as the schema spells them.
let observationEdgeCaseChecks: [ConformanceCheck] = [
    ConformanceCheck("observations of a closed database fail with SQLITE_MISUSE, and never stop the program") {
        factory in
        // A throttled observation whose next fetch waits for its interval while the database closes.
        // The interval runs from the start of the initial fetch, after `start`: when close() returns
        // sooner after `start` than the interval, the timer had certainly not fired. On a machine too
        // slow for that, the case is tried again with a longer interval.
        var interval = 0.25
        var writer: any DatabaseWriter
        while true {
            writer = try factory.makeWriter()
            try writer.write { db in try db.execute(sql: "CREATE TABLE IF NOT EXISTS t (a)") }
            let fetchCount = Locked(0)
            let observation =
                ValueObservation
                .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
                .handleEvents(willFetch: { fetchCount.withLock { $0 += 1 } })
                .throttled(interval)
            let start = DispatchTime.now()
            let recorder = observation.record(in: writer)
            let initialValue = try recorder.waitForNext()
            try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
            try writer.close()
            let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
            guard elapsed < interval else {
                recorder.cancel()
                guard interval < checkTimeout / 4 else {
                    throw ConformanceFailure(
                        description: "the database never closed within the interval (\(elapsed) s)", location: #fileID)
                }
                interval *= 4
                continue
            }
            // The timer fires after close(): its fetch cannot access the database.
            let error = try unwrap(recorder.waitForCompletion().failure, "the error")
            try expectEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
            try expectEqual(fetchCount.current, 1)
            try expectEqual(recorder.values, [initialValue])
            break
        }
        // A region observation started on the closed database.
        try expectEqual(try regionObservationError(in: writer)?.resultCode, .SQLITE_MISUSE)
    },
    ConformanceCheck("a full-text table that a trigger fills is observed") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in
            try db.execute(
                sql: """
                    CREATE TABLE book (id INTEGER PRIMARY KEY, title TEXT);
                    CREATE VIRTUAL TABLE book_ft USING fts4(title);
                    CREATE TRIGGER book_ai AFTER INSERT ON book BEGIN
                        INSERT INTO book_ft (docid, title) VALUES (NEW.id, NEW.title);
                    END;
                    """)
        }
        let recorder = ValueObservation.tracking { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM book_ft WHERE book_ft MATCH 'swift'")!
        }.record(in: writer)
        _ = try recorder.waitForNext()
        // SQLite reports the changes of the shadow tables of book_ft, not of book_ft.
        try writer.write { db in try db.execute(sql: "INSERT INTO book (title) VALUES ('Swift at last')") }
        _ = try recorder.waitForNext(where: { $0 == 1 })
    },
    ConformanceCheck("an observer that writes after a commit does not hide the commit from the observers after it") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        /// Inserts two rows after the first commit, the second of which fails: a transaction of its
        /// own, rolled back, whose end is told while the first one's is.
        final class WritingObserver: TransactionObserver, Sendable {
            let hasWritten = Locked(false)
            func observes(eventsOfKind eventKind: DatabaseEventKind) -> Bool { false }
            func databaseDidChange(with event: DatabaseEvent) {}
            func databaseDidCommit(_ db: Database) {
                let isFirst = hasWritten.withLock { hasWritten in
                    defer { hasWritten = true }
                    return !hasWritten
                }
                guard isFirst else { return }
                try? db.execute(sql: "INSERT INTO t (id) VALUES (100), (1)")
            }
            func databaseDidRollback(_ db: Database) {}
        }
        let writingObserver = WritingObserver()
        writer.writeWithoutTransaction { db in db.add(transactionObserver: writingObserver) }
        let recorder = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
            .record(in: writer)
        _ = try recorder.waitForNext()
        try writer.write { db in try db.execute(sql: "INSERT INTO t (id) VALUES (1)") }
        _ = try recorder.waitForNext(where: { $0 == 1 })
        try expectEqual(try writer.read { db in try Int.fetchAll(db, sql: "SELECT id FROM t") }, [1])
        withExtendedLifetime(writingObserver) {}
    },
    ConformanceCheck("a DROP compiled again after a schema change drops, while deletions are observed") { factory in
        let writer = try factory.makeWriter()
        let observer = RecordingObserver()
        try writer.writeWithoutTransaction { db in
            try db.execute(
                sql: "CREATE TABLE player (id INTEGER PRIMARY KEY); CREATE VIEW playerIds AS SELECT id FROM player")
            let dropView = try db.makeStatement(sql: "DROP VIEW playerIds")
            let dropTable = try db.makeStatement(sql: "DROP TABLE player")
            try db.execute(sql: "CREATE TABLE other (a)")  // SQLite compiles the statements again
            db.add(transactionObserver: observer)
            try dropView.execute()
            try dropTable.execute()
            try expect(try !db.viewExists("playerIds"), "the view was not dropped")
            try expect(try !db.tableExists("player"), "the table was not dropped")
        }
    },
    ConformanceCheck(
        "afterNextTransaction waits for a write, also after a read that throws", kinds: [.queueOnDisk, .queueInMemory]
    ) {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let log = Locked<[String]>([])
        writer.writeWithoutTransaction { db in
            db.afterNextTransaction { _ in log.withLock { $0.append("commit") } }
        }
        struct Failure: Error {}
        _ = try expectError(Failure.self) { try writer.read { _ in throw Failure() } }
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        try expectEqual(log.current, ["commit"])
    },
    ConformanceCheck(
        "a client that joins a shared observation late never ends with a stale value",
        kinds: [.queueOnDisk, .queueInMemory]
    ) {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let queue = DispatchQueue(label: "shared")
        let shared = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
            .shared(in: writer, scheduling: .async(onQueue: queue))
        let first = Recorder<Int>()
        let firstCancellable = shared.start(onError: first.onError, onChange: first.onChange)
        _ = try first.waitForNext()
        // The value of the commit is scheduled (a queue fetches right after the commit) before the
        // late client comes, and delivered to it first.
        queue.suspend()
        try writer.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        let late = Recorder<Int>()
        let lateCancellable = shared.start(onError: late.onError, onChange: late.onChange)
        queue.resume()
        _ = try late.waitForNext()
        queue.sync {}
        try expectEqual(late.values, [1])
        withExtendedLifetime((firstCancellable, lateCancellable)) {}
    },
    ConformanceCheck("the changes of a RETURNING cursor are told, also when other statements run before its steps") {
        factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        guard factory.driver.capabilities.supportsReturning else { return }
        let observer = RecordingObserver()
        writer.writeWithoutTransaction { db in db.add(transactionObserver: observer) }
        try writer.write { db in
            let cursor = try Int.fetchCursor(db, sql: "INSERT INTO t (id) VALUES (1), (2) RETURNING id")
            _ = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")
            while try cursor.next() != nil {}
        }
        try expectEqual(observer.takeLog(), ["insert t 1", "insert t 2", "willCommit", "commit"])
    },
    ConformanceCheck("a RETURNING cursor that commits on its own tells its commit as its last row is read") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        guard factory.driver.capabilities.supportsReturning else { return }
        let observer = RecordingObserver()
        try writer.writeWithoutTransaction { db in
            db.add(transactionObserver: observer)
            try expectEqual(try Int.fetchAll(db, sql: "INSERT INTO t (id) VALUES (1) RETURNING id"), [1])
            try expectEqual(observer.takeLog(), ["insert t 1", "willCommit", "commit"])
            let rows = try Row.fetchAll(db, sql: "INSERT INTO t (id) VALUES (2) RETURNING id")
            try expectEqual(rows, [["id": 2]])
            try expectEqual(observer.takeLog(), ["insert t 2", "willCommit", "commit"])
        }
    },
    ConformanceCheck("observers get the names of tables and columns as the schema spells them") { factory in
        let writer = try factory.makeWriter()
        try writer.write { db in try db.execute(sql: "CREATE TABLE playerScore (id INTEGER PRIMARY KEY, bestScore)") }
        let kinds = Locked<[DatabaseEventKind]>([])
        let observer = RecordingObserver { eventKind in
            kinds.withLock { $0.append(eventKind) }
            return true
        }
        writer.writeWithoutTransaction { db in db.add(transactionObserver: observer) }
        try writer.write { db in
            try db.execute(sql: "INSERT INTO PLAYERSCORE (id) VALUES (1); UPDATE playerscore SET BESTSCORE = 2")
        }
        try expectEqual(
            kinds.current,
            [.insert(tableName: "playerScore"), .update(tableName: "playerScore", columnNames: ["bestScore"])])
        try expectEqual(observer.takeLog(), ["insert playerScore 1", "update playerScore 1", "willCommit", "commit"])
    },
]

/// Starts a DatabaseRegionObservation of the table "t" on a writer that cannot be accessed, and
/// returns the error it notifies (nil for an error that is no `DatabaseError`).
func regionObservationError(in writer: any DatabaseWriter) throws -> DatabaseError? {
    let failure = Locked<DatabaseError?>(nil)
    let isFailed = DispatchSemaphore(value: 0)
    let cancellable = DatabaseRegionObservation(tracking: Table("t")).start(in: writer) { error in
        failure.current = error as? DatabaseError
        isFailed.signal()
    } onChange: { _ in
    }
    try expectSignal(isFailed, "the error of the region observation")
    withExtendedLifetime(cancellable) {}
    return failure.current
}

import Dispatch
import RSCore
import RSObservation
import RSQueryInterface
import RSTesting

/// A table `t` with an integer primary key and two columns, and a table `other`.
private func makeObservedDatabase(_ factory: DatabaseFactory) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter()
    try writer.write { db in
        try db.execute(
            sql: """
                CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER);
                CREATE TABLE other (id INTEGER PRIMARY KEY);
                """)
    }
    return writer
}

/// The number of rows of `t`.
private let countOfT = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }

/// Counts the fetches of an observation.
private func countingFetches<Reducer>(
    _ observation: ValueObservation<Reducer>, _ count: Locked<Int>
) -> ValueObservation<ValueReducers.Trace<Reducer>> {
    observation.handleEvents(willFetch: { count.withLock { $0 += 1 } })
}

/// ValueObservation: initial value, changes, order, coalescing, errors (cancellation: see
/// Checks+ObservationCancellation.swift).
let valueObservationChecks: [ConformanceCheck] = [
    ConformanceCheck("a ValueObservation notifies the initial value, then the changes, in order, and the last state") {
        factory in
        let writer = try makeObservedDatabase(factory)
        let recorder = countOfT.record(in: writer)
        _ = try recorder.waitForNext()
        for _ in 0..<50 {
            try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        }
        _ = try recorder.waitForNext(where: { $0 == 50 })
        let values = recorder.values
        try expectEqual(values.first, 0)
        // A state may be notified twice in a row on a pool (a fetch whose snapshot cannot tell
        // whether it holds the last commit fetches again), never out of order.
        try expect(values == values.sorted(), "values out of transaction order: \(values)")
    },
    ConformanceCheck("only committed changes notify: rollbacks and savepoints rolled back do not") { factory in
        let writer = try makeObservedDatabase(factory)
        let fetchCount = Locked(0)
        let queue = CheckQueue()
        let recorder = countingFetches(countOfT, fetchCount).record(in: writer, scheduling: queue.observationScheduler)
        _ = try recorder.waitForNext()
        struct Rollback: Error {}
        _ = try? writer.write { db in
            try db.execute(sql: "INSERT INTO t (a) VALUES (1)")
            throw Rollback()
        }
        try writer.write { db in
            try db.inSavepoint {
                try db.execute(sql: "INSERT INTO t (a) VALUES (1)")
                return .rollback
            }
            try db.execute(sql: "INSERT INTO other DEFAULT VALUES")
        }
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (2)") }
        _ = try recorder.waitForNext(where: { $0 == 1 })
        queue.drain()
        try expectEqual(recorder.values, [0, 1])
        try expectEqual(fetchCount.current, 2)
    },
    ConformanceCheck("an unrelated table, column or row never triggers a fetch") { factory in
        let writer = try makeObservedDatabase(factory)
        try writer.write { db in try db.execute(sql: "INSERT INTO t (id, a, b) VALUES (1, 10, 100), (2, 20, 200)") }
        let fetchCount = Locked(0)
        let observation = ValueObservation.tracking { db in
            try Int.fetchOne(db, Table("t").select(Column("a")).filter(key: 1))
        }
        // The writer tells the observation of a change right after the commit, before the write
        // returns: on a pool, whose fetches may coalesce, too.
        let changeCount = Locked(0)
        let traced = countingFetches(observation, fetchCount).handleEvents(databaseDidChange: {
            changeCount.withLock { $0 += 1 }
        })
        let queue = CheckQueue()
        let recorder = traced.record(in: writer, scheduling: queue.observationScheduler)
        _ = try recorder.waitForNext()
        try writer.write { db in try db.execute(sql: "INSERT INTO other DEFAULT VALUES") }
        try writer.write { db in try db.execute(sql: "UPDATE t SET b = 101 WHERE id = 1") }
        try writer.write { db in try db.execute(sql: "UPDATE t SET a = 21 WHERE id = 2") }
        try expectEqual(changeCount.current, 0)
        try writer.write { db in try db.execute(sql: "UPDATE t SET a = 11 WHERE id = 1") }
        try expectEqual(changeCount.current, 1)
        _ = try recorder.waitForNext(where: { $0 == 11 })
        queue.drain()
        try expectEqual(recorder.values, [10, 11])
        try expectEqual(fetchCount.current, 2)
    },
    ConformanceCheck("changes made by triggers, and notified with notifyChanges(in:), are observed") { factory in
        let writer = try makeObservedDatabase(factory)
        try writer.write { db in
            try db.execute(
                sql: "CREATE TRIGGER copy AFTER INSERT ON other BEGIN INSERT INTO t (a) VALUES (NEW.id); END")
        }
        let fetchCount = Locked(0)
        let recorder = countingFetches(countOfT, fetchCount).record(in: writer)
        _ = try recorder.waitForNext()
        try writer.write { db in try db.execute(sql: "INSERT INTO other DEFAULT VALUES") }
        _ = try recorder.waitForNext(where: { $0 == 1 })
        try writer.write { db in try db.notifyChanges(in: Table("t")) }
        _ = try recorder.waitForNext()
        try expectEqual(recorder.values, [0, 1, 1])
    },
    ConformanceCheck("an error of the fetch ends the observation with it: missing table, invalid SQL, NULL, write") {
        factory in
        let writer = try makeObservedDatabase(factory)
        let cases: [(ValueObservation<ValueReducers.Fetch<Int>>, ResultCode)] = [
            (.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM missing")! }, .SQLITE_ERROR),
            (.tracking { db in try Int.fetchOne(db, sql: "SELEC 1")! }, .SQLITE_ERROR),
            (.tracking { db in try Int.fetchAll(db, sql: "SELECT NULL").count }, .SQLITE_MISMATCH),
            (
                .tracking { db in
                    try db.execute(sql: "INSERT INTO t (a) VALUES (1)")
                    return 0
                }, .SQLITE_READONLY
            ),
        ]
        for (observation, resultCode) in cases {
            let recorder = observation.record(in: writer)
            let error = try unwrap(recorder.waitForCompletion().failure, "the error")
            try expectEqual((error as? DatabaseError)?.resultCode, resultCode)
            try expectEqual(recorder.values, [])
        }
        // Nothing else is disturbed.
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        try expectEqual(try writer.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t") }, 1)
    },
    ConformanceCheck("an error of a later fetch ends the observation: nothing more is notified") { factory in
        let writer = try makeObservedDatabase(factory)
        let observation = ValueObservation.tracking { db -> Int in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")!
            if count == 1 { throw DatabaseError(resultCode: .SQLITE_ABORT, message: "one row") }
            return count
        }
        // Every notified value, those after the error too (which a recorder ignores).
        let notified = Locked<[Int]>([])
        let queue = CheckQueue()
        let recorder = Recorder<Int>()
        let cancellable = observation.start(
            in: writer, scheduling: queue.observationScheduler, onError: recorder.onError,
            onChange: { value in
                notified.withLock { $0.append(value) }
                recorder.receive(value)
            })
        _ = try recorder.waitForNext()
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        let error = try unwrap(recorder.waitForCompletion().failure, "the error")
        try expectEqual((error as? DatabaseError)?.resultCode, .SQLITE_ABORT)
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (2)") }
        try writer.write { _ in }  // the fence: a fetch of the insertion above would be scheduled now
        queue.drain()
        try expectEqual(notified.current, [0])
        withExtendedLifetime(cancellable) {}
    },
    ConformanceCheck("an observation started on a closed database fails with SQLITE_MISUSE") { factory in
        let writer = try makeObservedDatabase(factory)
        try writer.close()
        let recorder = countOfT.record(in: writer)
        let error = try unwrap(recorder.waitForCompletion().failure, "the error")
        try expectEqual((error as? DatabaseError)?.resultCode, .SQLITE_MISUSE)
    },
    ConformanceCheck("map, removeDuplicates and a region given in advance") { factory in
        let writer = try makeObservedDatabase(factory)
        let fetchCount = Locked(0)
        let observation = ValueObservation.tracking(regions: [Table("t")]) { db in
            try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t WHERE a > 0")!
        }
        let fetched = DispatchSemaphore(value: 0)
        let traced = countingFetches(observation, fetchCount).handleEvents(didReceiveValue: { _ in fetched.signal() })
        let queue = CheckQueue()
        let recorder = traced.removeDuplicates().map { "\($0) rows" }.record(
            in: writer, scheduling: queue.observationScheduler)
        _ = try recorder.waitForNext()
        try expectSignal(fetched, "the initial fetch")
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (0)") }  // same value
        try expectSignal(fetched, "the fetch of the same value")
        try writer.write { db in try db.execute(sql: "INSERT INTO other DEFAULT VALUES") }  // other region
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        _ = try recorder.waitForNext(where: { $0 == "1 rows" })
        queue.drain()
        try expectEqual(recorder.values, ["0 rows", "1 rows"])
        try expectEqual(fetchCount.current, 3)
    },
    ConformanceCheck("a non-constant region follows what each fetch reads") { factory in
        let writer = try makeObservedDatabase(factory)
        try writer.write { db in try db.execute(sql: "INSERT INTO t (id, a, b) VALUES (1, 0, 5)") }
        let regions = Locked<[String]>([])
        // Reads column b only while a > 0.
        let observation = ValueObservation.tracking { db -> Int in
            let a = try Int.fetchOne(db, sql: "SELECT a FROM t WHERE id = 1")!
            return a > 0 ? try Int.fetchOne(db, sql: "SELECT b FROM t WHERE id = 1")! : -1
        }
        .handleEvents(willTrackRegion: { region in regions.withLock { $0.append(region.description) } })
        let recorder = observation.record(in: writer)
        _ = try recorder.waitForNext()
        try writer.write { db in try db.execute(sql: "UPDATE t SET a = 1") }
        _ = try recorder.waitForNext(where: { $0 == 5 })
        try writer.write { db in try db.execute(sql: "UPDATE t SET b = 6") }
        _ = try recorder.waitForNext(where: { $0 == 6 })
        try expectEqual(recorder.values, [-1, 5, 6])
        try expectEqual(regions.current, ["t(a,id)[1]", "t(a,b,id)[1]"])
    },
    ConformanceCheck("requiresWriteAccess lets the fetch write, in a savepoint of the writer") { factory in
        let writer = try makeObservedDatabase(factory)
        var observation = ValueObservation.tracking { db -> Int in
            try db.execute(sql: "CREATE TEMPORARY TABLE IF NOT EXISTS scratch (x); DELETE FROM scratch")
            try db.execute(sql: "INSERT INTO scratch SELECT a FROM t")
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM scratch")!
        }
        observation.requiresWriteAccess = true
        let recorder = observation.record(in: writer)
        _ = try recorder.waitForNext()
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        _ = try recorder.waitForNext(where: { $0 == 1 })
    },
    ConformanceCheck("a throttled observation coalesces a burst of commits, and notifies the last state") { factory in
        let writer = try makeObservedDatabase(factory)
        let fetchCount = Locked(0)
        let interval = 0.1
        let recorder = countingFetches(countOfT, fetchCount).throttled(interval).record(in: writer)
        _ = try recorder.waitForNext()
        let start = DispatchTime.now()
        for _ in 0..<500 {
            try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        }
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        _ = try recorder.waitForNext(where: { $0 == 500 })
        // One fetch per interval at most, plus the initial one and the one after the burst.
        try expect(
            Double(fetchCount.current) <= elapsed / interval + 3,
            "\(fetchCount.current) fetches for \(elapsed) s of commits")
    },
    ConformanceCheck("values(in:) is an async sequence that stops with its task") { factory in
        let writer = try makeObservedDatabase(factory)
        // The values are produced on a dispatch queue: the synchronous checks of the suite may hold
        // every thread of the cooperative pool, where the default `.task` scheduling runs.
        let queue = DispatchQueue(label: "values")
        let values = try runAsync { () -> [Int] in
            var values: [Int] = []
            for try await value in countOfT.values(in: writer, scheduling: .async(onQueue: queue)) {
                values.append(value)
                if value == 2 { break }
                try await writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
            }
            return values
        }
        try expectEqual(values, [0, 1, 2])
        // A cancelled task ends the iteration.
        let ended = try runAsync { () -> Bool in
            // A child task, which runs where `runAsync` runs (an unstructured one would run on the
            // cooperative pool).
            try await withThrowingTaskGroup(of: Bool.self) { group in
                group.addTask {
                    for try await _ in countOfT.values(in: writer, scheduling: .async(onQueue: queue)) {}
                    return true
                }
                group.cancelAll()
                return try await group.next() ?? false
            }
        }
        try expect(ended)
    },
    ConformanceCheck("a shared observation fetches once for all its clients") { factory in
        let writer = try makeObservedDatabase(factory)
        let fetchCount = Locked(0)
        let queue = DispatchQueue(label: "shared")
        let shared = countingFetches(countOfT, fetchCount).shared(in: writer, scheduling: .async(onQueue: queue))
        let first = Recorder<Int>()
        let second = Recorder<Int>()
        let firstCancellable = shared.start(onError: first.onError, onChange: first.onChange)
        _ = try first.waitForNext()
        let secondCancellable = shared.start(onError: second.onError, onChange: second.onChange)
        _ = try second.waitForNext()  // the last value, at once
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        _ = try first.waitForNext(where: { $0 == 1 })
        _ = try second.waitForNext(where: { $0 == 1 })
        try expectEqual(fetchCount.current, 2)
        // whileObserved: no client, no observation.
        firstCancellable.cancel()
        secondCancellable.cancel()
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (2)") }
        try writer.write { _ in }
        queue.sync {}
        try expectEqual(fetchCount.current, 2)
        let third = Recorder<Int>()
        let thirdCancellable = shared.start(onError: third.onError, onChange: third.onChange)
        _ = try third.waitForNext(where: { $0 == 2 })
        try expectEqual(fetchCount.current, 3)
        withExtendedLifetime(thirdCancellable) {}
    },
]

/// The races of the start of an observation on a DatabasePool: the initial value is fetched on a
/// reader without waiting for the writer, and no commit is seen twice or missed.
let poolObservationStartChecks: [ConformanceCheck] = [
    ConformanceCheck("the initial value of a pool observation does not wait for a write in progress", kinds: [.pool]) {
        factory in
        let writer = try makeObservedDatabase(factory)
        let write = try HeldWrite(writer, sql: "INSERT INTO t (a) VALUES (1)")
        let recorder = countOfT.record(in: writer)
        let values = try recorder.waitForNext(1)  // while the write transaction is open
        try write.commit()
        try expectEqual(values, [0])
        _ = try recorder.waitForNext(where: { $0 == 1 })
    },
    ConformanceCheck(
        "a pool observation notifies its initial value once, also when other tables change", kinds: [.pool]
    ) {
        factory in
        let writer = try makeObservedDatabase(factory)
        let fetchCount = Locked(0)
        let unrelatedWrites = BackgroundWork {
            for _ in 0..<100 {
                try writer.write { db in try db.execute(sql: "INSERT INTO other DEFAULT VALUES") }
            }
        }
        let queue = CheckQueue()
        let recorder = countingFetches(countOfT, fetchCount).record(in: writer, scheduling: queue.observationScheduler)
        _ = try recorder.waitForNext()
        try unrelatedWrites.wait()
        // This write comes after the registration of the observer, which the start submitted to the
        // writer before the initial value was notified.
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        _ = try recorder.waitForNext(where: { $0 == 1 })
        queue.drain()
        try expectEqual(recorder.values, [0, 1])
        try expectEqual(fetchCount.current, 2)
    },
    ConformanceCheck("a commit during the initial fetch of a pool observation is notified once", kinds: [.pool]) {
        factory in
        let writer = try makeObservedDatabase(factory)
        let isFetching = DispatchSemaphore(value: 0)
        let mayFetch = DispatchSemaphore(value: 0)
        let isFirstFetch = Locked(true)
        let observation = ValueObservation.tracking { db -> Int in
            // The snapshot of the read is taken: hold the fetch until the writer commits.
            let isFirst = isFirstFetch.withLock { isFirst in
                defer { isFirst = false }
                return isFirst
            }
            if isFirst {
                isFetching.signal()
                // A fetch that blocked the writer would time out, and end the observation.
                try expectSignal(mayFetch, "the commit, while the initial fetch runs")
            }
            return try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")!
        }
        let queue = CheckQueue()
        let recorder = observation.record(in: writer, scheduling: queue.observationScheduler)
        try expectSignal(isFetching, "the initial fetch")
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        mayFetch.signal()
        _ = try recorder.waitForNext(where: { $0 == 1 })
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (2)") }
        _ = try recorder.waitForNext(where: { $0 == 2 })
        queue.drain()
        try expectEqual(recorder.values, [0, 1, 2])
    },
    ConformanceCheck(
        "a commit to another table between the initial fetch and the registration of a pool observation fetches nothing",
        kinds: [.pool]
    ) { factory in
        let writer = try makeObservedDatabase(factory)
        let write = try HeldWrite(writer, sql: "INSERT INTO other DEFAULT VALUES")
        let fetchCount = Locked(0)
        let queue = CheckQueue()
        let recorder = countingFetches(countOfT, fetchCount).record(in: writer, scheduling: queue.observationScheduler)
        _ = try recorder.waitForNext()
        // The registration waits for the writer, which commits first: a commit the initial snapshot
        // did not see, which did not change the region.
        try write.commit()
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        _ = try recorder.waitForNext(where: { $0 == 1 })
        queue.drain()
        try expectEqual(recorder.values, [0, 1])
        try expectEqual(fetchCount.current, 2)
    },
    ConformanceCheck(
        "a commit between the initial fetch and the registration of a pool observation is notified once",
        kinds: [.pool]
    ) { factory in
        let writer = try makeObservedDatabase(factory)
        let write = try HeldWrite(writer, sql: "INSERT INTO t (a) VALUES (1)")
        let queue = CheckQueue()
        let recorder = countOfT.record(in: writer, scheduling: queue.observationScheduler)
        _ = try recorder.waitForNext()
        // The registration waits for the writer, which commits first.
        try write.commit()
        _ = try recorder.waitForNext(where: { $0 == 1 })
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (2)") }
        _ = try recorder.waitForNext(where: { $0 == 2 })
        queue.drain()
        try expectEqual(recorder.values, [0, 1, 2])
    },
]

/// Regions of raw SQL that reads one row by rowid, which observations record.
let rowIDRegionChecks: [ConformanceCheck] = [
    ConformanceCheck("SQL that reads one row by rowid has the region of that row; other SQL the whole table") {
        factory in
        let writer = try makeObservedDatabase(factory)
        try writer.read { db in
            func region(_ sql: String, _ arguments: StatementArguments = []) throws -> DatabaseRegion {
                try SQLRequest<Row>(sql: sql, arguments: arguments).databaseRegion(db)
            }
            let oneRow = try region("SELECT a FROM t WHERE id = ?", [2])
            try expect(oneRow.description.hasSuffix("[2]"), "\(oneRow)")
            try expect(try region("SELECT a FROM t WHERE rowid = :x", ["x": 3]).description.hasSuffix("[3]"))
            try expect(try region("SELECT COUNT(*) FROM t WHERE id = 4").description.hasSuffix("[4]"))
            for sql in [
                "SELECT a FROM t WHERE id > ?", "SELECT a FROM t WHERE id IN (?, 5)",
                "SELECT a FROM t WHERE id = ? OR a = 1",
                "SELECT a FROM t WHERE a = ?", "SELECT a, (SELECT COUNT(*) FROM other) FROM t WHERE id = ?",
            ] {
                let whole = try region(sql, [1])
                try expect(!whole.description.contains("["), "\(sql): \(whole)")
            }
            // A text argument is no rowid: the whole table.
            try expect(!(try region("SELECT a FROM t WHERE id = ?", ["2"])).description.contains("["))
        }
    },
    ConformanceCheck("an observation of raw SQL that reads one row by rowid ignores the changes of other rows") {
        factory in
        let writer = try makeObservedDatabase(factory)
        try writer.write { db in try db.execute(sql: "INSERT INTO t (id, a) VALUES (1, 10), (2, 20)") }
        let changeCount = Locked(0)
        let observation = ValueObservation.tracking { db in
            try Int.fetchOne(db, sql: "SELECT a FROM t WHERE id = ?", arguments: [1])
        }
        .handleEvents(databaseDidChange: { changeCount.withLock { $0 += 1 } })
        let recorder = observation.record(in: writer)
        _ = try recorder.waitForNext()
        try writer.write { db in try db.execute(sql: "UPDATE t SET a = 21 WHERE id = 2") }
        try writer.write { db in try db.execute(sql: "INSERT INTO t (id, a) VALUES (3, 30)") }
        try expectEqual(changeCount.current, 0)
        try writer.write { db in try db.execute(sql: "UPDATE t SET a = 11 WHERE id = 1") }
        _ = try recorder.waitForNext(where: { $0 == 11 })
        try expectEqual(changeCount.current, 1)
    },
]

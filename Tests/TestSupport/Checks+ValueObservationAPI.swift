import Dispatch
import RSCore
import RSObservation
import RSTesting

/// A table `t` with an integer primary key and two columns, behind a `ForwardingWriter`, whose fence
/// waits for the fetches of a pool's readers, and for the notifications they schedule.
private func makeObservedDatabase(_ factory: DatabaseFactory) throws -> ForwardingWriter {
    let writer = ForwardingWriter(try factory.makeWriter())
    try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER, b INTEGER)") }
    return writer
}

/// The number of rows of `t`.
private let countOfT = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }

/// A text stream that is not `Sendable` (a class that does not declare it), which `print(_:to:)`
/// takes: it copies each string it is given, one message without a newline as in GRDB, to a
/// shared log, which the check reads.
private final class LogStream: TextOutputStream {
    private let log: Locked<[String]>

    init(_ log: Locked<[String]>) {
        self.log = log
    }

    func write(_ string: String) {
        log.withLock { $0.append(string) }
    }
}

/// The parts of the ValueObservation API that other checks do not use: trackingConstantRegion,
/// removeDuplicates(by:), the events of handleEvents and print, a shared observation of
/// observationLifetime, and the buffering policy of values(in:).
let valueObservationAPIChecks: [ConformanceCheck] = [
    ConformanceCheck("trackingConstantRegion tracks what the initial fetch reads, not what later ones read") {
        factory in
        let writer = try makeObservedDatabase(factory)
        try writer.write { db in try db.execute(sql: "INSERT INTO t (id, a, b) VALUES (1, 0, 5)") }
        let regions = Locked<[String]>([])
        let changeCount = Locked(0)
        // Reads column b only while a > 0: the initial fetch does not.
        let observation = ValueObservation.trackingConstantRegion { db -> Int in
            let a = try Int.fetchOne(db, sql: "SELECT a FROM t WHERE id = 1")!
            return a > 0 ? try Int.fetchOne(db, sql: "SELECT b FROM t WHERE id = 1")! : -1
        }
        .handleEvents(
            willTrackRegion: { region in regions.withLock { $0.append(region.description) } },
            databaseDidChange: { changeCount.withLock { $0 += 1 } })
        let queue = CheckQueue()
        let recorder = observation.record(in: writer, scheduling: queue.observationScheduler)
        _ = try recorder.waitForNext()
        try writer.write { db in try db.execute(sql: "UPDATE t SET a = 1") }
        _ = try recorder.waitForNext(where: { $0 == 5 })
        // The writer tells the observation of a change right after the commit, before the write
        // returns: b is not tracked.
        try writer.write { db in try db.execute(sql: "UPDATE t SET b = 6") }
        try expectEqual(changeCount.current, 1)
        try writer.write { db in try db.execute(sql: "UPDATE t SET a = 2") }
        _ = try recorder.waitForNext(where: { $0 == 6 })
        queue.drain()
        try expectEqual(recorder.values, [-1, 5, 6])
        try expectEqual(changeCount.current, 2)
        try expectEqual(regions.current, ["t(a,id)[1]"])
    },
    ConformanceCheck("removeDuplicates(by:) notifies a value only when the predicate tells it apart from the last") {
        factory in
        let writer = try makeObservedDatabase(factory)
        let fetched = DispatchSemaphore(value: 0)
        // Values of the same ten are duplicates.
        let observation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT MAX(a) FROM t") ?? 0 }
            .handleEvents(didReceiveValue: { _ in fetched.signal() })
            .removeDuplicates(by: { $0 / 10 == $1 / 10 })
        let queue = CheckQueue()
        let recorder = observation.record(in: writer, scheduling: queue.observationScheduler)
        _ = try recorder.waitForNext()
        try expectSignal(fetched, "the initial fetch")
        for a in [1, 9, 25, 27, 30] {
            try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (?)", arguments: [a]) }
            try expectSignal(fetched, "the fetch of \(a)")
        }
        _ = try recorder.waitForNext(where: { $0 == 30 })
        queue.drain()
        try expectEqual(recorder.values, [0, 25, 30])
    },
    ConformanceCheck("handleEvents tells the start, the failure and the cancellation, each once") { factory in
        let writer = try makeObservedDatabase(factory)
        let events = Locked<[String]>([])
        func traced<Reducer>(_ observation: ValueObservation<Reducer>) -> ValueObservation<ValueReducers.Trace<Reducer>>
        {
            observation.handleEvents(
                willStart: { events.withLock { $0.append("start") } },
                didFail: { error in
                    events.withLock {
                        $0.append("fail \((error as? DatabaseError)?.resultCode.rawValue ?? -1)")
                    }
                },
                didCancel: { events.withLock { $0.append("cancel") } })
        }
        // Cancelled.
        let recorder = Recorder<Int>()
        let cancellable = traced(countOfT).start(
            in: writer, scheduling: CheckQueue().observationScheduler, onError: recorder.onError,
            onChange: recorder.onChange)
        try expectEqual(events.current, ["start"])
        _ = try recorder.waitForNext()
        cancellable.cancel()
        cancellable.cancel()
        try expectEqual(events.current, ["start", "cancel"])
        // Failed: a later cancellation is not told.
        events.current = []
        let failing = Recorder<Int>()
        let failingCancellable = traced(
            ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM missing")! }
        ).start(
            in: writer, scheduling: CheckQueue().observationScheduler, onError: failing.onError,
            onChange: failing.onChange)
        let error = try unwrap(failing.waitForCompletion().failure, "the error")
        try expectEqual((error as? DatabaseError)?.resultCode, .SQLITE_ERROR)
        failingCancellable.cancel()
        try expectEqual(events.current, ["start", "fail \(ResultCode.SQLITE_ERROR.rawValue)"])
    },
    ConformanceCheck("print(_:to:) writes each event, without a newline, to a stream that is not Sendable") { factory in
        let writer = try makeObservedDatabase(factory)
        let log = Locked<[String]>([])
        let recorder = countOfT.print("count", to: LogStream(log)).record(in: writer)
        _ = try recorder.waitForNext()
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        _ = try recorder.waitForNext(where: { $0 == 1 })
        recorder.cancel()
        try expectEqual(
            log.current,
            [
                "count: start", "count: fetch", "count: tracked region: t(*)", "count: value: 0",
                "count: database did change", "count: fetch", "count: value: 1", "count: cancel",
            ])
    },
    ConformanceCheck(
        "a shared observation of observationLifetime observes without clients, and gives a late one its last value or error"
    ) { factory in
        let writer = try makeObservedDatabase(factory)
        let fetchCount = Locked(0)
        let failure = Locked<(any Error)?>(nil)
        let observation = ValueObservation.tracking { db -> Int in
            let count = try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")!
            if count == 2 { throw DatabaseError(resultCode: .SQLITE_ABORT, message: "two rows") }
            return count
        }
        .handleEvents(willFetch: { fetchCount.withLock { $0 += 1 } }, didFail: { failure.current = $0 })
        let queue = DispatchQueue(label: "shared")
        /// Every fetch submitted so far has run, and notified its value.
        func fence() throws {
            try writer.waitForAsyncAccesses()
            queue.sync {}
        }
        let shared = observation.shared(in: writer, scheduling: .async(onQueue: queue), extent: .observationLifetime)
        let first = Recorder<Int>()
        let firstCancellable = shared.start(onError: first.onError, onChange: first.onChange)
        _ = try first.waitForNext()
        firstCancellable.cancel()
        // No client: the observation goes on.
        let fetchesWithClient = fetchCount.current
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
        try fence()
        try expect(fetchCount.current > fetchesWithClient, "no fetch without clients")
        let fetchesBeforeSecond = fetchCount.current
        let second = Recorder<Int>()
        let secondCancellable = shared.start(onError: second.onError, onChange: second.onChange)
        _ = try second.waitForNext()
        try fence()
        try expectEqual(second.values, [1])
        try expectEqual(fetchCount.current, fetchesBeforeSecond)
        secondCancellable.cancel()
        // The error ends the observation, without clients too; a later client gets it.
        try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (2)") }
        try fence()
        try expectEqual((failure.current as? DatabaseError)?.resultCode, .SQLITE_ABORT)
        let third = Recorder<Int>()
        let thirdCancellable = shared.start(onError: third.onError, onChange: third.onChange)
        let error = try unwrap(third.waitForCompletion().failure, "the error")
        try expectEqual((error as? DatabaseError)?.resultCode, .SQLITE_ABORT)
        try expectEqual(third.values, [])
        try expectEqual(first.values, [0])
        withExtendedLifetime(thirdCancellable) {}
    },
    ConformanceCheck("values(in:) with bufferingNewest(1) keeps only the latest value while the consumer is busy") {
        factory in
        let writer = try makeObservedDatabase(factory)
        let queue = DispatchQueue(label: "values")
        let values = try runAsync { () -> [Int] in
            let gate = AsyncGate()
            let (firstValues, firstValue) = AsyncStream.makeStream(of: Void.self)
            return try await withThrowingTaskGroup(of: [Int].self) { group in
                // A child task, which runs where `runAsync` runs.
                group.addTask {
                    var values: [Int] = []
                    let sequence = countOfT.values(
                        in: writer, scheduling: .async(onQueue: queue), bufferingPolicy: .bufferingNewest(1))
                    for try await value in sequence {
                        values.append(value)
                        if values.count == 1 {
                            // Busy until three values were notified.
                            firstValue.yield()
                            await gate.wait()
                        }
                        if value == 3 { break }
                    }
                    return values
                }
                for await _ in firstValues { break }
                for _ in 0..<3 {
                    try await writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
                    // Each commit is fetched, and its value is in the sequence.
                    try writer.waitForAsyncAccesses()
                    queue.sync {}
                }
                gate.open()
                return try await group.next() ?? []
            }
        }
        try expectEqual(values, [0, 3])
    },
]

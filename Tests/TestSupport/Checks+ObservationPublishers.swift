import Dispatch
import Foundation
import RSCore
import RSObservation
import RSQueryInterface
import RSReactive
import RSTesting

/// A table `t` with an integer primary key and a column `a`.
private func makeDatabase(_ factory: DatabaseFactory) throws -> any DatabaseWriter {
    let writer = try factory.makeWriter()
    try writer.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY, a INTEGER)") }
    return writer
}

private func insert(_ writer: any DatabaseWriter) throws {
    try writer.write { db in try db.execute(sql: "INSERT INTO t (a) VALUES (1)") }
}

/// The number of rows of `t`.
private let countOfT = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }

/// The publishers of observations: `ValueObservation.publisher(in:)`,
/// `SharedValueObservation.publisher()`, `DatabaseRegionObservation.publisher(in:)`.
let observationPublisherChecks: [ConformanceCheck] = [
    ConformanceCheck(
        "ValueObservation.publisher publishes the initial value, then the changes in order, on its scheduler"
    ) {
        factory in
        let writer = try makeDatabase(factory)
        let queue = CheckQueue()
        let onQueue = Locked(true)
        let recorder = Recorder<Int>()
        let subscriber = RecordingSubscriber<Int, any Error>(into: recorder) { _ in
            if !queue.isCurrent { onQueue.current = false }
        }
        countOfT.publisher(in: writer, scheduling: queue.observationScheduler).subscribe(subscriber)
        _ = try recorder.waitForNext()
        for _ in 0..<20 { try insert(writer) }
        _ = try recorder.waitForNext(where: { $0 == 20 })
        let values = recorder.values
        try expectEqual(values.first, 0)
        try expect(values == values.sorted(), "values out of transaction order: \(values)")
        try expect(onQueue.current, "a value was published off the scheduler")
        try expect(recorder.receivedCompletion == nil, "the publisher completed")
        subscriber.cancel()
    },
    ConformanceCheck("without demand, an observation publisher keeps only the latest value") { factory in
        let writer = try makeDatabase(factory)
        let queue = CheckQueue()
        let recorder = Recorder<Int>()
        let subscriber = RecordingSubscriber<Int, any Error>(into: recorder, demand: .none)
        let delivered = DispatchSemaphore(value: 0)
        let scheduler = SignalingScheduler(queue: queue.queue, signal: delivered)
        // One value per write (a pool may fetch a state twice): each write waits for its value.
        countOfT.removeDuplicates().publisher(in: writer, scheduling: scheduler).subscribe(subscriber)
        try expectSignal(delivered, "the initial value reaches the subscription")
        for count in 1...3 {
            try insert(writer)
            try expectSignal(delivered, "the value of write \(count) reaches the subscription")
        }
        try expect(recorder.values.isEmpty, "published without demand: \(recorder.values)")
        subscriber.request(.max(1))
        _ = try recorder.waitForNext()
        queue.drain()
        try expectEqual(recorder.values, [3])
        subscriber.request(.max(1))
        try insert(writer)
        _ = try recorder.waitForNext()
        try expectEqual(recorder.values, [3, 4])
        subscriber.cancel()
    },
    ConformanceCheck("a cancelled observation publisher stops, and leaves no subscription, observer or connection") {
        factory in
        var writer: (any DatabaseWriter)? = try makeDatabase(factory)
        weak let weakWriter = writer
        let queue = CheckQueue()
        let recorder = Recorder<Int>()
        var subscriber: RecordingSubscriber<Int, any Error>? = RecordingSubscriber(into: recorder)
        weak let weakSubscriber = subscriber
        countOfT.publisher(in: writer!, scheduling: queue.observationScheduler).subscribe(subscriber!)
        _ = try recorder.waitForNext()
        try insert(writer!)
        _ = try recorder.waitForNext()
        let observers = writer!.writeWithoutTransaction { db in db.transactionObserverCount }
        try expectEqual(observers, 1)

        subscriber!.cancel()
        try insert(writer!)
        try writer!.write { _ in }  // the observer is removed on the writer
        // A barrier write waits for the reads in progress: a fetch that a pool started on a reader
        // before the cancellation ends before it.
        try writer!.barrierWriteWithoutTransaction { _ in }
        queue.drain()
        try expectEqual(recorder.values, [0, 1])
        let remaining = writer!.writeWithoutTransaction { db in db.transactionObserverCount }
        try expectEqual(remaining, 0)
        // Nothing keeps the subscriber (and its subscription) nor the database alive.
        subscriber = nil
        try expect(weakSubscriber == nil, "the subscriber is still alive")
        writer = nil
        try expect(weakWriter == nil, "the database is still alive")
    },
    ConformanceCheck("a subscriber that cancels from its own receiveValue gets nothing more") { factory in
        let writer = try makeDatabase(factory)
        let queue = CheckQueue()
        let recorder = Recorder<Int>()
        let box = Locked<RecordingSubscriber<Int, any Error>?>(nil)
        let subscriber = RecordingSubscriber<Int, any Error>(into: recorder) { value in
            if value == 2 { box.current?.cancel() }
        }
        box.current = subscriber
        countOfT.publisher(in: writer, scheduling: queue.observationScheduler).subscribe(subscriber)
        _ = try recorder.waitForNext()
        try insert(writer)
        try insert(writer)
        _ = try recorder.waitForNext(where: { $0 == 2 })
        try insert(writer)
        try writer.write { _ in }
        try writer.read { _ in }
        queue.drain()
        try expectEqual(recorder.values.last, 2)
        try expect(recorder.receivedCompletion == nil, "completed after cancellation")
        box.current = nil
    },
    ConformanceCheck("an observation publisher of invalid SQL fails with the DatabaseError") { factory in
        let writer = try makeDatabase(factory)
        let recorder = ValueObservation.tracking { db in try Row.fetchAll(db, sql: "SELECT * FROM missing") }
            .publisher(in: writer, scheduling: CheckQueue().observationScheduler).record()
        let error = try recorder.waitForCompletion().failure as? DatabaseError
        try expectEqual(error?.resultCode, .SQLITE_ERROR)
        try expectEqual(error?.message, "no such table: missing")
        try expect(recorder.values.isEmpty)
    },
    ConformanceCheck("SharedValueObservation.publisher: the subscriptions share one observation") { factory in
        let writer = try makeDatabase(factory)
        let fetches = Locked(0)
        let queue = CheckQueue()
        let shared = countOfT.handleEvents(willFetch: { fetches.withLock { $0 += 1 } })
            .shared(in: writer, scheduling: queue.observationScheduler)
        let first = shared.publisher().record()
        _ = try first.waitForNext()
        let second = shared.publisher().record()
        _ = try second.waitForNext()
        try insert(writer)
        _ = try first.waitForNext(where: { $0 == 1 })
        _ = try second.waitForNext(where: { $0 == 1 })
        try expectEqual(fetches.current, 2)
        first.cancel()
        second.cancel()
    },
    ConformanceCheck("DatabaseRegionObservation.publisher publishes the database on the writer after each transaction")
    {
        factory in
        let writer = try makeDatabase(factory)
        let counts = Locked<[Int]>([])
        let recorder = Recorder<Int>()
        let subscriber = RecordingSubscriber<Int, any Error>(into: recorder)
        DatabaseRegionObservation(tracking: Table("t"))
            .publisher(in: writer)
            .map { db in
                // On the writer, right after the commit, outside of any transaction.
                db.isInsideTransaction ? -1 : (try? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")) ?? -2
            }
            .subscribe(subscriber)
        try writer.write { _ in }  // the observation starts before this write
        for _ in 0..<3 { try insert(writer) }
        struct Rollback: Error {}
        _ = try? writer.write { db in
            try db.execute(sql: "INSERT INTO t (a) VALUES (1)")
            throw Rollback()
        }
        try insert(writer)
        try expectEqual(recorder.values, [1, 2, 3, 4])
        subscriber.cancel()
        try insert(writer)
        try expectEqual(recorder.values, [1, 2, 3, 4])
        withExtendedLifetime(counts) {}
    },
    ConformanceCheck(
        "a transaction that commits while a DatabaseRegionObservation publisher has no demand is not published"
    ) {
        factory in
        let writer = try makeDatabase(factory)
        let recorder = Recorder<Int>()
        let subscriber = RecordingSubscriber<Int, any Error>(into: recorder, demand: .none)
        DatabaseRegionObservation(tracking: Table("t")).publisher(in: writer)
            .map { db in (try? Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")) ?? -1 }
            .subscribe(subscriber)
        try insert(writer)
        subscriber.request(.max(1))
        try insert(writer)
        try insert(writer)
        try expectEqual(recorder.values, [2])
        subscriber.cancel()
    },
    ConformanceCheck("observation publishers are created and subscribed from many threads at once") { factory in
        let writer = try makeDatabase(factory)
        let works = (0..<8).map { _ in
            BackgroundWork { countOfT.publisher(in: writer, scheduling: CheckQueue().observationScheduler).record() }
        }
        let recorders = try works.map { try $0.wait() }
        for recorder in recorders { _ = try recorder.waitForNext() }
        try insert(writer)
        for recorder in recorders {
            _ = try recorder.waitForNext(where: { $0 == 1 })
            recorder.cancel()
        }
    },
]

/// Notifies the values of an observation on a queue, and signals after each.
private struct SignalingScheduler: ValueObservationScheduler {
    let queue: DispatchQueue
    let signal: DispatchSemaphore

    func immediateInitialValue() -> Bool { false }

    func schedule(_ action: @escaping @Sendable () -> Void) {
        queue.async {
            action()
            signal.signal()
        }
    }
}

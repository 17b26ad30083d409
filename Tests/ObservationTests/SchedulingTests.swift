import Dispatch
import Foundation
import ReactiveSQLite
import Testing

/// The schedulers that need the main actor or the cooperative thread pool, from async tests that
/// block neither.
@Suite struct SchedulingTests {
    @Test @MainActor func theImmediateSchedulingNotifiesTheInitialValueBeforeStartReturns() async throws {
        let dbQueue = try await tableQueue()
        var values: [Int] = []
        let cancellable = countOfT.start(in: dbQueue, scheduling: .immediate) { error in
            Issue.record(error)
        } onChange: { value in
            MainActor.assertIsolated()
            values.append(value)
        }
        #expect(values == [0])
        try await dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        await yieldMainActor(until: values.count >= 2)
        #expect(values == [0, 1])
        withExtendedLifetime(cancellable) {}
    }

    @Test @MainActor func theImmediateSchedulingNotifiesEachTransactionOfTheFirstOnChange() async throws {
        let dbQueue = try await tableQueue()
        var values: [Int] = []
        let cancellable = countOfT.start(in: dbQueue, scheduling: .immediate) { error in
            Issue.record(error)
        } onChange: { value in
            values.append(value)
            guard value == 0 else { return }
            // Two transactions, committed before the initial value's onChange returns.
            for _ in 0..<2 {
                do {
                    try dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
                } catch {
                    Issue.record(error)
                }
            }
        }
        #expect(values == [0])
        await yieldMainActor(until: values.count >= 3)
        #expect(values == [0, 1, 2])
        withExtendedLifetime(cancellable) {}
    }

    @Test func theImmediateSchedulingRequiresTheMainActor() async throws {
        let result = await #expect(processExitsWith: .failure, observing: [\.standardErrorContent]) {
            let dbQueue = try DatabaseQueue()
            // Not the main actor's overload of `start`: the one a background thread can call.
            let scheduler: any ValueObservationScheduler = ImmediateValueObservationScheduler()
            _ = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT 1") }
                .start(in: dbQueue, scheduling: scheduler, onError: { _ in }, onChange: { _ in })
        }
        let message = String(decoding: try #require(result).standardErrorContent, as: UTF8.self)
        #expect(
            message.contains("ValueObservation with the .immediate scheduling must start on the main actor"),
            "\(message)")
    }

    @Test func theDefaultSchedulingNotifiesOnTheMainActor() async throws {
        let dbPool = try DatabasePool(path: temporaryPath())
        try await dbPool.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let value: Int = try await withCheckedThrowingContinuation { continuation in
            Task { @MainActor in
                var cancellable: AnyDatabaseCancellable?
                cancellable =
                    ValueObservation
                    .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
                    .start(in: dbPool) { error in
                        continuation.resume(throwing: error)
                    } onChange: { value in
                        MainActor.assertIsolated()
                        continuation.resume(returning: value)
                        cancellable?.cancel()
                    }
            }
        }
        #expect(value == 0)
    }

    @Test(.timeLimit(.minutes(1)))
    func theTaskSchedulingNotifiesFromATaskOfTheGivenPriority() async throws {
        let dbQueue = try DatabaseQueue()
        try await dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        // A priority that the test's own task has not: inherited, it would not show.
        let priority: TaskPriority = Task.currentPriority == .low ? .high : .low
        let (priorities, continuation) = AsyncStream.makeStream(of: TaskPriority?.self)
        let cancellable =
            ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
            .start(in: dbQueue, scheduling: .task(priority: priority)) { error in
                Issue.record(error)
            } onChange: { _ in
                // Nil outside of a task.
                continuation.yield(withUnsafeCurrentTask { $0?.priority })
            }
        var iterator = priorities.makeAsyncIterator()
        #expect(await iterator.next() == priority)
        try await dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        #expect(await iterator.next() == priority)
        withExtendedLifetime(cancellable) {}
    }

    @Test(.timeLimit(.minutes(1)))
    func valuesDoNotWaitForTheQueueOfTheirScheduler() async throws {
        let dbQueue = try await tableQueue()
        // The values are yielded where they are fetched: a queue that never runs delays none.
        let queue = DispatchQueue(label: "suspended")
        queue.suspend()
        defer { queue.resume() }
        var iterator = countOfT.values(in: dbQueue, scheduling: .async(onQueue: queue)).makeAsyncIterator()
        #expect(try await iterator.next() == 0)
        try await dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        #expect(try await iterator.next() == 1)
    }

    @Test(.timeLimit(.minutes(1)))
    func valuesComeInOrderAndStopWithTheirTask() async throws {
        let dbQueue = try DatabaseQueue()
        try await dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        let observation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
        var values: [Int] = []
        for try await value in observation.values(in: dbQueue) {
            values.append(value)
            if value == 3 { break }
            try await dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        }
        #expect(values == [0, 1, 2, 3])
        // A task cancelled before it iterates gets no value, not even the initial one that the
        // sequence holds before the task asks for it, and its observation is cancelled.
        let (cancellations, cancellation) = AsyncStream.makeStream(of: Void.self)
        let cancelledObservation = observation.handleEvents(didCancel: { cancellation.yield() })
        let valuesOfACancelledTask = try await withThrowingTaskGroup(of: [Int].self) { group in
            group.cancelAll()
            // A child task of a cancelled group starts cancelled.
            group.addTask { try await immediateValues(of: cancelledObservation, in: dbQueue) }
            return try await group.next()
        }
        #expect(valuesOfACancelledTask == [])
        var cancellationIterator = cancellations.makeAsyncIterator()
        #expect(await cancellationIterator.next() != nil)
    }
}

/// The values of an observation that the current task gets. On the main actor, the immediate
/// scheduling notifies the initial value as the iteration starts, before the task asks for it.
@MainActor
private func immediateValues<Reducer: ValueReducer>(
    of observation: ValueObservation<Reducer>, in reader: any DatabaseReader
) async throws -> [Reducer.Value] {
    var values: [Reducer.Value] = []
    for try await value in observation.values(in: reader, scheduling: .immediate) {
        values.append(value)
    }
    return values
}

/// The number of rows of table t.
private let countOfT = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }

/// An in-memory queue with an empty table t.
private func tableQueue() async throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    try await dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
    return dbQueue
}

/// Leaves the main actor to the values that the immediate scheduling notifies later, until the
/// condition holds, or ten seconds have passed.
@MainActor
private func yieldMainActor(until condition: @autoclosure () -> Bool) async {
    let deadline = ContinuousClock.now + .seconds(10)
    while !condition() && ContinuousClock.now < deadline { await Task.yield() }
}

/// A path in a new temporary directory.
func temporaryPath() -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ReactiveSQLiteObservation-\(UUID())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("db.sqlite").path
}

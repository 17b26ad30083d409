import Dispatch
import Foundation
import ReactiveSQLite
import Testing

/// The schedulers that need the main actor or the cooperative thread pool, from async tests that
/// block neither.
@Suite struct SchedulingTests {
    @Test @MainActor func theImmediateSchedulingNotifiesTheInitialValueBeforeStartReturns() async throws {
        let dbQueue = try DatabaseQueue()
        try await dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (a)") }
        var values: [Int] = []
        let cancellable =
            ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
            .start(in: dbQueue, scheduling: .immediate) { error in
                Issue.record(error)
            } onChange: { value in
                MainActor.assertIsolated()
                values.append(value)
            }
        #expect(values == [0])
        try await dbQueue.write { db in try db.execute(sql: "INSERT INTO t VALUES (1)") }
        // Later values come asynchronously, on the main actor.
        while values.count < 2 { await Task.yield() }
        #expect(values == [0, 1])
        withExtendedLifetime(cancellable) {}
    }

    @Test func theImmediateSchedulingRequiresTheMainActor() async {
        await #expect(processExitsWith: .failure) {
            let dbQueue = try DatabaseQueue()
            // Not the main actor's overload of `start`: the one a background thread can call.
            let scheduler: any ValueObservationScheduler = ImmediateValueObservationScheduler()
            _ = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT 1") }
                .start(in: dbQueue, scheduling: scheduler, onError: { _ in }, onChange: { _ in })
        }
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

    @Test func valuesUseTheTaskSchedulingAndStopWithTheirTask() async throws {
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
        let task = Task {
            var count = 0
            for try await _ in observation.values(in: dbQueue) { count += 1 }
            return count
        }
        task.cancel()
        #expect(try await task.value <= 1)
    }
}

/// A path in a new temporary directory.
func temporaryPath() -> String {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("ReactiveSQLiteObservation-\(UUID())")
    try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    return directory.appendingPathComponent("db.sqlite").path
}

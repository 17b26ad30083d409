import Dispatch
import Foundation
import RSTesting
import ReactiveSQLite
import Testing

/// Recorders of asynchronous sequences: `sequence.record()`.
@Suite struct AsyncSequenceRecordTests {
    @Test func recordsTheElementsAndTheEnd() async throws {
        let recorder = AsyncStream<Int> { continuation in
            for value in 1...3 { continuation.yield(value) }
            continuation.finish()
        }
        .record()
        #expect(try await recorder.next(2) == [1, 2])
        #expect(try await recorder.completion().isFinished)
        #expect(try await recorder.next() == 3)
        #expect(try recorder.waitForCompletion().isFinished)
    }

    @Test func recordsTheErrorOfTheSequence() async throws {
        let recorder = AsyncThrowingStream<Int, any Error> { continuation in
            continuation.yield(1)
            continuation.finish(throwing: TestError(code: 4))
        }
        .record()
        #expect(try await recorder.completion().failure as? TestError == TestError(code: 4))
        #expect(recorder.values == [1])
    }

    @Test func recordersDoNotNeedTheCooperativeThreadPool() async throws {
        // Every thread of the pool is busy, as it is when tests wait synchronously.
        let width = ProcessInfo.processInfo.activeProcessorCount
        let started = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        for _ in 0..<width {
            Task.detached {
                started.signal()
                release.wait()
            }
        }
        let value: Int? = await withCheckedContinuation { continuation in
            Thread {
                for _ in 0..<width { started.wait() }
                let recorder = AsyncStream<Int> { $0.yield(1) }.record()
                let value = try? recorder.waitForNext(timeout: 5)
                for _ in 0..<width { release.signal() }
                continuation.resume(returning: value)
            }.start()
        }
        #expect(value == 1)
    }

    /// The values of an observation, as `values(in:)` gives them.
    @Test func recordsTheValuesOfAnObservation() async throws {
        let dbQueue = try DatabaseQueue.inMemoryForTesting(driver: .sqlite)
        try await dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let events = Recorder<String>()
        let recorder =
            ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
            .handleEvents(didCancel: { events.receive("cancel") })
            .values(in: dbQueue)
            .record()
        #expect(try await recorder.next() == 0)
        try await dbQueue.write { db in try db.execute(sql: "INSERT INTO t DEFAULT VALUES") }
        #expect(try recorder.waitForNext() == 1)
        // Cancelling the recorder cancels the iterating task, which stops the observation.
        recorder.cancel()
        #expect(try await events.next() == "cancel")
    }
}

import RSTesting
import ReactiveSQLite
import Testing

/// Recorders of publishers (Combine's, OpenCombine's on Linux): `publisher.record()`.
@Suite struct PublisherRecordTests {
    @Test func recordsTheValuesAndTheEnd() async throws {
        let recorder = [1, 2, 3].publisher.record()
        #expect(try recorder.waitForNext(3) == [1, 2, 3])
        #expect(try recorder.waitForCompletion().isFinished)
        #expect(try await recorder.completion().isFinished)
    }

    @Test func recordsTheFailure() throws {
        let recorder = Fail<Int, TestError>(error: TestError(code: 5)).record()
        #expect(try recorder.waitForCompletion().failure as? TestError == TestError(code: 5))
        #expect(throws: TestError(code: 5)) { try recorder.waitForNext() }
    }

    /// `cancel()` ends the subscription.
    @Test func cancelEndsTheSubscription() throws {
        let subject = PassthroughSubject<Int, Never>()
        let recorder = subject.record()
        subject.send(1)
        #expect(try recorder.waitForNext() == 1)
        recorder.cancel()
        subject.send(2)
        subject.send(completion: .finished)
        #expect(recorder.values == [1])
        #expect(recorder.receivedCompletion?.failure is CancellationError)
    }

    /// The publisher of an observation, which publishes on the main queue by default.
    @Test func recordsTheValuesOfAnObservationPublisher() async throws {
        let dbQueue = try DatabaseQueue.inMemoryForTesting(driver: .sqlite)
        try await dbQueue.write { db in try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)") }
        let recorder =
            ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM t")! }
            .publisher(in: dbQueue)
            .record()
        #expect(try await recorder.next() == 0)
        try await dbQueue.write { db in try db.execute(sql: "INSERT INTO t DEFAULT VALUES") }
        #expect(try await recorder.next() == 1)
    }

    /// The publisher of a write, which publishes one value and finishes.
    @Test func recordsAWritePublisher() throws {
        let dbQueue = try DatabaseQueue.inMemoryForTesting(driver: .sqlite)
        let recorder = dbQueue.writePublisher { db in
            try db.execute(sql: "CREATE TABLE t (id INTEGER PRIMARY KEY)")
            try db.execute(sql: "INSERT INTO t DEFAULT VALUES")
            return db.lastInsertedRowID
        }
        .record()
        #expect(try recorder.waitForNext() == 1)
        #expect(try recorder.waitForCompletion().isFinished)
    }
}

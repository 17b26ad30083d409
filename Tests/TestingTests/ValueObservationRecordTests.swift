import RSTesting
import ReactiveSQLite
import Testing

/// Recorders of ValueObservation: `observation.record(in:)`.
@Suite struct ValueObservationRecordTests {
    private func makeDatabase() throws -> DatabaseQueue {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createPlayer") { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        }
        return try DatabaseQueue.inMemoryForTesting(migrator: migrator, driver: .sqlite)
    }

    private let playerCount = ValueObservation.tracking { db in
        try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player")!
    }

    @Test func recordsTheInitialValueAndTheChanges() async throws {
        let dbQueue = try makeDatabase()
        let recorder = playerCount.record(in: dbQueue)
        #expect(try await recorder.next() == 0)
        try await dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        #expect(try await recorder.next() == 1)
        try await dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Barbara')") }
        #expect(try await recorder.next() == 2)
        #expect(recorder.values == [0, 1, 2])
    }

    @Test func waitForNextRecordsTheInitialValueAndTheChanges() throws {
        let dbQueue = try makeDatabase()
        let recorder = playerCount.record(in: dbQueue)
        #expect(try recorder.waitForNext() == 0)
        try dbQueue.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        #expect(try recorder.waitForNext() == 1)
    }

    /// On a pool too, with values delivered on the main actor, which the async waits of a test on the
    /// main actor do not block.
    @MainActor @Test func recordsOnTheMainActor() async throws {
        let dbPool = try DatabasePool.temporaryForTesting(driver: .sqlite)
        try await dbPool.write { db in try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT)") }
        let recorder = playerCount.record(in: dbPool, scheduling: .mainActor)
        #expect(try await recorder.next() == 0)
        try await dbPool.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        #expect(try await recorder.next() == 1)
    }

    /// The error that ends the observation is the recorder's failure.
    @Test func recordsTheErrorOfTheObservation() async throws {
        let dbQueue = try makeDatabase()
        let recorder =
            ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM missing") }
            .record(in: dbQueue)
        let error = try #require(try await recorder.completion().failure as? DatabaseError)
        #expect(error.resultCode == .SQLITE_ERROR)
        #expect(error.message == "no such table: missing")
        await #expect(throws: error) { try await recorder.next() }
    }

    /// `cancel()`, and the recorder's deinitialization, stop the observation.
    @Test func cancelStopsTheObservation() async throws {
        let dbQueue = try makeDatabase()
        let events = Recorder<String>()
        let recorder =
            playerCount
            .handleEvents(didCancel: { events.receive("cancel") })
            .record(in: dbQueue)
        #expect(try await recorder.next() == 0)
        recorder.cancel()
        #expect(try await events.next() == "cancel")
    }

    @Test func deinitStopsTheObservation() async throws {
        let dbQueue = try makeDatabase()
        let events = Recorder<String>()
        var recorder: Recorder<Int>? =
            playerCount
            .handleEvents(didCancel: { events.receive("cancel") })
            .record(in: dbQueue)
        #expect(try await recorder?.next() == 0)
        recorder = nil
        #expect(try await events.next() == "cancel")
    }
}

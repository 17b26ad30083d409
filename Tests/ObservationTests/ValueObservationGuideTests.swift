import Dispatch
import RSTestSupport
import ReactiveSQLite
import Testing

/// The samples of GRDB's ValueObservation guide, with `import ReactiveSQLite`: each one compiles and
/// does what the guide says. (The Combine samples come with the reactive module.)
private struct Player: Codable, FetchableRecord, MutablePersistableRecord, Identifiable, Equatable {
    var id: Int64?
    var name: String
    var score: Int

    enum Columns {
        static let score = Column(CodingKeys.score)
    }

    mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A queue with a player table.
private func makeQueue() throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in
        try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL)")
    }
    return dbQueue
}

@Suite struct ValueObservationGuideTests {
    @Test func usage() async throws {
        let dbQueue = try makeQueue()
        // 2. Create a ValueObservation with a closure that fetches the observed value.
        let observation = ValueObservation.tracking { db in
            try Player.fetchAll(db)
        }
        // The same observation, using shorthand notation.
        let shorthand = ValueObservation.tracking(Player.fetchAll)
        // 3. Start the observation in order to be notified of changes (on the main actor).
        let received = AsyncStream<[Player]>.makeStream()
        let cancellable = await MainActor.run {
            observation.start(in: dbQueue) { error in
                Issue.record(error)
            } onChange: { (players: [Player]) in
                received.continuation.yield(players)
            }
        }
        var iterator = received.stream.makeAsyncIterator()
        #expect(await iterator.next() == [])
        try await dbQueue.write { db in
            var player = Player(id: nil, name: "Arthur", score: 100)
            try player.insert(db)
        }
        #expect(await iterator.next()?.map(\.name) == ["Arthur"])
        // 4. Stop the observation.
        cancellable.cancel()
        // The async sequence.
        for try await players in shorthand.values(in: dbQueue) {
            #expect(players.map(\.name) == ["Arthur"])
            break
        }
    }

    @Test @MainActor func immediateAndAsyncScheduling() throws {
        let dbQueue = try makeQueue()
        let observation = ValueObservation.tracking { db in try Player.fetchCount(db) }
        var fresh: [Int] = []
        let cancellable =
            observation
            .start(in: dbQueue, scheduling: .immediate) { error in
                Issue.record(error)
            } onChange: { value in
                fresh.append(value)
            }
        // Here "Fresh value" has already been printed.
        #expect(fresh == [0])
        cancellable.cancel()
        let myQueue = DispatchQueue(label: "myQueue")
        let isNotified = DispatchSemaphore(value: 0)
        let asyncCancellable =
            observation
            .start(in: dbQueue, scheduling: .async(myQueue)) { error in
                Issue.record(error)
            } onChange: { value in
                dispatchPrecondition(condition: .onQueue(myQueue))
                isNotified.signal()
            }
        #expect(isNotified.wait(timeout: .now() + 10) == .success)
        withExtendedLifetime(asyncCancellable) {}
    }

    @Test func sharing() async throws {
        let dbQueue = try makeQueue()
        let observation = ValueObservation.tracking { db in try Player.fetchAll(db) }
        let sharedObservation = observation.shared(in: dbQueue, scheduling: .task)
        for try await players in sharedObservation.values() {
            #expect(players == [])
            break
        }
        // SharedValueObservation<[Player]>, with the default scheduling and extent.
        let _: SharedValueObservation<[Player]> =
            ValueObservation
            .tracking { db in try Player.fetchAll(db) }
            .shared(in: dbQueue)
    }

    @Test func trackedRegion() async throws {
        let dbQueue = try makeQueue()
        try await dbQueue.write { db in
            var arthur = Player(id: 1, name: "Arthur", score: 100)
            var barbara = Player(id: 2, name: "Barbara", score: 200)
            try arthur.insert(db)
            try barbara.insert(db)
        }
        // The score column of the player with id 1.
        let observation = ValueObservation.tracking(
            region: Player.select(\.score).filter(id: 1),
            fetch: { db in try Player.fetchOne(db, id: 1) }
        )
        let fetches = Locked(0)
        var iterator = observation.handleEvents(willFetch: { fetches.withLock { $0 += 1 } }).values(in: dbQueue)
            .makeAsyncIterator()
        #expect(try await iterator.next()??.score == 100)
        try await dbQueue.write { db in
            try db.execute(sql: "UPDATE player SET name = 'Arthur II' WHERE id = 1")  // not the score
            try db.execute(sql: "UPDATE player SET score = 0 WHERE id = 2")  // not player 1
        }
        try await dbQueue.write { db in try db.execute(sql: "UPDATE player SET score = 101 WHERE id = 1") }
        let player = try await iterator.next()
        #expect(player??.score == 101)
        #expect(player??.name == "Arthur II")
        #expect(fetches.current == 2)
    }

    @Test func undetectedChanges() async throws {
        let dbQueue = try makeQueue()
        let observation = ValueObservation.tracking { db in try Player.fetchCount(db) }
        let fetches = Locked(0)
        var iterator = observation.handleEvents(willFetch: { fetches.withLock { $0 += 1 } }).values(in: dbQueue)
            .makeAsyncIterator()
        _ = try await iterator.next()
        try await dbQueue.write { db in
            // Notify observations that some changes were performed in the database
            try db.notifyChanges(in: .fullDatabase)
            // Notify observations that some changes were performed in the player table
            try db.notifyChanges(in: Player.all())
            // Equivalent alternative
            try db.notifyChanges(in: Table("player"))
        }
        _ = try await iterator.next()
        #expect(fetches.current == 2)
    }

    @Test func mapAndRemoveDuplicates() async throws {
        let dbQueue = try makeQueue()
        let observation =
            ValueObservation
            .tracking { db in try Player.fetchAll(db) }
            .map { players in players.map(\.name).sorted() }
            .removeDuplicates()
        var iterator = observation.values(in: dbQueue).makeAsyncIterator()
        #expect(try await iterator.next() == [])
        try await dbQueue.write { db in
            var player = Player(id: nil, name: "Barbara", score: 1)
            try player.insert(db)
        }
        try await dbQueue.write { db in try db.execute(sql: "UPDATE player SET score = 2") }  // same names
        try await dbQueue.write { db in
            var player = Player(id: nil, name: "Arthur", score: 1)
            try player.insert(db)
        }
        #expect(try await iterator.next() == ["Barbara"])
        #expect(try await iterator.next() == ["Arthur", "Barbara"])
    }
}

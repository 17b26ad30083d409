import Dispatch
import RSTestSupport
import RSTesting
import ReactiveSQLite
import Testing

private typealias Player = GRDB7Samples.Player

/// The samples of GRDB's Combine guide, "GRDB ❤️ Combine" (seed 003, written for GRDB 6 and 7),
/// with `import ReactiveSQLite` in place of `import GRDB` and `import Combine`: the publishers are
/// OpenCombine's on Linux, which the import brings with `sink` and the operators. Each test uses
/// the publishers as the sample does, and checks what the sample says it prints or does.
///
/// - `print(…)` is `output.print(…)`, which records the line for the test to await (values are
///   published on the main queue, asynchronously), with the name of the queue where the guide says
///   where values come (`currentQueueName()`);
/// - a subscription lasts as long as its `AnyCancellable`: the tests keep it;
/// - `receiveOn:` takes a Combine scheduler: `queue.scheduler` (`queue.ocombine`,
///   OpenCombineDispatch's, on Linux).
///
/// Spellings of the samples that do not compile, with GRDB either, are fixed:
/// - `Player(...)` is `Player(name: "Arthur")`, and `let migrator: DatabaseMigrator = ...` is a
///   migrator that creates the player table;
/// - `writePublisher(updates: { … } thenRead: { … }) }` lacks a comma and has one brace too many;
/// - two samples declare `let publisher` (and two `let hallOfFamePublisher`) in one scope: the
///   tests name them apart;
/// - `.map(HallOfFame.init(totalPlayerCount:bestPlayers))` lacks the colon of its last label;
/// - `try dbQueue.write { db in try Player.deleteAll(db) }` returns the count of deleted players,
///   which GRDB 7 warns is unused, as this library does: `_ =`.
@Suite struct CombineGuideSampleTests {
    /// `readPublisher(receiveOn:value:)`: a new read on every subscription, published on the main
    /// queue, or on the scheduler of `receiveOn`; writes fail.
    @Test func readPublisher() async throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        try await dbQueue.write { db in try Player(name: "Arthur").insert(db) }
        let output = SampleOutput<String>()
        var cancellables: [AnyCancellable] = []

        // DatabasePublishers.Read<[Player]>
        let players = dbQueue.readPublisher { db in
            try Player.fetchAll(db)
        }
        players.sink(
            receiveCompletion: { completion in output.print("\(currentQueueName() ?? "?"): \(completion)") },
            receiveValue: { (players: [Player]) in
                output.print("\(currentQueueName() ?? "?"): \(players.map(\.name))")
            }
        )
        .store(in: &cancellables)
        #expect(try await output.lines(count: 2) == ["main: [\"Arthur\"]", "main: finished"])

        // "A new database access starts on every subscription."
        try await dbQueue.write { db in try Player(name: "Barbara").insert(db) }
        players.sink(
            receiveCompletion: { completion in output.print("\(completion)") },
            receiveValue: { (players: [Player]) in output.print("\(players.map(\.name))") }
        )
        .store(in: &cancellables)
        #expect(try await output.lines(count: 4).suffix(2) == ["[\"Arthur\", \"Barbara\"]", "finished"])

        // "The fetched value is published on the main queue, unless you provide a specific scheduler
        // to the receiveOn argument."
        let scheduler = DispatchQueue.named("scheduler")
        dbQueue.readPublisher(receiveOn: scheduler.scheduler) { db in try Player.fetchCount(db) }
            .sink(
                receiveCompletion: { completion in output.print("\(currentQueueName() ?? "?"): \(completion)") },
                receiveValue: { count in output.print("\(currentQueueName() ?? "?"): \(count) players") }
            )
            .store(in: &cancellables)
        #expect(try await output.lines(count: 6).suffix(2) == ["scheduler: 2 players", "scheduler: finished"])

        // "Any attempt at modifying the database completes subscriptions with an error."
        dbQueue.readPublisher { db in try Player(name: "Craig").insert(db) }
            .sink(
                receiveCompletion: { completion in
                    guard case .failure(let error) = completion else { return output.print("finished") }
                    output.print(
                        "error: \((error as? DatabaseError)?.resultCode == .SQLITE_READONLY ? "read-only" : "\(error)")"
                    )
                },
                receiveValue: { _ in output.print("inserted") }
            )
            .store(in: &cancellables)
        #expect(try await output.lines(count: 7).last == "error: read-only")
        #expect(try await dbQueue.read { db in try Player.fetchCount(db) } == 2)
        withExtendedLifetime(cancellables) {}
    }

    /// `writePublisher(receiveOn:updates:)`: a write on every subscription, which publishes the
    /// result of `updates`, then completes, on the main queue.
    @Test func writePublisher() async throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        let output = SampleOutput<String>()
        var cancellables: [AnyCancellable] = []

        // DatabasePublishers.Write<Void>
        let write = dbQueue.writePublisher { db in
            try Player(name: "Arthur").insert(db)
        }
        write.sink(
            receiveCompletion: { completion in output.print("\(currentQueueName() ?? "?"): \(completion)") },
            receiveValue: { _ in output.print("\(currentQueueName() ?? "?"): Updates completed") }
        )
        .store(in: &cancellables)
        #expect(try await output.lines(count: 2) == ["main: Updates completed", "main: finished"])

        // DatabasePublishers.Write<Int>
        let newPlayerCount = dbQueue.writePublisher { db -> Int in
            try Player(name: "Barbara").insert(db)
            return try Player.fetchCount(db)
        }
        for subscription in 1...2 {  // "A new database access starts on every subscription."
            newPlayerCount.sink(
                receiveCompletion: { completion in output.print("\(completion)") },
                receiveValue: { (playerCount: Int) in output.print("New players count: \(playerCount)") }
            )
            .store(in: &cancellables)
            try await output.lines(count: 2 + 2 * subscription)
        }
        #expect(
            output.lines.suffix(4) == ["New players count: 2", "finished", "New players count: 3", "finished"])

        // "It completes on the main queue, unless you provide a specific scheduler to the receiveOn
        // argument."
        let scheduler = DispatchQueue.named("scheduler")
        dbQueue.writePublisher(receiveOn: scheduler.scheduler) { db in try Player.deleteAll(db) }
            .sink(
                receiveCompletion: { completion in output.print("\(currentQueueName() ?? "?"): \(completion)") },
                receiveValue: { count in output.print("\(currentQueueName() ?? "?"): \(count) deleted") }
            )
            .store(in: &cancellables)
        #expect(try await output.lines(count: 8).suffix(2) == ["scheduler: 3 deleted", "scheduler: finished"])
        withExtendedLifetime(cancellables) {}
    }

    /// `writePublisher(receiveOn:updates:thenRead:)` publishes what `writePublisher(receiveOn:updates:)`
    /// would if `updates` fetched at its end, on a queue and on a pool.
    @Test func writePublisherThenRead() async throws {
        let directory = try TemporaryDatabaseDirectory()
        let dbQueue = try GRDB7Samples.makeQueue()
        let dbPool = try GRDB7Samples.makePool(in: directory)
        #expect(try await newPlayerCounts(dbQueue) == ["main: 1", "main: finished", "main: 2", "main: finished"])
        #expect(try await newPlayerCounts(dbPool) == ["main: 1", "main: finished", "main: 2", "main: finished"])
    }

    /// The counts of the two samples of `writePublisher(updates:thenRead:)`, one after the other.
    private func newPlayerCounts(_ dbQueue: some DatabaseWriter) async throws -> [String] {
        let output = SampleOutput<String>()
        // DatabasePublishers.Write<Int>
        let newPlayerCount = dbQueue.writePublisher(
            updates: { db in try Player(name: "Arthur").insert(db) },
            thenRead: { db, _ in try Player.fetchCount(db) })
        let cancellable = newPlayerCount.sink(
            receiveCompletion: { completion in output.print("\(currentQueueName() ?? "?"): \(completion)") },
            receiveValue: { (playerCount: Int) in output.print("\(currentQueueName() ?? "?"): \(playerCount)") })
        try await output.lines(count: 2)

        // It publishes exactly the same values as writePublisher(receiveOn:updates:):
        // DatabasePublishers.Write<Int>
        let sameNewPlayerCount = dbQueue.writePublisher { db -> Int in
            try Player(name: "Barbara").insert(db)
            return try Player.fetchCount(db)
        }
        let sameCancellable = sameNewPlayerCount.sink(
            receiveCompletion: { completion in output.print("\(currentQueueName() ?? "?"): \(completion)") },
            receiveValue: { (playerCount: Int) in output.print("\(currentQueueName() ?? "?"): \(playerCount)") })
        let lines = try await output.lines(count: 4)

        // "This allows you to pass information from a function to the other."
        let name = SampleOutput<String?>()
        let nameCancellable = dbQueue.writePublisher(
            updates: { db -> Int64 in
                try Player(name: "Craig").insert(db)
                return db.lastInsertedRowID
            },
            thenRead: { db, playerId in try Player.fetchOne(db, key: playerId)?.name }
        )
        .sink(receiveCompletion: { _ in }, receiveValue: { name.print($0) })
        #expect(try await name.lines(count: 1) == ["Craig"])
        withExtendedLifetime((cancellable, sameCancellable, nameCancellable)) {}
        return lines
    }

    /// "When you use a database pool, this method applies a scheduling optimization: the `thenRead`
    /// function sees the database in the state left by the `updates` function, and yet does not
    /// block any concurrent writes."
    @Test func writePublisherThenReadDoesNotBlockTheWritesOfAPool() async throws {
        let directory = try TemporaryDatabaseDirectory()
        let dbPool = try GRDB7Samples.makePool(in: directory)
        let readStarted = SampleOutput<Int>()
        let release = DispatchSemaphore(value: 0)
        let output = SampleOutput<String>()
        let cancellable = dbPool.writePublisher(
            updates: { db in try Player(name: "Arthur").insert(db) },
            thenRead: { db, _ -> String in
                readStarted.print(try Player.fetchCount(db))
                // A slow read: it waits until a concurrent write is done.
                guard release.wait(timeout: .now() + sampleTimeout) == .success else {
                    return "the read blocked the writes"
                }
                return "New players count: \(try Player.fetchCount(db))"
            }
        )
        .sink(
            receiveCompletion: { completion in output.print("\(completion)") },
            receiveValue: { output.print($0) })

        #expect(try await readStarted.lines(count: 1) == [1])
        try await dbPool.write { db in try Player(name: "Barbara").insert(db) }  // not blocked
        release.signal()
        #expect(try await output.lines(count: 2) == ["New players count: 1", "finished"])
        withExtendedLifetime(cancellable) {}
    }

    /// `migratePublisher(_:receiveOn:)`: the migrations run on subscription, then `()` and the
    /// completion are published on the main queue.
    @Test func migratePublisher() async throws {
        let dbQueue = try DatabaseQueue()
        let output = SampleOutput<String>()
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createPlayer") { db in
            try db.execute(
                sql:
                    "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL DEFAULT 0)"
            )
        }

        // DatabasePublishers.Migrate
        let publisher = migrator.migratePublisher(dbQueue)
        #expect(try await dbQueue.read { db in try db.tableExists("player") } == false)  // not subscribed yet
        let cancellable = publisher.sink(
            receiveCompletion: { completion in output.print("\(currentQueueName() ?? "?"): \(completion)") },
            receiveValue: { output.print("\(currentQueueName() ?? "?"): migrated") })
        #expect(try await output.lines(count: 2) == ["main: migrated", "main: finished"])
        #expect(try await dbQueue.read { db in try db.tableExists("player") })
        let appliedMigrations = try await dbQueue.read { [migrator] db in try migrator.appliedMigrations(db) }
        #expect(appliedMigrations == ["createPlayer"])
        withExtendedLifetime(cancellable) {}
    }

    /// `ValueObservation.publisher(in:)`: an initial value, then fresh values, on the main queue.
    @Test func valueObservationPublisher() async throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        let freshPlayers = SampleOutput<String>()
        let freshMaxScores = SampleOutput<String>()

        // A publisher with output [Player] and failure Error
        let publisher =
            ValueObservation
            .tracking { db in try Player.fetchAll(db) }
            .publisher(in: dbQueue)
        // A publisher with output Int? and failure Error
        let maxScorePublisher =
            ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT MAX(score) FROM player") }
            .publisher(in: dbQueue)

        let cancellables = [
            publisher.sink(
                receiveCompletion: { completion in freshPlayers.print("\(completion)") },
                receiveValue: { (players: [Player]) in
                    freshPlayers.print("\(currentQueueName() ?? "?"): \(players.map(\.name))")
                }),
            maxScorePublisher.sink(
                receiveCompletion: { completion in freshMaxScores.print("\(completion)") },
                receiveValue: { (maxScore: Int?) in
                    freshMaxScores.print("\(currentQueueName() ?? "?"): \(String(describing: maxScore))")
                }),
        ]

        // "It notifies an initial value before the eventual changes."
        try await freshPlayers.lines(count: 1)
        try await freshMaxScores.lines(count: 1)
        try await dbQueue.write { db in try Player(name: "Arthur", score: 100).insert(db) }
        #expect(try await freshPlayers.lines(count: 2) == ["main: []", "main: [\"Arthur\"]"])
        #expect(try await freshMaxScores.lines(count: 2) == ["main: nil", "main: Optional(100)"])
        withExtendedLifetime(cancellables) {}
    }

    /// "It may notify consecutive identical values. You can filter out the undesired duplicates with
    /// the `removeDuplicates()` Combine operator."
    @Test func valueObservationPublisherRemoveDuplicates() async throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        let maxScores = SampleOutput<Int?>()
        let distinctMaxScores = SampleOutput<Int?>()
        let observation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT MAX(score) FROM player") }
        let cancellables = [
            observation.publisher(in: dbQueue)
                .sink(receiveCompletion: { _ in maxScores.print(-1) }, receiveValue: { maxScores.print($0) }),
            observation.publisher(in: dbQueue).removeDuplicates()
                .sink(
                    receiveCompletion: { _ in distinctMaxScores.print(-1) },
                    receiveValue: { distinctMaxScores.print($0) }),
        ]
        // Each write waits for the value of the one before, so that no change is coalesced.
        try await maxScores.lines(count: 1)
        try await distinctMaxScores.lines(count: 1)
        for (index, score) in [100, 50, 200].enumerated() {
            try await dbQueue.write { db in try Player(name: "Player \(score)", score: score).insert(db) }
            try await maxScores.lines(count: index + 2)
        }
        #expect(maxScores.lines == [nil, 100, 100, 200])
        #expect(try await distinctMaxScores.lines(count: 3) == [nil, 100, 200])
        withExtendedLifetime(cancellables) {}
    }

    /// "the `.immediate` scheduler makes sure the initial value is notified immediately when the
    /// publisher is subscribed", from the main thread; by default, the initial value comes later.
    @Test @MainActor func valueObservationPublisherImmediately() async throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        let output = SampleOutput<String>()
        let asyncOutput = SampleOutput<String>()
        let observation = ValueObservation.tracking { db in
            try Player.fetchAll(db)
        }

        // Immediate notification of the initial value
        let cancellable =
            observation
            .publisher(
                in: dbQueue,
                scheduling: .immediate
            )  // <-
            .sink(
                receiveCompletion: { completion in output.print("\(completion)") },
                receiveValue: { (players: [Player]) in
                    MainActor.assertIsolated()
                    output.print("Fresh players: \(players.map(\.name))")
                })
        // <- here "fresh players" is already printed.
        #expect(output.lines == ["Fresh players: []"])

        let asyncCancellable = observation.publisher(in: dbQueue)
            .sink(
                receiveCompletion: { completion in asyncOutput.print("\(completion)") },
                receiveValue: { (players: [Player]) in
                    asyncOutput.print("\(currentQueueName() ?? "?"): Fresh players: \(players.map(\.name))")
                })
        #expect(asyncOutput.lines.isEmpty)
        #expect(try await asyncOutput.lines(count: 1) == ["main: Fresh players: []"])

        // Later values come on the main actor too.
        try await dbQueue.write { db in try Player(name: "Arthur").insert(db) }
        #expect(try await output.lines(count: 2) == ["Fresh players: []", "Fresh players: [\"Arthur\"]"])
        withExtendedLifetime((cancellable, asyncCancellable)) {}
    }

    /// `SharedValueObservation.publisher()`: every subscriber gets the values of one observation,
    /// which fetches each change once.
    @Test func sharedValueObservationPublisher() async throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        let fetchCount = Locked(0)
        let first = SampleOutput<[String]>()
        let second = SampleOutput<[String]>()

        let sharedObservation =
            ValueObservation
            .tracking { db in
                fetchCount.withLock { $0 += 1 }
                return try Player.fetchAll(db)
            }
            .shared(in: dbQueue)

        // A publisher with output [Player] and failure Error
        let publisher = sharedObservation.publisher()
        let firstCancellable = publisher.sink(
            receiveCompletion: { _ in first.print(["completion"]) }, receiveValue: { first.print($0.map(\.name)) })
        try await first.lines(count: 1)
        let secondCancellable = publisher.sink(
            receiveCompletion: { _ in second.print(["completion"]) }, receiveValue: { second.print($0.map(\.name)) })
        try await second.lines(count: 1)

        try await dbQueue.write { db in try Player(name: "Arthur").insert(db) }
        #expect(try await first.lines(count: 2) == [[], ["Arthur"]])
        #expect(try await second.lines(count: 2) == [[], ["Arthur"]])
        #expect(fetchCount.current == 2)
        withExtendedLifetime((firstCancellable, secondCancellable)) {}
    }

    /// `DatabaseRegionObservation.publisher(in:)`: the database, on the writer, after each
    /// transaction that impacts the observed region, before the write returns.
    @Test func databaseRegionObservationPublisher() throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        let output = SampleOutput<String>()
        let counts = SampleOutput<Int?>()

        // A publisher with output Database and failure Error
        let publisher =
            DatabaseRegionObservation
            .tracking(Player.all())
            .publisher(in: dbQueue)
        let cancellable = publisher.sink(
            receiveCompletion: { completion in output.print("\(completion)") },
            receiveValue: { (db: Database) in
                output.print("Exclusive write access to the database after players have been impacted")
                counts.print(try? Player.fetchCount(db))
            })

        // A publisher with output Database and failure Error
        let maxScorePublisher =
            DatabaseRegionObservation
            .tracking(SQLRequest(sql: "SELECT MAX(score) FROM player"))
            .publisher(in: dbQueue)
        let maxScoreCancellable = maxScorePublisher.sink(
            receiveCompletion: { completion in output.print("\(completion)") },
            receiveValue: { (db: Database) in
                output.print("Exclusive write access to the database after maximum score has been impacted")
            })

        try dbQueue.write { db in try Player(name: "Arthur", score: 100).insert(db) }
        try dbQueue.write { db in try db.execute(sql: "UPDATE player SET name = 'Arthur II'") }
        #expect(
            output.lines == [
                "Exclusive write access to the database after players have been impacted",
                "Exclusive write access to the database after maximum score has been impacted",
                "Exclusive write access to the database after players have been impacted",
            ])
        #expect(counts.lines == [1, 1])
        withExtendedLifetime((cancellable, maxScoreCancellable)) {}
    }

    /// "It delivers database connections in a 'protected dispatch queue', serialized with all
    /// database updates": one per transaction.
    @Test func databaseRegionObservationPublisherChanges() throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        let output = SampleOutput<String>()

        let request = Player.all()
        let cancellable =
            DatabaseRegionObservation
            .tracking(request)
            .publisher(in: dbQueue)
            .sink(
                receiveCompletion: { completion in output.print("\(completion)") },
                receiveValue: { (db: Database) in
                    output.print("Players have changed.")
                })

        try dbQueue.write { db in
            try Player(name: "Arthur").insert(db)
            try Player(name: "Barbara").insert(db)
        }
        // Prints "Players have changed."
        #expect(output.lines == ["Players have changed."])

        _ = try dbQueue.write { db in
            try Player.deleteAll(db)
        }
        // Prints "Players have changed."
        #expect(output.lines == ["Players have changed.", "Players have changed."])
        withExtendedLifetime(cancellable) {}
    }

    /// "Combine and Data Consistency": the one publisher of the hall of fame is consistent, on a
    /// queue and on a pool where the writes run concurrently with the fetches; the combination of
    /// two publishers compiles and publishes halls of fame, which it does not guarantee consistent.
    @Test(arguments: [false, true]) func hallOfFame(inPool: Bool) async throws {
        let directory = try TemporaryDatabaseDirectory()
        let dbQueue: any DatabaseWriter =
            inPool ? try GRDB7Samples.makePool(in: directory) : try GRDB7Samples.makeQueue()
        let consistent = SampleOutput<HallOfFame>()
        let combined = SampleOutput<HallOfFame>()

        // CORRECT: DATA CONSISTENCY GUARANTEED
        let hallOfFamePublisher =
            ValueObservation
            .tracking { db -> HallOfFame in
                // 1st request
                let totalPlayerCount = try Player.fetchCount(db)

                // 2nd request
                let bestPlayers =
                    try Player
                    .order(Column("score").desc)
                    .limit(10)
                    .fetchAll(db)

                // 100% guaranteed
                assert(bestPlayers.count <= totalPlayerCount)

                // Merge results together
                return HallOfFame(
                    totalPlayerCount: totalPlayerCount,
                    bestPlayers: bestPlayers)
            }
            .publisher(in: dbQueue)

        // OK
        let totalPlayerCountPublisher =
            ValueObservation
            .tracking(Player.fetchCount)
            .publisher(in: dbQueue)

        // OK
        let bestPlayerPublisher =
            ValueObservation
            .tracking(
                Player
                    .order(Column("score").desc)
                    .limit(10)
                    .fetchAll
            )
            .publisher(in: dbQueue)

        // NOT OK: DATA CONSISTENCY NOT GUARANTEED
        let combinedHallOfFamePublisher =
            totalPlayerCountPublisher
            .combineLatest(bestPlayerPublisher)
            .map(HallOfFame.init(totalPlayerCount:bestPlayers:))

        let cancellables = [
            hallOfFamePublisher.sink(
                receiveCompletion: { _ in consistent.print(HallOfFame(totalPlayerCount: -1, bestPlayers: [])) },
                receiveValue: { consistent.print($0) }),
            combinedHallOfFamePublisher.sink(
                receiveCompletion: { _ in combined.print(HallOfFame(totalPlayerCount: -1, bestPlayers: [])) },
                receiveValue: { hallOfFame in
                    // ASSERTION MAY FAIL if some players are deleted at the wrong time: recorded
                    combined.print(hallOfFame)
                }),
        ]

        try await consistent.lines(count: 1)
        try await combined.lines(count: 1)
        for index in 1...20 {
            try await dbQueue.write { db in
                try Player(name: "Player \(index)", score: index).insert(db)
                if index.isMultiple(of: 3) {
                    try db.execute(sql: "DELETE FROM player WHERE score = ?", arguments: [index - 1])
                }
            }
        }
        let values = try await consistent.lines(until: "the last hall of fame") { $0.totalPlayerCount == 14 }
        for hallOfFame in values {
            #expect(hallOfFame.bestPlayers.count == min(hallOfFame.totalPlayerCount, 10))
        }
        #expect(values.map(\.totalPlayerCount) == values.map(\.totalPlayerCount).sorted())
        #expect(values.last?.bestPlayers.map(\.score) == [20, 19, 18, 16, 15, 13, 12, 10, 9, 7])
        // The combination ends up with the same hall of fame, once both publishers have caught up.
        let combinedValues = try await combined.lines(until: "the last combined hall of fame") { hallOfFame in
            hallOfFame.totalPlayerCount == 14 && hallOfFame.bestPlayers.map(\.score).first == 20
        }
        #expect(combinedValues.first?.totalPlayerCount == 0)
        withExtendedLifetime(cancellables) {}
    }
}

/// The value of the "Combine and Data Consistency" sample.
private struct HallOfFame: Sendable {
    // Invariant: bestPlayers.count <= totalPlayerCount
    var totalPlayerCount: Int
    var bestPlayers: [Player]
}

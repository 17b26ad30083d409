import Dispatch
import RSTestSupport
import RSTesting
import ReactiveSQLite
import Testing

private typealias Player = GRDB7Samples.Player

/// The samples of the RxGRDB 3 README (seed 002, written for GRDB 6), with `import ReactiveSQLite`
/// in place of `import RxGRDB`, `import RxSwift` and `import GRDB`: each uses the `rx` API as the
/// sample does, and the test checks what the sample says it prints. The singles and observables are
/// Combine publishers (OpenCombine's on Linux), so the spellings of RxSwift change:
/// - `subscribe(onSuccess:onError:)` and `subscribe(onNext:onError:)` are
///   `sink(receiveCompletion:receiveValue:)`: a single publishes its value, then `.finished`;
/// - `asCompletable()` is `ignoreOutput()`, and `distinctUntilChanged()` is `removeDuplicates()`;
/// - a subscription lasts as long as its `AnyCancellable` (a disposable, in RxSwift): the tests
///   keep it;
/// - `print(…)` is `output.print(…)`, which records the line for the test to await (values are
///   published on the main queue, asynchronously), with the name of the queue where the sample
///   says where values come (`currentQueueName()`).
///
/// Spellings of the samples that do not compile, with RxGRDB either, are fixed:
/// - `Player(...)` is `Player(name: "Arthur")`;
/// - `rx.write(updates: { … } thenRead: { … }) }` lacks a comma and has one brace too many;
/// - two samples declare `let observable` in one scope: the second is `maxScoreObservable`;
/// - `print("Fresh maximum score: \(maxScore)")` interpolates an optional, which Swift warns about:
///   `String(describing: maxScore)`;
/// - `try dbQueue.write { db in try Player.deleteAll(db) }` returns the count of deleted players,
///   which GRDB 7 warns is unused, as this library does: `_ =`.
///
/// "It stops emitting any value after the database connection is closed. But it never completes"
/// is not tested: only time could tell that nothing comes.
@Suite struct RxGRDB3SampleTests {
    /// `rx.read`: a single that reads on every subscription, and publishes on the main queue, or
    /// on the `observeOn` scheduler.
    @Test func read() async throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        try await dbQueue.write { db in try Player(name: "Arthur").insert(db) }
        let output = SampleOutput<String>()

        // Single<[Player]>
        let players = dbQueue.rx.read { db in
            try Player.fetchAll(db)
        }
        let cancellable = players.sink(
            receiveCompletion: { completion in  // onError: { error in ... }
                output.print("\(currentQueueName() ?? "?"): \(completion)")
            },
            receiveValue: { (players: [Player]) in  // onSuccess:
                output.print("\(currentQueueName() ?? "?"): Players: \(players.map(\.name))")
            })
        #expect(try await output.lines(count: 2) == ["main: Players: [\"Arthur\"]", "main: finished"])

        // "A new database access starts on every subscription."
        try await dbQueue.write { db in try Player(name: "Barbara").insert(db) }
        let again = SampleOutput<String>()
        let againCancellable = players.sink(
            receiveCompletion: { completion in again.print("\(completion)") },
            receiveValue: { (players: [Player]) in again.print("Players: \(players.map(\.name))") })
        #expect(try await again.lines(count: 2) == ["Players: [\"Arthur\", \"Barbara\"]", "finished"])

        // "The fetched value is published on the main queue, unless you provide a specific scheduler
        // to the observeOn argument."
        let scheduler = DispatchQueue.named("scheduler")
        let observedOn = SampleOutput<String>()
        let observedOnCancellable = dbQueue.rx.read(observeOn: scheduler.scheduler) { db in try Player.fetchCount(db) }
            .sink(
                receiveCompletion: { completion in observedOn.print("\(currentQueueName() ?? "?"): \(completion)") },
                receiveValue: { count in observedOn.print("\(currentQueueName() ?? "?"): \(count) players") })
        #expect(try await observedOn.lines(count: 2) == ["scheduler: 2 players", "scheduler: finished"])
        withExtendedLifetime((cancellable, againCancellable, observedOnCancellable)) {}
    }

    /// "Any attempt at modifying the database completes subscriptions with an error."
    @Test func readIsReadOnly() async throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        let output = SampleOutput<String>()
        let cancellable = dbQueue.rx.read { db in try Player(name: "Arthur").insert(db) }
            .sink(
                receiveCompletion: { completion in
                    guard case .failure(let error) = completion else { return output.print("finished") }
                    output.print(
                        "error: \((error as? DatabaseError)?.resultCode == .SQLITE_READONLY ? "read-only" : "\(error)")"
                    )
                },
                receiveValue: { _ in output.print("inserted") })
        #expect(try await output.lines(count: 1) == ["error: read-only"])
        #expect(try await dbQueue.read { db in try Player.fetchCount(db) } == 0)
        withExtendedLifetime(cancellable) {}
    }

    /// `rx.write`: a single that writes on every subscription; `ignoreOutput()` (RxSwift's
    /// `asCompletable()`) keeps the completion only.
    @Test func write() async throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        let output = SampleOutput<String>()
        var cancellables: [AnyCancellable] = []

        // Single<Void>
        let write = dbQueue.rx.write { db in
            try Player(name: "Arthur").insert(db)
        }
        write.sink(
            receiveCompletion: { completion in output.print("\(currentQueueName() ?? "?"): \(completion)") },
            receiveValue: { _ in
                output.print("\(currentQueueName() ?? "?"): Updates completed")
            }
        )
        .store(in: &cancellables)
        #expect(try await output.lines(count: 2) == ["main: Updates completed", "main: finished"])

        // Single<Int>
        let newPlayerCount = dbQueue.rx.write { db -> Int in
            try Player(name: "Barbara").insert(db)
            return try Player.fetchCount(db)
        }
        newPlayerCount.sink(
            receiveCompletion: { completion in output.print("\(completion)") },
            receiveValue: { (playerCount: Int) in
                output.print("New players count: \(playerCount)")
            }
        )
        .store(in: &cancellables)
        #expect(try await output.lines(count: 4).suffix(2) == ["New players count: 2", "finished"])

        // "A new database access starts on every subscription."
        newPlayerCount.sink(
            receiveCompletion: { completion in output.print("\(completion)") },
            receiveValue: { (playerCount: Int) in output.print("New players count: \(playerCount)") }
        )
        .store(in: &cancellables)
        #expect(try await output.lines(count: 6).suffix(2) == ["New players count: 3", "finished"])

        // Completable
        let completable = dbQueue.rx
            .write { db in try Player(name: "Craig").insert(db) }
            .ignoreOutput()
        completable.sink(
            receiveCompletion: { completion in output.print("completable: \(completion)") },
            receiveValue: { _ in }  // Never: a completable has no value
        )
        .store(in: &cancellables)
        #expect(try await output.lines(count: 7).last == "completable: finished")
        #expect(try await dbQueue.read { db in try Player.fetchCount(db) } == 4)
        withExtendedLifetime(cancellables) {}
    }

    /// `rx.write(updates:thenRead:)` publishes what `rx.write(updates:)` would if `updates` fetched
    /// at its end, and `thenRead` gets the result of `updates`; on a queue and on a pool.
    @Test func writeThenRead() async throws {
        let directory = try TemporaryDatabaseDirectory()
        let dbQueue = try GRDB7Samples.makeQueue()
        let dbPool = try GRDB7Samples.makePool(in: directory)
        #expect(try await newPlayerCounts(dbQueue) == ["main: 1", "main: finished", "main: 2", "main: finished"])
        #expect(try await newPlayerCounts(dbPool) == ["main: 1", "main: finished", "main: 2", "main: finished"])
    }

    /// The counts of the two samples of `rx.write(updates:thenRead:)`, one after the other.
    private func newPlayerCounts<Writer: DatabaseWriter>(_ dbQueue: Writer) async throws -> [String] {
        let output = SampleOutput<String>()
        // Single<Int>
        let newPlayerCount = dbQueue.rx.write(
            updates: { db in try Player(name: "Arthur").insert(db) },
            thenRead: { db, _ in try Player.fetchCount(db) })
        let cancellable = newPlayerCount.sink(
            receiveCompletion: { completion in output.print("\(currentQueueName() ?? "?"): \(completion)") },
            receiveValue: { (playerCount: Int) in output.print("\(currentQueueName() ?? "?"): \(playerCount)") })
        try await output.lines(count: 2)

        // It publishes exactly the same values as rx.write(observeOn:updates:):
        // Single<Int>
        let sameNewPlayerCount = dbQueue.rx.write { db -> Int in
            try Player(name: "Barbara").insert(db)
            return try Player.fetchCount(db)
        }
        let sameCancellable = sameNewPlayerCount.sink(
            receiveCompletion: { completion in output.print("\(currentQueueName() ?? "?"): \(completion)") },
            receiveValue: { (playerCount: Int) in output.print("\(currentQueueName() ?? "?"): \(playerCount)") })
        let lines = try await output.lines(count: 4)

        // "This allows you to pass information from a function to the other."
        let name = SampleOutput<String?>()
        let nameCancellable = dbQueue.rx.write(
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

    /// "When you use a database pool […] the thenRead function sees the database in the state left
    /// by the updates function, and yet does not block any concurrent writes."
    @Test func writeThenReadDoesNotBlockTheWritesOfAPool() async throws {
        let directory = try TemporaryDatabaseDirectory()
        let dbPool = try GRDB7Samples.makePool(in: directory)
        let readStarted = SampleOutput<Int>()
        let release = DispatchSemaphore(value: 0)
        let output = SampleOutput<String>()
        let cancellable = dbPool.rx.write(
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

    /// `ValueObservation.rx.observe(in:)`: an initial value, then fresh values, on the main queue.
    @Test func observe() async throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        let freshPlayers = SampleOutput<String>()
        let freshMaxScores = SampleOutput<String>()

        // Observable<[Player]>
        let observable =
            ValueObservation
            .tracking { db in try Player.fetchAll(db) }
            .rx.observe(in: dbQueue)
        let playersCancellable = observable.sink(
            receiveCompletion: { completion in freshPlayers.print("\(completion)") },  // onError: { error in ... }
            receiveValue: { (players: [Player]) in  // onNext:
                freshPlayers.print("\(currentQueueName() ?? "?"): Fresh players: \(players.map(\.name))")
            })

        // Observable<Int?>
        let maxScoreObservable =
            ValueObservation
            .tracking { db in try Int.fetchOne(db, sql: "SELECT MAX(score) FROM player") }
            .rx.observe(in: dbQueue)
        let maxScoreCancellable = maxScoreObservable.sink(
            receiveCompletion: { completion in freshMaxScores.print("\(completion)") },
            receiveValue: { (maxScore: Int?) in
                freshMaxScores.print(
                    "\(currentQueueName() ?? "?"): Fresh maximum score: \(String(describing: maxScore))")
            })

        // "It notifies an initial value before the eventual changes."
        try await freshPlayers.lines(count: 1)
        try await freshMaxScores.lines(count: 1)
        try await dbQueue.write { db in try Player(name: "Arthur", score: 100).insert(db) }
        #expect(
            try await freshPlayers.lines(count: 2) == ["main: Fresh players: []", "main: Fresh players: [\"Arthur\"]"])
        #expect(
            try await freshMaxScores.lines(count: 2) == [
                "main: Fresh maximum score: nil", "main: Fresh maximum score: Optional(100)",
            ])
        withExtendedLifetime((playersCancellable, maxScoreCancellable)) {}
    }

    /// "It may notify consecutive identical values. You can filter out the undesired duplicates with
    /// the `distinctUntilChanged()` RxSwift operator": Combine's `removeDuplicates()`.
    @Test func observeDistinctUntilChanged() async throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        let maxScores = SampleOutput<Int?>()
        let distinctMaxScores = SampleOutput<Int?>()
        let observation = ValueObservation.tracking { db in try Int.fetchOne(db, sql: "SELECT MAX(score) FROM player") }
        let cancellables = [
            observation.rx.observe(in: dbQueue)
                .sink(receiveCompletion: { _ in maxScores.print(-1) }, receiveValue: { maxScores.print($0) }),
            observation.rx.observe(in: dbQueue).removeDuplicates()
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
    /// observable is subscribed", which must happen on the main thread; by default, the initial
    /// value comes later, asynchronously.
    @Test @MainActor func observeImmediately() async throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        let output = SampleOutput<String>()
        let asyncOutput = SampleOutput<String>()
        let observation = ValueObservation.tracking { db in
            try Player.fetchAll(db)
        }

        // Immediate notification of the initial value
        let disposable = observation.rx
            .observe(
                in: dbQueue,
                scheduling: .immediate
            )  // <-
            .sink(
                receiveCompletion: { completion in output.print("\(completion)") },  // onError: { error in ... }
                receiveValue: { (players: [Player]) in  // onNext:
                    MainActor.assertIsolated()
                    output.print("fresh players: \(players.map(\.name))")
                })
        // <- here "fresh players" is already printed.
        #expect(output.lines == ["fresh players: []"])

        let asyncDisposable = observation.rx
            .observe(in: dbQueue)
            .sink(
                receiveCompletion: { completion in asyncOutput.print("\(completion)") },
                receiveValue: { (players: [Player]) in
                    asyncOutput.print("\(currentQueueName() ?? "?"): fresh players: \(players.map(\.name))")
                })
        #expect(asyncOutput.lines.isEmpty)
        #expect(try await asyncOutput.lines(count: 1) == ["main: fresh players: []"])

        // Later values come on the main actor too.
        try await dbQueue.write { db in try Player(name: "Arthur").insert(db) }
        #expect(try await output.lines(count: 2) == ["fresh players: []", "fresh players: [\"Arthur\"]"])
        withExtendedLifetime((disposable, asyncDisposable)) {}
    }

    /// The consistent observation of the "Data Consistency" sample: on a queue, and on a pool where
    /// the writes run concurrently with the fetches, every hall of fame agrees with itself.
    @Test(arguments: [false, true]) func hallOfFame(inPool: Bool) async throws {
        let directory = try TemporaryDatabaseDirectory()
        let dbQueue: any DatabaseWriter =
            inPool ? try GRDB7Samples.makePool(in: directory) : try GRDB7Samples.makeQueue()
        let output = SampleOutput<HallOfFame>()

        // DATA CONSISTENCY GUARANTEED
        let hallOfFameObservable =
            ValueObservation
            .tracking { db -> HallOfFame in
                let playerCount = try Player.fetchCount(db)
                let bestPlayers = try Player.limit(10).orderedByScore().fetchAll(db)
                return HallOfFame(playerCount: playerCount, bestPlayers: bestPlayers)
            }
            .rx.observe(in: dbQueue)
        let cancellable = hallOfFameObservable.sink(
            receiveCompletion: { _ in output.print(HallOfFame(playerCount: -1, bestPlayers: [])) },
            receiveValue: { output.print($0) })

        try await output.lines(count: 1)
        for index in 1...20 {
            try await dbQueue.write { db in
                try Player(name: "Player \(index)", score: index).insert(db)
                if index.isMultiple(of: 3) {
                    try db.execute(sql: "DELETE FROM player WHERE score = ?", arguments: [index - 1])
                }
            }
        }
        let values = try await output.lines(until: "the last hall of fame") { $0.playerCount == 14 }
        for hallOfFame in values {
            #expect(hallOfFame.bestPlayers.count == min(hallOfFame.playerCount, 10))
        }
        #expect(values.map(\.playerCount) == values.map(\.playerCount).sorted())
        #expect(values.last?.bestPlayers.map(\.score) == [20, 19, 18, 16, 15, 13, 12, 10, 9, 7])
        withExtendedLifetime(cancellable) {}
    }

    /// `DatabaseRegionObservation.rx.changes(in:)`: the database, on the writer, after each
    /// transaction that impacts the observed region, before the write returns.
    @Test func observeDatabaseTransactions() throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        let output = SampleOutput<String>()
        let counts = SampleOutput<Int?>()

        // Observable<Database>
        let observable =
            DatabaseRegionObservation
            .tracking(Player.all())
            .rx.changes(in: dbQueue)
        let playersCancellable = observable.sink(
            receiveCompletion: { completion in output.print("\(completion)") },  // onError: { error in ... }
            receiveValue: { (db: Database) in  // onNext:
                output.print("Exclusive write access to the database after players have been impacted")
                counts.print(try? Player.fetchCount(db))
            })

        // Observable<Database>
        let maxScoreObservable =
            DatabaseRegionObservation
            .tracking(SQLRequest<Int>(sql: "SELECT MAX(score) FROM player"))
            .rx.changes(in: dbQueue)
        let maxScoreCancellable = maxScoreObservable.sink(
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
        withExtendedLifetime((playersCancellable, maxScoreCancellable)) {}
    }

    /// "It delivers database connections in a 'protected dispatch queue', serialized with all
    /// database updates": one per transaction.
    @Test func regionObservationChanges() throws {
        let dbQueue = try GRDB7Samples.makeQueue()
        let output = SampleOutput<String>()

        let request = Player.all()
        let disposable =
            DatabaseRegionObservation
            .tracking(request)
            .rx.changes(in: dbQueue)
            .sink(
                receiveCompletion: { completion in output.print("\(completion)") },  // onError: { error in ... }
                receiveValue: { (db: Database) in  // onNext:
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
        withExtendedLifetime(disposable) {}
    }
}

/// The value of the "Data Consistency" sample.
private struct HallOfFame: Sendable {
    var playerCount: Int
    var bestPlayers: [Player]
}

extension QueryInterfaceRequest<Player> {
    /// The sample's request of the best players first (GRDB's demo applications write it on
    /// `DerivableRequest<Player>`, which this library lacks: it is written here on the request type).
    fileprivate func orderedByScore() -> Self {
        order(Column("score").desc, Column("name"))
    }
}

import Dispatch
import RSTestSupport
import RSTesting
import ReactiveSQLite
import Testing

private typealias Player = GRDB2Samples.Player
private typealias Team = GRDB2Samples.Team

/// The samples of the "Scheduling" chapter of the RxGRDB 0.7 README (seed 000), with
/// `import ReactiveSQLite`: changes observables emit on the writer, serialized with the writes;
/// values observables emit on the queue of your choice, the main queue by default. The spellings of
/// RxSwift change as in `RxGRDB07SampleTests` (`sink` for `subscribe(onNext:)`, `print` recorded),
/// and:
/// - `dbQueue.changeTokens(in: [Player.all()])` lacks its `rx` (RxGRDB 0.7 declares
///   `changeTokens` on `Reactive`, as here): `dbQueue.rx.changeTokens(in:)`;
/// - `SerialDispatchQueueScheduler(qos: .default)` is RxSwift's: the scheduler of the values
///   observables is a `DispatchQueue`, and `observeOn(scheduler)` is Combine's
///   `receive(on: queue.scheduler)` (`queue.ocombine`, OpenCombineDispatch's, on Linux);
/// - the samples "off the main thread" subscribe with `{ db: Database in` to observables of
///   players: the tests receive `[Player]`.
///
/// Where the samples say "On the main queue", "Off the main thread, in the global dispatch queue"
/// or "On the database protected dispatch queue", the tests print the name of the queue
/// (`currentQueueName()`: nil is neither the main queue nor the test's). "It is not possible to
/// observe changes observables in other queues" is a fatal error, not tested.
@Suite struct RxGRDB07SchedulingSampleTests {
    /// "Changes observables emit database connections, and values observables emit values": the
    /// first on the writer, before the write returns, the others later, on the main queue.
    @Test func changesObservablesVsValuesObservables() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let scoreColumn = Column("score")
        let changes = SampleOutput<String>()
        let values = SampleOutput<String>()
        let tokens = SampleOutput<String>()
        var cancellables: [AnyCancellable] = []

        // A changes observable:
        Player.filter(key: 1).rx
            .changes(in: dbQueue)
            .sink(
                receiveCompletion: { completion in changes.print("completion: \(completion)") },
                receiveValue: { (db: Database) in
                    changes.print("Player 1 has changed.")
                }
            )
            .store(in: &cancellables)

        // A values observable:
        Player.all().rx
            .fetchAll(in: dbQueue)
            .sink(
                receiveCompletion: { completion in values.print("completion: \(completion)") },
                receiveValue: { (players: [Player]) in
                    values.print("\(currentQueueName() ?? "?"): Players have changed.")
                }
            )
            .store(in: &cancellables)

        // Another values observable:
        dbQueue.rx
            .changeTokens(in: [Player.all()])
            .mapFetch { (db: Database) -> ([Player], Int) in
                let players = try Player.order(scoreColumn.desc).limit(10).fetchAll(db)
                let count = try Player.fetchCount(db)
                return (players, count)
            }
            .sink(
                receiveCompletion: { completion in tokens.print("completion: \(completion)") },
                receiveValue: { (players, count) in
                    tokens.print(
                        "\(currentQueueName() ?? "?"): Best ten players out of \(count): \(players.map(\.name))")
                }
            )
            .store(in: &cancellables)

        try dbQueue.inDatabase { db in try Player(name: "Arthur").insert(db) }
        #expect(changes.lines == ["Player 1 has changed.", "Player 1 has changed."])
        #expect(try await values.lines(count: 2) == Array(repeating: "main: Players have changed.", count: 2))
        #expect(
            try await tokens.lines(count: 2) == [
                "main: Best ten players out of 0: []", "main: Best ten players out of 1: [\"Arthur\"]",
            ])
        withExtendedLifetime(cancellables) {}
    }

    /// "They can be created and subscribed from any thread. They all emit database connections in
    /// a 'protected dispatch queue', serialized with all database updates": the connection reads,
    /// outside of the transaction that was committed.
    @Test func changesObservablesEmitOnTheWriter() throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let players = SampleOutput<String>()
        let playersOrTeams = SampleOutput<String>()
        let anyThread = DispatchQueue.named("any thread")

        let cancellables = anyThread.sync {
            // On any thread
            [
                Player.all().rx
                    .changes(in: dbQueue)
                    .sink(
                        receiveCompletion: { completion in players.print("completion: \(completion)") },
                        receiveValue: { (db: Database) in
                            // On the database protected dispatch queue
                            let count = (try? Player.fetchCount(db)).map { "\($0)" } ?? "no read"
                            players.print(
                                "\(currentQueueName() ?? "writer"): Players have changed: \(count) players, "
                                    + "inside a transaction: \(db.isInsideTransaction)")
                        }),
                // On any thread
                dbQueue.rx
                    .changes(in: [Player.all(), Team.all()])
                    .sink(
                        receiveCompletion: { completion in playersOrTeams.print("completion: \(completion)") },
                        receiveValue: { (db: Database) in
                            // On the database protected dispatch queue
                            let count = (try? Team.fetchCount(db)).map { "\($0)" } ?? "no read"
                            playersOrTeams.print(
                                "\(currentQueueName() ?? "writer"): Changes in players or teams table: \(count) teams")
                        }),
            ]
        }

        try dbQueue.inDatabase { db in try Player(name: "Arthur").insert(db) }
        try dbQueue.inDatabase { db in try Team(name: "Blue").insert(db) }
        #expect(
            players.lines == [
                "writer: Players have changed: 0 players, inside a transaction: false",
                "writer: Players have changed: 1 players, inside a transaction: false",
            ])
        #expect(
            playersOrTeams.lines == [
                "writer: Changes in players or teams table: 0 teams",
                "writer: Changes in players or teams table: 0 teams",
                "writer: Changes in players or teams table: 1 teams",
            ])
        withExtendedLifetime(cancellables) {}
    }

    /// "A changes observable blocks all threads that are writing in the database, or attempting to
    /// write in the database": the transaction returns after the observer, and a write that another
    /// thread starts from the observer runs after it.
    @Test func changesObservablesBlockWrites() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let events = SampleOutput<String>()
        let cancellable = Player.all().rx
            .changes(in: dbQueue, startImmediately: false)
            .sink(
                receiveCompletion: { completion in events.print("completion: \(completion)") },
                receiveValue: { (db: Database) in
                    events.print("observer starts")
                    DispatchQueue.global(qos: .default).async {
                        // blocked by the triggered observable
                        do {
                            try dbQueue.inDatabase { db in events.print("other write: \(try Player.fetchCount(db))") }
                        } catch {
                            events.print("other write: \(error)")
                        }
                    }
                    // The observer reads the state that the transaction committed, whatever the other
                    // thread attempts.
                    events.print("observer ends: \((try? Player.fetchCount(db)).map { "\($0)" } ?? "no read")")
                })

        try dbQueue.inTransaction { db in
            try Player(name: "Arthur").insert(db)
            return .commit  // triggers the observable, and waits for it
        }
        events.print("transaction returned")
        let lines = try await events.lines(count: 4)
        #expect(Array(lines.prefix(2)) == ["observer starts", "observer ends: 1"])
        #expect(Set(lines.suffix(2)) == ["transaction returned", "other write: 1"])
        withExtendedLifetime(cancellable) {}
    }

    /// "They all emit in the dispatch queue of your choice, the default being the main queue", and
    /// with a database queue "the thread that is writing in the database also has to wait" until
    /// fresh values have been fetched.
    @Test func valuesObservablesOfDatabaseQueues() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let output = SampleOutput<String>()
        let fetches = SampleOutput<Int>()
        let cancellable = Player.all().rx
            .fetchAll(in: dbQueue)
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { (players: [Player]) in
                    // On the main queue
                    output.print("\(currentQueueName() ?? "?"): Players have changed: \(players.count)")
                })
        let fetchCancellable = dbQueue.rx
            .changeTokens(in: [Player.all()], startImmediately: false)
            .mapFetch { db in
                let count = try Player.fetchCount(db)
                fetches.print(count)
                return count
            }
            .sink(receiveCompletion: { _ in }, receiveValue: { _ in })

        try dbQueue.inTransaction { db in
            try Player(name: "Arthur").insert(db)
            return .commit  // waits until fresh players have been fetched
        }
        #expect(fetches.lines == [1])
        #expect(
            try await output.lines(count: 2) == ["main: Players have changed: 0", "main: Players have changed: 1"])
        withExtendedLifetime((cancellable, fetchCancellable)) {}
    }

    /// "When one uses a database pool, writes are blocked until RxGRDB has established snapshot
    /// isolation […] After snapshot isolation has been established, writes are unlocked": a write
    /// completes while a fetch runs, and the fetch sees the state of its own transaction.
    @Test func valuesObservablesOfDatabasePools() async throws {
        let directory = try TemporaryDatabaseDirectory()
        let dbPool = try DatabasePool(path: directory.path("db.sqlite"))
        try GRDB2Samples.createTables(in: dbPool)
        let fetchStarted = SampleOutput<Int>()
        let release = DispatchSemaphore(value: 0)
        let output = SampleOutput<String>()
        let cancellable = dbPool.rx
            .changeTokens(in: [Player.all()], startImmediately: false)
            .mapFetch { db -> String in
                let names = try Player.order(Column("name")).fetchAll(db).map(\.name)
                fetchStarted.print(names.count)
                // The first fetch is slow: it waits until the second write is done.
                guard names.count > 1 || release.wait(timeout: .now() + sampleTimeout) == .success else {
                    return "the fetch blocked the writes"
                }
                return "\(names)"
            }
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { output.print($0) })

        try await dbPool.writeWithoutTransaction { db in try Player(name: "Arthur").insert(db) }
        try await fetchStarted.lines(count: 1)
        // Not blocked by the slow fetch.
        try await dbPool.writeWithoutTransaction { db in try Player(name: "Barbara").insert(db) }
        release.signal()
        #expect(try await output.lines(count: 2) == ["[\"Arthur\"]", "[\"Arthur\", \"Barbara\"]"])
        withExtendedLifetime(cancellable) {}
    }

    /// "Consuming fetched values on the main thread": the values of `rx.fetchAll` and `mapFetch`
    /// come on the main queue.
    @Test func consumingFetchedValuesOnTheMainThread() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let scoreColumn = Column("score")
        try dbQueue.inDatabase { db in try Player(name: "Arthur", score: 10).insert(db) }
        let values = SampleOutput<String>()
        let tokens = SampleOutput<String>()
        let anyThread = DispatchQueue.named("any thread")

        let cancellables = anyThread.sync {
            [
                // On any thread
                Player.all().rx
                    .fetchAll(in: dbQueue)
                    .sink(
                        receiveCompletion: { completion in values.print("completion: \(completion)") },
                        receiveValue: { (players: [Player]) in
                            // On the main queue
                            values.print("\(currentQueueName() ?? "?"): Players have changed.")
                        }),
                // On any thread
                dbQueue.rx
                    .changeTokens(in: [Player.all()])
                    .mapFetch { (db: Database) -> ([Player], Int) in
                        // In a database protected dispatch queue
                        let players = try Player.order(scoreColumn.desc).limit(10).fetchAll(db)
                        let count = try Player.fetchCount(db)
                        return (players, count)
                    }
                    .sink(
                        receiveCompletion: { completion in tokens.print("completion: \(completion)") },
                        receiveValue: { (players, count) in
                            // On the main queue
                            tokens.print(
                                "\(currentQueueName() ?? "?"): Best ten players out of \(count): \(players.map(\.name))"
                            )
                        }),
            ]
        }
        #expect(try await values.lines(count: 1) == ["main: Players have changed."])
        #expect(try await tokens.lines(count: 1) == ["main: Best ten players out of 1: [\"Arthur\"]"])
        withExtendedLifetime(cancellables) {}
    }

    /// "Consuming fetched values off the main thread": with `receive(on:)` (RxSwift's `observeOn`),
    /// which hops from the main queue, or with the `scheduler` of the observable, which does not
    /// involve the main queue.
    @Test func consumingFetchedValuesOffTheMainThread() async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let scoreColumn = Column("score")
        try dbQueue.inDatabase { db in try Player(name: "Arthur", score: 10).insert(db) }
        let scheduler = DispatchQueue.named("scheduler")
        let observedOn = SampleOutput<String>()
        let fetchedOn = SampleOutput<String>()
        let tokens = SampleOutput<String>()
        var cancellables: [AnyCancellable] = []

        // On any thread
        Player.all().rx
            .fetchAll(in: dbQueue)
            .receive(on: scheduler.scheduler)  // hops from main thread to the scheduler's queue
            .sink(
                receiveCompletion: { completion in observedOn.print("completion: \(completion)") },
                receiveValue: { (players: [Player]) in
                    // Off the main thread, in the scheduler's queue
                    observedOn.print("\(currentQueueName() ?? "?"): Players have changed.")
                }
            )
            .store(in: &cancellables)

        // On any thread
        Player.all().rx
            .fetchAll(in: dbQueue, scheduler: scheduler)
            .sink(
                receiveCompletion: { completion in fetchedOn.print("completion: \(completion)") },
                receiveValue: { (players: [Player]) in
                    // Off the main thread, in the scheduler's queue
                    fetchedOn.print("\(currentQueueName() ?? "?"): Players have changed.")
                }
            )
            .store(in: &cancellables)

        // On any thread
        dbQueue.rx
            .changeTokens(in: [Player.all()], scheduler: scheduler)
            .mapFetch { (db: Database) -> ([Player], Int) in
                // In a database protected dispatch queue
                let players = try Player.order(scoreColumn.desc).limit(10).fetchAll(db)
                let count = try Player.fetchCount(db)
                return (players, count)
            }
            .sink(
                receiveCompletion: { completion in tokens.print("completion: \(completion)") },
                receiveValue: { (players, count) in
                    // Off the main thread, in the scheduler's queue
                    tokens.print(
                        "\(currentQueueName() ?? "?"): Best ten players out of \(count): \(players.map(\.name))")
                }
            )
            .store(in: &cancellables)

        try dbQueue.inDatabase { db in try Player(name: "Barbara", score: 20).insert(db) }
        let expected = Array(repeating: "scheduler: Players have changed.", count: 2)
        #expect(try await observedOn.lines(count: 2) == expected)
        #expect(try await fetchedOn.lines(count: 2) == expected)
        #expect(
            try await tokens.lines(count: 2) == [
                "scheduler: Best ten players out of 1: [\"Arthur\"]",
                "scheduler: Best ten players out of 2: [\"Barbara\", \"Arthur\"]",
            ])
        withExtendedLifetime(cancellables) {}
    }
}

import RSTestSupport
import RSTesting
import ReactiveSQLite
import Testing

private typealias Player = GRDB2Samples.Player
private typealias Team = GRDB2Samples.Team

/// The samples of the variant of the RxGRDB 0.7 README that names the start flag
/// `synchronizedStart` (seed 001), with `import ReactiveSQLite`. Its samples are those of seed 000
/// (`RxGRDB07SampleTests`), but for the flag and the consistency of `mapFetch` ("players and count
/// are guaranteed to be consistent"): the tests check those, with the spellings of
/// `RxGRDB07SampleTests`.
///
/// `synchronizedStart: true` (the default) emits a first element right upon subscription (on the
/// writer for changes observables, before the subscription returns); `false` emits nothing until
/// a transaction changes the requests.
@Suite struct RxGRDB07SynchronizedStartSampleTests {
    /// `Request.rx.changes(in:synchronizedStart:)` and `DatabaseWriter.rx.changes(in:synchronizedStart:)`.
    @Test(arguments: [true, false]) func changes(synchronizedStart: Bool) throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let players = SampleOutput<String>()
        let playersOrTeams = SampleOutput<String>()

        let request = Player.all()
        let cancellables = [
            request.rx.changes(in: dbQueue, synchronizedStart: synchronizedStart)
                .sink(
                    receiveCompletion: { completion in players.print("completion: \(completion)") },
                    receiveValue: { (db: Database) in
                        players.print("Players table has changed.")
                    }),
            dbQueue.rx.changes(in: [Player.all(), Team.all()], synchronizedStart: synchronizedStart)
                .sink(
                    receiveCompletion: { completion in playersOrTeams.print("completion: \(completion)") },
                    receiveValue: { (db: Database) in
                        playersOrTeams.print("Changes in players or teams table")
                    }),
        ]
        let initialCount = synchronizedStart ? 1 : 0
        #expect(players.lines.count == initialCount)
        #expect(playersOrTeams.lines.count == initialCount)

        try dbQueue.inTransaction { db in
            try Player(name: "Arthur").insert(db)
            try Team(name: "Blue").insert(db)
            return .commit
        }
        #expect(players.lines == Array(repeating: "Players table has changed.", count: initialCount + 1))
        #expect(
            playersOrTeams.lines == Array(repeating: "Changes in players or teams table", count: initialCount + 1))
        withExtendedLifetime(cancellables) {}
    }

    /// `rx.fetchCount`, `rx.fetchOne`, `rx.fetchAll` and `rx.changeTokens` + `mapFetch`, with
    /// `synchronizedStart`: the first value is the database at subscription, or after the first
    /// change.
    @Test(arguments: [true, false]) func values(synchronizedStart: Bool) async throws {
        let dbQueue = try GRDB2Samples.makeDatabase()
        let output = SampleOutput<String>()
        let request = Player.order(Column("name"))
        var cancellables: [AnyCancellable] = []
        request.rx.fetchCount(in: dbQueue, synchronizedStart: synchronizedStart)
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { (count: Int) in output.print("Number of players: \(count)") }
            )
            .store(in: &cancellables)
        request.rx.fetchOne(in: dbQueue, synchronizedStart: synchronizedStart)
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { (player: Player?) in output.print("First player: \(player?.name ?? "none")") }
            )
            .store(in: &cancellables)
        request.rx.fetchAll(in: dbQueue, synchronizedStart: synchronizedStart)
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { (players: [Player]) in output.print("Players: \(players.map { $0.name })") }
            )
            .store(in: &cancellables)
        dbQueue.rx.changeTokens(in: [request], synchronizedStart: synchronizedStart)
            .mapFetch { db in try Player.fetchCount(db) }
            .sink(
                receiveCompletion: { completion in output.print("completion: \(completion)") },
                receiveValue: { (count: Int) in output.print("Mapped count: \(count)") }
            )
            .store(in: &cancellables)

        try dbQueue.inDatabase { db in try Player(name: "Arthur").insert(db) }
        let changed: Set = ["Number of players: 1", "First player: Arthur", "Players: [\"Arthur\"]", "Mapped count: 1"]
        let initial: Set = ["Number of players: 0", "First player: none", "Players: []", "Mapped count: 0"]
        let lines = try await output.lines(count: synchronizedStart ? 8 : 4)
        #expect(Set(lines) == (synchronizedStart ? changed.union(initial) : changed))
        withExtendedLifetime(cancellables) {}
    }

    /// "players and count are guaranteed to be consistent": on a pool, where fetches run concurrently
    /// with the writes, each value comes from one state of the database, and values come in the
    /// order of the transactions, one per transaction.
    @Test func mapFetchIsConsistent() async throws {
        let directory = try TemporaryDatabaseDirectory()
        let dbPool = try DatabasePool(path: directory.path("db.sqlite"))
        try GRDB2Samples.createTables(in: dbPool)
        let scoreColumn = Column("score")
        let output = SampleOutput<(players: [Player], count: Int)>()

        let cancellable = dbPool.rx
            .changeTokens(in: [Player.all()])
            .mapFetch { (db: Database) -> ([Player], Int) in
                // players and count are guaranteed to be consistent:
                let players = try Player.order(scoreColumn.desc).limit(10).fetchAll(db)
                let count = try Player.fetchCount(db)
                return (players, count)
            }
            .sink(
                receiveCompletion: { _ in output.print(([], -1)) },
                receiveValue: { (players, count) in
                    output.print((players, count))  // print("Best players out of \(count): \(players)")
                })

        let writeCount = 20
        for index in 1...writeCount {
            try await dbPool.write { db in
                try Player(name: "Player \(index)", score: index).insert(db)
                if index.isMultiple(of: 2) {
                    try db.execute(sql: "DELETE FROM players WHERE score = ?", arguments: [1])
                }
            }
        }
        let values = try await output.lines(count: writeCount + 1)
        #expect(values.count == writeCount + 1)
        for (players, count) in values {
            #expect(players.count == min(count, 10))
            #expect(players.map(\.score) == players.map(\.score).sorted(by: >))
        }
        #expect(values.map(\.count) == [0, 1] + Array(1..<writeCount))
        withExtendedLifetime(cancellable) {}
    }
}

import RSTestSupport
import ReactiveSQLite
import Testing

/// The GRDB code of the samples of RxGRDB 3 (written for GRDB 6), with `import ReactiveSQLite`:
/// each compiles and does what the sample says. The `rx` observables are another module's: the
/// tests run the closures of `rx.read` and `rx.write` in `read` and `write`, and observe with the
/// `ValueObservation` and `DatabaseRegionObservation` that `rx.observe` and `rx.changes` wrap.
@Suite struct RxGRDB3SampleTests {
    @Test func readAndWrite() throws {
        let dbQueue = try makeDatabase()
        // Single<Void>
        try dbQueue.write { db in
            try Player(name: "Arthur").insert(db)
        }
        // Single<Int>
        let newPlayerCount = try dbQueue.write { db -> Int in
            try Player(name: "Barbara").insert(db)
            return try Player.fetchCount(db)
        }
        #expect(newPlayerCount == 2)
        // Single<[Player]>
        let players = try dbQueue.read { db in
            try Player.fetchAll(db)
        }
        #expect(players.map(\.name) == ["Arthur", "Barbara"])
    }

    @Test func observeChangesInDatabaseValues() async throws {
        let dbQueue = try makeDatabase()
        // Observable<[Player]>
        let observation = ValueObservation.tracking { db in try Player.fetchAll(db) }
        // Observable<Int?>
        let maxScoreObservation = ValueObservation.tracking { db in
            try Int.fetchOne(db, sql: "SELECT MAX(score) FROM player")
        }
        var players = observation.values(in: dbQueue).makeAsyncIterator()
        var maxScores = maxScoreObservation.values(in: dbQueue).makeAsyncIterator()
        #expect(try await players.next() == [])
        #expect(try await maxScores.next() == .some(nil))
        try await dbQueue.write { db in try Player(name: "Arthur", score: 100).insert(db) }
        #expect(try await players.next()?.map(\.name) == ["Arthur"])
        #expect(try await maxScores.next() == 100)
    }

    /// The consistent observation of the "Data Consistency" sample.
    @Test func hallOfFame() async throws {
        let dbQueue = try makeDatabase()
        try await dbQueue.write { db in
            for index in 1...12 { try Player(name: "Player \(index)", score: index).insert(db) }
        }
        let hallOfFameObservation = ValueObservation.tracking { db -> HallOfFame in
            let playerCount = try Player.fetchCount(db)
            let bestPlayers = try Player.limit(10).orderedByScore().fetchAll(db)
            return HallOfFame(playerCount: playerCount, bestPlayers: bestPlayers)
        }
        var iterator = hallOfFameObservation.values(in: dbQueue).makeAsyncIterator()
        let hallOfFame = try await iterator.next()
        #expect(hallOfFame?.playerCount == 12)
        #expect(hallOfFame?.bestPlayers.map(\.score) == Array((3...12).reversed()))
    }

    @Test func observeDatabaseTransactions() throws {
        let dbQueue = try makeDatabase()
        let changes = Locked<[String]>([])
        // Observable<Database>
        let playersObservation = DatabaseRegionObservation.tracking(Player.all())
        let maxScoreObservation = DatabaseRegionObservation.tracking(
            SQLRequest<Int>(sql: "SELECT MAX(score) FROM player"))
        let cancellables = [
            playersObservation.start(in: dbQueue) { error in
                Issue.record(error)
            } onChange: { _ in
                changes.withLock { $0.append("players") }  // print("Players have changed.")
            },
            maxScoreObservation.start(in: dbQueue) { error in
                Issue.record(error)
            } onChange: { _ in
                changes.withLock { $0.append("max score") }
            },
        ]

        try dbQueue.write { db in
            try Player(name: "Arthur").insert(db)
            try Player(name: "Barbara").insert(db)
        }
        // Prints "Players have changed."
        #expect(changes.current == ["players", "max score"])

        try dbQueue.write { db in try db.execute(sql: "UPDATE player SET name = 'Arthur II' WHERE name = 'Arthur'") }
        #expect(changes.current == ["players", "max score", "players"])

        // The sample's `try dbQueue.write { db in try Player.deleteAll(db) }` returns the count of
        // deleted players, which GRDB 7 warns is unused, as this library does.
        _ = try dbQueue.write { db in try Player.deleteAll(db) }
        // Prints "Players have changed."
        #expect(changes.current == ["players", "max score", "players", "players", "max score"])
        withExtendedLifetime(cancellables) {}
    }
}

/// A player of the samples of GRDB 6: a struct, whose insertion does not change it.
private struct Player: Codable, Equatable, FetchableRecord, PersistableRecord {
    var id: Int64?
    var name: String
    var score: Int

    init(name: String, score: Int = 0) {
        self.name = name
        self.score = score
    }
}

/// The value of the "Data Consistency" sample.
private struct HallOfFame {
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

/// A queue with the player table of the samples.
private func makeDatabase() throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    try dbQueue.write { db in
        try db.execute(
            sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL DEFAULT 0)")
    }
    return dbQueue
}

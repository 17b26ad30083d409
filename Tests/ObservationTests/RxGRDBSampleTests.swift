import Foundation
import RSTestSupport
import ReactiveSQLite
import Testing

/// The GRDB code of the samples of RxGRDB 0.7 (written for GRDB 2), with `import ReactiveSQLite`:
/// each compiles and does what the sample says. The `rx` observables are another module's: where a
/// sample observes with `request.rx.changes(in:)`, the test observes the same request with the
/// `DatabaseRegionObservation` they are built on, and where it fetches with `rx.fetchAll`, the test
/// fetches.
///
/// Two spellings of the samples cannot compile, in GRDB 7 either, and the test writes them as
/// GRDB 2 meant them:
/// - `let request = SQLRequest("SELECT * FROM players")`: Swift makes `SQLRequest("…")` the string
///   literal `"…" as SQLRequest`, whose generic argument nothing tells (`SQLRequest<Row>("…")`;
///   `SQLRequest("…").asRequest(of: Int.self)` compiles);
/// - `Player.fetchOne(key: playerId)` lacks its database (`try Player.fetchOne(db, key: playerId)`).
@Suite struct RxGRDBSampleTests {
    @Test func usage() throws {
        let dbQueue = try makeDatabase()
        let score = Column("score")
        try dbQueue.inTransaction { db in
            for (name, points) in [("Arthur", 100), ("Barbara", 300), ("Craig", 200)] {
                let player = Player(name: name)
                player.score = points
                try player.insert(db)
            }
            return .commit
        }
        let best = try dbQueue.read { db in try Player.order(score.desc).limit(10).fetchAll(db) }
        #expect(best.map(\.name) == ["Barbara", "Craig", "Arthur"])
        let first = try dbQueue.read { db in try Player.filter(key: 1).fetchOne(db) }
        #expect(first?.name == "Arthur")
    }

    /// "if you track `Player.select(max(scoreColumn))`, then you'll get a notification for all
    /// changes performed on the `score` column […] However, you will not get any notification for
    /// changes performed on other database tables, or updates to other columns."
    @Test func whatIsDatabaseObservation() throws {
        let dbQueue = try makeDatabase()
        let scoreColumn = Column("score")
        let changes = Locked(0)
        let observation = DatabaseRegionObservation.tracking(Player.select(max(scoreColumn)))
        let cancellable = observation.start(in: dbQueue) { error in
            Issue.record(error)
        } onChange: { _ in
            changes.withLock { $0 += 1 }
        }
        try dbQueue.inDatabase { db in try Player(name: "Arthur").insert(db) }
        #expect(changes.current == 1)
        try dbQueue.inDatabase { db in try db.execute("UPDATE players SET name = 'Arthur II'") }
        try dbQueue.inDatabase { db in try Team(name: "Blue").insert(db) }
        #expect(changes.current == 1)
        try dbQueue.inDatabase { db in try db.execute("UPDATE players SET score = 10") }
        #expect(changes.current == 2)
        withExtendedLifetime(cancellable) {}
    }

    /// `Request.rx.changes(in:)`: one notification per transaction that changes the request (a
    /// DELETE of no row changes nothing), and `inDatabase` runs each statement in a transaction of
    /// its own.
    @Test func requestChanges() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in try Player(name: "Zoe").insert(db) }  // something to delete
        let request = Player.all()
        let changes = Locked(0)
        let cancellable = DatabaseRegionObservation.tracking(request).start(in: dbQueue) { error in
            Issue.record(error)
        } onChange: { _ in
            changes.withLock { $0 += 1 }  // print("Players table has changed.")
        }

        try dbQueue.inDatabase { db in
            try Player.deleteAll(db)
            // Prints "Players table has changed."
        }
        #expect(changes.current == 1)

        try dbQueue.inTransaction { db in
            try Player(name: "Arthur").insert(db)
            try Player(name: "Barbara").insert(db)
            return .commit
            // Prints "Players table has changed."
        }
        #expect(changes.current == 2)

        // Outside of a transaction, each statement is one.
        try dbQueue.inDatabase { db in
            try Player(name: "Craig").insert(db)
            try Player(name: "David").insert(db)
        }
        #expect(changes.current == 4)
        withExtendedLifetime(cancellable) {}
    }

    @Test func sqlRequestChanges() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in try Player(name: "Zoe").insert(db) }  // something to delete
        let request = SQLRequest<Row>("SELECT * FROM players")
        let changes = Locked(0)
        let cancellable = DatabaseRegionObservation.tracking(request).start(in: dbQueue) { error in
            Issue.record(error)
        } onChange: { _ in
            changes.withLock { $0 += 1 }
        }

        try dbQueue.inDatabase { db in
            try db.execute("DELETE FROM players")
            // Prints "Players table has changed."
        }
        #expect(changes.current == 1)
        withExtendedLifetime(cancellable) {}
    }

    @Test func fetchCount() throws {
        let dbQueue = try makeDatabase()
        let request = Player.all()
        try dbQueue.inDatabase { db in try Player(name: "Barbara").insert(db) }

        try dbQueue.inTransaction { db in
            try Player.deleteAll(db)
            try Player(name: "Arthur").insert(db)
            return .commit
            // Eventually prints "Number of players: 1"
        }
        #expect(try dbQueue.read { db in try request.fetchCount(db) } == 1)
    }

    @Test func fetchOne() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            try db.execute("INSERT INTO players (id, name) VALUES (42, 'Arthur'), (43, 'Barbara')")
        }
        let playerId = 42
        let request = Player.filter(key: playerId)
        let changes = Locked(0)
        let cancellable = DatabaseRegionObservation.tracking(request).start(in: dbQueue) { error in
            Issue.record(error)
        } onChange: { _ in
            changes.withLock { $0 += 1 }  // print("Player has changed")
        }

        try dbQueue.inDatabase { db in
            guard let player = try Player.fetchOne(db, key: playerId) else { return }

            player.score += 100
            try player.update(db)
            // Eventually prints "Player has changed"
            #expect(try request.fetchOne(db)?.score == 100)

            try player.delete(db)
            // Eventually prints "Player has changed"
        }
        #expect(changes.current == 2)
        #expect(try dbQueue.read { db in try request.fetchOne(db) } == nil)
        // The other player's changes are not the request's.
        try dbQueue.inDatabase { db in try db.execute("UPDATE players SET score = 1 WHERE id = 43") }
        #expect(changes.current == 2)
        withExtendedLifetime(cancellable) {}
    }

    @Test func fetchedValuesOfSQLRequests() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            try db.execute(
                """
                INSERT INTO rounds (score) VALUES (10), (30), (20);
                INSERT INTO links (url) VALUES ('https://example.com/rounds'), ('https://example.com/players');
                INSERT INTO players (name, email) VALUES ('Arthur', 'arthur@example.com'), ('Barbara', NULL);
                """)
        }

        let request = SQLRequest("SELECT MAX(score) FROM rounds").asRequest(of: Int.self)
        let maxScore: Int? = try dbQueue.read { db in try request.fetchOne(db) }
        #expect(maxScore == 30)

        let urlRequest = SQLRequest("SELECT url FROM links").asRequest(of: URL.self)
        let urls: [URL] = try dbQueue.read { db in try urlRequest.fetchAll(db) }
        #expect(urls.map(\.absoluteString) == ["https://example.com/rounds", "https://example.com/players"])

        // swift-format-ignore: UseShorthandTypeNames
        let emailRequest = SQLRequest("SELECT email FROM players").asRequest(of: Optional<String>.self)
        let emails: [String?] = try dbQueue.read { db in try emailRequest.fetchAll(db) }
        #expect(emails == ["arthur@example.com", nil])
    }

    @Test func fetchAll() throws {
        let dbQueue = try makeDatabase()
        let request = Player.order(Column("name"))
        try dbQueue.inDatabase { db in try Player(name: "Craig").insert(db) }

        try dbQueue.inTransaction { db in
            try Player.deleteAll(db)
            try Player(name: "Arthur").insert(db)
            try Player(name: "Barbara").insert(db)
            return .commit
            // Eventually prints "[Arthur, Barbara]"
        }
        #expect(try dbQueue.read { db in try request.fetchAll(db) }.map { $0.name } == ["Arthur", "Barbara"])
    }

    /// `DatabaseWriter.rx.changes(in: [players, teams])`: one notification per transaction that
    /// changes one of the requests.
    @Test func writerChanges() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in try Player(name: "Zoe").insert(db) }  // something to delete
        let players = Player.all()
        let teams = Team.all()
        let changes = Locked(0)
        let cancellable = DatabaseRegionObservation.tracking([players, teams]).start(in: dbQueue) { error in
            Issue.record(error)
        } onChange: { _ in
            changes.withLock { $0 += 1 }  // print("Changes in players or teams table")
        }

        try dbQueue.inDatabase { db in
            try Player.deleteAll(db)
            // Prints "Changes in players or teams table"
        }
        #expect(changes.current == 1)

        try dbQueue.inTransaction { db in
            let team = Team(name: "Blue")
            try team.insert(db)
            try Player(name: "Arthur", teamId: team.id).insert(db)
            return .commit
            // Prints "Changes in players or teams table"
        }
        #expect(changes.current == 2)
        let teamIds = try dbQueue.read { db in
            try Int64.fetchAll(db, sql: "SELECT teams.id FROM teams JOIN players ON players.teamId = teams.id")
        }
        #expect(teamIds.count == 1)
        withExtendedLifetime(cancellable) {}
    }

    @Test func writerChangesInSQLRequests() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in
            try Player(name: "Zoe").insert(db)  // something to delete
            try Team(name: "Red").insert(db)
        }
        let players = SQLRequest<Row>("SELECT * FROM players")
        let teams = SQLRequest<Row>("SELECT * FROM teams")
        let changes = Locked(0)
        let cancellable = DatabaseRegionObservation.tracking([players, teams]).start(in: dbQueue) { error in
            Issue.record(error)
        } onChange: { _ in
            changes.withLock { $0 += 1 }
        }

        try dbQueue.inDatabase { db in
            try db.execute("DELETE FROM players")
            // Prints "Changes in players or teams table"
        }
        #expect(changes.current == 1)
        try dbQueue.inDatabase { db in try db.execute("DELETE FROM teams") }
        #expect(changes.current == 2)
        withExtendedLifetime(cancellable) {}
    }

    /// The closure of `mapFetch`, run by a read.
    @Test func changeTokens() throws {
        let dbQueue = try makeDatabase()
        let scoreColumn = Column("score")
        try dbQueue.inTransaction { db in
            for index in 1...12 {
                let player = Player(name: "Player \(index)")
                player.score = index
                try player.insert(db)
            }
            return .commit
        }
        let fetch = { (db: Database) -> ([Player], Int) in
            let players = try Player.order(scoreColumn.desc).limit(10).fetchAll(db)
            let count = try Player.fetchCount(db)
            return (players, count)
        }
        let (players, count) = try dbQueue.read(fetch)
        #expect(players.map(\.score) == Array((3...12).reversed()))
        #expect(count == 12)
    }

    /// The requests that feed `PrimaryKeyDiffScanner` (which another module provides).
    @Test func primaryKeyDiffScannerRequests() throws {
        let dbQueue = try makeDatabase()
        try dbQueue.inDatabase { db in try db.execute("INSERT INTO places (id, name) VALUES (2, 'b'), (1, 'a')") }
        let request = Place.order(Column("id"))
        let rowRequest = request.asRequest(of: Row.self)
        let rows = try dbQueue.read { db in try rowRequest.fetchAll(db) }
        #expect(rows == [["id": 1, "name": "a"], ["id": 2, "name": "b"]])
        let places = try dbQueue.inDatabase { db in try request.fetchAll(db) }
        #expect(places.map(\.name) == ["a", "b"])
    }
}

/// A player of the samples: a class, as GRDB 2's `Record` subclasses were (`guard let player = …`
/// then `player.score += 100`), in the table the samples name.
private final class Player: FetchableRecord, PersistableRecord {
    static let databaseTableName = "players"
    var id: Int64?
    var name: String
    var score = 0
    var email: String?
    var teamId: Int64?

    init(name: String, teamId: Int64? = nil) {
        self.name = name
        self.teamId = teamId
    }

    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        name = try row.decode(forColumn: "name")
        score = try row.decode(forColumn: "score")
        email = try row.decode(forColumn: "email")
        teamId = try row.decode(forColumn: "teamId")
    }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
        container["score"] = score
        container["email"] = email
        container["teamId"] = teamId
    }

    func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A team of the samples, whose id is set by its insertion (`try team.insert(db)`, then `team.id`).
private final class Team: PersistableRecord {
    static let databaseTableName = "teams"
    var id: Int64?
    var name: String

    init(name: String) { self.name = name }

    func encode(to container: inout PersistenceContainer) {
        container["id"] = id
        container["name"] = name
    }

    func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }
}

/// A place of the `PrimaryKeyDiffScanner` sample.
private struct Place: Codable, FetchableRecord, TableRecord {
    static let databaseTableName = "places"
    var id: Int64
    var name: String
}

/// A queue with the tables of the samples.
private func makeDatabase() throws -> DatabaseQueue {
    let dbQueue = try DatabaseQueue()
    try dbQueue.inDatabase { db in
        try db.execute(
            """
            CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            CREATE TABLE players (
                id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL DEFAULT 0, email TEXT,
                teamId INTEGER REFERENCES teams(id));
            CREATE TABLE rounds (score INTEGER NOT NULL);
            CREATE TABLE links (url TEXT NOT NULL);
            CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
            """)
    }
    return dbQueue
}

import ReactiveSQLite

/// The records and the database of the samples of RxGRDB 0.7, written for GRDB 2.
enum GRDB2Samples {
    /// A player of the samples: a class, as GRDB 2's `Record` subclasses were (`guard let player =
    /// …`, then `player.score += 100`), in the table the samples name.
    ///
    /// `@unchecked Sendable`: the values observables publish players from a database thread to the
    /// scheduler's. A player is mutated only by the code that created or fetched it, before anything
    /// publishes it (the samples change a player in the database access that fetched it); no test
    /// mutates a player it received.
    final class Player: FetchableRecord, PersistableRecord, @unchecked Sendable {
        static let databaseTableName = "players"
        var id: Int64?
        var name: String
        var score = 0
        var email: String?
        var teamId: Int64?

        init(name: String, score: Int = 0, teamId: Int64? = nil) {
            self.name = name
            self.score = score
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

    /// A team of the samples, whose id is set by its insertion (`try team.insert(db)`, then
    /// `team.id`): a class, as `Player`, and never published.
    final class Team: PersistableRecord {
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
    struct Place: Codable, FetchableRecord, TableRecord, Sendable {
        static let databaseTableName = "places"
        var id: Int64
        var name: String
    }

    /// An in-memory queue with the tables of the samples.
    static func makeDatabase() throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        try createTables(in: dbQueue)
        return dbQueue
    }

    /// Creates the tables of the samples.
    static func createTables(in writer: some DatabaseWriter) throws {
        try writer.writeWithoutTransaction { db in
            try db.execute(
                sql: """
                    CREATE TABLE teams (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                    CREATE TABLE players (
                        id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL DEFAULT 0, email TEXT,
                        teamId INTEGER REFERENCES teams(id));
                    CREATE TABLE rounds (score INTEGER NOT NULL);
                    CREATE TABLE links (url TEXT NOT NULL);
                    CREATE TABLE places (id INTEGER PRIMARY KEY, name TEXT NOT NULL);
                    """)
        }
    }
}

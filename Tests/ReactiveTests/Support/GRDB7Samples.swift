import RSTestSupport
import RSTesting
import ReactiveSQLite

/// The records and the database of the samples of RxGRDB 3 and of GRDB's Combine guide, written
/// for GRDB 6 and 7.
enum GRDB7Samples {
    /// A player of the samples: a struct, whose insertion does not change it.
    struct Player: Codable, Equatable, FetchableRecord, PersistableRecord, Sendable {
        var id: Int64?
        var name: String
        var score: Int

        init(name: String, score: Int = 0) {
            self.name = name
            self.score = score
        }
    }

    /// An in-memory queue with the player table of the samples.
    static func makeQueue() throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue()
        try createTables(in: dbQueue)
        return dbQueue
    }

    /// A pool in `directory`, with the player table of the samples.
    static func makePool(in directory: TemporaryDatabaseDirectory) throws -> DatabasePool {
        let dbPool = try DatabasePool(path: directory.path("db.sqlite"))
        try createTables(in: dbPool)
        return dbPool
    }

    /// Creates the player table of the samples.
    static func createTables(in writer: some DatabaseWriter) throws {
        try writer.write { db in
            try db.execute(
                sql:
                    "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL, score INTEGER NOT NULL DEFAULT 0)"
            )
        }
    }
}

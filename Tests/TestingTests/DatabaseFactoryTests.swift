import Foundation
import RSTesting
import ReactiveSQLite
import Testing

/// The databases made for tests: `DatabaseQueue.inMemoryForTesting` and
/// `DatabasePool.temporaryForTesting`.
@Suite struct DatabaseFactoryTests {
    private var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("createPlayer") { db in
            try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
        }
        migrator.registerMigration("addScore") { db in
            try db.execute(sql: "ALTER TABLE player ADD COLUMN score INTEGER NOT NULL DEFAULT 0")
        }
        return migrator
    }

    @Test func inMemoryQueueIsEmptyWithoutMigrator() throws {
        let dbQueue = try DatabaseQueue.inMemoryForTesting(driver: .sqlite)
        #expect(dbQueue.path == ":memory:")
        #expect(try dbQueue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM sqlite_master") } == 0)
    }

    @Test func inMemoryQueueIsMigrated() throws {
        let dbQueue = try DatabaseQueue.inMemoryForTesting(migrator: migrator, driver: .sqlite)
        let (applied, columns) = try dbQueue.read { db in
            try (migrator.appliedMigrations(db), db.columns(in: "player").map(\.name))
        }
        #expect(applied == ["createPlayer", "addScore"])
        #expect(columns == ["id", "name", "score"])
    }

    /// Each call gives a database of its own.
    @Test func inMemoryQueuesArePrivate() throws {
        let first = try DatabaseQueue.inMemoryForTesting(migrator: migrator, driver: .sqlite)
        let second = try DatabaseQueue.inMemoryForTesting(migrator: migrator, driver: .sqlite)
        try first.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        #expect(try second.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") } == 0)
    }

    @Test func inMemoryQueueUsesTheConfiguration() throws {
        var configuration = Configuration()
        configuration.foreignKeysEnabled = false
        let dbQueue = try DatabaseQueue.inMemoryForTesting(configuration: configuration, driver: .sqlite)
        #expect(try dbQueue.read { db in try Bool.fetchOne(db, sql: "PRAGMA foreign_keys") } == false)
    }

    /// A failed migration fails the factory with its error.
    @Test func failedMigrationThrows() throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("broken") { db in try db.execute(sql: "CREATE TABLE") }
        let error = try #require(throws: DatabaseError.self) {
            try DatabaseQueue.inMemoryForTesting(migrator: migrator, driver: .sqlite)
        }
        #expect(error.resultCode == .SQLITE_ERROR)
        #expect(error.message == "incomplete input")
    }

    @Test func temporaryPoolIsMigratedInWALMode() throws {
        let dbPool = try DatabasePool.temporaryForTesting(migrator: migrator, driver: .sqlite)
        #expect(FileManager.default.fileExists(atPath: dbPool.path))
        let (applied, journalMode) = try dbPool.read { db in
            try (migrator.appliedMigrations(db), String.fetchOne(db, sql: "PRAGMA journal_mode"))
        }
        #expect(applied == ["createPlayer", "addScore"])
        #expect(journalMode == "wal")
    }

    /// The directory of the pool goes away with the pool.
    @Test func temporaryPoolDirectoryIsRemovedWithThePool() throws {
        var dbPool: DatabasePool? = try DatabasePool.temporaryForTesting(migrator: migrator, driver: .sqlite)
        try dbPool!.write { db in try db.execute(sql: "INSERT INTO player (name) VALUES ('Arthur')") }
        #expect(try dbPool!.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player") } == 1)
        let directory = URL(fileURLWithPath: dbPool!.path).deletingLastPathComponent().path
        #expect(FileManager.default.fileExists(atPath: directory))
        dbPool = nil
        #expect(!FileManager.default.fileExists(atPath: directory))
    }

    /// Each call gives a database of its own.
    @Test func temporaryPoolsArePrivate() throws {
        let first = try DatabasePool.temporaryForTesting(driver: .sqlite)
        let second = try DatabasePool.temporaryForTesting(driver: .sqlite)
        #expect(first.path != second.path)
    }
}

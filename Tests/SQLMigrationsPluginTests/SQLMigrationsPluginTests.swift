import RSTesting
import ReactiveSQLite
import Testing

/// The migrations that the RSSQLMigrations plugin generates from the .sql files of this target
/// (Migrations/): their order, their identifiers, and what they do to a database.
@Suite struct SQLMigrationsPluginTests {
    /// The identifiers of the files, in the order of their numbers: 10 runs after 2, although its file
    /// name sorts before.
    static let identifiers = ["createPlayer", "createTeam", "addPlayerTeam", "seedTeams"]

    @Test func registersTheFilesInTheOrderOfTheirNumbers() {
        #expect(DatabaseMigrator.sqlMigrations.migrations == Self.identifiers)
    }

    @Test func migratesADatabase() throws {
        let dbQueue = try DatabaseQueue.inMemoryForTesting(migrator: .sqlMigrations, driver: .sqlite)
        let schema = try dbQueue.read { db in try Schema(db) }
        #expect(schema.appliedMigrations == Self.identifiers)
        #expect(schema.playerColumns == ["id", "name", "score", "teamId"])
        #expect(schema.teamColumns == ["id", "name"])
        #expect(schema.indexes == ["player_teamId", "team_name"])
        #expect(schema.playerForeignKeyTables == ["team"])
    }

    /// The text of the files reaches SQLite as it is: quotes, backslashes, `\(`, `"""`, tabs,
    /// non-ASCII letters, and the CRLF line endings of 11_seedTeams.sql.
    @Test func runsTheTextOfTheFilesAsItIs() throws {
        let dbQueue = try DatabaseQueue.inMemoryForTesting(migrator: .sqlMigrations, driver: .sqlite)
        let names = try dbQueue.read { db in try String.fetchAll(db, sql: "SELECT name FROM team ORDER BY id") }
        #expect(
            names == [
                "Les \"Bleus\"",
                ##"back\slash \(interpolation) """triple"""#"##,
                "tab\there",
                "Zürich 🦊",
                "two\r\nlines",
            ])
    }

    /// `registerSQLMigrations()` appends the files' migrations to those registered before, and the
    /// migrator applies each once.
    @Test func registersAfterOtherMigrations() throws {
        var migrator = DatabaseMigrator()
        migrator.registerMigration("swiftFirst") { db in
            try db.execute(sql: "CREATE TABLE setting (key TEXT PRIMARY KEY, value TEXT)")
        }
        migrator.registerSQLMigrations()
        migrator.registerMigration("swiftLast") { db in
            try db.execute(
                sql: "INSERT INTO player (name, teamId) SELECT 'Arthur', id FROM team WHERE name = 'tab\there'")
        }
        #expect(migrator.migrations == ["swiftFirst"] + Self.identifiers + ["swiftLast"])

        let dbQueue = try DatabaseQueue.inMemoryForTesting(migrator: migrator, driver: .sqlite)
        try migrator.migrate(dbQueue)
        let (applied, playerCount, teamCount) = try dbQueue.read { db in
            try (
                migrator.appliedMigrations(db), Int.fetchOne(db, sql: "SELECT COUNT(*) FROM player"),
                Int.fetchOne(db, sql: "SELECT COUNT(*) FROM team")
            )
        }
        #expect(applied == migrator.migrations)
        #expect(playerCount == 1)
        #expect(teamCount == 5)
    }

    /// A database migrated up to a file's migration has the schema of the files before it only.
    @Test func migratesUpToAFile() throws {
        let dbQueue = try DatabaseQueue.inMemoryForTesting(driver: .sqlite)
        try DatabaseMigrator.sqlMigrations.migrate(dbQueue, upTo: "createTeam")
        let schema = try dbQueue.read { db in try Schema(db) }
        #expect(schema.appliedMigrations == ["createPlayer", "createTeam"])
        #expect(schema.playerColumns == ["id", "name", "score"])
    }
}

/// What the tests check of a database's schema.
private struct Schema {
    var appliedMigrations: [String]
    var playerColumns: [String]
    var teamColumns: [String]
    var indexes: [String]
    var playerForeignKeyTables: [String]

    init(_ db: Database) throws {
        appliedMigrations = try DatabaseMigrator.sqlMigrations.appliedMigrations(db)
        playerColumns = try db.columns(in: "player").map(\.name)
        teamColumns = try db.tableExists("team") ? db.columns(in: "team").map(\.name) : []
        indexes = try String.fetchAll(
            db, sql: "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL ORDER BY name")
        playerForeignKeyTables = try db.foreignKeys(on: "player").map(\.destinationTable)
    }
}

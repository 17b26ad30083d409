import RSCore

/// Applies the schema changes of an application, in order, once each.
///
/// ```swift
/// var migrator = DatabaseMigrator()
/// migrator.registerMigration("v1") { db in
///     try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
/// }
/// migrator.registerMigration("v2") { db in
///     try db.execute(sql: "ALTER TABLE player ADD COLUMN score INTEGER NOT NULL DEFAULT 0")
/// }
/// try migrator.migrate(dbQueue)
/// ```
///
/// Applied migrations are recorded in the table `grdb_migrations`, the one GRDB uses, so that a
/// database migrated by GRDB keeps its history. Each migration runs in a transaction: a migration
/// that throws leaves the database as it was before it. Migrations run without the schema source
/// of the connection (`Database.withSchemaSource(_:execute:)` brings one back), as in GRDB.
public struct DatabaseMigrator: Sendable {
    /// How foreign keys are checked around a migration.
    public enum ForeignKeyChecks: Sendable {
        /// Foreign keys are disabled while the migration runs, and checked before it commits: a
        /// migration may recreate tables, as SQLite recommends for the schema changes ALTER TABLE
        /// cannot make.
        case deferred
        /// Foreign keys stay enforced while the migration runs.
        case immediate
    }

    private struct Migration: Sendable {
        let identifier: String
        /// The identifiers of the migrations of earlier versions of the application that this one
        /// merges and replaces (never its own).
        let mergedIdentifiers: Set<String>
        /// How foreign keys are checked: `.deferred` with `checksDeferredForeignKeys` false runs the
        /// migration with foreign keys disabled, and does not check them.
        let foreignKeyChecks: ForeignKeyChecks
        let checksDeferredForeignKeys: Bool
        /// The changes; the argument is the set of the merged migrations that were applied.
        let migrate: @Sendable (Database, Set<String>) throws -> Void
    }

    private var registered: [Migration] = []

    /// Whether the migrations registered from now on check the foreign keys that they defer.
    private var checksDeferredForeignKeys = true

    /// Whether the database is erased and migrated again when the registered migrations would
    /// build a schema other than the current one (for development only: data is lost).
    public var eraseDatabaseOnSchemaChange = false

    /// A migrator with no migration.
    public init() {}

    /// The identifiers of the registered migrations, in order.
    public var migrations: [String] { registered.map { $0.identifier } }

    /// Registers a migration; it runs after those registered before it.
    ///
    /// - precondition: No other migration has this identifier.
    public mutating func registerMigration(
        _ identifier: String,
        foreignKeyChecks: ForeignKeyChecks = .deferred,
        migrate: @escaping @Sendable (Database) throws -> Void
    ) {
        registerMigration(identifier, foreignKeyChecks: foreignKeyChecks) { db, _ in try migrate(db) }
    }

    /// Registers a migration that merges, and replaces, migrations of earlier versions of the
    /// application; it runs after those registered before it.
    ///
    /// On a database where some merged migrations were applied, the migration receives their
    /// identifiers, and makes the changes of the others only. Once it is applied, the database
    /// records it in place of the merged ones.
    ///
    /// ```swift
    /// // Replaces the migrations "v1" and "v2" of earlier versions:
    /// migrator.registerMigration("v2", merging: ["v1"]) { db, appliedIdentifiers in
    ///     if !appliedIdentifiers.contains("v1") {
    ///         try db.execute(sql: "CREATE TABLE player (id INTEGER PRIMARY KEY, name TEXT NOT NULL)")
    ///     }
    ///     try db.execute(sql: "ALTER TABLE player ADD COLUMN score INTEGER NOT NULL DEFAULT 0")
    /// }
    /// ```
    ///
    /// Name it as the last merged migration, or with a new name, but not as another merged one: a
    /// database where that one was applied would not apply it. Its own identifier among the merged
    /// ones is ignored.
    ///
    /// - precondition: No other migration has this identifier.
    public mutating func registerMigration(
        _ identifier: String,
        foreignKeyChecks: ForeignKeyChecks = .deferred,
        merging mergedIdentifiers: Set<String> = [],
        migrate: @escaping @Sendable (_ db: Database, _ appliedIdentifiers: Set<String>) throws -> Void
    ) {
        precondition(!migrations.contains(identifier), "already registered migration: \(identifier)")
        registered.append(
            Migration(
                identifier: identifier, mergedIdentifiers: mergedIdentifiers.subtracting([identifier]),
                foreignKeyChecks: foreignKeyChecks, checksDeferredForeignKeys: checksDeferredForeignKeys,
                migrate: migrate))
    }

    /// A migrator whose migrations registered from now on with `.deferred` foreign key checks run
    /// with foreign keys disabled, and are not checked for violations before they commit (faster
    /// on a large database, at the risk of leaving violations behind). The migrations registered
    /// before are not changed.
    public func disablingDeferredForeignKeyChecks() -> DatabaseMigrator {
        var migrator = self
        migrator.checksDeferredForeignKeys = false
        return migrator
    }

    /// Applies every migration that was not applied yet.
    ///
    /// - throws: The error of a failed migration (the database is left as it was before that
    ///   migration), or a `DatabaseError` for a foreign key violation.
    public func migrate(_ writer: some DatabaseWriter) throws {
        try migrate(writer, upTo: registered.last?.identifier)
    }

    /// Applies the migrations that were not applied yet, up to and including the given one.
    ///
    /// - precondition: The migration is registered.
    public func migrate(_ writer: some DatabaseWriter, upTo targetIdentifier: String) throws {
        try migrate(writer, upTo: Optional(targetIdentifier))
    }

    /// Applies every migration that was not applied yet, later, then calls `completion` with the
    /// database, or with the error of a failed migration.
    public func asyncMigrate(
        _ writer: any DatabaseWriter, completion: @escaping @Sendable (Result<Database, any Error>) -> Void
    ) {
        writer.asyncBarrierWriteWithoutTransaction { database in
            completion(
                Result {
                    let db = try database.get()
                    try migrate(db, upTo: registered.last?.identifier)
                    return db
                })
        }
    }

    private func migrate(_ writer: some DatabaseWriter, upTo targetIdentifier: String?) throws {
        try writer.barrierWriteWithoutTransaction { db in try migrate(db, upTo: targetIdentifier) }
    }

    private func migrate(_ db: Database, upTo targetIdentifier: String?) throws {
        guard let targetIdentifier else { return }
        guard let targetIndex = migrations.firstIndex(of: targetIdentifier) else {
            preconditionFailure("undefined migration: \(targetIdentifier)")
        }
        if eraseDatabaseOnSchemaChange, try hasSchemaChanges(db) {
            try db.erase()
        }
        try createMigrationsTable(db)
        let applied = try appliedIdentifiers(db)
        for migration in registered[...targetIndex] {
            let appliedMerged = migration.mergedIdentifiers.intersection(applied)
            if !applied.contains(migration.identifier) {
                try run(migration, appliedMerged: appliedMerged, db)
            } else if !appliedMerged.isEmpty {
                // Applied, and some merged ones are still recorded (the application of a merged
                // migration renamed after the last one it merges, say): the database forgets them.
                try db.inTransaction(.immediate) {
                    try forget(appliedMerged, db)
                    return .commit
                }
            }
        }
    }

    /// Removes migrations from the record of the applied ones.
    private func forget(_ identifiers: Set<String>, _ db: Database) throws {
        guard !identifiers.isEmpty else { return }
        let placeholders = Array(repeating: "?", count: identifiers.count).joined(separator: ", ")
        try db.execute(
            sql: "DELETE FROM grdb_migrations WHERE identifier IN (\(placeholders))",
            arguments: StatementArguments(identifiers.sorted()))
    }

    /// The identifiers of the registered migrations that were applied, in the order of registration.
    public func appliedMigrations(_ db: Database) throws -> [String] {
        let applied = try appliedIdentifiers(db)
        return migrations.filter(applied.contains)
    }

    /// The identifiers of every applied migration, registered or not.
    public func appliedIdentifiers(_ db: Database) throws -> Set<String> {
        guard try db.tableExists("grdb_migrations") else { return [] }
        return try String.fetchSet(db, sql: "SELECT identifier FROM grdb_migrations")
    }

    /// The identifiers of the registered migrations that were applied with every migration
    /// registered before them, in the order of registration.
    public func completedMigrations(_ db: Database) throws -> [String] {
        let applied = try appliedIdentifiers(db)
        return Array(migrations.prefix(while: applied.contains))
    }

    /// Whether every registered migration was applied.
    public func hasCompletedMigrations(_ db: Database) throws -> Bool {
        try completedMigrations(db).count == registered.count
    }

    /// Whether the database was migrated with migrations this migrator does not know (likely by
    /// a newer version of the application).
    public func hasBeenSuperseded(_ db: Database) throws -> Bool {
        try !appliedIdentifiers(db).isSubset(of: migrations)
    }

    private func createMigrationsTable(_ db: Database) throws {
        try db.execute(sql: "CREATE TABLE IF NOT EXISTS grdb_migrations (identifier TEXT NOT NULL PRIMARY KEY)")
    }

    /// Runs a migration without schema source: what it does depends on SQLite's schema only.
    private func run(_ migration: Migration, appliedMerged: Set<String>, _ db: Database) throws {
        try db.withSchemaSource(nil) { try runWithoutSchemaSource(migration, appliedMerged: appliedMerged, db) }
    }

    private func runWithoutSchemaSource(_ migration: Migration, appliedMerged: Set<String>, _ db: Database) throws {
        // The connection's setting, which `prepareDatabase` may have changed, not the configuration's.
        let disablesForeignKeys =
            try migration.foreignKeyChecks == .deferred && Bool.fetchOne(db, sql: "PRAGMA foreign_keys") == true
        let checksForeignKeys = disablesForeignKeys && migration.checksDeferredForeignKeys
        if disablesForeignKeys {
            try db.execute(sql: "PRAGMA foreign_keys = OFF")
        }
        defer {
            if disablesForeignKeys { try? db.execute(sql: "PRAGMA foreign_keys = ON") }
        }
        try db.inTransaction(.immediate) {
            try migration.migrate(db, appliedMerged)
            if checksForeignKeys {
                try checkForeignKeys(db, migration: migration.identifier)
            }
            try db.execute(
                sql: "INSERT INTO grdb_migrations (identifier) VALUES (?)", arguments: [migration.identifier])
            try forget(appliedMerged, db)
            return .commit
        }
    }

    private func checkForeignKeys(_ db: Database, migration: String) throws {
        guard let violation = try Row.fetchOne(db, sql: "PRAGMA foreign_key_check") else { return }
        let table: String = violation["table"]
        let parent: String = violation["parent"]
        let rowID: Int64? = violation["rowid"]
        throw DatabaseError(
            resultCode: .SQLITE_CONSTRAINT_FOREIGNKEY,
            message: "FOREIGN KEY constraint violation in migration \(migration): "
                + "a row of table \(table)\(rowID.map { " (rowid \($0))" } ?? "") references a missing row of \(parent)",
            sql: "PRAGMA foreign_key_check")
    }

    /// Whether the database was migrated with migrations that are not registered, or has another
    /// schema than the registered migrations give, run up to the last applied one on an empty
    /// in-memory database: what `eraseDatabaseOnSchemaChange` erases. A database without applied
    /// migrations (a seed database, say) has no schema change, as in GRDB.
    public func hasSchemaChanges(_ db: Database) throws -> Bool {
        let applied = try appliedIdentifiers(db)
        if !applied.isSubset(of: migrations) { return true }
        guard let lastApplied = migrations.last(where: applied.contains) else { return false }
        var configuration = db.configuration
        // An in-memory database can use neither WAL nor read-only mode. Its queue must not target
        // the queues of this connection's accesses, from which it is used: that would deadlock.
        configuration.journalMode = .default
        configuration.readonly = false
        configuration.targetQueue = nil
        configuration.writeTargetQueue = nil
        let reference = try DatabaseQueue(named: nil, configuration: configuration, driver: db.driver)
        defer { try? reference.close() }
        var referenceMigrator = DatabaseMigrator()
        referenceMigrator.registered = registered
        try referenceMigrator.migrate(reference, upTo: lastApplied)
        return try reference.read { try schema($0) } != schema(db)
    }

    private func schema(_ db: Database) throws -> Set<Row> {
        try Row.fetchSet(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE name NOT LIKE 'sqlite_%'")
    }
}

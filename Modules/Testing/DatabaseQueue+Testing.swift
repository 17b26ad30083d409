import RSCore
import RSMigrations

extension DatabaseQueue {
    /// A new private in-memory database, migrated with `migrator` if one is given: a fresh database
    /// for each test, which disappears with the queue.
    ///
    /// ```swift
    /// let dbQueue = try DatabaseQueue.inMemoryForTesting(migrator: AppDatabase.migrator, driver: .sqlite)
    /// ```
    ///
    /// - parameters:
    ///   - migrator: The migrations to apply, if any.
    ///   - configuration: The configuration of the connection.
    ///   - driver: The SQLite library: `.sqlite` (the `ReactiveSQLite` product) or `.sqlcipher` (the
    ///     `ReactiveSQLCipher` product; its passphrase goes in the configuration's `prepareDatabase`).
    /// - throws: A `DatabaseError` when the database cannot be opened, or the error of a failed
    ///   migration.
    public static func inMemoryForTesting(
        migrator: DatabaseMigrator? = nil,
        configuration: Configuration = Configuration(),
        driver: DatabaseDriver
    ) throws -> DatabaseQueue {
        let dbQueue = try DatabaseQueue(named: nil, configuration: configuration, driver: driver)
        try migrator?.migrate(dbQueue)
        return dbQueue
    }
}

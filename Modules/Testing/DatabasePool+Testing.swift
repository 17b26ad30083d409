import Foundation
import RSCore
import RSMigrations

extension DatabasePool {
    /// A new database pool on a file of a new temporary directory, migrated with `migrator` if one is
    /// given: for tests of code that needs a pool (concurrent reads, WAL). The directory is removed
    /// once the pool and all its connections are deinitialized.
    ///
    /// ```swift
    /// let dbPool = try DatabasePool.temporaryForTesting(migrator: AppDatabase.migrator, driver: .sqlite)
    /// ```
    ///
    /// - parameters:
    ///   - migrator: The migrations to apply, if any.
    ///   - configuration: The configuration of the connections.
    ///   - driver: The SQLite library: `.sqlite` (the `ReactiveSQLite` product) or `.sqlcipher` (the
    ///     `ReactiveSQLCipher` product; its passphrase goes in the configuration's `prepareDatabase`).
    /// - throws: An error when the directory cannot be created, a `DatabaseError` when the database
    ///   cannot be opened, or the error of a failed migration.
    public static func temporaryForTesting(
        migrator: DatabaseMigrator? = nil,
        configuration: Configuration = Configuration(),
        driver: DatabaseDriver
    ) throws -> DatabasePool {
        let directory = try TemporaryDatabaseDirectory()
        var configuration = configuration
        // Every connection keeps its configuration, and with it the directory: the directory goes away
        // after the last connection is closed.
        configuration.prepareDatabase { _ in withExtendedLifetime(directory) {} }
        let dbPool = try DatabasePool(path: directory.databasePath, configuration: configuration, driver: driver)
        try migrator?.migrate(dbPool)
        return dbPool
    }
}

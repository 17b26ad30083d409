extension DatabaseQueue {
    /// An in-memory database with the content of a database file, which is opened read-only and
    /// left unchanged: for tests, say, that start from a fixture file.
    ///
    /// - parameters:
    ///   - path: The path of the database file.
    ///   - configuration: The configuration of both connections (the source's is made read-only).
    ///   - driver: The SQLite library.
    /// - throws: A `DatabaseError` when the file cannot be opened or copied.
    public static func inMemoryCopy(
        fromPath path: String, configuration: Configuration = Configuration(), driver: DatabaseDriver
    ) throws -> DatabaseQueue {
        try copy(fromPath: path, toPath: ":memory:", configuration: configuration, driver: driver)
    }

    /// A private temporary database on disk (SQLite deletes its file when the queue closes) with the
    /// content of a database file, which is opened read-only and left unchanged: a copy larger than
    /// memory allows, or one whose changes are thrown away.
    ///
    /// - parameters:
    ///   - path: The path of the database file.
    ///   - configuration: The configuration of both connections (the source's is made read-only).
    ///   - driver: The SQLite library.
    /// - throws: A `DatabaseError` when the file cannot be opened or copied.
    public static func temporaryCopy(
        fromPath path: String, configuration: Configuration = Configuration(), driver: DatabaseDriver
    ) throws -> DatabaseQueue {
        // An empty path opens a private temporary database on disk.
        try copy(fromPath: path, toPath: "", configuration: configuration, driver: driver)
    }

    private static func copy(
        fromPath path: String, toPath copyPath: String, configuration: Configuration, driver: DatabaseDriver
    ) throws -> DatabaseQueue {
        var sourceConfiguration = configuration
        sourceConfiguration.readonly = true
        sourceConfiguration.outsideChanges = .ignored
        let source = try DatabaseQueue(path: path, configuration: sourceConfiguration, driver: driver)
        var copyConfiguration = configuration
        copyConfiguration.readonly = false
        // No other connection uses a copy: WAL would bring nothing, and an in-memory database has none.
        copyConfiguration.journalMode = .default
        let copy = try DatabaseQueue(path: copyPath, configuration: copyConfiguration, driver: driver)
        try source.backup(to: copy)
        if configuration.readonly {
            try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA query_only = 1") }
        }
        return copy
    }
}

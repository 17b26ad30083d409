import RSCore

extension DatabaseQueue {
    /// Opens a database file, created if needed, over SQLCipher.
    ///
    /// Give the passphrase of an encrypted database in the configuration:
    ///
    /// ```swift
    /// var config = Configuration()
    /// config.prepareDatabase { db in try db.usePassphrase("secret") }
    /// let dbQueue = try DatabaseQueue(path: path, configuration: config)
    /// ```
    ///
    /// - throws: A `DatabaseError` when the file cannot be opened or is not a database; with
    ///   `SQLITE_NOTADB` when the passphrase is wrong or missing.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws {
        try self.init(path: path, configuration: configuration, driver: .sqlcipher)
    }

    /// Opens an in-memory database over SQLCipher: private when `name` is nil, shared by the queues
    /// of the same name otherwise.
    public convenience init(named name: String? = nil, configuration: Configuration = Configuration()) throws {
        try self.init(named: name, configuration: configuration, driver: .sqlcipher)
    }

    /// An in-memory database with the content of a database file, over SQLCipher (see
    /// `inMemoryCopy(fromPath:configuration:driver:)`).
    public static func inMemoryCopy(fromPath path: String, configuration: Configuration = Configuration()) throws
        -> DatabaseQueue
    {
        try inMemoryCopy(fromPath: path, configuration: configuration, driver: .sqlcipher)
    }

    /// A private temporary database on disk with the content of a database file, over SQLCipher (see
    /// `temporaryCopy(fromPath:configuration:driver:)`).
    public static func temporaryCopy(fromPath path: String, configuration: Configuration = Configuration()) throws
        -> DatabaseQueue
    {
        try temporaryCopy(fromPath: path, configuration: configuration, driver: .sqlcipher)
    }
}

extension DatabasePool {
    /// Opens a database file, created if needed, in WAL mode, over SQLCipher.
    ///
    /// Every connection of the pool, the writer and each reader, runs the `prepareDatabase`
    /// functions of the configuration, and so gets the passphrase.
    ///
    /// - throws: A `DatabaseError` when the file cannot be opened, is not a database, or cannot use
    ///   WAL; with `SQLITE_NOTADB` when the passphrase is wrong or missing.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws {
        try self.init(path: path, configuration: configuration, driver: .sqlcipher)
    }
}

import RSCore

extension DatabaseQueue {
    /// Opens a database file, created if needed, over the system SQLite.
    ///
    /// - throws: A `DatabaseError` when the file cannot be opened or is not a database.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws {
        try self.init(path: path, configuration: configuration, driver: .sqlite)
    }

    /// Opens an in-memory database over the system SQLite: private when `name` is nil, shared by
    /// the queues of the same name otherwise.
    public convenience init(named name: String? = nil, configuration: Configuration = Configuration()) throws {
        try self.init(named: name, configuration: configuration, driver: .sqlite)
    }

    /// An in-memory database with the content of a database file, over the system SQLite (see
    /// `inMemoryCopy(fromPath:configuration:driver:)`).
    public static func inMemoryCopy(fromPath path: String, configuration: Configuration = Configuration()) throws
        -> DatabaseQueue
    {
        try inMemoryCopy(fromPath: path, configuration: configuration, driver: .sqlite)
    }

    /// A private temporary database on disk with the content of a database file, over the system SQLite (see
    /// `temporaryCopy(fromPath:configuration:driver:)`).
    public static func temporaryCopy(fromPath path: String, configuration: Configuration = Configuration()) throws
        -> DatabaseQueue
    {
        try temporaryCopy(fromPath: path, configuration: configuration, driver: .sqlite)
    }
}

extension DatabasePool {
    /// Opens a database file, created if needed, in WAL mode, over the system SQLite.
    ///
    /// - throws: A `DatabaseError` when the file cannot be opened, is not a database, or cannot use WAL.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws {
        try self.init(path: path, configuration: configuration, driver: .sqlite)
    }
}

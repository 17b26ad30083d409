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
}

extension DatabasePool {
    /// Opens a database file, created if needed, in WAL mode, over the system SQLite.
    ///
    /// - throws: A `DatabaseError` when the file cannot be opened, is not a database, or cannot use WAL.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws {
        try self.init(path: path, configuration: configuration, driver: .sqlite)
    }
}

/// A reader of a `DatabasePool` that always sees the database as it was when the snapshot was made,
/// whatever the writes that follow (`DatabasePool.makeSnapshot()`).
///
/// ```swift
/// let snapshot = try dbPool.makeSnapshot()
/// try dbPool.write { db in try Player.deleteAll(db) }
/// let count = try snapshot.read { db in try Player.fetchCount(db) }   // the players before the deletion
/// ```
///
/// A snapshot is one read-only connection that keeps one read transaction open for its whole life:
/// it reads one access at a time, and, as long as it lives, keeps the pool's checkpoints from
/// emptying the write-ahead log past its transaction. Close it, or release it, when it is no
/// longer needed. An observation of a snapshot notifies its one value.
public final class DatabaseSnapshot: DatabaseSnapshotReader {
    /// The configuration of the connection (read-only, in a long-lived transaction).
    public let configuration: Configuration
    /// The path of the database file.
    public let path: String
    private let owner = DatabaseAccessOwner()
    private let reader: SerializedDatabase

    /// Opens a connection to the database file (with the read-only configuration of the pool's
    /// readers), and starts the read transaction whose snapshot of the database it keeps.
    init(path: String, configuration: Configuration, driver: DatabaseDriver, label: String) throws {
        var configuration = configuration
        // The read transaction outlives each access.
        configuration.allowsUnsafeTransactions = true
        self.configuration = configuration
        self.path = path
        reader = try SerializedDatabase(
            path: path, description: label, configuration: configuration, driver: driver, owner: owner,
            commitClock: CommitClock())
        try reader.sync { db in
            try db.beginTransaction(.deferred)
            // The first read of the transaction starts its snapshot.
            try db.clearCachesIfSchemaChanged()
        }
    }

    /// Runs `value` on the snapshot, and returns its result (its misuses stop the program: a call
    /// from inside an access of the snapshot, or after it was closed).
    public func read<T>(_ value: (Database) throws -> T) rethrows -> T {
        try reader.syncRethrowing(value)
    }

    /// Runs `value` on the snapshot later.
    public func asyncRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        reader.async(value)
    }

    /// The same as `read(_:)`: the accesses of a snapshot are never unsafe.
    public func unsafeRead<T>(_ value: (Database) throws -> T) rethrows -> T {
        try reader.syncRethrowing(value)
    }

    /// The same as `asyncRead(_:)`: the accesses of a snapshot are never unsafe.
    public func asyncUnsafeRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        reader.async(value)
    }

    // The async accesses are members of the class, so that an `await` picks them over the
    // synchronous ones.

    /// Runs `value` on the snapshot, without blocking the calling task.
    public func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await LentClosure.run(value, schedule: asyncRead)
    }

    /// The same as `read(_:)`: the accesses of a snapshot are never unsafe.
    public func unsafeRead<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await read(value)
    }

    /// Runs `value` at once from inside an access of the snapshot; otherwise as `read(_:)` does.
    public func unsafeReentrantRead<T>(_ value: (Database) throws -> T) throws -> T {
        if let result = try reader.reentrantSync(value) { return result }
        return try reader.sync(value)
    }

    /// Ends the read transaction and closes the connection; later accesses fail.
    public func close() throws {
        try reader.sync { db in try db.rollback() }
        reader.close()
    }

    /// Interrupts the statement that runs, if any.
    public func interrupt() {
        reader.interrupt()
    }
}

/// A reader whose accesses all see the same database content: a ``DatabaseSnapshot``.
public protocol DatabaseSnapshotReader: DatabaseReader {}

extension DatabaseSnapshotReader {
    /// Runs `value` at once from inside an access of the reader, or as `read(_:)` does otherwise:
    /// nested reads are safe, since they all see the same content.
    public func reentrantRead<T>(_ value: (Database) throws -> T) throws -> T {
        try unsafeReentrantRead(value)
    }

    /// The same as `read(_:)`: all the accesses of such a reader see the same content, and none is
    /// unsafe.
    @_disfavoredOverload
    public func unsafeRead<T>(_ value: (Database) throws -> T) throws -> T {
        try read(value)
    }

    /// The same as `asyncRead(_:)`: all the accesses of such a reader see the same content, and
    /// none is unsafe.
    public func asyncUnsafeRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        asyncRead(value)
    }

    /// The same as `read(_:)`, without blocking the calling task: all the accesses of such a
    /// reader see the same content, and none is unsafe.
    public func unsafeRead<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await read(value)
    }
}

/// A database connection that serializes every access on one dispatch queue.
///
/// ```swift
/// let dbQueue = try DatabaseQueue(path: "/path/to/db.sqlite")  // a file
/// let dbQueue = try DatabaseQueue()                            // a private in-memory database
///
/// try dbQueue.write { db in try db.execute(sql: "INSERT …") }
/// let count = try dbQueue.read { db in try Player.fetchCount(db) }
/// ```
///
/// The initializers without a driver come from the driver product the application depends on
/// (`ReactiveSQLite`, or the SQLCipher one).
public final class DatabaseQueue: DatabaseWriter {
    /// The configuration of the connection.
    public let configuration: Configuration
    /// The path of the database file, or ":memory:" / a `file:` URI for an in-memory database.
    public let path: String
    private let writer: SerializedDatabase
    private let owner = DatabaseAccessOwner()
    /// What makes the connection notice the commits of other connections, if the configuration
    /// asks for it.
    private let outsideCommitWatcher: OutsideCommitWatcher?

    /// Opens a database file, created if needed, with the given driver.
    ///
    /// - throws: A `DatabaseError` when the file cannot be opened, is not a database, or when a
    ///   `prepareDatabase` function fails.
    public init(path: String, configuration: Configuration = Configuration(), driver: DatabaseDriver) throws {
        self.configuration = configuration
        self.path = path
        let label = configuration.label ?? "ReactiveSQLite.DatabaseQueue"
        writer = try SerializedDatabase(
            path: path, description: label, configuration: configuration, driver: driver,
            owner: owner, commitClock: CommitClock())
        // A read-only connection cannot change the journal mode: it ignores the setting, as in GRDB.
        if case .wal = configuration.journalMode, !configuration.readonly {
            try writer.sync { db in try db.setUpWALMode() }
        }
        outsideCommitWatcher = try OutsideCommitWatcher.start(
            on: writer, detection: configuration.outsideChanges, label: label)
    }

    deinit {
        outsideCommitWatcher?.stop()
    }

    /// Opens an in-memory database with the given driver: private when `name` is nil, shared by
    /// the queues of the same name otherwise.
    public convenience init(named name: String?, configuration: Configuration = Configuration(), driver: DatabaseDriver)
        throws
    {
        let path = name.map { "file:\($0)?mode=memory&cache=shared" } ?? ":memory:"
        try self.init(path: path, configuration: configuration, driver: driver)
    }

    /// Runs `value` in a read-only transaction, and returns its result.
    public func read<T>(_ value: (Database) throws -> T) throws -> T {
        try checkNotReentrant()
        return try writer.sync { db in try db.readOnlyTransaction { try value(db) } }
    }

    /// Runs `value` later, in a read-only transaction.
    public func asyncRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        writer.async { result in
            switch result {
            case .success(let db):
                db.callOnce(value) { try db.readOnlyTransaction($0) }
            case .failure(let error):
                value(.failure(error))
            }
        }
    }

    /// Runs `value` outside of any transaction, and returns its result (see
    /// `DatabaseReader.unsafeRead(_:)`). On a queue, no other connection writes meanwhile.
    ///
    /// It rethrows, as in GRDB, and stops the program on the misuses that `read(_:)` reports with
    /// an error: see `writeWithoutTransaction(_:)`.
    public func unsafeRead<T>(_ value: (Database) throws -> T) rethrows -> T {
        try writeWithoutTransaction(value)
    }

    /// Runs `value` later, outside of any transaction.
    public func asyncUnsafeRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        writer.async(value)
    }

    /// Runs `value` at once from inside an access of this queue, on its connection; otherwise as
    /// `unsafeRead(_:)` does.
    public func unsafeReentrantRead<T>(_ value: (Database) throws -> T) rethrows -> T {
        try unsafeReentrantWrite(value)
    }

    /// Runs `updates` on the connection, outside of any transaction (see
    /// `DatabaseWriter.writeWithoutTransaction(_:)`: it rethrows, and its misuses stop the program).
    public func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try writer.syncRethrowing(updates)
    }

    /// Runs `updates` at once from inside an access of this queue, on its connection; otherwise as
    /// `writeWithoutTransaction(_:)` does.
    public func unsafeReentrantWrite<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try writer.reentrantSync(updates) ?? writer.syncRethrowing(updates)
    }

    /// Runs `updates` on the writer connection, while no read runs (on a queue, no read runs
    /// during a write).
    @_disfavoredOverload
    public func barrierWriteWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T {
        try _writeAccess(updates)
    }

    /// Runs `updates` later on the writer connection, while no read runs.
    public func asyncBarrierWriteWithoutTransaction(
        _ updates: @escaping @Sendable (Result<Database, any Error>) -> Void
    ) {
        writer.async(updates)
    }

    /// Runs `updates` later on the writer connection, outside of any transaction.
    public func asyncWriteWithoutTransaction(_ updates: @escaping @Sendable (Database) -> Void) {
        writer.async { result in
            guard case .success(let db) = result else {
                fatalError("a write was scheduled on a closed DatabaseQueue")
            }
            updates(db)
        }
    }

    /// Runs `updates` on the connection, outside of any transaction, and returns its result, as
    /// GRDB's `inDatabase` does (from GRDB 1 to GRDB 7).
    ///
    /// ```swift
    /// let playerCount = try dbQueue.inDatabase { db in
    ///     try db.execute(sql: "INSERT INTO player (name) VALUES (?)", arguments: ["Arthur"])
    ///     return try Player.fetchCount(db)
    /// }
    /// ```
    ///
    /// It is `writeWithoutTransaction(_:)`: it rethrows, so that it throws only what `updates`
    /// throws, and a closure that cannot throw needs no `try`. What `write(_:)` reports with a
    /// `DatabaseError` therefore stops the program, as in GRDB: a call from inside an access of the
    /// same queue, a closed queue (where GRDB lends a closed connection, whose every use throws),
    /// and a transaction left open by an `updates` that returns (unless
    /// `Configuration.allowsUnsafeTransactions`). A transaction left open by an `updates` that
    /// throws is rolled back.
    ///
    /// Its result may be ignored (`try dbQueue.inDatabase { db in try Player.deleteAll(db) }`
    /// returns the count of deleted rows), which GRDB's warns about.
    ///
    /// - throws: The error of `updates`.
    @discardableResult
    public func inDatabase<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try writeWithoutTransaction(updates)
    }

    /// Runs `updates` in a transaction, which is committed when it returns `.commit`, and rolled
    /// back when it returns `.rollback` or throws, as GRDB's `inTransaction` does (from GRDB 1 to
    /// GRDB 7).
    ///
    /// ```swift
    /// try dbQueue.inTransaction { db in
    ///     try Player(name: "Arthur").insert(db)
    ///     try Player(name: "Barbara").insert(db)
    ///     return .commit
    /// }
    /// ```
    ///
    /// - parameters:
    ///   - kind: The kind of the transaction; nil for `Configuration.defaultTransactionKind`.
    ///   - updates: The changes, which tell how the transaction ends.
    /// - throws: The error of `updates` (the transaction is then rolled back), or a `DatabaseError`
    ///   of the transaction, or of the access (`SQLITE_MISUSE` for a closed queue or a call from
    ///   inside one of its accesses).
    public func inTransaction(
        _ kind: Database.TransactionKind? = nil,
        _ updates: (Database) throws -> Database.TransactionCompletion
    ) throws {
        try _writeAccess { db in
            try db.inTransaction(kind) { try updates(db) }
        }
    }

    // The async accesses are members of the class, so that an `await` picks them over the
    // synchronous ones.

    /// Runs `value` outside of any transaction, without blocking the calling task.
    public func unsafeRead<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await LentClosure.runOutsideOfTransaction(value, schedule: asyncUnsafeRead)
    }

    /// Runs `value` in a read-only transaction, without blocking the calling task.
    public func read<T: Sendable>(_ value: @Sendable (Database) throws -> T) async throws -> T {
        try await LentClosure.run(value, schedule: asyncRead)
    }

    /// Runs `updates` in a transaction without blocking the calling task.
    public func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await LentClosure.run({ db in try db.inTransactionReturning { try updates(db) } }, schedule: writer.async)
    }

    /// Runs `updates` outside of any transaction without blocking the calling task.
    public func writeWithoutTransaction<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await LentClosure.runOutsideOfTransaction(updates, schedule: writer.async)
    }

    /// Closes the connections. Later accesses fail with `SQLITE_MISUSE`.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) when called from inside one of its accesses.
    public func close() throws {
        try checkNotReentrant()
        outsideCommitWatcher?.stop()
        writer.close()
    }

    /// Interrupts the statement that runs, if any: it fails with `SQLITE_INTERRUPT`.
    public func interrupt() {
        writer.interrupt()
    }

    /// Frees as much memory as possible (see `Database.releaseMemory()`): at once from inside one of
    /// its accesses, once the access that runs has ended otherwise (later, without waiting, when
    /// called from inside an access of another connection). Does nothing on a closed queue.
    public func releaseMemory() {
        writer.releaseMemory()
    }

    private func checkNotReentrant() throws {
        if SerializedDatabase.isInsideAccess(of: owner) {
            throw DatabaseError.reentrantAccess
        }
    }
}

// The accesses of transactions and observations (see the requirements of `DatabaseWriter`).
extension DatabaseQueue {
    /// Runs `body` later on the writer, with the database, or with `SQLITE_MISUSE` when the
    /// queue is closed.
    public func _asyncWriteAccess(_ body: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        writer.async(body)
    }

    /// Runs `updates` on the writer; a closed queue, or a call from inside one of its accesses,
    /// is a `DatabaseError` (`SQLITE_MISUSE`).
    public func _writeAccess<T>(_ updates: (Database) throws -> T) throws -> T {
        try checkNotReentrant()
        return try writer.sync(updates)
    }
}

/// A type that writes a database: `DatabaseQueue`, `DatabasePool`, or a test double.
///
/// Writes are serialized. A conforming type needs, beyond `DatabaseReader`, the synchronous
/// `writeWithoutTransaction`, `barrierWriteWithoutTransaction` and `unsafeReentrantWrite`, and
/// `asyncWriteWithoutTransaction` and `asyncBarrierWriteWithoutTransaction`; transactions and the
/// async accesses are built on them. (Unlike GRDB's, the async `writeWithoutTransaction(_:)` is not
/// a requirement: a synchronous one that rethrows cannot stand for it, as the synchronous `read(_:)`
/// stands for the async one, see `DatabaseReader`.)
///
/// Observations and transactions run on three underscored requirements, with default
/// implementations built on the accesses above: `_writeAccess(_:)`, `_asyncWriteAccess(_:)` and
/// `_spawnReadOfCurrentState(_:)`. A writer that forwards to a `DatabaseQueue` or a `DatabasePool`
/// forwards them too, and its observations then behave exactly as theirs: no observation code asks
/// which concrete type a writer is.
public protocol DatabaseWriter: DatabaseReader {
    /// Runs `updates` outside of any transaction, and returns its result.
    ///
    /// It rethrows, as in GRDB: it throws only what `updates` throws, and a closure that cannot
    /// throw needs no `try`. On a `DatabaseQueue` or a `DatabasePool`, the misuses that `write(_:)`
    /// reports with a `DatabaseError` therefore stop the program: a call from inside an access of
    /// the same writer, a closed writer, and a transaction left open by an `updates` that returns
    /// (unless `Configuration.allowsUnsafeTransactions`). A transaction left open by an `updates`
    /// that throws is rolled back.
    @_disfavoredOverload
    func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) rethrows -> T

    /// Runs `updates` outside of any transaction, once no read runs, and with no read running
    /// until it is done.
    @_disfavoredOverload
    func barrierWriteWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T

    /// Runs `updates` later, outside of any transaction, once no read runs, and with no read
    /// running until it is done, with the database or the error that prevented the access.
    func asyncBarrierWriteWithoutTransaction(_ updates: @escaping @Sendable (Result<Database, any Error>) -> Void)

    /// Runs `updates` and returns its result: at once, on the writer's connection, when called from
    /// inside a write access of this writer (in whatever transaction that access is in); otherwise
    /// as `writeWithoutTransaction(_:)` does, whose misuses stop the program (a call from inside a
    /// read access of a `DatabasePool` is one).
    func unsafeReentrantWrite<T>(_ updates: (Database) throws -> T) rethrows -> T

    /// Runs `updates` later, outside of any transaction. Scheduling a write on a closed connection,
    /// or leaving a transaction open (unless `Configuration.allowsUnsafeTransactions`), is a
    /// programming error that stops the program.
    func asyncWriteWithoutTransaction(_ updates: @escaping @Sendable (Database) -> Void)

    /// Runs `updates` in a transaction, and returns its result (a default implementation is built
    /// on the writer's access; a test double may implement it to fail, as a full or locked
    /// database would, since `writeWithoutTransaction(_:)` rethrows).
    ///
    /// - throws: The error of `updates` (the transaction is then rolled back), or a `DatabaseError`
    ///   of the transaction or the access.
    func write<T>(_ updates: (Database) throws -> T) throws -> T

    /// Runs `updates` in a transaction without blocking the calling task (a default implementation
    /// is built on `asyncWriteWithoutTransaction`).
    ///
    /// - throws: `CancellationError` when the task is cancelled before the access starts, the error
    ///   of `updates` (the transaction is then rolled back), or a `DatabaseError`.
    func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T

    /// From a write access, outside of a transaction: runs `value` in a read-only transaction that
    /// sees the database as it is now, isolated from the writes that follow. A `DatabasePool` runs it
    /// on a reader, concurrently with the rest of the write access and the writes after it (the
    /// writer only waits until the read's snapshot has started); the default implementation, which
    /// `DatabaseQueue` uses, runs it at once, on the writer.
    ///
    /// Calling it elsewhere (outside of a write access, inside a transaction, or from a barrier
    /// write of a pool) is a programming error that stops the program.
    func spawnConcurrentRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void)

    /// Runs `updates` on the writer, outside of any transaction, and returns its result: the access
    /// of transactions, observations and maintenance, which reports misuses with a `DatabaseError`
    /// (`SQLITE_MISUSE`: a closed writer, a call from inside one of its accesses, a transaction left
    /// open) where `writeWithoutTransaction(_:)`, which rethrows, cannot.
    ///
    /// The default implementation runs `writeWithoutTransaction(_:)`. A writer that forwards to
    /// another one forwards this too, so that its transactions and observations behave as the other's.
    func _writeAccess<T>(_ updates: (Database) throws -> T) throws -> T

    /// Runs `body` later on the writer, outside of any transaction, with the database or the error
    /// that prevents the access: the access of observations and async transactions, for which a
    /// closed writer is an error (`SQLITE_MISUSE`), not a stop of the program.
    ///
    /// The default implementation runs `asyncWriteWithoutTransaction(_:)`. A writer that forwards
    /// to another one forwards this too.
    func _asyncWriteAccess(_ body: @escaping @Sendable (Result<Database, any Error>) -> Void)

    /// From any write access outside of a transaction: runs `value` read-only in a snapshot of the
    /// database as it is now, as `spawnConcurrentRead(_:)` does, also from a barrier write of a
    /// `DatabasePool`, where no read may start (it then runs at once, on the writer). The observers
    /// of change tokens fetch this way.
    ///
    /// The default implementation runs `spawnConcurrentRead(_:)`. A writer that forwards to another
    /// one forwards this too.
    func _spawnReadOfCurrentState(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void)
}

extension DatabaseWriter {
    /// Runs `value` at once, read-only, on the writer's connection, which the current write access
    /// holds (see the requirement).
    public func spawnConcurrentRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        readOnWriter(value)
    }

    /// From a write access, outside of a transaction: runs `value` at once, read-only, on the
    /// writer's connection, which the current write access holds.
    func readOnWriter(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        let db = Database.currentWriteAccess()
        db.callOnce(value) { try db.readingOnly($0) }
    }

    /// The writer itself: its observations follow its commits (see the requirement).
    public var _observedWriter: (any DatabaseWriter)? { self }

    /// Runs `spawnConcurrentRead(_:)` (see the requirement).
    public func _spawnReadOfCurrentState(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        spawnConcurrentRead(value)
    }

    /// From a write access, outside of a transaction: runs `value` as `spawnConcurrentRead(_:)`
    /// does, and returns a future of its result, which the write access may wait for, or not.
    ///
    /// ```swift
    /// let future = try dbPool.writeWithoutTransaction { db in
    ///     try db.execute(sql: "INSERT …")
    ///     return dbPool.concurrentRead { db in try Player.fetchCount(db) }
    /// }
    /// let count = try future.wait()  // the count after the insertion, whatever was written since
    /// ```
    public func concurrentRead<T: Sendable>(_ value: @escaping @Sendable (Database) throws -> T) -> DatabaseFuture<T> {
        let future = DatabaseFuture<T>()
        spawnConcurrentRead { result in future.complete(Result { try value(result.get()) }) }
        return future
    }

    /// Runs `updates` in a transaction, committed when it returns and rolled back when it throws,
    /// and returns its result.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     try Player(name: "Arthur").insert(db)
    /// }
    /// ```
    public func write<T>(_ updates: (Database) throws -> T) throws -> T {
        try _writeAccess { db in try db.inTransactionReturning { try updates(db) } }
    }

    /// Runs `updates` in a transaction without blocking the calling task.
    public func write<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await LentClosure.run(
            { db in try db.inTransactionReturning { try updates(db) } }, schedule: _asyncWriteAccess)
    }

    /// Runs `updates` outside of any transaction without blocking the calling task.
    public func writeWithoutTransaction<T: Sendable>(_ updates: @Sendable (Database) throws -> T) async throws -> T {
        try await LentClosure.runOutsideOfTransaction(updates, schedule: _asyncWriteAccess)
    }

    /// Runs `updates` outside of any transaction, once no read runs, and with no read running
    /// until it is done, without blocking the calling task.
    ///
    /// - throws: `CancellationError` when the task is cancelled before the access starts, the error
    ///   of `updates`, or a `DatabaseError`.
    public func barrierWriteWithoutTransaction<T: Sendable>(
        _ updates: @Sendable (Database) throws -> T
    ) async throws -> T {
        try await LentClosure.run(updates, schedule: asyncBarrierWriteWithoutTransaction)
    }

    /// Runs `writeWithoutTransaction(_:)` (see the requirement).
    public func _writeAccess<T>(_ updates: (Database) throws -> T) throws -> T {
        try writeWithoutTransaction(updates)
    }

    /// Runs `asyncWriteWithoutTransaction(_:)` (see the requirement).
    public func _asyncWriteAccess(_ body: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        asyncWriteWithoutTransaction { db in body(.success(db)) }
    }

    /// Runs `updates` in a transaction later, then `completion` with the database and the result.
    public func asyncWrite<T>(
        _ updates: @escaping @Sendable (Database) throws -> T,
        completion: @escaping @Sendable (Database, Result<T, any Error>) -> Void
    ) {
        asyncWriteWithoutTransaction { db in
            completion(db, Result { try db.inTransactionReturning { try updates(db) } })
        }
    }

    /// Deletes every table, view, index and trigger.
    @_disfavoredOverload
    public func erase() throws {
        try barrierWriteWithoutTransaction { db in try db.erase() }
    }

    /// Deletes every table, view, index and trigger, without blocking the calling task.
    public func erase() async throws {
        try await barrierWriteWithoutTransaction { db in try db.erase() }
    }

    /// Rebuilds the database file, repacking it into a minimal amount of disk space.
    @_disfavoredOverload
    public func vacuum() throws {
        try _writeAccess { db in try db.execute(sql: "VACUUM") }
    }

    /// Rebuilds the database file, repacking it into a minimal amount of disk space, without
    /// blocking the calling task.
    public func vacuum() async throws {
        try await writeWithoutTransaction { db in try db.execute(sql: "VACUUM") }
    }

    /// Writes a copy of the database, repacked into a minimal amount of disk space, to a new file
    /// (`VACUUM INTO`). It needs SQLite 3.27: with an older one (SQLCipher 3.4's), it fails with an
    /// error that says so.
    ///
    /// - throws: A `DatabaseError` when the file exists, cannot be written, or SQLite lacks `VACUUM INTO`.
    @_disfavoredOverload
    public func vacuum(into filePath: String) throws {
        try _writeAccess { db in try db.execute(sql: "VACUUM INTO ?", arguments: [filePath]) }
    }

    /// Writes a repacked copy of the database to a new file (see `vacuum(into:)`), without blocking
    /// the calling task.
    public func vacuum(into filePath: String) async throws {
        try await writeWithoutTransaction { db in try db.execute(sql: "VACUUM INTO ?", arguments: [filePath]) }
    }
}

extension Database {
    /// Drops every schema object but SQLite's own.
    package func erase() throws {
        let objects = try Row.fetchAll(
            self,
            sql:
                "SELECT type, name FROM sqlite_master WHERE name NOT LIKE 'sqlite_%' AND type IN ('table', 'view', 'trigger')"
        )
        let foreignKeys = try Bool.fetchOne(self, sql: "PRAGMA foreign_keys") ?? false
        try execute(sql: "PRAGMA foreign_keys = OFF")
        defer { try? execute(sql: "PRAGMA foreign_keys = \(foreignKeys ? "ON" : "OFF")") }
        try inTransaction {
            for object in objects {
                let type: String = object["type"]
                let name: String = object["name"]
                try execute(sql: "DROP \(type.uppercased()) IF EXISTS \(name.quotedDatabaseIdentifier)")
            }
            return .commit
        }
    }
}

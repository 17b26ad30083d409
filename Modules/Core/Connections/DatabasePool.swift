import Dispatch
import Foundation

/// A database in WAL mode, with one writer connection and concurrent reader connections.
///
/// Writes are serialized on the writer. Reads run in parallel with each other and with writes, each
/// in a transaction that sees one snapshot of the database, unchanged while it runs.
///
/// ```swift
/// let dbPool = try DatabasePool(path: "/path/to/db.sqlite")
/// try dbPool.write { db in try db.execute(sql: "INSERT …") }
/// let players = try dbPool.read { db in try Player.fetchAll(db) }
/// ```
public final class DatabasePool: DatabaseWriter {
    /// The configuration of the connections.
    public let configuration: Configuration
    /// The path of the database file.
    public let path: String
    private let owner = DatabaseAccessOwner()
    /// The writer connection (reached by `makeSnapshot()`).
    let writer: SerializedDatabase
    /// The configuration of the reader connections, and of snapshots.
    let readerConfiguration: Configuration
    /// The driver of the connections.
    let driver: DatabaseDriver
    /// The label of the pool, which prefixes the descriptions of its connections.
    let label: String
    private let readers: ReaderPool
    /// What makes the writer notice the commits of other connections, if the configuration asks
    /// for it.
    private let outsideCommitWatcher: OutsideCommitWatcher?
    /// Where async reads wait for a reader.
    private let readQueue: DispatchQueue
    /// Whether a barrier write runs (on the writer, which it holds), with every reader reserved: a
    /// concurrent read spawned from it would wait for its end.
    private var isInsideBarrierWrite: Bool { readers.areAllReserved }

    /// Opens a database file, created if needed, in WAL mode, with the given driver.
    ///
    /// - throws: A `DatabaseError` when the file cannot be opened, is not a database, cannot use
    ///   WAL, or when a `prepareDatabase` function fails.
    public init(path: String, configuration: Configuration = Configuration(), driver: DatabaseDriver) throws {
        var writerConfiguration = Self.waitingForLocks(configuration)
        // Taking the write lock at once avoids SQLITE_BUSY when a deferred transaction would upgrade.
        writerConfiguration.defaultTransactionKind = .immediate
        self.configuration = writerConfiguration
        self.path = path
        let label = configuration.label ?? "ReactiveSQLite.DatabasePool"
        self.label = label
        self.driver = driver
        let commitClock = CommitClock()
        writer = try SerializedDatabase(
            path: path, description: "\(label).writer", configuration: writerConfiguration, driver: driver,
            owner: owner, commitClock: commitClock)
        // A read-only pool leaves the journal mode of the file as it is, as it must.
        if !configuration.readonly {
            try writer.sync { db in try db.setUpWALMode() }
        }
        var readerConfiguration = Self.waitingForLocks(configuration)
        readerConfiguration.readonly = true
        // The writer notices the commits of other connections, and tells the observers.
        readerConfiguration.outsideChanges = .ignored
        self.readerConfiguration = readerConfiguration
        let owner = self.owner
        let finalReaderConfiguration = readerConfiguration
        readers = ReaderPool(maximumCount: configuration.maximumReaderCount) { index in
            try SerializedDatabase(
                path: path, description: "\(label).reader.\(index)", configuration: finalReaderConfiguration,
                driver: driver, owner: owner, commitClock: commitClock)
        }
        readQueue = configuration.makeAccessQueue(label: "\(label).reads", forWriter: false, attributes: .concurrent)
        outsideCommitWatcher = try OutsideCommitWatcher.start(
            on: writer, detection: configuration.outsideChanges, label: "\(label).writer")
    }

    deinit {
        outsideCommitWatcher?.stop()
    }

    /// The configuration, with a busy timeout instead of `immediateError`. The connections of a
    /// pool lock each other out for an instant: a reader meets a checkpoint in progress, and a
    /// reader that reads a WAL index header while the writer changes it takes SQLite's write lock to
    /// read it again. Without a wait, the writer's `BEGIN IMMEDIATE` would then fail with SQLITE_BUSY.
    private static func waitingForLocks(_ configuration: Configuration) -> Configuration {
        var configuration = configuration
        if case .immediateError = configuration.busyMode {
            configuration.busyMode = .timeout(10)
        }
        return configuration
    }

    /// Runs `value` in a read-only transaction, and returns its result.
    public func read<T>(_ value: (Database) throws -> T) throws -> T {
        try checkNotReentrant()
        return try readers.withReader { reader in
            try reader.sync { db in try db.poolReadTransaction { try value(db) } }
        }
    }

    /// Runs `value` later, in a read-only transaction.
    public func asyncRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        readQueue.async { [readers] in
            do {
                try readers.withReader { reader in
                    try reader.sync { db in db.callOnce(value) { try db.poolReadTransaction($0) } }
                }
            } catch {
                value(.failure(error))
            }
        }
    }

    /// Runs `value` on a reader, outside of any transaction, and returns its result (see
    /// `DatabaseReader.unsafeRead(_:)`): the writer may commit between two of its statements.
    ///
    /// - throws: The error of `value`, or a `DatabaseError` (`SQLITE_MISUSE` for a closed pool or
    ///   a call from inside one of its accesses).
    public func unsafeRead<T>(_ value: (Database) throws -> T) throws -> T {
        try checkNotReentrant()
        return try readers.withReader { reader in try reader.sync(value) }
    }

    /// Runs `value` later on a reader, outside of any transaction.
    public func asyncUnsafeRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        readQueue.async { [readers] in
            do {
                try readers.withReader { reader in
                    try reader.sync { db in db.callOnce(value) { try db.withNoTransactionLeftOpen($0) } }
                }
            } catch {
                value(.failure(error))
            }
        }
    }

    /// Runs `value` at once from inside an access of this pool, on the connection of that access
    /// (a reader, or the writer); otherwise as `unsafeRead(_:)` does.
    public func unsafeReentrantRead<T>(_ value: (Database) throws -> T) throws -> T {
        if let result = try writer.reentrantSync(value) { return result }
        if let database = readers.databaseOfCurrentAccess() { return try value(database) }
        return try unsafeRead(value)
    }

    /// Runs `updates` on the writer connection, outside of any transaction (see
    /// `DatabaseWriter.writeWithoutTransaction(_:)`: it rethrows, and its misuses stop the program).
    public func writeWithoutTransaction<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try writer.syncRethrowing(updates)
    }

    /// Runs `updates` at once from inside a write access of this pool, on the writer; otherwise as
    /// `writeWithoutTransaction(_:)` does (from inside a read access of the pool, it stops the
    /// program).
    public func unsafeReentrantWrite<T>(_ updates: (Database) throws -> T) rethrows -> T {
        try writer.reentrantSync(updates) ?? writer.syncRethrowing(updates)
    }

    /// Runs `updates` in a transaction of the writer, which is committed when it returns `.commit`,
    /// and rolled back when it returns `.rollback` or throws, as GRDB's `writeInTransaction` does.
    ///
    /// It is the pool's spelling of `DatabaseQueue.inTransaction(_:_:)`. A pool has no
    /// `inTransaction` nor `inDatabase`, as in every version of GRDB: `writeWithoutTransaction(_:)`
    /// is its access outside of a transaction.
    ///
    /// ```swift
    /// try dbPool.writeInTransaction { db in
    ///     try Player(name: "Arthur").insert(db)
    ///     return .commit
    /// }
    /// ```
    ///
    /// - parameters:
    ///   - kind: The kind of the transaction; nil for the writer's IMMEDIATE transactions.
    ///   - updates: The changes, which tell how the transaction ends.
    /// - throws: The error of `updates` (the transaction is then rolled back), or a `DatabaseError`
    ///   of the transaction, or of the access (`SQLITE_MISUSE` for a closed pool or a call from
    ///   inside one of its accesses).
    public func writeInTransaction(
        _ kind: Database.TransactionKind? = nil,
        _ updates: (Database) throws -> Database.TransactionCompletion
    ) throws {
        try _writeAccess { db in
            try db.inTransaction(kind) { try updates(db) }
        }
    }

    /// Runs `updates` on the writer connection, while no read runs.
    @_disfavoredOverload
    public func barrierWriteWithoutTransaction<T>(_ updates: (Database) throws -> T) throws -> T {
        try checkNotReentrant()
        // On the writer, all the readers are reserved: the reads in progress end first, and no other
        // starts until the write is done. A read waits for no write: this cannot deadlock.
        return try writer.sync { db in try readers.withAllReadersReserved { try updates(db) } }
    }

    /// From a write access, outside of a transaction: runs `value` on a reader, in a read-only
    /// transaction that sees the database as it is now. The write access goes on once the read's
    /// snapshot has started, concurrently with the read.
    ///
    /// Calling it elsewhere (outside of a write access, inside a transaction, or from a barrier
    /// write) is a programming error that stops the program.
    public func spawnConcurrentRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        _ = Database.currentWriteAccess()
        precondition(
            SerializedDatabase.isInsideAccess(of: owner),
            "spawnConcurrentRead must be called from a write access of the pool")
        precondition(
            !isInsideBarrierWrite, "spawnConcurrentRead must not be called from a barrier write")
        let snapshotIsStarted = DispatchSemaphore(value: 0)
        readQueue.async { [readers] in
            var isSignaled = false
            defer { if !isSignaled { snapshotIsStarted.signal() } }
            do {
                try readers.withReader { reader in
                    try reader.sync { db in
                        db.callOnce(value) { body in
                            try db.poolReadTransaction {
                                isSignaled = true
                                snapshotIsStarted.signal()
                                try body()
                            }
                        }
                    }
                }
            } catch {
                value(.failure(error))
            }
        }
        snapshotIsStarted.wait()
    }

    /// From a write access, outside of a transaction: runs `value` on a reader, as
    /// `spawnConcurrentRead(_:)` does (GRDB's pools have both names).
    public func asyncConcurrentRead(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        spawnConcurrentRead(value)
    }

    /// Runs `updates` later on the writer connection, while no read runs.
    public func asyncBarrierWriteWithoutTransaction(
        _ updates: @escaping @Sendable (Result<Database, any Error>) -> Void
    ) {
        writer.async { [readers] result in
            guard case .success = result else { return updates(result) }
            readers.withAllReadersReserved { updates(result) }
        }
    }

    /// Runs `updates` later on the writer connection, outside of any transaction.
    public func asyncWriteWithoutTransaction(_ updates: @escaping @Sendable (Database) -> Void) {
        writer.async { result in
            guard case .success(let db) = result else {
                fatalError("a write was scheduled on a closed DatabasePool")
            }
            updates(db)
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
        readers.close()
        writer.close()
    }

    /// Closes the reader connections, so that later reads use new ones, on which the
    /// `prepareDatabase` functions run again (and may give a new passphrase, for instance).
    ///
    /// The idle readers are closed at once; a read that runs goes on until it ends, and then its
    /// connection is closed. Call it after changing the passphrase of an encrypted database, from the
    /// same barrier write, so that no read uses a connection keyed with the old passphrase:
    ///
    /// ```swift
    /// try dbPool.barrierWriteWithoutTransaction { db in
    ///     try db.changePassphrase(newPassphrase)
    ///     dbPool.invalidateReadOnlyConnections()
    /// }
    /// ```
    public func invalidateReadOnlyConnections() {
        readers.invalidate()
    }

    /// Frees as much memory as possible: the writer's (see `Database.releaseMemory()`), once the
    /// write that runs has ended (later, without waiting, when called from inside an access of
    /// another connection or of a reader), and the readers', by closing them (an idle reader now, a
    /// busy one when its read ends; later reads open new ones), unless the configuration keeps them
    /// (`persistentReadOnlyConnections`). Does nothing on a closed pool.
    public func releaseMemory() {
        writer.releaseMemory()
        if !configuration.persistentReadOnlyConnections { readers.invalidate() }
    }

    /// Frees as much memory as possible, as `releaseMemory()` does, without waiting for the write
    /// that runs: the writer frees its memory after it.
    public func releaseMemoryEventually() {
        if !configuration.persistentReadOnlyConnections { readers.invalidate() }
        writer.async { database in (try? database.get())?.releaseMemory() }
    }

    /// Interrupts the statements that run, if any: they fail with `SQLITE_INTERRUPT`.
    public func interrupt() {
        writer.interrupt()
        for reader in readers.readers { reader.interrupt() }
    }

    private func checkNotReentrant() throws {
        if SerializedDatabase.isInsideAccess(of: owner) {
            throw DatabaseError.reentrantAccess
        }
    }
}

// The accesses of transactions and observations (see the requirements of `DatabaseWriter`).
extension DatabasePool {
    /// Runs `body` later on the writer, with the database, or with `SQLITE_MISUSE` when the
    /// pool is closed.
    public func _asyncWriteAccess(_ body: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        writer.async(body)
    }

    /// Runs `updates` on the writer; a closed pool, or a call from inside one of its accesses,
    /// is a `DatabaseError` (`SQLITE_MISUSE`).
    public func _writeAccess<T>(_ updates: (Database) throws -> T) throws -> T {
        try checkNotReentrant()
        return try writer.sync(updates)
    }

    /// Runs `value` on a reader, as `spawnConcurrentRead(_:)` does, or, from a barrier write (where
    /// no read may start), at once on the writer (see the requirement).
    public func _spawnReadOfCurrentState(_ value: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        if isInsideBarrierWrite {
            readOnWriter(value)
        } else {
            spawnConcurrentRead(value)
        }
    }
}

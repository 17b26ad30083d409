import Dispatch

/// A connection and the serial dispatch queue that is the only way to reach it.
final class SerializedDatabase: @unchecked Sendable {
    // Sendable: `db` is used only in blocks run on `queue`, a serial queue, through `sync` and
    // `async`, except by `interrupt()`, which SQLite allows from any thread, and which runs under
    // the lock of `isClosed` only while the flag says the connection is open (it is set before
    // the connection closes).
    private let db: Database
    private let queue: DispatchQueue
    /// Gives the DatabaseQueue or DatabasePool a unique identity for as long as the connection lives.
    private let owner: DatabaseAccessOwner
    private let isClosed = LockedValue(false)
    /// The work to run at the end of the current access (see `runSoon(_:)`); nil for a connection
    /// that has none (one that does not notice outside commits).
    private let soonWork: LockedValue<SoonWork<@Sendable (Database) -> Void>>?

    /// Opens a connection whose accesses run on a new serial queue.
    ///
    /// - parameters:
    ///   - owner: The identity of the DatabaseQueue or DatabasePool, which detects reentrant accesses.
    ///   - commitClock: The clock of the database's writer.
    init(
        path: String, description: String, configuration: Configuration, driver: DatabaseDriver,
        owner: DatabaseAccessOwner, commitClock: CommitClock
    ) throws {
        let queue = configuration.makeAccessQueue(label: description, forWriter: !configuration.readonly)
        queue.setSpecific(key: SerializedDatabase.ownerKey, value: ObjectIdentifier(owner))
        self.owner = owner
        self.queue = queue
        soonWork = configuration.outsideChanges == .ignored ? nil : LockedValue(SoonWork())
        self.db = try queue.sync {
            try Database(
                path: path, description: description, configuration: configuration, driver: driver,
                commitClock: commitClock)
        }
    }

    deinit {
        // Not through `queue`: the last reference may go away in a block that runs on it.
        closeConnection()
    }

    /// The key under which a queue stores the identity of the DatabaseQueue or DatabasePool that owns it.
    static let ownerKey = DispatchSpecificKey<ObjectIdentifier>()

    /// Whether the current code runs inside a database access of the given owner.
    static func isInsideAccess(of owner: DatabaseAccessOwner) -> Bool {
        DispatchQueue.getSpecific(key: ownerKey) == ObjectIdentifier(owner)
    }

    /// Runs `body` on the connection's queue, and waits for it.
    ///
    /// - throws: The error of `body`; a `DatabaseError` when the connection is closed, or when
    ///   `body` left a transaction open (see `Database.withNoTransactionLeftOpen`).
    func sync<T>(_ body: (Database) throws -> T) throws -> T {
        try queue.sync {
            try checkOpen()
            return try CurrentDatabase.withAccess(db) {
                accessWillStart()
                defer { accessWillEnd() }
                return try db.withNoTransactionLeftOpen { try body(db) }
            }
        }
    }

    /// Runs `body` on the connection's queue, and waits for it, for an access that throws only the
    /// errors of `body` (`DatabaseQueue.inDatabase`, which rethrows, as in GRDB).
    ///
    /// What `sync` reports with an error stops the program instead: a call from inside an access of
    /// the same owner, a closed connection, and a transaction that `body` leaves open when it returns
    /// (unless the configuration allows it). A transaction left open by a `body` that throws is
    /// rolled back, and the error of `body` is thrown.
    func syncRethrowing<T>(_ body: (Database) throws -> T) rethrows -> T {
        if Self.isInsideAccess(of: owner) {
            fatalError(DatabaseError.reentrantAccess.message ?? "Database methods are not reentrant")
        }
        return try queue.sync {
            if isClosed.withLock({ $0 }) {
                fatalError("Connection is closed: \(db.description)")
            }
            return try CurrentDatabase.withAccess(db) {
                accessWillStart()
                defer { accessWillEnd() }
                let result: T
                do {
                    result = try body(db)
                } catch {
                    if !db.configuration.allowsUnsafeTransactions { try? db.rollback() }
                    throw error
                }
                db.checkNoTransactionLeftOpen()
                return result
            }
        }
    }

    /// Runs `body` at once on the connection when the current thread runs one of its accesses (a
    /// reentrant access), and returns its result; returns nil, without running `body`, otherwise.
    func reentrantSync<T>(_ body: (Database) throws -> T) rethrows -> T? {
        guard CurrentDatabase.isAccessing(db) else { return nil }
        return try body(db)
    }

    /// Frees the memory of the connection (see `Database.releaseMemory()`): at once from inside one
    /// of its accesses; after the access that runs, from outside of any access; later, without
    /// waiting, from inside an access of another connection (which may run inside one of this
    /// connection's: the thread knows its innermost access only, and waiting would never end).
    /// Nothing when it is closed.
    func releaseMemory() {
        if reentrantSync({ $0.releaseMemory() }) != nil { return }
        if CurrentDatabase.database == nil {
            _ = try? sync { $0.releaseMemory() }
        } else {
            async { database in (try? database.get())?.releaseMemory() }
        }
    }

    /// Runs `body` on the connection's queue, later. `body` must not leave a transaction open (see
    /// `Database.checkNoTransactionLeftOpen`): an access that must report it runs its work in
    /// `Database.withNoTransactionLeftOpen`.
    func async(_ body: @escaping @Sendable (Result<Database, any Error>) -> Void) {
        queue.async {
            do {
                try self.checkOpen()
                CurrentDatabase.withAccess(self.db) {
                    self.accessWillStart()
                    body(.success(self.db))
                    self.db.checkNoTransactionLeftOpen()
                    self.accessWillEnd()
                }
            } catch {
                body(.failure(error))
            }
        }
    }

    /// Runs `work` on the connection as soon as it can without a thread hop: at the end of the
    /// access that runs, or later in an access of its own (never, once the connection is closed).
    /// Only for a connection that notices outside commits (nothing happens otherwise).
    func runSoon(_ work: @escaping @Sendable (Database) -> Void) {
        guard let soonWork, let work = soonWork.withLock({ $0.add(work) }) else { return }
        async { result in
            guard case .success(let db) = result else { return }
            work(db)
        }
    }

    private func accessWillStart() {
        soonWork?.withLock { $0.accessWillStart() }
    }

    /// Runs the work added during the access, before the access ends.
    private func accessWillEnd() {
        guard let soonWork else { return }
        for work in soonWork.withLock({ $0.accessWillEnd() }) { work(db) }
    }

    /// Closes the connection; later accesses fail with `SQLITE_MISUSE`.
    func close() {
        queue.sync { closeConnection() }
    }

    /// Closes the connection once. The flag is set under the lock, the connection closed after:
    /// an `interrupt()` that holds the lock ends before, and a later one sees the flag.
    private func closeConnection() {
        let wasOpen = isClosed.withLock { isClosed in
            defer { isClosed = true }
            return !isClosed
        }
        if wasOpen { db.close() }
    }

    /// Interrupts the statement that runs, if any (safe from any thread, and after `close()`).
    func interrupt() {
        isClosed.withLock { isClosed in
            // SQLite forbids interrupting a closed connection.
            if !isClosed { db.api.interrupt(db.sqliteConnection) }
        }
    }

    private func checkOpen() throws {
        if isClosed.withLock({ $0 }) {
            throw DatabaseError(resultCode: .SQLITE_MISUSE, message: "Connection is closed: \(db.description)")
        }
    }
}

/// A unique identity for a DatabaseQueue or DatabasePool, shared by the queues of its connections,
/// which detects reentrant accesses.
final class DatabaseAccessOwner: Sendable {}

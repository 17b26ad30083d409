extension Database {
    /// Runs `value` while the connection cannot write: a statement that writes fails with
    /// `SQLITE_READONLY` (`PRAGMA query_only`). Calls may nest.
    ///
    /// ```swift
    /// try dbQueue.write { db in
    ///     try db.readOnly { try Player.fetchCount(db) }
    /// }
    /// ```
    public func readOnly<T>(_ value: () throws -> T) throws -> T {
        try readingOnly(value)
    }

    /// Runs `body` in a transaction that cannot write (see `readingOnly`), then ends it.
    /// Transaction observers are told nothing of it.
    package func readOnlyTransaction<T>(_ body: () throws -> T) throws -> T {
        try readingOnly { try readTransaction(body) }
    }

    /// Runs `body` while the connection cannot write: a statement that writes fails with
    /// `SQLITE_READONLY`, and transaction observers are told nothing. Nested calls are allowed.
    ///
    /// SQLite enforces it with `PRAGMA query_only`, which makes it compile every prepared statement
    /// again each time the pragma changes: the pragma is only turned on for the first statement
    /// that SQLite does not know to be read-only (`sqlite3_stmt_readonly`: a write, or some pragmas),
    /// and off at the end. Most read accesses run read-only statements only, and pay nothing.
    func readingOnly<T>(_ body: () throws -> T) throws -> T {
        if isReadOnlyAccess { return try body() }
        isReadOnlyAccess = true
        // No `Result`: a generic wrapper costs a lookup of its type metadata on each access.
        let value: T
        do {
            value = try body()
        } catch {
            try endReadOnlyAccess()
            throw error
        }
        try endReadOnlyAccess()
        return value
    }

    /// Ends the read-only access that `readingOnly` began: SQLite accepts writes again.
    private func endReadOnlyAccess() throws {
        isReadOnlyAccess = false
        if isQueryOnly {
            isQueryOnly = false
            // A connection that stays read-only is an error, not a silence.
            try execute(sql: "PRAGMA query_only = 0")
        }
    }

    /// Makes SQLite refuse writes until the end of the read-only access, before a statement that it
    /// does not know to be read-only runs (see `readingOnly`).
    func enforceReadOnlyAccess(before statement: Statement) throws {
        guard isReadOnlyAccess, !isQueryOnly, !statement.isReadonly else { return }
        isQueryOnly = true
        try execute(sql: "PRAGMA query_only = 1")
    }

    /// Runs `body` in a deferred transaction, then ends it: reads see one snapshot of the database.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        if isInsideTransaction { return try body() }
        try beginTransaction(.deferred)
        return try endReadTransaction(after: body)
    }

    /// Runs `body` in the read transaction that is open, then commits it, or rolls it back when
    /// `body` throws. When SQLite ended the transaction while `body` ran (an interruption), the
    /// later statements of `body` and the read fail with `SQLITE_ABORT`: they would not read the
    /// transaction's snapshot.
    private func endReadTransaction<T>(after body: () throws -> T) throws -> T {
        do {
            let result = try insideTransactionBlock(body)
            try checkTransactionIsOpen(sql: nil, arguments: nil)
            try commit()
            return result
        } catch {
            try? rollback()
            throw error
        }
    }

    /// Runs `body` in a deferred transaction of a DatabasePool reader, after forgetting what the
    /// connection knew of a schema that another connection changed since its last read.
    ///
    /// The transaction knows which commits of the writer its snapshot holds (see
    /// `CommitClock`): when a commit completed while the snapshot started, which leaves it
    /// unknown, the transaction starts again, a few times at most.
    func poolReadTransaction<T>(_ body: () throws -> T) throws -> T {
        if isInsideTransaction { return try body() }
        var attempts = 1
        while true {
            try beginTransaction(.deferred)
            let position: ClosedRange<Int>
            do {
                // The first read of the transaction starts its snapshot.
                position = try commitClock.snapshotPosition { try clearCachesIfSchemaChanged() }
            } catch {
                try? rollback()
                throw error
            }
            if position.count == 1 || attempts == 3 {
                readerSnapshotPosition = position
                defer { readerSnapshotPosition = nil }
                return try endReadTransaction(after: body)
            }
            attempts += 1
            do {
                try commit()
            } catch {
                try? rollback()
                throw error
            }
        }
    }

    /// The commits of the database's writer that the current read or write access sees: the
    /// snapshot of a pool reader, or all the commits on the writer's own connection.
    package var snapshotPosition: ClosedRange<Int> {
        checkAccess()
        if let readerSnapshotPosition { return readerSnapshotPosition }
        let commitCount = commitClock.commitCount
        return commitCount...commitCount
    }

    /// Calls `value` exactly once: with this connection inside `transaction`, or with the error that
    /// prevents the transaction from starting. An error that ends the transaction after `value` ran
    /// (`value` ended it itself, say) is not reported: `value` has already been called.
    func callOnce(
        _ value: @escaping @Sendable (Result<Database, any Error>) -> Void,
        inside transaction: (() throws -> Void) throws -> Void
    ) {
        var isCalled = false
        do {
            try transaction {
                isCalled = true
                value(.success(self))
            }
        } catch {
            if !isCalled { value(.failure(error)) }
        }
    }

    /// Runs `body`, the whole of a database access, then rolls back a transaction it left open,
    /// unless the configuration allows it: the database is left as it was, and the access fails.
    ///
    /// - throws: The error of `body`, or a `DatabaseError` (`SQLITE_MISUSE`) for a transaction left open.
    func withNoTransactionLeftOpen<T>(_ body: () throws -> T) throws -> T {
        // No `Result`: a generic wrapper costs a lookup of its type metadata on each access.
        let value: T
        do {
            value = try body()
        } catch {
            _ = rollBackTransactionLeftOpen()
            throw error
        }
        if rollBackTransactionLeftOpen() {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message:
                    "a transaction was left open at the end of a database access, and was rolled back: end it in the "
                    + "access that begins it, or set Configuration.allowsUnsafeTransactions")
        }
        return value
    }

    /// Rolls back the transaction that an access left open, unless the configuration allows it.
    /// Returns whether it did.
    private func rollBackTransactionLeftOpen() -> Bool {
        guard isInsideTransaction && !configuration.allowsUnsafeTransactions else { return false }
        try? rollback()
        return true
    }

    /// Stops the program when a transaction is left open at the end of an access that cannot fail
    /// (unless the configuration allows it).
    func checkNoTransactionLeftOpen() {
        precondition(
            !isInsideTransaction || configuration.allowsUnsafeTransactions,
            "a transaction was left open at the end of a database access: end it in the access that begins it, "
                + "or set Configuration.allowsUnsafeTransactions")
    }

    /// Switches the database to write-ahead logging, with `synchronous = NORMAL`, which SQLite
    /// advises for WAL: a commit writes the log without waiting for the disk (checkpoints wait for
    /// it). A crash of the process loses no committed transaction; a power loss or a crash of the
    /// system may undo the last ones, but never breaks the database.
    ///
    /// - throws: A `DatabaseError` when SQLite refuses (an in-memory database cannot use WAL).
    func setUpWALMode() throws {
        let mode = try String.fetchOne(self, sql: "PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "could not switch to WAL mode (journal mode is \(mode ?? "unknown")): "
                    + "in-memory databases cannot use WAL",
                sql: "PRAGMA journal_mode = WAL")
        }
        try execute(sql: "PRAGMA synchronous = NORMAL")
    }
}

extension Database {
    /// The connection of the write access that runs on the current thread, outside of a
    /// transaction: stops the program otherwise (for `spawnConcurrentRead`).
    static func currentWriteAccess() -> Database {
        guard let db = CurrentDatabase.database, db.observesTransactions, !db.isReadOnlyAccess else {
            fatalError("spawnConcurrentRead and concurrentRead must be called from a write access")
        }
        precondition(
            !db.isInsideTransaction, "spawnConcurrentRead and concurrentRead must not be called inside a transaction")
        return db
    }
}

extension DatabaseError {
    /// A database access made from inside another access of the same database, which would deadlock.
    static let reentrantAccess = DatabaseError(
        resultCode: .SQLITE_MISUSE,
        message: "Database methods are not reentrant: do not access a database from inside one of its own accesses")
}

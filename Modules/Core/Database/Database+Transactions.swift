extension Database {
    /// The kind of a transaction: when it takes its locks.
    public enum TransactionKind: String, Sendable {
        /// Locks are taken by the first read or write.
        case deferred = "DEFERRED"
        /// The write lock is taken at once.
        case immediate = "IMMEDIATE"
        /// The exclusive lock is taken at once.
        case exclusive = "EXCLUSIVE"
    }

    /// What ends a transaction or a savepoint.
    public enum TransactionCompletion: Sendable {
        /// Keep the changes.
        case commit
        /// Undo the changes.
        case rollback
    }

    /// Opens a transaction.
    public func beginTransaction(_ kind: TransactionKind? = nil) throws {
        try execute(TransactionStatement(beginning: kind ?? configuration.defaultTransactionKind))
    }

    /// Commits the open transaction.
    public func commit() throws {
        try execute(.commit)
    }

    /// Rolls back the open transaction, if there is one.
    public func rollback() throws {
        // SQLite may already have rolled back on its own (after some errors): then there is nothing to do.
        guard isInsideTransaction else { return }
        try execute(.rollback)
    }

    /// Runs `block` in a transaction, committed when it returns `.commit` and rolled back when it
    /// returns `.rollback` or throws. Nothing of a failed transaction remains.
    ///
    /// ```swift
    /// try db.inTransaction {
    ///     try db.execute(sql: "INSERT …")
    ///     return .commit
    /// }
    /// ```
    ///
    /// When SQLite ends the transaction by itself (after an interruption, `INSERT OR ROLLBACK`, or
    /// some disk errors), every later statement of `block` throws `SQLITE_ABORT` without running,
    /// even when `block` catches the error that ended the transaction: nothing it does afterwards
    /// is committed, and the transaction fails with `SQLITE_ABORT` if `block` returns `.commit`.
    public func inTransaction(
        _ kind: TransactionKind? = nil,
        _ block: () throws -> TransactionCompletion
    ) throws {
        try beginTransaction(kind)
        let completion: TransactionCompletion
        do {
            completion = try insideTransactionBlock(block)
        } catch {
            try? rollback()
            throw error
        }
        switch completion {
        case .commit:
            try commitBlockTransaction()
        case .rollback:
            try rollback()
        }
    }

    /// Runs `body` in a transaction of the default kind, committed when it returns (as
    /// `inTransaction(_:_:)` with `.commit`), and returns its result.
    package func inTransactionReturning<T>(_ body: () throws -> T) throws -> T {
        try beginTransaction()
        // No optional to carry the result out of a block: a generic optional costs a lookup of
        // its type metadata on each transaction.
        let value: T
        do {
            value = try insideTransactionBlock(body)
        } catch {
            try? rollback()
            throw error
        }
        try commitBlockTransaction()
        return value
    }

    /// Commits the transaction of a block that returned, unless SQLite ended it meanwhile; rolls
    /// it back when the commit fails.
    private func commitBlockTransaction() throws {
        do {
            try checkTransactionIsOpen(sql: nil, arguments: nil)
            try commit()
        } catch {
            try? rollback()
            throw error
        }
    }

    /// Runs `block` in a savepoint, which nests in the current transaction: its changes are released
    /// into the transaction on `.commit`, and undone on `.rollback` or a thrown error. Outside of a
    /// transaction, the savepoint is a transaction of its own.
    ///
    /// When SQLite ends the whole transaction by itself, every later statement of `block` throws
    /// `SQLITE_ABORT` without running, as in `inTransaction(_:_:)`.
    public func inSavepoint(_ block: () throws -> TransactionCompletion) throws {
        guard isInsideTransaction else {
            try inTransaction(nil, block)
            return
        }
        try execute(sql: "SAVEPOINT reactivesqlite")
        let completion: TransactionCompletion
        do {
            completion = try insideTransactionBlock(block)
        } catch {
            try? rollbackSavepoint()
            throw error
        }
        switch completion {
        case .commit:
            try checkTransactionIsOpen(sql: nil, arguments: nil)
            try execute(sql: "RELEASE SAVEPOINT reactivesqlite")
        case .rollback:
            try rollbackSavepoint()
        }
    }

    private func rollbackSavepoint() throws {
        // SQLite may have rolled back the whole transaction on its own (after some errors).
        guard isInsideTransaction else { return }
        try execute(sql: "ROLLBACK TRANSACTION TO SAVEPOINT reactivesqlite")
        try execute(sql: "RELEASE SAVEPOINT reactivesqlite")
    }

    /// Runs `block`, the content of a transaction or savepoint that the library opened: while it
    /// runs, a statement runs only if the transaction is still open (see `willExecute(_:)`).
    func insideTransactionBlock<T>(_ block: () throws -> T) rethrows -> T {
        let wasInsideTransactionBlock = isInsideTransactionBlock
        isInsideTransactionBlock = true
        defer { isInsideTransactionBlock = wasInsideTransactionBlock }
        return try block()
    }

    /// Throws `SQLITE_ABORT` when no transaction is open any longer: SQLite rolled back, by itself,
    /// the transaction of the current transaction block, after an error that the block may have
    /// caught. A statement then runs in autocommit mode, and would be committed at once.
    func checkTransactionIsOpen(sql: String?, arguments: StatementArguments?) throws {
        guard !isInsideTransaction else { return }
        throw DatabaseError(
            resultCode: .SQLITE_ABORT,
            message: "the transaction was rolled back by SQLite after an earlier error: "
                + "nothing runs until the end of the transaction block",
            sql: sql, arguments: arguments, publicStatementArguments: configuration.publicStatementArguments)
    }
}

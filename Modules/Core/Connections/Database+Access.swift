extension Database {
    /// Runs `body` in a transaction that cannot write (`PRAGMA query_only`), then ends it.
    func readOnlyTransaction<T>(_ body: () throws -> T) throws -> T {
        try execute(sql: "PRAGMA query_only = 1")
        defer { try? execute(sql: "PRAGMA query_only = 0") }
        return try readTransaction(body)
    }

    /// Runs `body` in a deferred transaction, then ends it: reads see one snapshot of the database.
    func readTransaction<T>(_ body: () throws -> T) throws -> T {
        if isInsideTransaction { return try body() }
        try beginTransaction(.deferred)
        do {
            let result = try body()
            try commit()
            return result
        } catch {
            try? rollback()
            throw error
        }
    }

    /// Runs `body` in a deferred transaction of a DatabasePool reader, after forgetting what the
    /// connection knew of a schema that another connection changed since its last read.
    func poolReadTransaction<T>(_ body: () throws -> T) throws -> T {
        try readTransaction {
            try clearCachesIfSchemaChanged()
            return try body()
        }
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

    /// Switches the database to write-ahead logging.
    ///
    /// - throws: A `DatabaseError` when SQLite refuses (an in-memory database cannot use WAL).
    func setJournalModeWAL() throws {
        let mode = try String.fetchOne(self, sql: "PRAGMA journal_mode = WAL")
        guard mode?.lowercased() == "wal" else {
            throw DatabaseError(
                resultCode: .SQLITE_ERROR,
                message: "could not switch to WAL mode (journal mode is \(mode ?? "unknown")): "
                    + "in-memory databases cannot use WAL",
                sql: "PRAGMA journal_mode = WAL")
        }
    }
}

extension DatabaseError {
    /// A database access made from inside another access of the same database, which would deadlock.
    static let reentrantAccess = DatabaseError(
        resultCode: .SQLITE_MISUSE,
        message: "Database methods are not reentrant: do not access a database from inside one of its own accesses")
}

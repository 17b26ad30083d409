extension DatabaseWriter {
    /// Runs `updates` in a transaction later, then `value`, read-only, in a snapshot of the database
    /// as `updates` left it, and calls `completion` with the result of `value` or the first error.
    ///
    /// ```swift
    /// dbPool.asyncWrite { db in
    ///     try Player(name: "Arthur").insert(db)
    /// } thenRead: { db, _ in
    ///     try Player.fetchCount(db)
    /// } completion: { result in
    ///     print(try? result.get())
    /// }
    /// ```
    ///
    /// On a `DatabasePool`, `value` runs on a reader: the writes that follow do not wait for it. On
    /// a `DatabaseQueue`, it runs on the writer, right after the transaction. A closed database is
    /// an error (`SQLITE_MISUSE`).
    ///
    /// - parameters:
    ///   - updates: Writes in the database; its result is given to `value`.
    ///   - value: Reads the database.
    ///   - completion: Called once, on a thread of the database.
    public func asyncWrite<T: Sendable, Output>(
        updates: @escaping @Sendable (Database) throws -> T,
        thenRead value: @escaping @Sendable (Database, T) throws -> Output,
        completion: @escaping @Sendable (Result<Output, any Error>) -> Void
    ) {
        _asyncWriteAccess { result in
            let updated: T
            do {
                let db = try result.get()
                updated = try db.inTransactionReturning { try updates(db) }
            } catch {
                completion(.failure(error))
                return
            }
            self.spawnConcurrentRead { result in
                completion(Result { try value(result.get(), updated) })
            }
        }
    }

    /// Runs `updates` in a transaction, then `value`, read-only, in a snapshot of the database as
    /// `updates` left it, without blocking the calling task; returns the result of `value`.
    ///
    /// ```swift
    /// let count = try await dbPool.write { db in
    ///     try Player(name: "Arthur").insert(db)
    /// } thenRead: { db, _ in
    ///     try Player.fetchCount(db)
    /// }
    /// ```
    ///
    /// See `asyncWrite(updates:thenRead:completion:)`.
    ///
    /// - throws: `CancellationError` when the task is cancelled before the write starts, the error
    ///   of `updates` (the transaction is then rolled back) or of `value`, or a `DatabaseError`.
    public func write<T: Sendable, Output: Sendable>(
        updates: @escaping @Sendable (Database) throws -> T,
        thenRead value: @escaping @Sendable (Database, T) throws -> Output
    ) async throws -> Output {
        try Task.checkCancellation()
        return try await awaitCompletion { completion in
            asyncWrite(updates: updates, thenRead: value, completion: completion)
        }
    }
}

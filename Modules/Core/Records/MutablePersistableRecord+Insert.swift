extension MutablePersistableRecord {
    /// Inserts the record, then calls `didInsert(_:)`.
    ///
    /// - parameters:
    ///   - db: A connection.
    ///   - conflictResolution: How a constraint conflict is resolved (the type's
    ///     `persistenceConflictPolicy` by default).
    /// - throws: A `DatabaseError`, such as a constraint violation (`SQLITE_CONSTRAINT`), or the
    ///   error of a persistence callback.
    @inlinable  // Specialized for the record type, the persistence callbacks cost nothing when they do nothing.
    public mutating func insert(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil
    ) throws {
        try insertWithSaveCallbacks(db, onConflict: conflictResolution, returning: nil)
    }

    /// Returns an inserted copy of the record.
    public func inserted(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws
        -> Self
    {
        var record = self
        try record.insert(db, onConflict: conflictResolution)
        return record
    }

    /// Inserts the record, and returns the inserted row as a new record (with the values of
    /// defaults and triggers), with `INSERT … RETURNING`.
    ///
    /// - throws: A `DatabaseError` (its message names the missing feature when SQLite is older
    ///   than 3.35, as the SQLite of SQLCipher 3.4 is), or `RecordError.recordNotFound` when no
    ///   row was inserted (`onConflict: .ignore`).
    public func insertAndFetch(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil)
        throws -> Self
    where Self: FetchableRecord {
        var record = self
        return try record.insertAndFetch(db, onConflict: conflictResolution, as: Self.self)
    }

    /// Inserts the record, calls `didInsert(_:)`, and returns the inserted row decoded as `T`
    /// (which selects `T.databaseSelection`), with `INSERT … RETURNING`.
    public mutating func insertAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil, as returnedType: T.Type
    ) throws -> T {
        try insertAndFetch(
            db, onConflict: conflictResolution, selection: T.databaseSelection, fetch: fetchingOne(db, as: T.self))
    }

    /// Inserts the record, calls `didInsert(_:)`, and returns what `fetch` fetches from the
    /// statement `INSERT … RETURNING selection`.
    ///
    /// ```swift
    /// let score = try player.insertAndFetch(db, selection: [Column("score")]) { statement in
    ///     try Int.fetchOne(statement)!
    /// }
    /// ```
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) for an empty selection, or the errors of `insert`.
    public mutating func insertAndFetch<T>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        selection: [any SQLSelectable], fetch: (Statement) throws -> T
    ) throws -> T {
        try keepingFetched(fetch) { fetch in
            try insertWithSaveCallbacks(
                db, onConflict: conflictResolution, returning: ReturningClause(selection: selection, fetch: fetch))
        }
    }

    /// Inserts the record, calls `didInsert(_:)`, and returns what `fetch` fetches from the
    /// statement `INSERT … RETURNING`, which returns the columns `select` picks among the record's
    /// database components: `select: { [$0.id, $0.score] }`.
    public mutating func insertAndFetch<T>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        fetch: (Statement) throws -> T, select: (DatabaseComponents) throws -> [any SQLSelectable]
    ) throws -> T {
        try insertAndFetch(db, onConflict: conflictResolution, selection: select(Self.databaseComponents), fetch: fetch)
    }

    /// The insertion, within the save callbacks.
    @inlinable
    mutating func insertWithSaveCallbacks(
        _ db: Database, onConflict conflictResolution: ConflictResolution?,
        returning: ReturningClause?
    ) throws {
        try withSaveCallbacks(db) { record in
            PersistenceSuccess(
                try record.insertWithCallbacks(db, onConflict: conflictResolution, returning: returning))
        }
    }

    /// The insertion, within the insertion callbacks.
    @inlinable
    mutating func insertWithCallbacks(
        _ db: Database, onConflict conflictResolution: ConflictResolution?,
        returning: ReturningClause?
    ) throws -> InsertionSuccess {
        try withInsertCallbacks(db) { record in
            try record.insertWithoutCallbacks(
                db, as: type(of: record), onConflict: conflictResolution, returning: returning)
        }
    }
}

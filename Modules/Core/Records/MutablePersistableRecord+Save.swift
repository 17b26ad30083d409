extension MutablePersistableRecord {
    /// Updates the row of the record's primary key when there is one, and inserts the record
    /// otherwise (then calls `didInsert(_:)`).
    ///
    /// A record whose primary key is NULL is inserted without trying an update.
    public mutating func save(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil)
        throws
    {
        try saveWithSaveCallbacks(db, onConflict: conflictResolution, returning: nil)
    }

    /// Returns a saved copy of the record (see `save(_:onConflict:)`).
    public func saved(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws
        -> Self
    {
        var record = self
        try record.save(db, onConflict: conflictResolution)
        return record
    }

    /// Saves the record, and returns the saved row as a new record, with `UPDATE … RETURNING` or
    /// `INSERT … RETURNING`.
    public func saveAndFetch(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil)
        throws -> Self
    where Self: FetchableRecord {
        var record = self
        return try record.saveAndFetch(db, onConflict: conflictResolution, as: Self.self)
    }

    /// Saves the record, and returns the saved row decoded as `T` (which selects
    /// `T.databaseSelection`).
    public mutating func saveAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil, as returnedType: T.Type
    ) throws -> T {
        try saveAndFetch(
            db, onConflict: conflictResolution, selection: T.databaseSelection, fetch: fetchingOne(db, as: T.self))
    }

    /// Saves the record, and returns what `fetch` fetches from the statement
    /// `UPDATE … RETURNING selection` or `INSERT … RETURNING selection`.
    public mutating func saveAndFetch<T>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        selection: [any SQLSelectable], fetch: (Statement) throws -> T
    ) throws -> T {
        try keepingFetched(fetch) { fetch in
            try saveWithSaveCallbacks(
                db, onConflict: conflictResolution, returning: ReturningClause(selection: selection, fetch: fetch))
        }
    }

    /// The save, within the save callbacks.
    mutating func saveWithSaveCallbacks(
        _ db: Database, onConflict conflictResolution: ConflictResolution?,
        returning: ReturningClause?
    ) throws {
        try withSaveCallbacks(db) { record in
            try record.updateOrInsertWithCallbacks(
                db, onConflict: conflictResolution, returning: returning)
        }
    }

    /// The update of a record that has a primary key, with its callbacks, or else, when no row has
    /// the key, its insertion with its callbacks.
    private mutating func updateOrInsertWithCallbacks(
        _ db: Database, onConflict conflictResolution: ConflictResolution?,
        returning: ReturningClause?
    ) throws -> PersistenceSuccess {
        let key = try TableKey(db, table: type(of: self).databaseTableName, container: persistenceContainer())
        if !key.isAllNull {
            do {
                return try updateWithCallbacks(
                    db, onConflict: conflictResolution, columns: nil, returning: returning)
            } catch RecordError.recordNotFound(databaseTableName: key.tableName, key: key.dictionary) {
                // No row has the key: insert.
            }
        }
        return PersistenceSuccess(
            try insertWithCallbacks(db, onConflict: conflictResolution, returning: returning))
    }
}

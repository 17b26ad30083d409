/// A record that can be inserted, updated and deleted without changing (a class, or a struct
/// whose primary key is not auto-incremented): its persistence methods are not mutating.
public protocol PersistableRecord: MutablePersistableRecord {
    /// Called before the record is inserted (does nothing by default).
    func willInsert(_ db: Database) throws
    /// Called after a successful insertion (does nothing by default).
    func didInsert(_ inserted: InsertionSuccess)
}

extension PersistableRecord {
    /// Does nothing.
    public func willInsert(_ db: Database) throws {}
    /// Does nothing.
    public func didInsert(_ inserted: InsertionSuccess) {}

    /// Inserts the record, then calls `didInsert(_:)`.
    ///
    /// - throws: A `DatabaseError`, such as a constraint violation (`SQLITE_CONSTRAINT`), or the
    ///   error of a persistence callback.
    @inlinable  // Specialized for the record type, the persistence callbacks cost nothing when they do nothing.
    public func insert(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        var record = self
        try record.insertWithSaveCallbacks(db, onConflict: conflictResolution, returning: nil)
    }

    /// Inserts the record, calls `didInsert(_:)`, and returns the inserted row decoded as `T`,
    /// with `INSERT … RETURNING`.
    public func insertAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil, as returnedType: T.Type
    ) throws -> T {
        try insertAndFetch(
            db, onConflict: conflictResolution, selection: T.databaseSelection, fetch: fetchingOne(db, as: T.self))
    }

    /// Inserts the record, calls `didInsert(_:)`, and returns what `fetch` fetches from the
    /// statement `INSERT … RETURNING selection`.
    public func insertAndFetch<T>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        selection: [any SQLSelectable], fetch: (Statement) throws -> T
    ) throws -> T {
        var record = self
        return try keepingFetched(fetch) { fetch in
            try record.insertWithSaveCallbacks(
                db, onConflict: conflictResolution, returning: ReturningClause(selection: selection, fetch: fetch))
        }
    }

    /// Inserts the record, calls `didInsert(_:)`, and returns what `fetch` fetches from the
    /// statement `INSERT … RETURNING`, which returns the columns `select` picks.
    public func insertAndFetch<T>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        fetch: (Statement) throws -> T, select: (DatabaseComponents) throws -> [any SQLSelectable]
    ) throws -> T {
        try insertAndFetch(db, onConflict: conflictResolution, selection: select(Self.databaseComponents), fetch: fetch)
    }

    /// Updates the row of the record's primary key when there is one, and inserts the record
    /// otherwise (then calls `didInsert(_:)`).
    public func save(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        var record = self
        try record.saveWithSaveCallbacks(db, onConflict: conflictResolution, returning: nil)
    }

    /// Saves the record, and returns the saved row decoded as `T`.
    public func saveAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil, as returnedType: T.Type
    ) throws -> T {
        try saveAndFetch(
            db, onConflict: conflictResolution, selection: T.databaseSelection, fetch: fetchingOne(db, as: T.self))
    }

    /// Saves the record, and returns what `fetch` fetches from the statement
    /// `UPDATE … RETURNING selection` or `INSERT … RETURNING selection`.
    public func saveAndFetch<T>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        selection: [any SQLSelectable], fetch: (Statement) throws -> T
    ) throws -> T {
        var record = self
        return try keepingFetched(fetch) { fetch in
            try record.saveWithSaveCallbacks(
                db, onConflict: conflictResolution, returning: ReturningClause(selection: selection, fetch: fetch))
        }
    }

    /// Inserts the record, or updates the row it conflicts with (`INSERT … ON CONFLICT DO UPDATE`),
    /// then calls `didInsert(_:)` with the rowid of the inserted or updated row.
    ///
    /// - throws: A `DatabaseError` (its message names the missing feature when SQLite is older
    ///   than 3.35), or the error of a persistence callback.
    public func upsert(_ db: Database) throws {
        var record = self
        try record.upsertWithSaveCallbacks(
            db, conflictTarget: [], updating: .allColumns, assignments: [], selection: []
        ) { _ in }
    }
}

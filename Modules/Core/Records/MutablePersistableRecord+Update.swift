extension MutablePersistableRecord {
    /// Updates the row of the record's primary key: the given columns of the table that the record
    /// encodes, never the primary key.
    ///
    /// - throws: `RecordError.recordNotFound` when no row has the record's primary key, a
    ///   `DatabaseError`, or the error of a persistence callback.
    public func update(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        columns: some Collection<String>
    ) throws {
        try updateWithSaveCallbacks(
            db, onConflict: conflictResolution, columns: Set(columns), returning: nil)
    }

    /// Updates the given columns of the row of the record's primary key.
    public func update(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        columns: some Collection<some ColumnExpression>
    ) throws {
        try update(db, onConflict: conflictResolution, columns: columns.map(\.name))
    }

    /// Updates all columns of the row of the record's primary key (the columns of the table that
    /// the record encodes).
    ///
    /// - throws: `RecordError.recordNotFound` when no row has the record's primary key, a
    ///   `DatabaseError`, or the error of a persistence callback.
    public func update(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil) throws {
        try updateWithSaveCallbacks(db, onConflict: conflictResolution, columns: nil, returning: nil)
    }

    /// Updates the columns whose values differ from those of `record`, and returns whether there
    /// was any (no statement runs otherwise).
    @discardableResult
    public func updateChanges<Record: MutablePersistableRecord>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil, from record: Record
    ) throws -> Bool {
        let changedColumns = try changedColumns(from: record.persistenceContainer())
        if changedColumns.isEmpty { return false }
        try update(db, onConflict: conflictResolution, columns: changedColumns)
        return true
    }

    /// Modifies the record, updates the columns that the modification changed, and returns
    /// whether there was any (no statement runs otherwise).
    ///
    /// ```swift
    /// try player.updateChanges(db) { $0.score += 10 }
    /// ```
    @discardableResult
    public mutating func updateChanges(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        modify: (inout Self) throws -> Void
    ) throws -> Bool {
        let changedColumns = try columnsChanged(by: modify)
        if changedColumns.isEmpty { return false }
        try update(db, onConflict: conflictResolution, columns: changedColumns)
        return true
    }

    /// Updates all columns, and returns the updated row as a new record, with `UPDATE … RETURNING`.
    ///
    /// - throws: `RecordError.recordNotFound` when no row has the record's primary key, or a
    ///   `DatabaseError` (its message names the missing feature when SQLite is older than 3.35).
    public func updateAndFetch(_ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil)
        throws -> Self
    where Self: FetchableRecord {
        try updateAndFetch(db, onConflict: conflictResolution, as: Self.self)
    }

    /// Updates all columns, and returns the updated row decoded as `T` (which selects
    /// `T.databaseSelection`), with `UPDATE … RETURNING`.
    public func updateAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil, as returnedType: T.Type
    ) throws -> T {
        try updateAndFetch(
            db, onConflict: conflictResolution, selection: T.databaseSelection, fetch: fetchingOne(db, as: T.self))
    }

    /// Modifies the record, updates the columns that the modification changed, and returns the
    /// updated row as a new record, or nil when nothing changed (no statement runs then).
    public mutating func updateChangesAndFetch(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        modify: (inout Self) throws -> Void
    ) throws -> Self? where Self: FetchableRecord {
        try updateChangesAndFetch(db, onConflict: conflictResolution, as: Self.self, modify: modify)
    }

    /// Modifies the record, updates the columns that the modification changed, and returns the
    /// updated row decoded as `T`, or nil when nothing changed (no statement runs then).
    public mutating func updateChangesAndFetch<T: FetchableRecord & TableRecord>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil, as returnedType: T.Type,
        modify: (inout Self) throws -> Void
    ) throws -> T? {
        let fetch = fetchingOne(db, as: T.self)
        return try updateChangesAndFetch(
            db, onConflict: conflictResolution, selection: T.databaseSelection, fetch: fetch, modify: modify)
    }

    /// Updates the given columns, and returns what `fetch` fetches from the statement
    /// `UPDATE … RETURNING selection`.
    public func updateAndFetch<T>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        columns: some Collection<String>, selection: [any SQLSelectable], fetch: (Statement) throws -> T
    ) throws -> T {
        try keepingFetched(fetch) { fetch in
            try updateWithSaveCallbacks(
                db, onConflict: conflictResolution, columns: Set(columns),
                returning: ReturningClause(selection: selection, fetch: fetch))
        }
    }

    /// Updates the given columns, and returns what `fetch` fetches from the statement
    /// `UPDATE … RETURNING selection`.
    public func updateAndFetch<T>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        columns: some Collection<some ColumnExpression>, selection: [any SQLSelectable],
        fetch: (Statement) throws -> T
    ) throws -> T {
        try updateAndFetch(
            db, onConflict: conflictResolution, columns: columns.map(\.name), selection: selection, fetch: fetch)
    }

    /// Updates all columns, and returns what `fetch` fetches from the statement
    /// `UPDATE … RETURNING selection`.
    public func updateAndFetch<T>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        selection: [any SQLSelectable], fetch: (Statement) throws -> T
    ) throws -> T {
        try keepingFetched(fetch) { fetch in
            try updateWithSaveCallbacks(
                db, onConflict: conflictResolution, columns: nil,
                returning: ReturningClause(selection: selection, fetch: fetch))
        }
    }

    /// Modifies the record, updates the columns that the modification changed, and returns what
    /// `fetch` fetches from the statement `UPDATE … RETURNING selection`, or nil when nothing
    /// changed (no statement runs then).
    public mutating func updateChangesAndFetch<T>(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        selection: [any SQLSelectable], fetch: (Statement) throws -> T, modify: (inout Self) throws -> Void
    ) throws -> T? {
        let changedColumns = try columnsChanged(by: modify)
        if changedColumns.isEmpty { return nil }
        return try updateAndFetch(
            db, onConflict: conflictResolution, columns: changedColumns, selection: selection, fetch: fetch)
    }

    /// The update, within the save callbacks.
    func updateWithSaveCallbacks(
        _ db: Database, onConflict conflictResolution: ConflictResolution?, columns: Set<String>?,
        returning: ReturningClause?
    ) throws {
        var record = self
        try record.withSaveCallbacks(db) { record in
            try record.updateWithCallbacks(
                db, onConflict: conflictResolution, columns: columns, returning: returning)
        }
    }

    /// The update, within the update callbacks, which are given the updated columns (all the
    /// columns of the table when `columns` is nil).
    func updateWithCallbacks(
        _ db: Database, onConflict conflictResolution: ConflictResolution?, columns: Set<String>?,
        returning: ReturningClause?
    ) throws -> PersistenceSuccess {
        let callbackColumns = try columns ?? db.columnNames(in: type(of: self).databaseTableName)
        try willUpdate(db, columns: callbackColumns)
        var updated: PersistenceSuccess?
        try aroundUpdate(db, columns: callbackColumns) {
            let success = try updateWithoutCallbacks(
                db, onConflict: conflictResolution, columns: columns, returning: returning)
            updated = success
            return success
        }
        guard let updated else { throw callbackMisuse("aroundUpdate") }
        didUpdate(updated)
        return updated
    }

    /// The columns whose values differ from those of `container` (a column missing there is NULL).
    func changedColumns(from container: PersistenceContainer) throws -> Set<String> {
        Set(try persistenceContainer().changes(from: container).map(\.column))
    }

    /// Modifies the record, and returns the columns whose values the modification changed.
    private mutating func columnsChanged(by modify: (inout Self) throws -> Void) throws -> Set<String> {
        let original = try persistenceContainer()
        try modify(&self)
        return try changedColumns(from: original)
    }
}

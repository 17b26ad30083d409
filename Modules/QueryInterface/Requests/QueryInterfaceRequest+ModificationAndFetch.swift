import RSCore

/// Deletions and updates that return the rows they change, with SQLite's RETURNING clause (SQLite
/// 3.35+: an older SQLite, such as SQLCipher 3's, fails with an error that names the missing
/// feature). The statements run as `deleteAll(_:)` and `updateAll(_:onConflict:_:)` do.
extension QueryInterfaceRequest {
    // MARK: - Delete

    /// The statement that deletes the rows of the request and returns `selection` for each one. It
    /// runs as it is iterated (`Row.fetchCursor(statement)`, `execute()`).
    ///
    /// - throws: A `DatabaseError`: `SQLITE_MISUSE` for an empty selection, or a request that
    ///   `deleteAll(_:)` refuses; SQLite's error otherwise.
    public func deleteAndFetchStatement(_ db: Database, selection: [any SQLSelectable]) throws -> Statement {
        let (sql, arguments) = try deleteSQL(db)
        return try db.returningStatement(
            sql, table: relation.table, arguments: arguments, selection: selection, cached: false)
    }

    /// The statement that deletes the rows of the request and returns the selection that the
    /// closure builds from the record's database components: `deleteAndFetchStatement(db) { [$0.id] }`.
    public func deleteAndFetchStatement(
        _ db: Database, select: (RowDecoder.DatabaseComponents) throws -> [any SQLSelectable]
    ) throws -> Statement where RowDecoder: TableRecord {
        try deleteAndFetchStatement(db, selection: select(RowDecoder.databaseComponents))
    }

    /// Deletes the rows of the request as the cursor is iterated, and returns their records.
    public func deleteAndFetchCursor(_ db: Database) throws -> RecordCursor<RowDecoder>
    where RowDecoder: FetchableRecord & TableRecord {
        try RowDecoder.fetchCursor(deleteAndFetchStatement(db, selection: RowDecoder.databaseSelection))
    }

    /// Deletes the rows of the request, and returns their records.
    public func deleteAndFetchAll(_ db: Database) throws -> [RowDecoder]
    where RowDecoder: FetchableRecord & TableRecord {
        try Array(deleteAndFetchCursor(db))
    }

    /// Deletes the rows of the request, and returns the set of their records.
    public func deleteAndFetchSet(_ db: Database) throws -> Set<RowDecoder>
    where RowDecoder: FetchableRecord & TableRecord & Hashable {
        try Set(deleteAndFetchCursor(db))
    }

    /// Deletes the rows of the request, and returns their ids (the values of the table's
    /// single-column primary key).
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) for a table whose primary key has several
    ///   columns.
    public func deleteAndFetchIds(_ db: Database) throws -> Set<RowDecoder.ID>
    where
        RowDecoder: TableRecord & Identifiable,
        RowDecoder.ID: Hashable & DatabaseValueConvertible & StatementColumnConvertible
    {
        let columns = try db.primaryKey(relation.table).columns
        guard columns.count == 1 else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "deleteAndFetchIds needs a single-column primary key, and the table "
                    + "\(relation.table) has \(columns.count): \(columns.joined(separator: ", "))")
        }
        return try RowDecoder.ID.fetchSet(deleteAndFetchStatement(db, selection: [Column(columns[0])]))
    }

    // MARK: - Update

    /// The statement that updates the rows of the request and returns `selection` for each one. It
    /// runs as it is iterated. Conflicts are resolved as in `updateAll(_:onConflict:_:)`.
    ///
    /// - throws: A `DatabaseError`: `SQLITE_MISUSE` for an empty selection, for assignments that
    ///   update nothing (none, or only `noOverwrite` ones), or a request that `updateAll` refuses;
    ///   SQLite's error otherwise.
    public func updateAndFetchStatement(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: [ColumnAssignment], selection: [any SQLSelectable]
    ) throws -> Statement {
        guard let (sql, arguments) = try updateSQL(db, onConflict: conflictResolution, assignments) else {
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "updateAndFetch needs an assignment that updates a column of \(relation.table)")
        }
        return try db.returningStatement(
            sql, table: relation.table, arguments: arguments, selection: selection, cached: false)
    }

    /// The statement that updates the rows of the request with the assignments that the closure
    /// builds, and returns the selection that the other closure builds, both from the record's
    /// database components.
    public func updateAndFetchStatement(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignments: (RowDecoder.DatabaseComponents) throws -> [ColumnAssignment],
        select: (RowDecoder.DatabaseComponents) throws -> [any SQLSelectable]
    ) throws -> Statement where RowDecoder: TableRecord {
        try updateAndFetchStatement(
            db, onConflict: conflictResolution, assignments(RowDecoder.databaseComponents),
            selection: select(RowDecoder.databaseComponents))
    }

    /// Updates the rows of the request as the cursor is iterated, and returns their updated records.
    public func updateAndFetchCursor(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: [ColumnAssignment]
    ) throws -> RecordCursor<RowDecoder> where RowDecoder: FetchableRecord & TableRecord {
        try RowDecoder.fetchCursor(
            updateAndFetchStatement(
                db, onConflict: conflictResolution, assignments, selection: RowDecoder.databaseSelection))
    }

    /// Updates the rows of the request with the assignments that the closure builds, as the cursor
    /// is iterated, and returns their updated records.
    public func updateAndFetchCursor(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignments: (RowDecoder.DatabaseComponents) throws -> [ColumnAssignment]
    ) throws -> RecordCursor<RowDecoder> where RowDecoder: FetchableRecord & TableRecord {
        try updateAndFetchCursor(db, onConflict: conflictResolution, assignments(RowDecoder.databaseComponents))
    }

    /// Updates the rows of the request, and returns their updated records.
    public func updateAndFetchAll(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: [ColumnAssignment]
    ) throws -> [RowDecoder] where RowDecoder: FetchableRecord & TableRecord {
        try Array(updateAndFetchCursor(db, onConflict: conflictResolution, assignments))
    }

    /// Updates the rows of the request with the assignments that the closure builds, and returns
    /// their updated records: `updateAndFetchAll(db) { [$0.score += 1] }`.
    public func updateAndFetchAll(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignments: (RowDecoder.DatabaseComponents) throws -> [ColumnAssignment]
    ) throws -> [RowDecoder] where RowDecoder: FetchableRecord & TableRecord {
        try updateAndFetchAll(db, onConflict: conflictResolution, assignments(RowDecoder.databaseComponents))
    }

    /// Updates the rows of the request, and returns the set of their updated records.
    public func updateAndFetchSet(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: [ColumnAssignment]
    ) throws -> Set<RowDecoder> where RowDecoder: FetchableRecord & TableRecord & Hashable {
        try Set(updateAndFetchCursor(db, onConflict: conflictResolution, assignments))
    }

    /// Updates the rows of the request with the assignments that the closure builds, and returns
    /// the set of their updated records.
    public func updateAndFetchSet(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignments: (RowDecoder.DatabaseComponents) throws -> [ColumnAssignment]
    ) throws -> Set<RowDecoder> where RowDecoder: FetchableRecord & TableRecord & Hashable {
        try updateAndFetchSet(db, onConflict: conflictResolution, assignments(RowDecoder.databaseComponents))
    }
}

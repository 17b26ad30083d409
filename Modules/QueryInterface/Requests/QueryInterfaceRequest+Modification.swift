import RSCore

extension QueryInterfaceRequest {
    /// Deletes the rows of the request, and returns how many were deleted. The statement begins with
    /// the WITH clause of the request's common table expressions: `WITH … DELETE FROM …`.
    ///
    /// A request with a limit or DISTINCT deletes the rows whose rowid it selects (the primary key
    /// of a table WITHOUT ROWID).
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) for a request with HAVING but no GROUP BY, or
    ///   grouped by columns that are no unique key: its groups stand for several rows each.
    @discardableResult
    public func deleteAll(_ db: Database) throws -> Int {
        let (sql, arguments) = try deleteSQL(db)
        try db.execute(sql: sql, arguments: arguments)
        return db.changesCount
    }

    /// The DELETE statement of `deleteAll(_:)`, and its arguments.
    func deleteSQL(_ db: Database) throws -> (String, StatementArguments) {
        var context = SQLGenerationContext(database: db)
        var sql = try relation.allCTEs.withClause.sql(&context)
        sql += "DELETE FROM \(relation.table.quotedDatabaseIdentifier)" + (try rowsClause(&context, "delete"))
        return (sql, context.arguments)
    }

    /// Updates the rows of the request, and returns how many were updated:
    /// `try Player.filter(Column("team") == "red").updateAll(db, Column("score").set(to: 0))`.
    @discardableResult
    public func updateAll(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: ColumnAssignment...
    ) throws
        -> Int
    {
        try updateAll(db, onConflict: conflictResolution, assignments)
    }

    /// Updates the rows of the request, and returns how many were updated. A request with a limit
    /// or DISTINCT updates the rows whose rowid it selects (the primary key of a table WITHOUT ROWID).
    /// The statement begins with the WITH clause of the request's common table expressions.
    ///
    /// Conflicts are resolved as `conflictResolution` says (`UPDATE OR IGNORE …`), or else, for a
    /// persistable record type, as its `persistenceConflictPolicy` says for updates.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_MISUSE`) for a request with HAVING but no GROUP BY, or
    ///   grouped by columns that are no unique key: its groups stand for several rows each.
    @discardableResult
    public func updateAll(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        _ assignments: [ColumnAssignment]
    ) throws
        -> Int
    {
        guard let (sql, arguments) = try updateSQL(db, onConflict: conflictResolution, assignments) else { return 0 }
        try db.execute(sql: sql, arguments: arguments)
        return db.changesCount
    }

    /// The UPDATE statement of `updateAll(_:onConflict:_:)`, and its arguments; nil when the
    /// assignments update nothing (none, or only `noOverwrite` ones).
    func updateSQL(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution?, _ assignments: [ColumnAssignment]
    ) throws -> (String, StatementArguments)? {
        guard !assignments.isEmpty else { return nil }
        let resolution =
            conflictResolution ?? (RowDecoder.self as? any MutablePersistableRecord.Type)?.persistenceConflictPolicy
            .conflictResolutionForUpdate ?? .abort
        var context = SQLGenerationContext(database: db)
        var sql = try relation.allCTEs.withClause.sql(&context)
        sql += resolution == .abort ? "UPDATE " : "UPDATE OR \(resolution.rawValue) "
        sql += "\(relation.table.quotedDatabaseIdentifier) SET "
        let updates = try assignments.compactMap { try $0.sql(&context) }
        guard !updates.isEmpty else { return nil }
        sql += updates.joined(separator: ", ")
        sql += try rowsClause(&context, "update")
        return (sql, context.arguments)
    }

    /// Updates the rows of the request with the assignment that the closure builds from the record's
    /// database components, and returns how many were updated: `updateAll(db) { $0.score += 10 }`.
    @discardableResult
    public func updateAll(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignment: (RowDecoder.DatabaseComponents) throws -> ColumnAssignment
    ) throws -> Int where RowDecoder: TableRecord {
        try updateAll(db, onConflict: conflictResolution, [assignment(RowDecoder.databaseComponents)])
    }

    /// Updates the rows of the request with the assignments that the closure builds from the record's
    /// database components, and returns how many were updated:
    /// `updateAll(db) { [$0.score.set(to: 0), $0.name.set(to: nil)] }`.
    @discardableResult
    public func updateAll(
        _ db: Database, onConflict conflictResolution: Database.ConflictResolution? = nil,
        assignments: (RowDecoder.DatabaseComponents) throws -> [ColumnAssignment]
    ) throws -> Int where RowDecoder: TableRecord {
        try updateAll(db, onConflict: conflictResolution, assignments(RowDecoder.databaseComponents))
    }

    /// The WHERE clause that targets the rows of the request.
    private func rowsClause(_ context: inout SQLGenerationContext, _ operation: String) throws -> String {
        if relation.isFilterOnly {
            return try relation.tableWhereClause(&context)
        }
        let db = try context.database()
        guard try relation.groupsSingleRows(db) else {
            // `rowid IN (SELECT rowid … GROUP BY …)` would pick one arbitrary row of each group.
            throw DatabaseError(
                resultCode: .SQLITE_MISUSE,
                message: "can't \(operation) the rows of a request with GROUP BY or HAVING: a group is several rows")
        }
        // The rowid selects the rows, or the primary key of a table WITHOUT ROWID.
        let rowIDName = try db.uniqueKeys(relation.table).rowIDNames.sorted().first
        let key = try rowIDName.map { [$0] } ?? db.primaryKey(relation.table).columns
        var subquery = relation
        subquery.selection = key.map { Column($0).sqlSelection }
        let keySQL = key.map { $0.quotedDatabaseIdentifier }.joined(separator: ", ")
        return " WHERE (\(keySQL)) IN (\(try subquery.selectSQL(&context, withClause: false)))"
    }
}

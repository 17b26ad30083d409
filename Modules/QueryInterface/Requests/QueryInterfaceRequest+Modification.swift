import RSCore

extension QueryInterfaceRequest {
    /// Deletes the rows of the request, and returns how many were deleted.
    ///
    /// A request with a limit, grouping or DISTINCT deletes the rows whose rowid it selects.
    @discardableResult
    public func deleteAll(_ db: Database) throws -> Int {
        var context = SQLGenerationContext(database: db)
        let sql = "DELETE FROM \(relation.table.quotedDatabaseIdentifier)" + (try rowsClause(&context))
        try db.execute(sql: sql, arguments: context.arguments)
        return db.changesCount
    }

    /// Updates the rows of the request, and returns how many were updated:
    /// `try Player.filter(Column("team") == "red").updateAll(db, Column("score").set(to: 0))`.
    @discardableResult
    public func updateAll(_ db: Database, _ assignments: ColumnAssignment...) throws -> Int {
        try updateAll(db, assignments)
    }

    /// Updates the rows of the request, and returns how many were updated.
    @discardableResult
    public func updateAll(_ db: Database, _ assignments: [ColumnAssignment]) throws -> Int {
        guard !assignments.isEmpty else { return 0 }
        var context = SQLGenerationContext(database: db)
        var sql = "UPDATE \(relation.table.quotedDatabaseIdentifier) SET "
        sql += try assignments.map { try $0.sql(&context) }.joined(separator: ", ")
        sql += try rowsClause(&context)
        try db.execute(sql: sql, arguments: context.arguments)
        return db.changesCount
    }

    /// The WHERE clause that targets the rows of the request.
    private func rowsClause(_ context: inout SQLGenerationContext) throws -> String {
        if relation.isFilterOnly {
            return try relation.whereClause(&context)
        }
        var subquery = relation
        subquery.selection = [Column.rowID.sqlSelection]
        return " WHERE rowid IN (\(try subquery.selectSQL(&context)))"
    }
}

import RSCore

/// An index to create: `CREATE UNIQUE INDEX IF NOT EXISTS "name" ON "table"("a", "b") WHERE …`.
struct IndexDefinition {
    /// The name of the index.
    var name: String
    /// The indexed table.
    var table: String
    /// The indexed columns or expressions.
    var expressions: [SQLExpression]
    /// `unique`, `ifNotExists`.
    var options: IndexOptions
    /// The condition of a partial index, if any.
    var condition: SQLExpression?

    /// The `CREATE INDEX` statement, with the values of expressions written as SQL literals.
    func sql(_ db: Database) throws -> String {
        var sql = "CREATE"
        if options.contains(.unique) { sql += " UNIQUE" }
        sql += " INDEX"
        if options.contains(.ifNotExists) { sql += " IF NOT EXISTS" }
        sql += " \(name.quotedDatabaseIdentifier) ON \(table.quotedDatabaseIdentifier)("
        sql += try expressions.map { try $0.inlinedSQL(db) }.joined(separator: ", ")
        sql += ")"
        if let condition { sql += " WHERE \(try condition.inlinedSQL(db))" }
        return sql
    }
}

extension Database {
    /// The name of the index `create(indexOn:columns:)` creates: `index_<table>_on_<a>_<b>`.
    static func defaultIndexName(on table: String, columns: [String]) -> String {
        "index_\(table)_on_\(columns.joined(separator: "_"))"
    }
}

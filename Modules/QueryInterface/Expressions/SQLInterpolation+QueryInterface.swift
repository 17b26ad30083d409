import RSCore

// The interpolations of the query interface's types: tables and collations.
extension SQLInterpolation {
    // Not a disfavored overload, as in GRDB: a Table is also a request, which the interpolation of
    // subqueries would otherwise take.
    /// Appends the quoted name of a table: `FROM \(Table("player"))` is `FROM "player"`.
    public mutating func appendInterpolation<T>(_ table: Table<T>) {
        appendInterpolation(identifier: table.tableName)
    }

    /// Appends the name of a collation: `ORDER BY email COLLATE \(.nocase)`.
    public mutating func appendInterpolation(_ collation: Database.CollationName) {
        appendLiteral(collation.sql)
    }

    /// Appends the quoted name of a custom collation: `ORDER BY name COLLATE \(.localizedCompare)`.
    public mutating func appendInterpolation(_ collation: DatabaseCollation) {
        appendLiteral(collation.sql)
    }
}

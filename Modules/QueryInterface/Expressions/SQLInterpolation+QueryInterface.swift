import RSCore

// The interpolations of the query interface's types: tables, common table expressions, collations.
extension SQLInterpolation {
    // Not a disfavored overload, as in GRDB: a Table is also a request, which the interpolation of
    // subqueries would otherwise take.
    /// Appends the quoted name of a table: `FROM \(Table("player"))` is `FROM "player"`.
    public mutating func appendInterpolation<T>(_ table: Table<T>) {
        appendInterpolation(identifier: table.tableName)
    }

    /// Appends the quoted name of the table of a common table expression: `FROM \(cte)`.
    public mutating func appendInterpolation(_ cte: CommonTableExpression<some Any>) {
        appendInterpolation(identifier: cte.tableName)
    }

    /// Appends the definition of a common table expression, for a WITH clause:
    /// `"WITH \(definitionFor: cte) SELECT * FROM \(cte)"` is `WITH "cte" AS (…) SELECT * FROM "cte"`.
    public mutating func appendInterpolation(definitionFor cte: CommonTableExpression<some Any>) {
        appendInterpolation(literal: cte.cte.definition)
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

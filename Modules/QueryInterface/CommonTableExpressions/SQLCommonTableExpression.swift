import RSCore

/// What a common table expression is made of: the name of its table, its columns, and the request
/// that defines its rows. Requests keep those of their `with(_:)` calls, in order.
struct SQLCommonTableExpression: Sendable {
    /// The name of the table.
    var tableName: String
    /// The names of the columns, or nil (or empty) for the columns of the request.
    var columns: [String]?
    /// The request that defines the rows.
    var request: SQLSubquery
    /// Whether the request refers to the table itself: `WITH RECURSIVE`.
    var isRecursive: Bool

    /// `"name"("a", "b") AS (SELECT …)`: the definition in a WITH clause.
    var definition: SQL {
        var head = tableName.quotedDatabaseIdentifier
        if let columns, !columns.isEmpty {
            head += "(" + columns.map(\.quotedDatabaseIdentifier).joined(separator: ", ") + ")"
        }
        return SQL(elements: [
            .sql(head + " AS (", StatementArguments()), .subquery(request), .sql(")", StatementArguments()),
        ])
    }
}

extension [SQLCommonTableExpression] {
    /// `WITH "a" AS (…), "b" AS (…) ` (with `RECURSIVE` if one of them is), or nothing when there is
    /// no common table expression.
    var withClause: SQL {
        guard !isEmpty else { return SQL(elements: []) }
        var clause = SQL(sql: contains(where: \.isRecursive) ? "WITH RECURSIVE " : "WITH ")
        clause += map(\.definition).joined(separator: ", ")
        clause.append(sql: " ")
        return clause
    }

    /// The common table expression of a table name (SQLite compares names regardless of case).
    func named(_ tableName: String) -> SQLCommonTableExpression? {
        let name = tableName.lowercased()
        return first { $0.tableName.lowercased() == name }
    }

    /// Adds a common table expression: it replaces the one of the same name, in its place, or comes
    /// last.
    mutating func merge(_ cte: SQLCommonTableExpression) {
        let name = cte.tableName.lowercased()
        if let index = firstIndex(where: { $0.tableName.lowercased() == name }) {
            self[index] = cte
        } else {
            append(cte)
        }
    }

    /// The number of columns of the table of a common table expression of the list: its columns, or
    /// else those its request selects, known by preparing (not running) a statement that reads the
    /// table, after the definitions of the whole list (which the request may refer to).
    ///
    /// - throws: A `DatabaseError` when a definition is not valid SQL.
    func columnCount(of cte: SQLCommonTableExpression, _ db: Database) throws -> Int {
        if let columns = cte.columns, !columns.isEmpty { return columns.count }
        let query = withClause + SQL(sql: "SELECT * FROM \(cte.tableName.quotedDatabaseIdentifier)")
        return try db.cachedStatement(sql: query.build(db).sql).columnCount
    }
}

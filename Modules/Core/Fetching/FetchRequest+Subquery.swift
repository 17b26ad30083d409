extension FetchRequest where Self: Sendable {
    /// The SQL and arguments of the request's prepared statement, as a subquery: the default of
    /// requests that do not build their SQL otherwise (SQL and query interface requests do).
    ///
    /// The statement is prepared alone, when the enclosing statement is generated: it may not refer
    /// to the tables of the enclosing statement, nor to its common table expressions.
    public var sqlSubquery: SQLSubquery {
        let request = self
        let statement = SQLExpression(
            .deferred { db in
                let statement = try request.makePreparedRequest(db, forSingleResult: false).statement
                return SQLExpression(sql: statement.sql, arguments: statement.arguments)
            })
        return SQLSubquery(SQL(statement))
    }
}

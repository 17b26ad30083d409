extension Database {
    /// Prepares the statement of an SQL literal, with its interpolated values bound:
    /// `try db.makeStatement(literal: "SELECT * FROM player WHERE score > \(1000)")`.
    ///
    /// A literal without argument leaves the parameters of its SQL to bind later; a literal with
    /// arguments must give them all.
    ///
    /// - throws: A `DatabaseError` when the SQL is invalid, holds more than one statement, or when
    ///   the arguments do not fit its parameters.
    public func makeStatement(literal sqlLiteral: SQL) throws -> Statement {
        let (sql, arguments) = try sqlLiteral.build(self)
        return try bound(makeStatement(sql: sql), arguments)
    }

    /// Returns the statement of an SQL literal from the connection's cache (see
    /// `cachedStatement(sql:)`), with its interpolated values bound, as `makeStatement(literal:)` does.
    ///
    /// - throws: A `DatabaseError` when the SQL is invalid, holds more than one statement, or when
    ///   the arguments do not fit its parameters.
    public func cachedStatement(literal sqlLiteral: SQL) throws -> Statement {
        let (sql, arguments) = try sqlLiteral.build(self)
        return try bound(cachedStatement(sql: sql), arguments)
    }

    /// Executes the statements of an SQL literal, separated by semicolons: positional arguments go to
    /// the statements in order.
    ///
    /// ```swift
    /// try db.execute(literal: "UPDATE player SET name = \(name) WHERE id = \(id)")
    /// ```
    ///
    /// - throws: A `DatabaseError` for invalid SQL, wrong arguments, or a failed execution.
    public func execute(literal sqlLiteral: SQL) throws {
        let (sql, arguments) = try sqlLiteral.build(self)
        try execute(sql: sql, arguments: arguments)
    }

    /// The statement, with the arguments bound unless there are none.
    private func bound(_ statement: Statement, _ arguments: StatementArguments) throws -> Statement {
        if !arguments.isEmpty { try statement.setArguments(arguments) }
        return statement
    }
}

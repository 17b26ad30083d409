extension Database {
    /// A cursor of the prepared statements of SQL separated by semicolons, each prepared when the
    /// previous one has run, so that it may use the schema that an earlier one creates.
    ///
    /// ```swift
    /// let statements = try db.allStatements(sql: """
    ///     INSERT INTO player (name) VALUES (?);
    ///     INSERT INTO player (name) VALUES (?);
    ///     """, arguments: ["Arthur", "Barbara"])
    /// while let statement = try statements.next() {
    ///     try statement.execute()
    /// }
    /// ```
    ///
    /// Without arguments, the statements' parameters are left to bind. With arguments, each statement
    /// takes the positional values it needs, in order, and the named ones it uses; the cursor throws
    /// a `DatabaseError` (`SQLITE_MISUSE`) when a statement lacks values, or when values are left at
    /// the end.
    public func allStatements(sql: String, arguments: StatementArguments? = nil) throws -> SQLStatementCursor {
        SQLStatementCursor(statements: try prepareStatements(sql: sql), sql: sql, arguments: arguments)
    }

    /// A cursor of the prepared statements of an SQL literal, separated by semicolons: see
    /// `allStatements(sql:arguments:)`. A literal without argument leaves the parameters to bind.
    public func allStatements(literal sqlLiteral: SQL) throws -> SQLStatementCursor {
        let (sql, arguments) = try sqlLiteral.build(self)
        return try allStatements(sql: sql, arguments: arguments.isEmpty ? nil : arguments)
    }
}

/// A cursor of the statements of SQL text: see `Database.allStatements(sql:arguments:)`.
///
/// Like all database cursors, it is used in the database access that created it.
public final class SQLStatementCursor: Cursor {
    private var statements: StatementIterator
    private let sql: String
    private let arguments: StatementArguments?
    /// The positional values that the statements prepared so far did not take.
    private var remainingValues: ArraySlice<DatabaseValue>

    init(statements: StatementIterator, sql: String, arguments: StatementArguments?) {
        self.statements = statements
        self.sql = sql
        self.arguments = arguments
        self.remainingValues = arguments?.values[...] ?? []
    }

    /// The next statement, prepared, with its arguments bound, or nil after the last one.
    ///
    /// - throws: A `DatabaseError` when the SQL of the statement is invalid, or when the arguments do
    ///   not fit the statements.
    public func next() throws -> Statement? {
        guard let statement = try statements.next() else {
            if let arguments {
                try statements.database.checkAllArgumentsConsumed(arguments, remaining: remainingValues, sql: sql)
            }
            return nil
        }
        if let arguments {
            try statement.bind(arguments, consumingPositionalValuesFrom: &remainingValues)
        }
        return statement
    }
}

@available(*, unavailable)
extension SQLStatementCursor: Sendable {}

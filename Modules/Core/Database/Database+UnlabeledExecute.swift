extension Database {
    /// Executes one or several SQL statements, separated by semicolons: `execute(sql:arguments:)`,
    /// under the name it had until GRDB 3, which GRDB 4 renamed and the samples written for GRDB 2
    /// and 3 still use (`try db.execute("DELETE FROM player")`).
    ///
    /// It keeps the semantics of GRDB 3: the SQL is a `String`, so that a string interpolation is
    /// SQL text, not a bound argument. `db.execute("… WHERE name = '\(name)'")` puts the name in
    /// the SQL, quotes and all: pass values in `arguments`, or write
    /// `execute(sql: "… WHERE name = ?", arguments: [name])`.
    ///
    /// - throws: A `DatabaseError` for invalid SQL, wrong arguments, or a failed execution.
    public func execute(_ sql: String, arguments: StatementArguments? = nil) throws {
        try execute(sql: sql, arguments: arguments ?? StatementArguments())
    }
}

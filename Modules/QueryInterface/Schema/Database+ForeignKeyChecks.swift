import RSCore

// The rows that break foreign keys, which SQLite lets a transaction leave behind when foreign keys
// are not enforced, or checked at commit only (DEFERRABLE INITIALLY DEFERRED).
extension Database {
    /// A cursor over the rows of the database that break a foreign key.
    public func foreignKeyViolations() throws -> RecordCursor<ForeignKeyViolation> {
        try ForeignKeyViolation.fetchCursor(self, sql: "PRAGMA foreign_key_check")
    }

    /// A cursor over the rows of a table that break a foreign key.
    ///
    /// - parameters:
    ///   - tableName: The name of the table.
    ///   - schemaName: The schema of the table ("main", "temp", or an attached database); by
    ///     default, SQLite looks for the table as a query would.
    /// - throws: A `DatabaseError` ("no such table: …") when the table does not exist.
    public func foreignKeyViolations(in tableName: String, in schemaName: String? = nil) throws
        -> RecordCursor<ForeignKeyViolation>
    {
        try ForeignKeyViolation.fetchCursor(
            self, sql: SchemaObjectName(tableName, in: schemaName).pragmaSQL("foreign_key_check"))
    }

    /// Throws the error of the first row of the database that breaks a foreign key, if any.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_CONSTRAINT_FOREIGNKEY`) that describes the violation.
    public func checkForeignKeys() throws {
        if let violation = try foreignKeyViolations().next() { throw violation.databaseError(self) }
    }

    /// Throws the error of the first row of a table that breaks a foreign key, if any.
    ///
    /// - throws: A `DatabaseError` (`SQLITE_CONSTRAINT_FOREIGNKEY`) that describes the violation,
    ///   or ("no such table: …") when the table does not exist.
    public func checkForeignKeys(in tableName: String, in schemaName: String? = nil) throws {
        if let violation = try foreignKeyViolations(in: tableName, in: schemaName).next() {
            throw violation.databaseError(self)
        }
    }
}

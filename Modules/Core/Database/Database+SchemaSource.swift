extension Database {
    /// Runs `block` with another schema source, or with none when `schemaSource` is nil, and
    /// restores the current one afterwards, even when `block` throws.
    ///
    /// What the connection knows of the schema is forgotten before and after `block`, so that no
    /// primary key given by one source outlives it.
    ///
    /// ```swift
    /// migrator.registerMigration("fill archive") { db in
    ///     try db.withSchemaSource(AppSchemaSource()) {
    ///         let player = try Player.fetchOne(db, id: 1)   // Player reads a view
    ///     }
    /// }
    /// ```
    public func withSchemaSource<T>(
        _ schemaSource: (any DatabaseSchemaSource)?, execute block: () throws -> T
    ) rethrows -> T {
        checkAccess()
        let previousSchemaSource = self.schemaSource
        self.schemaSource = schemaSource
        clearSchemaAndStatementCaches()
        defer {
            self.schemaSource = previousSchemaSource
            clearSchemaAndStatementCaches()
        }
        return try block()
    }
}

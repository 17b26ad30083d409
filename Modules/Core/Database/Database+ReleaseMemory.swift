extension Database {
    /// Frees as much memory as possible: the memory SQLite can free (`sqlite3_db_release_memory`),
    /// and the connection's caches of statements and schema, which later accesses fill again.
    public func releaseMemory() {
        checkAccess()
        _ = api.db_release_memory(sqliteConnection)
        clearSchemaAndStatementCaches()
    }
}

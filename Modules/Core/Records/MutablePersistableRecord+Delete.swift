extension MutablePersistableRecord {
    /// Deletes the row of the record's primary key, and returns whether there was one.
    ///
    /// - throws: A `DatabaseError`, or the error of a persistence callback.
    @discardableResult
    public func delete(_ db: Database) throws -> Bool {
        try willDelete(db)
        var deleted: Bool?
        try aroundDelete(db) {
            let success = try deleteWithoutCallbacks(db)
            deleted = success
            return success
        }
        guard let deleted else { throw callbackMisuse("aroundDelete") }
        didDelete(deleted: deleted)
        return deleted
    }

    /// Whether a row has the record's primary key.
    public func exists(_ db: Database) throws -> Bool {
        try Self.exists(db, TableKey(db, table: type(of: self).databaseTableName, container: persistenceContainer()))
    }
}
